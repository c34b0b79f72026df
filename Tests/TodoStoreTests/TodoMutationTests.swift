import Foundation
import Testing
@testable import TodoStore
import TickTesting

@Suite("Changing todos")
struct TodoMutationTests {
    private static let inbox = SectionQuery(listID: TodoStore.inboxListID)

    private func titles(_ store: TodoStore, _ query: SectionQuery = inbox) throws -> [String] {
        try store.items(query, in: 0..<1_000).map(\.title)
    }

    @Test("add puts a todo at the top, or right after another one")
    func addPlacement() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let b = try store.add(title: "b").value
            let a = try store.add(title: "a").value
            try store.add(title: "c", after: b.id)
            try store.add(title: "a2", after: a.id)
            #expect(try titles(store) == ["a", "a2", "b", "c"])
            let work = try store.addList(named: "Work").value
            try store.add(title: "w", listID: work.id, notes: "n", priority: 2, due: "2025-03-31")
            #expect(try store.items(SectionQuery(listID: work.id), in: 0..<5).first?.due == "2025-03-31")
        }
    }

    @Test("add refuses a missing list, a missing todo to follow, and a todo of another list")
    func addRefusals() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            let other = try store.add(title: "inbox todo").value
            #expect(throws: StoreError.listNotFound(id: 77)) { try store.add(title: "x", listID: 77).value }
            #expect(throws: StoreError.notFound(id: 999)) { try store.add(title: "x", after: 999).value }
            #expect(throws: StoreError.invalidPlacement("todo \(other.id) is in another list")) {
                try store.add(title: "x", listID: work.id, after: other.id)
            }
            #expect(store.count == 1)
        }
    }

    @Test("due dates must be real YYYY-MM-DD days, with an optional THH:MM time", arguments: [
        ("2025-03-31", true), ("2024-02-29", true), ("2000-02-29", true), ("0001-01-01", true),
        ("2025-03-31T18:30", true), ("2025-03-31T00:00", true), ("2025-03-31T23:59", true), ("2024-02-29T09:00", true),
        ("2025-03-31T24:00", false), ("2025-03-31T18:60", false), ("2025-03-31 18:30", false), ("2025-03-31T1830", false),
        ("2025-03-31T8:30", false), ("2025-03-31t18:30", false), ("2025-03-31T18:30:00", false), ("2025-02-30T10:00", false),
        ("2025-03-31T", false), ("2025-03-31T6pm", false), ("2025-03-31T18:3x", false),
        ("2023-02-29", false), ("1900-02-29", false), ("2025-04-31", false), ("2025-13-01", false), ("2025-00-10", false),
        ("2025-1-01", false), ("25-01-01", false), ("2025/01/01", false), ("tomorrow", false), ("", false), ("0000-01-01", false),
        ("２０２５-01-01", false),
    ])
    func dueValidation(due: String, valid: Bool) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            if valid {
                #expect(try store.add(title: "t", due: due).value.due == due)
            } else {
                #expect(throws: StoreError.invalidDue(due)) { try store.add(title: "t", due: due).value }
                let item = try store.add(title: "t").value
                #expect(throws: StoreError.invalidDue(due)) { try store.update(id: item.id, due: .some(due)).value }
                #expect(!StoreError.invalidDue(due).description.contains("\n"))
            }
        }
    }

    @Test("update changes only the given fields; .some(nil) clears the due day")
    func update() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let item = try store.add(title: "t", notes: "n", priority: 1, due: "2025-01-01").value
            let edited = try store.update(id: item.id, notes: "new notes", isFlagged: true).value
            #expect(edited.title == "t" && edited.notes == "new notes" && edited.priority == 1 && edited.due == "2025-01-01" && edited.isFlagged)
            let cleared = try store.update(id: item.id, title: "renamed", priority: 3, due: .some(nil)).value
            #expect(cleared.title == "renamed" && cleared.priority == 3 && cleared.due == nil && cleared.isFlagged)
            #expect(try store.item(id: item.id) == cleared)
            #expect(throws: StoreError.self) { try store.update(id: item.id, title: "  ").value }
        }
    }

    @Test("setDone marks many todos in one call, keeps an earlier completion time, and returns each todo once")
    func setDoneMany() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            let items = try (0..<5).map { try store.add(title: "t\($0)").value }
            let first = try store.setDone(true, ids: [items[0].id]).value[0]
            let marked = try store.setDone(true, ids: [items[0].id, items[1].id, items[2].id, items[1].id]).value
            #expect(marked.map(\.id) == [items[0].id, items[1].id, items[2].id])
            #expect(marked[0].completedAt == first.completedAt)
            #expect(marked.allSatisfy { $0.isDone })
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, includesCompleted: false)) == 2)
            // Done todos follow the open ones, in completion order.
            let shown = try titles(store)
            #expect(shown == ["t4", "t3", "t0", "t1", "t2"])
            try store.setDone(false, ids: [items[0].id])
            #expect(try titles(store).prefix(3) == ["t4", "t3", "t0"], "a reopened todo returns to its manual place")
        }
    }

    @Test("a batch with a missing id changes nothing", arguments: ["setDone", "delete"])
    func allOrNothing(operation: String) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let items = try (0..<3).map { try store.add(title: "t\($0)").value }
            let before = try StoreSnapshot(store)
            #expect(throws: StoreError.notFound(id: 999)) {
                if operation == "setDone" { try store.setDone(true, ids: items.map(\.id) + [999]).value }
                else { try store.delete(ids: items.map(\.id) + [999]).value }
            }
            #expect(try StoreSnapshot(store) == before)
            #expect(throws: StoreError.notFound(id: 999), "a single missing todo") {
                if operation == "setDone" { try store.setDone(true, ids: [999]).value } else { try store.delete(ids: [999]).value }
            }
            #expect(try StoreSnapshot(store) == before)
        }
    }

    @Test("setDone and delete over several chunks of ids return every todo once, in the order asked")
    func chunkedBatches() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            let items = try store.importItems((0..<600).map { NewTodo(title: "t\($0)") })
            let early = try store.setDone(true, ids: [items[17].id]).value[0]
            var random = SplitMix64(state: 5)
            let order = items.map(\.id).shuffled(using: &random) + [items[3].id]
            let marked = try store.setDone(true, ids: order).value
            #expect(marked.map(\.id) == Array(order.dropLast()))
            #expect(marked.allSatisfy { $0.isDone })
            #expect(marked.first { $0.id == early.id }?.completedAt == early.completedAt, "an earlier completion time is kept")
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, includesCompleted: false)) == 0)
            let deleted = try store.delete(ids: order).value
            #expect(deleted.map(\.id) == Array(order.dropLast()))
            #expect(deleted.map(\.title) == order.dropLast().map { id in items.first { $0.id == id }!.title })
            #expect(store.count == 0)
        }
    }

    @Test("move reorders within a list and moves to another list, keeping the todo's state", arguments: [true, false])
    func move(acrossLists: Bool) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            let c = try store.add(title: "c").value
            let b = try store.add(title: "b").value
            let a = try store.add(title: "a").value
            let w = try store.add(title: "w", listID: work.id).value
            try store.setDone(true, ids: [c.id])
            if acrossLists {
                try store.move(id: c.id, toList: work.id, after: w.id)
                try store.move(id: a.id, toList: work.id, after: nil)
                #expect(try titles(store, SectionQuery(listID: work.id)) == ["a", "w", "c"])
                #expect(try titles(store) == ["b"])
                #expect(try store.item(id: c.id)?.isDone == true)
            } else {
                try store.move(id: a.id, toList: TodoStore.inboxListID, after: b.id)
                #expect(try titles(store) == ["b", "a", "c"])
                try store.move(id: a.id, toList: TodoStore.inboxListID, after: nil)
                #expect(try titles(store) == ["a", "b", "c"])
            }
            try expectIntact(store)
        }
    }

    @Test("a move to where the todo already is changes nothing and adds no undo step")
    func moveInPlace() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let a = try store.add(title: "a").value
            let b = try store.add(title: "b", after: a.id).value
            let steps = store.undoableStepCount
            try store.move(id: b.id, toList: TodoStore.inboxListID, after: a.id)
            try store.move(id: a.id, toList: TodoStore.inboxListID, after: nil)
            try store.move(id: a.id, toList: TodoStore.inboxListID, after: a.id)
            #expect(store.undoableStepCount == steps)
            #expect(try store.item(id: b.id) == b)
            let work = try store.addList(named: "Work").value
            #expect(throws: StoreError.self) { try store.move(id: a.id, toList: work.id, after: a.id).value }
        }
    }

    @Test("import keeps times and order, creates lists by name ignoring case, and returns what it stored")
    func importItems() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let created = Date(unixMilliseconds: 1_500_000_000_123)
            let completed = Date(unixMilliseconds: 1_600_000_000_456)
            let imported = try store.importItems([
                NewTodo(title: "one", notes: "n", listName: "Work", priority: 2, due: "2025-05-05", isFlagged: true,
                        createdAt: created, completedAt: completed),
                NewTodo(title: "two", listName: " work "),
                NewTodo(title: "three"),
            ])
            #expect(try store.lists().map(\.name) == ["Inbox", "Work"])
            #expect(imported[0].createdAt == created && imported[0].completedAt == completed)
            #expect(imported[0].isFlagged && imported[0].priority == 2 && imported[0].notes == "n")
            for item in imported { #expect(try store.item(id: item.id) == item) }
            let work = try #require(try store.list(named: "work"))
            #expect(try titles(store, SectionQuery(listID: work.id)) == ["two", "one"])
            #expect(try titles(store) == ["three"])
        }
    }

    @Test("an import with one bad todo imports nothing; intoEmptyStoreOnly refuses a store with todos")
    func importRefusals() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            #expect(throws: StoreError.self) { try store.importItems([NewTodo(title: "ok"), NewTodo(title: " ")]) }
            #expect(throws: StoreError.invalidDue("soon")) { try store.importItems([NewTodo(title: "ok", due: "soon")]) }
            #expect(throws: StoreError.invalidListName("a list needs a name")) { try store.importItems([NewTodo(title: "ok", listName: " ")]) }
            #expect(store.count == 0)
            #expect(try store.lists().count == 1)
            try store.importItems([NewTodo(title: "first")], intoEmptyStoreOnly: true)
            #expect(throws: StoreError.storeNotEmpty(count: 1)) { try store.importItems([NewTodo(title: "again")], intoEmptyStoreOnly: true) }
            #expect(store.count == 1)
        }
    }

    @Test("times survive the round trip to whole milliseconds exactly", arguments: [0, 1, 999, 1_700_000_000_123, 1_234_567_890_999] as [Int64])
    func millisecondRoundTrip(milliseconds: Int64) {
        #expect(Date(unixMilliseconds: milliseconds).unixMilliseconds == milliseconds)
    }
}
