import Foundation
import Testing
@testable import TodoStore

@Suite("Import: duplicates, progress and stopping")
struct ImportDuplicateTests {
    static var skipping: ImportOptions { ImportOptions(skipsDuplicates: true) }

    @Test("Importing the same todos twice adds nothing the second time and counts them as duplicates")
    func secondImportSkipsEverything() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            let todos = [NewTodo(title: "Pay rent", due: "2026-12-01"), NewTodo(title: "Ship it", listName: "Work"),
                         NewTodo(title: "Old", completedAt: Date(timeIntervalSince1970: 1_700_000_000))]
            let first = try store.importItems(todos, options: Self.skipping)
            #expect(first.imported.count == 3 && first.duplicateCount == 0)
            let second = try store.importItems(todos, options: Self.skipping)
            #expect(second.imported.isEmpty && second.duplicateCount == 3)
            #expect(store.count == 3)
            // Nothing was added, so there is nothing to undo but the first import.
            #expect(try store.undo().value?.description == "import 3 todos")
        }
    }

    @Test("A todo is a duplicate only with the same list, title, due day and state", arguments: [
        (NewTodo(title: "Pay rent", due: "2026-12-01"), true),
        (NewTodo(title: "Pay rent", listName: "inbox", due: "2026-12-01"), true),
        (NewTodo(title: "Pay rent", due: "2026-12-02"), false),
        (NewTodo(title: "Pay rent"), false),
        (NewTodo(title: "pay rent", due: "2026-12-01"), false),
        (NewTodo(title: "Pay rent", listName: "Work", due: "2026-12-01"), false),
        (NewTodo(title: "Pay rent", due: "2026-12-01", completedAt: Date(timeIntervalSince1970: 1_700_000_000)), false),
        (NewTodo(title: "Pay rent", notes: "other notes", priority: 3, due: "2026-12-01", isFlagged: true), true),
        // The due day counts, not the time: todo.txt keeps no time, so a todo due at 18:30 comes back due that day.
        (NewTodo(title: "Pay rent", due: "2026-12-01T18:30"), true),
        (NewTodo(title: "Pay rent", due: "2026-12-02T18:30"), false),
    ])
    func whatCounts(todo: NewTodo, isDuplicate: Bool) throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            try store.addList(named: "Work")
            try store.importItems([NewTodo(title: "Pay rent", due: "2026-12-01")])
            let summary = try store.importItems([todo], options: Self.skipping)
            #expect(summary.duplicateCount == (isDuplicate ? 1 : 0))
            #expect(summary.imported.count == (isDuplicate ? 0 : 1))
            // And the other way round: a stored due time, an imported due day.
            if todo.due == "2026-12-01T18:30" {
                try store.importItems([NewTodo(title: "Carols", due: "2026-12-24T18:30")])
                #expect(try store.importItems([NewTodo(title: "Carols", due: "2026-12-24")], options: Self.skipping).duplicateCount == 1)
            }
        }
    }

    @Test("Repeated lines in one file are not duplicates of each other, and duplicates are added when allowed")
    func repeatsAndAllowing() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            let twice = [NewTodo(title: "Stretch"), NewTodo(title: "Stretch")]
            #expect(try store.importItems(twice, options: Self.skipping).imported.count == 2)
            let allowed = try store.importItems(twice, options: ImportOptions())
            #expect(allowed.imported.count == 2 && allowed.duplicateCount == 2)
            #expect(store.count == 4)
        }
    }

    @Test("The duplicate check is an index lookup, not a scan of the list")
    func usesTheTitleIndex() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let plan = try store.connection.query("""
                EXPLAIN QUERY PLAN SELECT EXISTS(SELECT 1 FROM todos INDEXED BY todos_by_title
                WHERE list_id = ? AND title = ? AND substr(due, 1, 10) IS ? AND (completed_at IS NULL) = ?)
                """, [Int64(1), "x", String?.none, true]) { $0.string(at: 3) }
            #expect(plan.contains { $0.contains("USING INDEX todos_by_title (list_id=? AND title=?)") }, "\(plan)")
        }
    }

    @Test("Looking for the subtasks waiting for each imported todo is an index lookup, not a walk of its list")
    func waitingSubtasksUseTheParentIndex() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let plan = try store.connection.query("EXPLAIN QUERY PLAN " + TodoStore.waitingChildrenSQL(count: 2), ["uid", "other"]) { $0.string(at: 3) }
            #expect(plan.contains { $0.contains("USING INDEX todos_by_parent_uid (parent_uid=?)") }, "\(plan)")
        }
    }

    @Test("Progress is reported while todos are written, and a throw from it leaves the store as it was")
    func progressAndStopping() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            try store.add(title: "Already here")
            let before = try StoreSnapshot(store)
            let todos = (0..<20_000).map { number in
                var todo = NewTodo(title: "todo \(number)", listName: number % 2 == 0 ? "Inbox" : "New list")
                todo.isCreationDateKnown = false
                return todo
            }
            struct Stop: Error {}
            var reports: [Int] = []
            #expect(throws: Stop.self) {
                try store.importDocument(InteropDocument(todos: todos), options: ImportOptions(skipsDuplicates: true) { written, total in
                    #expect(total == 20_000)
                    reports.append(written)
                    if written >= 10_000 { throw Stop() }
                })
            }
            #expect(reports.count >= 2 && reports == reports.sorted())
            #expect(try StoreSnapshot(store) == before)
            #expect(try store.connection.scalarInt("SELECT count(*) FROM todos_without_dates") == 0)
            try expectIntact(store)
            // Without the stop it goes through, the last report saying all were written.
            reports = []
            let summary = try store.importDocument(InteropDocument(todos: todos), options: ImportOptions { written, _ in reports.append(written) })
            #expect(summary.imported.count == 20_000 && reports.last == 20_000)
            #expect(try store.connection.scalarInt("SELECT count(*) FROM todos_without_dates") == 20_000)
            try expectIntact(store)
        }
    }
}
