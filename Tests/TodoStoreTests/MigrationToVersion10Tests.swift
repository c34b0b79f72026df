import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Version 10 adds subtasks: a todo's parent by UID (`todos.parent_uid`), journaled, and a change of
/// parent counts as a modification for the sync.
@Suite("Migration to version 10: subtasks")
struct MigrationToVersion10Tests {
    /// Takes a current store back to version 9: no parent column, the journal and modification
    /// triggers of version 9.
    static let backToVersion9SQL = """
        DROP TRIGGER todos_journal_insert; DROP TRIGGER todos_journal_update; DROP TRIGGER todos_journal_delete;
        DROP TRIGGER todos_modified_time;
        CREATE TRIGGER todos_modified_time AFTER UPDATE OF \(Schema.modifyingTodoColumns.joined(separator: ", ")) ON todos
        WHEN \(Schema.modifyingTodoColumns.map { "NEW.\($0) IS NOT OLD.\($0)" }.joined(separator: " OR ")) BEGIN
            INSERT INTO todo_modified_times(todo_id, at) VALUES (NEW.id, \(SQLiteConnection.clockFunctionName)())
                ON CONFLICT(todo_id) DO UPDATE SET at = excluded.at;
        END;
        DROP INDEX todos_by_parent_uid;
        ALTER TABLE todos DROP COLUMN parent_uid;
        ALTER TABLE history_todos DROP COLUMN old_parent_uid; ALTER TABLE history_todos DROP COLUMN new_parent_uid;
        \(Schema.journalTriggers(table: "todos", journal: "history_todos", key: "todo_id", columns: Schema.version8JournaledTodoColumns))
        """

    @Test("a version 9 store upgrades: its todos are at the top, its undo history still undoes, and new subtasks are journaled")
    func upgradesVersion9() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                try store.add(titles: ["Plan trip", "Book flights"])
                try store.connection.execute(Self.backToVersion9SQL + "PRAGMA user_version = 9;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let todos = try store.flatOrder()
            #expect(todos.map(\.parentUID) == [nil, nil])
            // A step journaled by version 9 (no parent column then) undoes, leaving no parent.
            _ = try store.undo()
            #expect(try store.flatOrder().count == 1)
            _ = try store.redo()
            let plan = try #require(try store.flatOrder().first { $0.title == "Plan trip" })
            let book = try #require(try store.flatOrder().first { $0.title == "Book flights" })
            try store.setParent(id: book.id, to: plan.id)
            #expect(try store.item(id: book.id)?.parentUID == plan.uid)
            _ = try store.undo()
            #expect(try store.item(id: book.id)?.parentUID == nil)
            #expect(try store.integrityProblems() == [])
        }
    }
}
