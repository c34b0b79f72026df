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
            let items = try store.add(titles: (0..<5).map { "todo \($0)" })
            expectCounts(open: 5, done: 0)
            try store.setDone(true, ids: [items[0].id])
            try store.setDone(true, ids: [items[1].id])
            try store.setDone(true, ids: [items[1].id])  // already done: no double counting
            expectCounts(open: 3, done: 2)
            try store.setDone(false, ids: [items[1].id])
            expectCounts(open: 4, done: 1)
            try store.delete(ids: [items[0].id])  // a done one
            try store.delete(ids: [items[2].id])  // an open one
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

    @Test("index(of:in:), single rows and pages of a list agree with each other and with the order of the adds")
    func readsAgree() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let inbox = SectionQuery(listID: TodoStore.inboxListID)
            // Inserts in a scrambled order, so positions are uneven and ids are not in row order.
            var random = SplitMix64(state: 7)
            var expected: [Int64] = []
            for number in 0..<97 {
                let row = Int.random(in: 0...store.count, using: &random)
                let item = try store.add(title: "n\(number)", after: row == 0 ? nil : expected[row - 1]).value
                expected.insert(item.id, at: row)
            }
            let all = try store.items(inbox, in: 0..<1_000)
            #expect(all.count == 97)
            #expect(all.map(\.id) == expected)
            #expect(all.map(\.position) == all.map(\.position).sorted())

            for (row, item) in all.enumerated() {
                #expect(try store.items(inbox, in: row..<(row + 1)) == [item])
                #expect(try store.index(of: item.id, in: inbox) == row)
            }
            #expect(try store.items(inbox, in: -1..<0).isEmpty)
            #expect(try store.items(inbox, in: 97..<98).isEmpty)
            #expect(try store.index(of: 12_345, in: inbox) == nil)

            for offset in stride(from: 0, to: 100, by: 7) {
                let page = try store.items(inbox, in: offset..<(offset + 10))
                #expect(page == Array(all[min(offset, 97)..<min(offset + 10, 97)]))
            }
        }
    }

    @Test("the test support's flat order runs through every list in the user's order, done todos staying in place")
    func flatOrderSpansLists() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            let a = try store.add(title: "a", atFlatRow: 0)
            try store.add(title: "w", listID: work.id)
            try store.add(title: "b", atFlatRow: 1)
            try store.setDone(true, ids: [a.id])
            #expect(try store.flatOrder().map(\.title) == ["a", "b", "w"])
            try store.moveList(id: work.id, to: 0)
            #expect(try store.flatOrder().map(\.title) == ["w", "a", "b"])
            // Row 1 is the boundary: the new todo joins the end of the earlier list.
            try store.add(title: "x", atFlatRow: 1)
            #expect(try store.flatOrder().dropFirst().map(\.title) == ["x", "a", "b"])
            #expect(try store.list(id: work.id)?.openCount == 2)
            #expect(throws: StoreError.indexOutOfRange(index: 5, count: 4)) { try store.add(title: "y", atFlatRow: 5) }
        }
    }

    @Test("the test support's flat moves keep a todo in its own list at a boundary, cross into another list elsewhere, and refuse rows past the end")
    func flatMoves() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let inbox = try store.add(titles: ["a", "b"])
            let work = try store.addList(named: "Work").value
            let w = try store.add(titles: ["w"], listID: work.id)[0]
            // Without "a" the order is b | w: row 1 is the boundary, and "a" stays in the Inbox, at its end.
            try store.move(id: inbox[0].id, toFlatRow: 1)
            #expect(try store.flatOrder().map(\.title) == ["b", "a", "w"])
            // Without "w" it is b a |: row 2 is the boundary, and "w" stays in Work (where it already is).
            try store.move(id: w.id, toFlatRow: 2)
            #expect(try store.flatOrder().map(\.title) == ["b", "a", "w"])
            #expect(try store.item(id: w.id)?.listID == work.id)
            // Row 0 is only in the Inbox's stretch: "w" moves there.
            try store.move(id: w.id, toFlatRow: 0)
            #expect(try store.flatOrder().map(\.title) == ["w", "b", "a"])
            #expect(try store.item(id: w.id)?.listID == TodoStore.inboxListID)
            #expect(throws: StoreError.indexOutOfRange(index: 3, count: 3)) { try store.move(id: w.id, toFlatRow: 3) }
            #expect(throws: StoreError.notFound(id: 999)) { try store.move(id: 999, toFlatRow: 0) }
        }
    }

    @Test("paging an empty store returns nothing")
    func emptyStore() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            #expect(try store.flatOrder().isEmpty)
            #expect(try store.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<10).isEmpty)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "x")) == 0)
            #expect(try store.items(SectionQuery(listID: TodoStore.inboxListID, sort: .due), in: 0..<1).isEmpty)
            #expect(store.count == 0)
        }
    }

    @Test("positions near the Int64 limits are renumbered instead of overflowing", arguments: [true, false])
    func positionOverflow(atEnd: Bool) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let a = try store.add(title: "a").value
            let b = try store.add(title: "b", after: a.id).value
            let extreme = atEnd ? Int64.max - 5 : Int64.min + 5
            try store.connection.run("UPDATE todos SET position = ? WHERE id = ?", [extreme, atEnd ? b.id : a.id])
            try store.add(title: "c", after: atEnd ? b.id : nil)
            #expect(try allTitles(store) == (atEnd ? ["a", "b", "c"] : ["c", "a", "b"]))
        }
    }
}
