import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Schema 16 (issue 29): the journal triggers read the step they record under from the connection
/// (`tick_recording_step()`), so a change writes no `history_state` row; a schema 15 store upgrades,
/// and a transaction that ends takes its recording with it.
@Suite("The recording step kept by the connection")
struct RecordingStepTests {
    /// Takes a current store back to schema 15: the journal triggers read `history_state`.
    static let backToVersion15SQL = RankBlockResizeTests.backToVersion16SQL + """
        \(Schema.dropJournalTriggersSQL)
        \(Schema.journalTriggers(table: "todos", journal: "history_todos", key: "todo_id",
                                 columns: Schema.version13JournaledTodoColumns))
        \(Schema.journalTriggers(table: "lists", journal: "history_lists", key: "list_id", columns: Schema.journaledListColumns))
        """

    /// Every todo as "list title done", in list and manual order.
    static func snapshot(_ store: TodoStore) throws -> [String] {
        try store.connection.query("SELECT list_id, title, completed_at IS NOT NULL FROM todos ORDER BY list_id, position, id") {
            "\($0.int64(at: 0)) \($0.string(at: 1)) \($0.int64(at: 2))"
        } + store.lists().map { "list \($0.id) \($0.name)" }
    }

    @Test("A schema 15 store upgrades: a step journaled before is undone, steps after are journaled and undone and redone, and history_state stays NULL")
    func upgradesVersion15() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            var beforeOldStep: [String] = []
            do {
                let store = try openStore(path)
                for index in 0..<6 { try store.add(title: "t\(index)") }
                beforeOldStep = try Self.snapshot(store)
                try store.renameList(id: TodoStore.inboxListID, to: "Everything")
                try store.connection.execute(Self.backToVersion15SQL + "PRAGMA user_version = \(Schema.recordingStepVersion - 1);")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let triggers = try store.connection.query("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%journal%'") {
                $0.string(at: 0)
            }
            #expect(triggers.count == 6)
            #expect(triggers.allSatisfy { $0.contains("tick_recording_step()") && !$0.contains("history_state") })

            let afterOldStep = try Self.snapshot(store)
            let first = try store.flatOrder()[0].id
            try store.setDone(true, ids: [first])
            let errands = try store.addList(named: "Errands").value.id
            try store.add(title: "new", listID: errands)
            try store.delete(ids: [try store.flatOrder()[1].id])
            let changed = try Self.snapshot(store)
            #expect(try store.connection.scalarInt("SELECT count(*) FROM history_todos") > 0)
            // The four steps after the upgrade and the rename before it, undone in turn.
            for _ in 0..<5 { #expect(try store.undo().value != nil) }
            #expect(try Self.snapshot(store) == beforeOldStep)
            try store.redo()
            #expect(try Self.snapshot(store) == afterOldStep)
            for _ in 0..<4 { try store.redo() }
            #expect(try Self.snapshot(store) == changed)
            #expect(try store.connection.queryFirst("SELECT recording IS NULL FROM history_state WHERE id = 1") { $0.int64(at: 0) } == 1)
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("A step's recording ends with its transaction: committed, rolled back, or a nested part rolled back")
    func recordingEndsWithTransaction() throws {
        let store = try TodoStore(inMemoryWith: Date.init)
        let connection = store.connection
        try connection.transaction { connection.recordingStep = 7 }
        #expect(connection.recordingStep == nil)

        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try connection.transaction {
                connection.recordingStep = 8
                throw Failure()
            }
        }
        #expect(connection.recordingStep == nil)

        try connection.transaction {
            connection.recordingStep = 9
            #expect(throws: Failure.self) {
                try connection.transaction {
                    connection.recordingStep = 10
                    throw Failure()
                }
            }
            #expect(connection.recordingStep == 9)
        }
        #expect(connection.recordingStep == nil)
    }

    @Test("A change made outside a step after a failed one is not journaled")
    func failedStepRecordsNothingAfter() throws {
        let store = try TodoStore(inMemoryWith: Date.init)
        let item = try store.add(title: "a").value
        let journaled = try store.connection.scalarInt("SELECT count(*) FROM history_todos")
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try store.connection.transaction {
                _ = try store.history.beginStep()
                try store.connection.run("UPDATE todos SET title = 'b' WHERE id = ?", [item.id])
                throw Failure()
            }
        }
        try store.connection.run("UPDATE todos SET title = 'c' WHERE id = ?", [item.id])
        #expect(try store.connection.scalarInt("SELECT count(*) FROM history_todos") == journaled)
    }
}
