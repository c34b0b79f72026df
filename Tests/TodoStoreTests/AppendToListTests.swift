import Foundation
import Testing
@testable import TodoStore

/// Issue 16 §5: `append(title:toListNamed:)` and `moveToEnd(id:ofListNamed:)`, which `tick add` and
/// `tick mv` use, read the list and its last open todo inside their own transaction.
@Suite("Adding and moving to the end of a named list")
struct AppendToListTests {
    /// The titles of a list's open todos, in manual order.
    private func openTitles(_ store: TodoStore, _ listID: Int64) throws -> [String] {
        let query = SectionQuery(listID: listID, includesCompleted: false)
        return try store.items(query, in: 0..<store.count(query)).map(\.title)
    }

    @Test("append goes after the last open todo (above the done ones), creates a missing list, and one undo takes both back")
    func appendAndUndo() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            var previous: Int64?
            for title in ["a", "b", "c"] { previous = try store.add(title: title, after: previous).value.id }
            try store.setDone(true, ids: [previous!])
            let inbox = try store.append(title: "d", toListNamed: nil).value
            #expect(inbox.list.id == TodoStore.inboxListID && !inbox.createdList)
            #expect(try openTitles(store, TodoStore.inboxListID) == ["a", "b", "d"])

            let first = try store.append(title: "report", toListNamed: "  Work ", priority: 2, due: "2026-12-24").value
            #expect(first.createdList && first.list.name == "Work")
            #expect(first.item.priority == 2 && first.item.due == "2026-12-24" && first.item.listID == first.list.id)
            let second = try store.append(title: "slides", toListNamed: "WORK").value
            #expect(!second.createdList && second.list.id == first.list.id)
            #expect(try openTitles(store, first.list.id) == ["report", "slides"])

            try store.undo()
            #expect(try openTitles(store, first.list.id) == ["report"])
            try store.undo()
            #expect(try store.list(named: "Work") == nil, "the list came with the todo, and goes with it")
            try expectIntact(store)
        }
    }

    @Test("moveToEnd moves a todo after the last open todo of a list, creating the list, and keeps its state")
    func moveToEnd() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let milk = try store.add(title: "milk", priority: 1).value
            let placed = try store.moveToEnd(id: milk.id, ofListNamed: "Groceries").value
            #expect(placed.createdList && placed.item.listID == placed.list.id && placed.item.priority == 1)
            let eggs = try store.add(title: "eggs").value
            try store.moveToEnd(id: eggs.id, ofListNamed: "groceries")
            #expect(try openTitles(store, placed.list.id) == ["milk", "eggs"])
            #expect(throws: StoreError.notFound(id: 99)) { try store.moveToEnd(id: 99, ofListNamed: "Groceries").value }
            try expectIntact(store)
        }
    }

    @Test("Blank list names and bad titles are refused before anything is written")
    func refused() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            #expect(throws: StoreError.self) { try store.append(title: "x", toListNamed: "   ").value }
            #expect(throws: StoreError.self) { try store.append(title: "   ", toListNamed: "Work").value }
            #expect(try store.lists().map(\.name) == ["Inbox"])
            #expect(store.count == 0)
        }
    }

    /// The other process's write, attempted when `store` begins its `snapshot`th read snapshot or
    /// write transaction, once that has begun (its first read starts the snapshot): a write landing
    /// inside a read the change made before its own transaction is exactly the race. While `store`
    /// holds the write lock the attempt fails at once (the other process would wait its turn).
    private func interfere(with store: TodoStore, by other: TodoStore, atSnapshot snapshot: Int,
                           _ write: @escaping () throws -> Void) -> () -> Bool {
        let original = store.connection.snapshotDidBegin
        var landed = false, begun = 0
        store.connection.snapshotDidBegin = {
            try original?()
            begun += 1
            guard begun == snapshot else { return }
            do {
                try other.connection.withoutWaitingForLocks { try write() }
                landed = true
            } catch StoreError.sqlite(_, let code, _) where code & 0xFF == 5 {  // SQLITE_BUSY: the store is writing
            }
        }
        return { landed }
    }

    @Test("A list another process creates while the add looks for it is used, never created twice", arguments: 1...3)
    func listCreatedMeanwhile(snapshot: Int) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            defer { other.close() }
            let landed = interfere(with: store, by: other, atSnapshot: snapshot) { try other.append(title: "theirs", toListNamed: "Work") }
            let placed = try store.append(title: "mine", toListNamed: "work").value
            if !landed() { try other.append(title: "theirs", toListNamed: "Work") }
            let works = try store.lists().filter { $0.name.lowercased() == "work" }
            #expect(works.count == 1)
            #expect(placed.list.id == works.first?.id)
            #expect(Set(try openTitles(store, placed.list.id)) == ["mine", "theirs"])
            try expectIntact(store)
        }
    }

    @Test("The last open todo deleted by another process while the add reads it does not make the add fail", arguments: 1...3)
    func lastTodoDeletedMeanwhile(snapshot: Int) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            defer { other.close() }
            try store.add(title: "first")
            let last = try store.append(title: "last", toListNamed: nil).value
            _ = interfere(with: store, by: other, atSnapshot: snapshot) { try other.delete(ids: [last.item.id]) }
            try store.append(title: "mine", toListNamed: nil)
            #expect(try openTitles(store, TodoStore.inboxListID).contains("mine"))
            try expectIntact(store)
        }
    }
}
