import Foundation
import Testing
@testable import TodoStore
import TickTesting

@Suite("Moving and external changes")
struct MoveAndChangeTests {
    @Test("move(id:toList:after:) puts the todo at the given row, in both directions and to both ends", arguments: [
        (from: 1, to: 3, expected: ["a", "c", "d", "b", "e"]),
        (from: 3, to: 1, expected: ["a", "d", "b", "c", "e"]),
        (from: 2, to: 0, expected: ["c", "a", "b", "d", "e"]),
        (from: 2, to: 4, expected: ["a", "b", "d", "e", "c"]),
        (from: 0, to: 4, expected: ["b", "c", "d", "e", "a"]),
        (from: 4, to: 0, expected: ["e", "a", "b", "c", "d"]),
        (from: 2, to: 2, expected: ["a", "b", "c", "d", "e"]),
    ])
    func move(from: Int, to: Int, expected: [String]) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: ["a", "b", "c", "d", "e"])
            let store = try openStore(path)
            let inbox = SectionQuery(listID: TodoStore.inboxListID)
            let moving = try #require(try store.items(inbox, in: from..<(from + 1)).first)
            // The todo that ends up just before it, if any.
            let after = to == 0 ? nil : try #require(try store.items(inbox, in: 0..<10)
                .first { $0.title == expected[to - 1] }).id
            try store.move(id: moving.id, toList: TodoStore.inboxListID, after: after)
            #expect(try allTitles(store) == expected)
            #expect(try store.index(of: moving.id, in: inbox) == to)
            store.close()
            #expect(try allTitles(openStore(path)) == expected)
        }
    }

    @Test("repeatedly moving the last todo to row 1 exhausts the gap and still keeps the order")
    func moveIntoCrowdedSpot() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            var expected = try store.add(titles: (0..<30).map { "t\($0)" }).map(\.id)
            for _ in 0..<40 {
                let id = expected.removeLast()
                expected.insert(id, at: 1)
                try store.move(id: id, toList: TodoStore.inboxListID, after: expected[0])
            }
            let items = try store.flatOrder()
            #expect(items.map(\.id) == expected)
            #expect(zip(items, items.dropFirst()).allSatisfy { $0.position < $1.position })
        }
    }

    @Test("hasExternalChanges() turns true after another connection writes, and false once seen")
    func externalChanges() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let mine = try openStore(path)
            let theirs = try openStore(path)
            #expect(mine.hasExternalChanges() == false)
            let own = try mine.add(title: "my own change").value
            #expect(mine.hasExternalChanges() == false, "our own commits are not external")

            let elsewhere = try theirs.add(title: "from elsewhere", after: own.id).value
            #expect(mine.hasExternalChanges() == true)
            #expect(mine.hasExternalChanges() == false)
            #expect(mine.count == 2)
            #expect(try allTitles(mine) == ["my own change", "from elsewhere"])

            // Reads in between must not pin an old snapshot: our next write still succeeds.
            _ = try mine.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<1)
            _ = try mine.flatOrder()
            try theirs.setDone(true, ids: [own.id])
            try mine.add(title: "after theirs", after: elsewhere.id)
            #expect(mine.hasExternalChanges() == true)
            #expect(mine.doneCount == 1)
        }
    }
}
