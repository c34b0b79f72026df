import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Version 7 adds the recurrence columns, journaled: a version 6 store upgrades in place and its
/// todos get rules that undo restores.
@Suite("Migration to version 7")
struct MigrationToVersion7Tests {
    /// Takes a current store back to version 6 (what tests of older upgrades start from): the
    /// due-day index, the tag index and its triggers, the recurrence and tags columns go, and the
    /// todo journal triggers are those of version 2 again.
    static let backToVersion6SQL = MigrationToVersion8Tests.backToVersion7SQL + """
        DROP INDEX todos_open_by_due_day;
        DROP TRIGGER todos_tags_insert; DROP TRIGGER todos_tags_update; DROP TRIGGER todos_tags_delete;
        DROP TABLE todo_tags;
        DROP TRIGGER todos_journal_insert; DROP TRIGGER todos_journal_update; DROP TRIGGER todos_journal_delete;
        ALTER TABLE todos DROP COLUMN tags;
        ALTER TABLE history_todos DROP COLUMN old_tags; ALTER TABLE history_todos DROP COLUMN new_tags;
        ALTER TABLE todos DROP COLUMN rrule; ALTER TABLE todos DROP COLUMN rrule_from_completion;
        ALTER TABLE history_todos DROP COLUMN old_rrule; ALTER TABLE history_todos DROP COLUMN old_rrule_from_completion;
        ALTER TABLE history_todos DROP COLUMN new_rrule; ALTER TABLE history_todos DROP COLUMN new_rrule_from_completion;
        \(Schema.journalTriggers(table: "todos", journal: "history_todos", key: "todo_id", columns: Schema.version2JournaledTodoColumns))
        """

    /// Makes a store of version 6 at `path` as Tick 6 made them (migrations 1 to 6), with `fill`
    /// writing its rows in the same transaction.
    static func makeVersion6Store(at path: String, _ fill: (SQLiteConnection) throws -> Void) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let v6 = try SQLiteConnection(path: path, mode: .readWrite)
        defer { v6.close() }
        try v6.execute("PRAGMA journal_mode = WAL")
        try v6.transaction {
            for version in 1...6 { try v6.execute(Schema.migrations[version]!) }
            try fill(v6)
            try v6.execute("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 6")
        }
    }

    @Test("a version 6 store upgrades: its todos stay, do not recur, and can be given a rule that completion and undo honour")
    func upgradesVersion6() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try Self.makeVersion6Store(at: path) { v6 in
                try v6.run("INSERT INTO todos(list_id, title, position, created_at, due) VALUES (1, 'Water plants', 65536, 1, '2026-12-08')")
            }

            let store = try openStore(path)
            let todo = try #require(try store.item(id: 1))
            #expect(todo.title == "Water plants" && todo.recurrence == nil)
            try store.setRecurrence(id: 1, try RecurrenceRule(rrule: "FREQ=WEEKLY"))
            let result = try store.setDoneReportingNext(true, ids: [1]).value
            #expect(result.nextOccurrences.map(\.due) == ["2026-12-15"])
            try store.undo()
            #expect(try store.item(id: 1)?.recurrence?.rrule == "FREQ=WEEKLY")
            #expect(try store.item(id: 1)?.isDone == false)
            #expect(store.count == 1)
            #expect(try store.integrityProblems() == [])
        }
    }
}
