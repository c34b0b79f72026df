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
            let milk = try store.add(title: "milk").value
            let bread = try store.add(title: "bread", after: milk.id).value
            let eggs = try store.add(title: "eggs").value
            try store.setDone(true, ids: [milk.id])
            try store.delete(ids: [bread.id])
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

    @Test("add(title:after:) at the start, middle and end yields the expected order", arguments: [
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
            let inbox = SectionQuery(listID: TodoStore.inboxListID)
            let previous = index == 0 ? nil : try store.items(inbox, in: (index - 1)..<index)[0].id
            let added = try store.add(title: "new", after: previous).value
            #expect(try allTitles(store) == expected)
            #expect(try store.index(of: added.id, in: inbox) == index)
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
            let first = try store.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<1)[0]
            for number in 0..<100 {
                try store.add(title: "insert \(number)", after: first.id)
                expected.insert("insert \(number)", at: 1)
            }
            let items = try store.flatOrder()
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
                    let item = try store.add(title: "step \(step)", after: index == 0 ? nil : model[index - 1]).value
                    model.insert(item.id, at: index)
                case 4..<7:
                    let from = Int.random(in: 0..<model.count, using: &random)
                    let to = Int.random(in: 0..<model.count, using: &random)
                    let id = model.remove(at: from)
                    model.insert(id, at: to)
                    try store.move(id: id, toList: TodoStore.inboxListID, after: to == 0 ? nil : model[to - 1])
                case 7:
                    let id = model.remove(at: Int.random(in: 0..<model.count, using: &random))
                    try store.delete(ids: [id])
                default:
                    let id = model[Int.random(in: 0..<model.count, using: &random)]
                    try store.setDone(Bool.random(using: &random), ids: [id])
                }
            }
            #expect(try store.flatOrder().map(\.id) == model)
            #expect(store.count == model.count)
        }
    }

    @Test("ids are never reused after a delete")
    func idsNotReused() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let first = try store.add(title: "one").value
            try store.delete(ids: [first.id])
            store.close()
            let second = try openStore(path).add(title: "two").value
            #expect(second.id > first.id)
        }
    }

    @Test("mutations of a missing id throw notFound and change nothing")
    func missingID() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let kept = try store.add(title: "kept").value
            #expect(throws: StoreError.notFound(id: 999)) { try store.delete(ids: [999]).value }
            #expect(throws: StoreError.notFound(id: 999)) { try store.setDone(true, ids: [999]).value }
            #expect(throws: StoreError.notFound(id: 999)) { try store.update(id: 999, title: "x").value }
            #expect(throws: StoreError.notFound(id: 999)) { try store.move(id: 999, toList: TodoStore.inboxListID, after: nil).value }
            #expect(throws: StoreError.notFound(id: 999)) { try store.update(id: 999, notes: "x").value }
            #expect(throws: StoreError.notFound(id: 999)) { try store.delete(ids: [kept.id, 999]).value }
            #expect(throws: StoreError.notFound(id: 999)) { try store.add(title: "x", after: 999).value }
            #expect(try allTitles(store) == ["kept"])
        }
    }
}
