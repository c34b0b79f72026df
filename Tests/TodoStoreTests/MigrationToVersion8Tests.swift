import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Version 8 gives every todo a stable iCalendar UID, journaled (and counts open todos per due day,
/// see `DueDayCountsMigrationTests`): a version 7 store upgrades in
/// place, its todos and its undo history get UIDs, and undo brings a deleted todo back under its UID.
@Suite("Migration to version 8")
struct MigrationToVersion8Tests {
    /// Takes a current store back to version 7: no sync state, no per-day due counts, no UID column,
    /// index or fill trigger, and the todo journal triggers of version 7.
    static let backToVersion7SQL = MigrationToVersion9Tests.backToVersion8SQL + """
        DROP TRIGGER todos_sync_pending_insert; DROP TRIGGER todos_sync_pending_update; DROP TRIGGER todos_sync_pending_delete;
        DROP TRIGGER lists_sync_collection_dropped; DROP TABLE sync_dropped_collections;
        DROP TABLE sync_collections; DROP TABLE sync_items; DROP TABLE sync_pending; DROP TABLE sync_conflicts; DROP TABLE sync_runs;
        DROP TRIGGER todos_due_day_count_insert; DROP TRIGGER todos_due_day_count_delete;
        DROP TRIGGER todos_due_day_count_update; DROP TABLE due_day_counts;
        DROP TRIGGER todos_uid_fill;
        DROP INDEX todos_by_uid;
        DROP TRIGGER todos_journal_insert; DROP TRIGGER todos_journal_update; DROP TRIGGER todos_journal_delete;
        ALTER TABLE todos DROP COLUMN uid;
        ALTER TABLE history_todos DROP COLUMN old_uid; ALTER TABLE history_todos DROP COLUMN new_uid;
        \(Schema.journalTriggers(table: "todos", journal: "history_todos", key: "todo_id", columns: Schema.version7JournaledTodoColumns))
        """

    /// A lower-case RFC 4122 layout UUID of `version`.
    static func isUUID(_ text: String, version: Character) -> Bool {
        let pieces = text.split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.map(\.count) == [8, 4, 4, 4, 12], text.allSatisfy({ "0123456789abcdef-".contains($0) }) else { return false }
        return pieces[2].first == version && "89ab".contains(pieces[3].first!)
    }

    static func isVersion4UUID(_ text: String) -> Bool { isUUID(text, version: "4") }

    @Test("a version 7 store upgrades: every todo gets its own UUID, and undoing a delete made before the upgrade brings the todo back with one")
    func upgradesVersion7() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                for title in ["Pay rent", "Water plants", "Call Mom"] { try store.add(title: title) }
                try store.delete(ids: [2])
                try store.connection.execute(Self.backToVersion7SQL + "PRAGMA user_version = 7;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            let uids = try [1, 3].map { try #require(try store.item(id: $0)).uid }
            #expect(uids.allSatisfy(Self.isVersion4UUID))
            #expect(Set(uids).count == 2)
            try store.undo()
            let restored = try #require(try store.item(id: 2))
            #expect(Self.isVersion4UUID(restored.uid) && !uids.contains(restored.uid))
            // Redo and undo again: the journal row of the delete carries one UID, so it comes back the same.
            try store.redo()
            try store.undo()
            #expect(try store.item(id: 2)?.uid == restored.uid)
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("new todos get a fresh time-ordered UUID each (version 7), and undoing their delete restores the same UID")
    func deleteUndoKeepsUID() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let first = try store.add(title: "Pay rent").value
            let second = try store.add(title: "Call Mom").value
            #expect(Self.isUUID(first.uid, version: "7") && Self.isUUID(second.uid, version: "7") && first.uid != second.uid)
            #expect(try store.importItems([NewTodo(title: "Imported")]).allSatisfy { Self.isUUID($0.uid, version: "7") })
            #expect(try store.item(id: first.id)?.uid == first.uid)
            try store.delete(ids: [first.id])
            try store.undo()
            #expect(try store.item(id: first.id)?.uid == first.uid)
            #expect(try store.item(uid: first.uid)?.id == first.id)
        }
    }

    @Test("an import keeps the UIDs it is given and updates the todo that has one already instead of adding it again")
    func importKeepsAndUpdatesByUID() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            var todo = NewTodo(title: "Pay rent", listName: "Home")
            todo.uid = "rent@example.com"
            let first = try store.importItems([todo], options: ImportOptions())
            #expect(first.imported.map(\.uid) == ["rent@example.com"])
            todo.title = "Pay the rent"
            todo.priority = 3
            var other = NewTodo(title: "Call Mom")
            other.uid = "mom@example.com"
            let second = try store.importItems([todo, other], options: ImportOptions(skipsDuplicates: true))
            #expect(second.imported.map(\.title) == ["Call Mom"])
            #expect(second.updated.map(\.title) == ["Pay the rent"] && second.updated.map(\.id) == first.imported.map(\.id))
            #expect(store.count == 2)
            #expect(try store.item(uid: "rent@example.com")?.priority == 3)
            // One step: undo takes the update and the addition back together.
            try store.undo()
            #expect(try store.item(uid: "rent@example.com")?.title == "Pay rent")
            #expect(store.count == 1)
        }
    }

    @Test("todos an import finds by UID and moves to another list go to its end, in the file's order; the others keep their place")
    func importMovesByUID() throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        func todo(_ title: String, _ list: String) -> NewTodo {
            var todo = NewTodo(title: title, listName: list)
            todo.uid = title
            return todo
        }
        try store.importItems([todo("a", "Home"), todo("b", "Home"), todo("c", "Home"), todo("w1", "Work"), todo("w2", "Work"), todo("w3", "Work")])
        // More than one statement's worth, so the updates are written in several batches.
        let many = (0..<300).map { todo("n\($0)", "Home") }
        try store.importItems(many)
        let summary = try store.importItems([todo("c", "Work"), todo("a", "Work"), todo("b", "Home")] + many.map { var m = $0; m.notes = "x"; return m },
                                            options: ImportOptions())
        #expect(summary.imported.isEmpty && summary.updated.count == 303)
        let work = try #require(try store.list(named: "Work")), home = try #require(try store.list(named: "Home"))
        var order: [Int64: [String]] = [:]
        try store.forEachTodoForExport { item, list in order[list.id, default: []].append(item.title) }
        #expect(order[work.id] == ["w1", "w2", "w3", "c", "a"])
        #expect(order[home.id]?.prefix(2) == ["b", "n0"] && order[home.id]?.count == 301)
        #expect(try store.item(uid: "n299")?.notes == "x")
        #expect(try store.integrityProblems() == [])
    }

    @Test("an import refuses two todos with one UID, and a UID with a line break, before writing anything",
          arguments: [["a@x", "a@x"], ["a\nb"], [""]])
    func importRefusesBadUIDs(uids: [String]) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let todos = uids.map { uid -> NewTodo in
                var todo = NewTodo(title: "Pay rent")
                todo.uid = uid
                return todo
            }
            #expect(throws: StoreError.self) { try store.importItems(todos) }
            #expect(store.count == 0)
        }
    }
}

@Suite("Todo UIDs")
struct TodoUIDTests {
    @Test("a new UID starts with the time in milliseconds, so UIDs made later sort after earlier ones")
    func timeOrdered() {
        let earlier = TodoStore.newUID(now: Date(timeIntervalSince1970: 1_796_126_400))
        let later = TodoStore.newUID(now: Date(timeIntervalSince1970: 1_796_126_400.002))
        #expect(earlier < later)
        #expect(String(earlier.prefix(13)) == "01a23179-de00")
        #expect(Set((0..<1000).map { _ in TodoStore.newUID() }).count == 1000)
    }
}
