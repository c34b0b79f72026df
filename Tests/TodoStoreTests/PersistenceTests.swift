import Foundation
import Testing
@testable import TodoStore
import TickTesting

@Suite("Persistence and order")
struct PersistenceTests {
    @Test("added, toggled and deleted todos and their order survive closing and reopening")
    func survivesReopen() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let milk = try store.add(title: "milk", at: 0)
            let bread = try store.add(title: "bread", at: 1)
            let eggs = try store.add(title: "eggs", at: 0)
            try store.setDone(true, id: milk.id)
            try store.delete(id: bread.id)
            store.close()

            let reopened = try openStore(path)
            #expect(try allTitles(reopened) == ["eggs", "milk"])
            #expect(try reopened.item(id: milk.id)?.isDone == true)
            #expect(try reopened.item(id: milk.id)?.completedAt == Date(unixMilliseconds: fixedNow.unixMilliseconds))
            #expect(try reopened.item(id: eggs.id) == eggs)
            #expect(try reopened.item(id: bread.id) == nil)
            #expect(reopened.count == 2)
        }
    }

    @Test("add(at:) at the start, middle and end yields the expected order", arguments: [
        (0, ["new", "a", "b", "c"]),
        (1, ["a", "new", "b", "c"]),
        (2, ["a", "b", "new", "c"]),
        (3, ["a", "b", "c", "new"]),
    ])
    func addAtIndex(index: Int, expected: [String]) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: ["a", "b", "c"])
            let store = try openStore(path)
            let added = try store.add(title: "new", at: index)
            #expect(try allTitles(store) == expected)
            #expect(try store.index(of: added.id) == index)
        }
    }

    @Test("100 inserts at the same spot force renumbering and keep the right order", arguments: [3, 60])
    func manyInsertsAtOneSpot(existing: Int) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let base = (0..<existing).map { "base \($0)" }
            try makeStore(path, titles: base)
            let store = try openStore(path)
            var expected = base
            for number in 0..<100 {
                try store.add(title: "insert \(number)", at: 1)
                expected.insert("insert \(number)", at: 1)
            }
            let items = try store.items(offset: 0, limit: .max)
            #expect(items.map(\.title) == expected)
            // Positions stay strictly increasing, so order never depends on the id tie-break.
            #expect(zip(items, items.dropFirst()).allSatisfy { $0.position < $1.position })
            store.close()
            #expect(try allTitles(openStore(path)) == expected)
        }
    }

    @Test("a random mix of adds, moves, deletes and toggles matches a simple array model")
    func randomOperationsMatchModel() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            var model: [Int64] = []
            var random = SplitMix64(state: 42)
            for step in 0..<600 {
                let choice = model.isEmpty ? 0 : Int.random(in: 0..<10, using: &random)
                switch choice {
                case 0..<4:
                    // Crowd the front so gaps run out and windows are spread often.
                    let index = Int.random(in: 0...min(model.count, 5), using: &random)
                    let item = try store.add(title: "step \(step)", at: index)
                    model.insert(item.id, at: index)
                case 4..<7:
                    let from = Int.random(in: 0..<model.count, using: &random)
                    let to = Int.random(in: 0..<model.count, using: &random)
                    let id = model.remove(at: from)
                    model.insert(id, at: to)
                    try store.move(id: id, toList: TodoStore.inboxListID, after: to == 0 ? nil : model[to - 1])
                case 7:
                    let id = model.remove(at: Int.random(in: 0..<model.count, using: &random))
                    try store.delete(id: id)
                default:
                    let id = model[Int.random(in: 0..<model.count, using: &random)]
                    try store.setDone(Bool.random(using: &random), id: id)
                }
            }
            #expect(try store.items(offset: 0, limit: .max).map(\.id) == model)
            #expect(store.count == model.count)
        }
    }

    @Test("ids are never reused after a delete")
    func idsNotReused() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let first = try store.add(title: "one", at: 0)
            try store.delete(id: first.id)
            store.close()
            let second = try openStore(path).add(title: "two", at: 0)
            #expect(second.id > first.id)
        }
    }

    @Test("mutations of a missing id throw notFound and change nothing")
    func missingID() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            try store.add(title: "kept", at: 0)
            #expect(throws: StoreError.notFound(id: 999)) { try store.delete(id: 999) }
            #expect(throws: StoreError.notFound(id: 999)) { try store.setDone(true, id: 999) }
            #expect(throws: StoreError.notFound(id: 999)) { try store.setTitle("x", id: 999) }
            #expect(throws: StoreError.notFound(id: 999)) { try store.move(id: 999, toList: TodoStore.inboxListID, after: nil) }
            #expect(throws: StoreError.notFound(id: 999)) { try store.update(id: 999, notes: "x") }
            #expect(throws: StoreError.notFound(id: 999)) { try store.delete(ids: [try store.item(at: 0)!.id, 999]) }
            #expect(throws: StoreError.indexOutOfRange(index: 2, count: 1)) { try store.add(title: "x", at: 2) }
            #expect(try allTitles(store) == ["kept"])
        }
    }
}
