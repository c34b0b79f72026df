import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Version 11 adds subtasks: a todo's parent by UID (`todos.parent_uid`), journaled with every
/// column version 10 journals (the statuses included), and a change of parent counts as a
/// modification for the sync.
@Suite("Migration to version 11: subtasks")
struct MigrationToVersion11Tests {
    /// Takes a current store back to version 10: no parent column, the journal and modification
    /// triggers of version 10 (the triggers go first: SQLite refuses to drop a column a trigger names).
    static let backToVersion10SQL = ReminderStoreTests.backToVersion11SQL + """
        \(Schema.rebuiltTodoJournalSQL(columns: Schema.version10JournaledTodoColumns))
        DROP TRIGGER todos_modified_time;
        \(Schema.modifiedTimeTriggerSQL(columns: Schema.version10ModifyingTodoColumns))
        DROP INDEX todos_by_parent_uid;
        ALTER TABLE todos DROP COLUMN parent_uid;
        ALTER TABLE history_todos DROP COLUMN old_parent_uid; ALTER TABLE history_todos DROP COLUMN new_parent_uid;
        """

    /// Makes a version 10 file at `path`: a started todo at 40%, a cancelled one and a plain one, the
    /// last step (cancelling) still undoable.
    private func makeVersion10Store(at path: String) throws {
        let store = try openStore(path)
        defer { store.close() }
        let todos = try store.add(titles: ["Plan trip", "Book flights", "Pack"])
        try store.setStatus(.inProcess, ids: [todos[0].id])
        try store.setPercentComplete(40, id: todos[0].id)
        try store.setStatus(.cancelled, ids: [todos[2].id])
        try store.connection.execute(Self.backToVersion10SQL + "PRAGMA user_version = 10;")
    }

    @Test("a version 10 store upgrades keeping its statuses and percentages, its todos at the top, its undo history undoing")
    func upgradesVersion10() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeVersion10Store(at: path)
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let todos = try store.flatOrder()
            #expect(todos.map(\.title) == ["Plan trip", "Book flights", "Pack"])
            #expect(todos.map(\.status) == [.inProcess, .open, .cancelled])
            #expect(todos.map(\.percentComplete) == [40, nil, nil])
            #expect(todos.map(\.parentUID) == [nil, nil, nil])
            // A step journaled by version 10 (no parent column then) undoes and redoes.
            try store.undo()
            #expect(try store.item(id: todos[2].id)?.status == .open)
            try store.redo()
            #expect(try store.item(id: todos[2].id)?.status == .cancelled)
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("after the upgrade a change of parent and a change of status are both journaled: undo puts each back")
    func journalsParentAndStatusAfterUpgrade() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeVersion10Store(at: path)
            let store = try openStore(path)
            defer { store.close() }
            let todos = try store.flatOrder()
            try store.setParent(id: todos[1].id, to: todos[0].id)
            #expect(try store.item(id: todos[1].id)?.parentUID == todos[0].uid)
            try store.setStatus(.inProcess, ids: [todos[1].id])
            try store.undo()
            #expect(try store.item(id: todos[1].id)?.status == .open)
            #expect(try store.item(id: todos[1].id)?.parentUID == todos[0].uid)
            try store.undo()
            #expect(try store.item(id: todos[1].id)?.parentUID == nil)
            try store.redo()
            #expect(try store.item(id: todos[1].id)?.parentUID == todos[0].uid)
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("a change of parent after the upgrade dates the todo as modified (the sync's later change wins)")
    func parentChangeIsAModification() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeVersion10Store(at: path)
            let store = try openStore(path)
            defer { store.close() }
            let todos = try store.flatOrder()
            let before = try store.connection.scalarInt("SELECT count(*) FROM todo_modified_times WHERE todo_id = \(todos[1].id)")
            #expect(before == 0)
            try store.setParent(id: todos[1].id, to: todos[0].id)
            #expect(try store.connection.scalarInt("SELECT count(*) FROM todo_modified_times WHERE todo_id = \(todos[1].id)") == 1)
        }
    }

    @Test("an upgraded store has the same tables, indexes and triggers as a new one")
    func upgradedSchemaEqualsNewSchema() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeVersion10Store(at: path)
            let upgraded = try openStore(path)
            defer { upgraded.close() }
            let fresh = try openStore(folder + "/new.db")
            defer { fresh.close() }
            func schema(_ store: TodoStore) throws -> [String] {
                try store.connection.query("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name") {
                    $0.string(at: 0)
                }
            }
            #expect(try schema(upgraded) == schema(fresh))
        }
    }
}
