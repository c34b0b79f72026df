import Foundation
import Testing
@testable import TodoStore
import TickTesting

@Suite("Counts and paging")
struct CountsAndPagingTests {
    @Test("open, done and total counts stay right through add, toggle and delete, and after reopening")
    func countsFollowMutations() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            func expectCounts(open: Int, done: Int, sourceLocation: SourceLocation = #_sourceLocation) {
                #expect(store.openCount == open, sourceLocation: sourceLocation)
                #expect(store.doneCount == done, sourceLocation: sourceLocation)
                #expect(store.count == open + done, sourceLocation: sourceLocation)
            }
            expectCounts(open: 0, done: 0)
            let items = try (0..<5).map { try store.add(title: "todo \($0)", at: $0) }
            expectCounts(open: 5, done: 0)
            try store.setDone(true, id: items[0].id)
            try store.setDone(true, id: items[1].id)
            try store.setDone(true, id: items[1].id)  // already done: no double counting
            expectCounts(open: 3, done: 2)
            try store.setDone(false, id: items[1].id)
            expectCounts(open: 4, done: 1)
            try store.delete(id: items[0].id)  // a done one
            try store.delete(id: items[2].id)  // an open one
            expectCounts(open: 3, done: 0)
            try store.move(id: items[4].id, toList: TodoStore.inboxListID, after: nil)
            expectCounts(open: 3, done: 0)
            store.close()
            let reopened = try openStore(path)
            #expect(reopened.openCount == 3 && reopened.doneCount == 0 && reopened.count == 3)
            // The maintained counts agree with a full scan.
            #expect(try reopened.connection.scalarInt("SELECT count(*) FROM todos WHERE completed_at IS NULL") == 3)
        }
    }

    @Test("index(of:), item(at:) and offset pages of the flat order agree with each other")
    func readsAgree() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            // Inserts in a scrambled order, so positions are uneven and ids are not in row order.
            var random = SplitMix64(state: 7)
            for number in 0..<97 {
                try store.add(title: "n\(number)", at: Int.random(in: 0...store.count, using: &random))
            }
            let all = try store.items(offset: 0, limit: .max)
            #expect(all.count == 97)
            #expect(all.map(\.position) == all.map(\.position).sorted())

            for (row, item) in all.enumerated() {
                #expect(try store.item(at: row) == item)
                #expect(try store.index(of: item.id) == row)
            }
            #expect(try store.item(at: -1) == nil)
            #expect(try store.item(at: 97) == nil)
            #expect(try store.index(of: 12_345) == nil)

            for offset in stride(from: 0, to: 100, by: 7) {
                let page = try store.items(offset: offset, limit: 10)
                #expect(page == Array(all[min(offset, 97)..<min(offset + 10, 97)]))
            }
        }
    }

    @Test("the flat order runs through every list in the user's order, done todos staying in place")
    func flatOrderSpansLists() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work")
            let a = try store.add(title: "a", at: 0)
            let w = try store.add(title: "w", listID: work.id)
            let b = try store.add(title: "b", at: 1)
            try store.setDone(true, id: a.id)
            #expect(try store.items(offset: 0, limit: 10).map(\.title) == ["a", "b", "w"])
            #expect(try store.index(of: w.id) == 2)
            #expect(try store.index(of: b.id) == 1)
            try store.moveList(id: work.id, to: 0)
            #expect(try store.items(offset: 0, limit: 10).map(\.title) == ["w", "a", "b"])
            // Row 1 is the boundary: the new todo joins the end of the earlier list.
            try store.add(title: "x", at: 1)
            #expect(try store.items(offset: 1, limit: 10).map(\.title) == ["x", "a", "b"])
            #expect(try store.list(id: work.id)?.openCount == 2)
        }
    }

    @Test("paging an empty store returns nothing")
    func emptyStore() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            #expect(try store.items(offset: 0, limit: 10).isEmpty)
            #expect(try store.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<10).isEmpty)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "x")) == 0)
            #expect(try store.item(at: 0) == nil)
            #expect(store.count == 0)
        }
    }

    @Test("positions near the Int64 limits are renumbered instead of overflowing", arguments: [true, false])
    func positionOverflow(atEnd: Bool) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let a = try store.add(title: "a", at: 0)
            let b = try store.add(title: "b", at: 1)
            let extreme = atEnd ? Int64.max - 5 : Int64.min + 5
            try store.connection.run("UPDATE todos SET position = ? WHERE id = ?", [extreme, atEnd ? b.id : a.id])
            try store.add(title: "c", at: atEnd ? 2 : 0)
            #expect(try allTitles(store) == (atEnd ? ["a", "b", "c"] : ["c", "a", "b"]))
        }
    }
}
