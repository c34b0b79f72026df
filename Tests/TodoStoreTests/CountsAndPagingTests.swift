import Foundation
import Testing
@testable import TodoStore

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
            try store.move(id: items[4].id, to: 0)
            expectCounts(open: 3, done: 0)
            store.close()
            let reopened = try openStore(path)
            #expect(reopened.openCount == 3 && reopened.doneCount == 0 && reopened.count == 3)
            // The maintained counts agree with a full scan.
            #expect(try reopened.connection.scalarInt("SELECT count(*) FROM todos WHERE completed_at IS NULL") == 3)
        }
    }

    @Test("index(of:), item(at:), offset pages and keyset pages agree with each other")
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
            // Walk the whole list forwards and backwards with keyset pages.
            var forward: [TodoItem] = try store.items(offset: 0, limit: 10)
            while let last = forward.last, case let page = try store.items(after: last.position, id: last.id, limit: 10), !page.isEmpty {
                forward += page
            }
            #expect(forward == all)
            var backward: [TodoItem] = try store.items(offset: 87, limit: 10)
            while let first = backward.first, case let page = try store.items(before: first.position, id: first.id, limit: 10), !page.isEmpty {
                backward = page + backward
            }
            #expect(backward == all)
            // Without an id, "after a position" means after every row at that position.
            #expect(try store.items(after: all[40].position, limit: 3) == Array(all[41..<44]))
            #expect(try store.items(before: all[40].position, limit: 3) == Array(all[37..<40]))
        }
    }

    @Test("paging an empty store returns nothing")
    func emptyStore() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            #expect(try store.items(offset: 0, limit: 10).isEmpty)
            #expect(try store.items(after: 0, limit: 10).isEmpty)
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
