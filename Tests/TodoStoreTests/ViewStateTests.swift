import Foundation
import Testing
@testable import TodoStore

/// Issue 17: the view as the user left it (`s`, `H`) is remembered in the store, outside the undo
/// history; schema version 5 adds its table and the indexes behind `rowColumns()`.
@Suite("Remembered view state")
struct ViewStateTests {
    @Test("A saved view state survives closing the store; fields left nil keep what was saved before")
    func roundTrip() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            #expect(try store.viewState() == ViewState())
            try store.saveViewState(ViewState(sort: .due))
            try store.saveViewState(ViewState(hidesCompleted: true))
            #expect(try store.viewState() == ViewState(sort: .due, hidesCompleted: true))
            store.close()
            let reopened = try openStore(path)
            #expect(try reopened.viewState() == ViewState(sort: .due, hidesCompleted: true))
            try reopened.saveViewState(ViewState(sort: .manual, hidesCompleted: false))
            #expect(try reopened.viewState() == ViewState(sort: .manual, hidesCompleted: false))
        }
    }

    @Test("Wrapped titles (W) are remembered on their own, without a schema change: a row of view_settings", arguments: [true, false])
    func wrapsTitles(wraps: Bool) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            try store.saveViewState(ViewState(sort: .due))
            try store.saveViewState(ViewState(wrapsTitles: wraps))
            store.close()
            let reopened = try openStore(path)
            #expect(try reopened.viewState() == ViewState(sort: .due, wrapsTitles: wraps))
            #expect(try reopened.connection.query("SELECT value FROM view_settings WHERE name = 'wrap'") { $0.string(at: 0) } == [wraps ? "yes" : "no"])
        }
    }

    @Test("Saving the view is no change to the todos: no undo step, and the last step stays the one undone")
    func notJournaled() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            #expect(!store.canUndo)
            try store.saveViewState(ViewState(sort: .priority))
            #expect(!store.canUndo)
            try store.add(title: "Buy milk")
            try store.saveViewState(ViewState(sort: .due))
            #expect(try store.undo().value?.description == "add “Buy milk”")
            #expect(try store.viewState().sort == .due)
        }
    }

    @Test("A value this build does not know (from a newer Tick) counts as never chosen")
    func unknownValues() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            try store.connection.run("INSERT INTO view_settings(name, value) VALUES ('sort', 'colour'), ('hide-completed', 'maybe'), ('wrap', 'perhaps'), ('zoom', '2')")
            #expect(try store.viewState() == ViewState())
        }
    }

    @Test("A read-only store refuses to save the view, and says why")
    func readOnly() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try openStore(path).close()
            let store = try openStore(path, readOnly: true)
            #expect(throws: StoreError.readOnly(path: path)) { try store.saveViewState(ViewState(sort: .due)) }
        }
    }

    @Test("A version 4 store upgrades to the current version with its todos, and remembers the view from then on")
    func upgradeFromVersion4() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            try store.add(title: "Pay rent", priority: 3)
            try store.add(title: "Buy milk")
            // Back to version 4: no view table, no indexes of prioritized and flagged todos (and
            // nothing of versions 6 and 7).
            try store.connection.execute(MigrationToVersion7Tests.backToVersion6SQL)
            try store.connection.execute("""
                DROP TABLE view_settings; DROP INDEX todos_with_priority; DROP INDEX todos_flagged;
                DROP TABLE todos_without_dates; DROP INDEX todos_by_title;
                PRAGMA user_version = 4;
                """)
            store.close()

            let upgraded = try openStore(path)
            #expect(try upgraded.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try allTitles(upgraded) == ["Buy milk", "Pay rent"])
            #expect(try upgraded.viewState() == ViewState())
            #expect(try upgraded.rowColumns() == RowColumns(priority: true, flag: false))
            try upgraded.saveViewState(ViewState(sort: .priority))
            #expect(try upgraded.viewState().sort == .priority)
            try expectIntact(upgraded)
        }
    }

    @Test("A version 5 store without its view table is refused as damaged")
    func missingTable() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            try store.connection.execute("DROP TABLE view_settings")
            store.close()
            #expect(throws: StoreError.self) { try openStore(path) }
        }
    }
}

/// Issue 17: titles line up because every row gets the same columns; whether any todo has a
/// priority or a flag is asked of small partial indexes and remembered until something changes.
@Suite("Row columns")
struct RowColumnsTests {
    @Test("The columns follow priorities and flags set, done, deleted and undone, here and in another connection")
    func followChanges() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let other = try openStore(path)
            let todo = try store.add(title: "Pay rent").value
            #expect(try store.rowColumns() == RowColumns())
            #expect(try store.rowColumns() == RowColumns(), "a second read, from the cache")
            try store.update(id: todo.id, priority: 2)
            #expect(try store.rowColumns() == RowColumns(priority: true))
            try store.setDone(true, ids: [todo.id])
            #expect(try store.rowColumns() == RowColumns(priority: true), "done todos count: their rows show the column too")
            try other.update(id: todo.id, isFlagged: true)
            #expect(try store.rowColumns() == RowColumns(priority: true, flag: true), "another connection flagged it")
            try store.changePriority(by: -3, ids: [todo.id])
            #expect(try store.rowColumns() == RowColumns(flag: true))
            _ = try store.undo()
            #expect(try store.rowColumns() == RowColumns(priority: true, flag: true))
            try store.delete(ids: [todo.id])
            #expect(try store.rowColumns() == RowColumns())
        }
    }

    @Test("The question is answered from the partial indexes, not by scanning the todos")
    func usesTheIndexes() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let plan = try store.connection.query("""
                EXPLAIN QUERY PLAN
                SELECT EXISTS(SELECT 1 FROM todos WHERE priority > 0), EXISTS(SELECT 1 FROM todos WHERE flagged != 0)
                """) { $0.string(at: 3) }.joined(separator: "\n")
            #expect(plan.contains("todos_with_priority"), "\(plan)")
            #expect(plan.contains("todos_flagged"), "\(plan)")
            #expect(!plan.contains("SCAN todos\n") && !plan.hasSuffix("SCAN todos"), "\(plan)")
        }
    }
}
