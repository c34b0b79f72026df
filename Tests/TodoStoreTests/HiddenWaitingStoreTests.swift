import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Issue 31, `R`: a list read with its waiting todos left out (`SectionQuery.readyOn`). The rows,
/// the counts and each todo's row agree with the list filtered by hand, in every sort, across rank
/// blocks, after changes that the per-block waiting counts are patched from, and from a fresh
/// connection; a page deep in a long list reads through an index. (`WaitingCountTests`: the counts
/// behind them.)
@Suite("Hidden waiting todos in the store")
struct HiddenWaitingStoreTests {
    static let today = "2026-12-02"

    /// A list of `count` todos in which every `every`th waits (starts after today), every
    /// `every`th + 1 started today at a time (not waiting), and every 13th is done.
    static func makeStore(count: Int, every: Int = 7) throws -> TodoStore {
        let store = try TodoStore(inMemoryWith: fixedClock)
        var previous: Int64?
        var done: [Int64] = []
        for index in 0..<count {
            let start: String? = index % every == 0 ? "2026-12-0\(3 + index % 5)"
                : index % every == 1 ? "2026-12-02T09:00" : nil
            let item = try store.add(title: "todo \(index)", after: previous, due: index % 3 == 0 ? "2026-12-\(10 + index % 9)" : nil,
                                     start: start).value
            previous = item.id
            if index % 13 == 5 { done.append(item.id) }
        }
        try store.setDone(true, ids: done)
        return store
    }

    /// The rows `query` shows, filtered by hand from every row of the list without `readyOn`.
    static func expected(_ store: TodoStore, _ query: SectionQuery) throws -> [Int64] {
        var unfiltered = query
        unfiltered.readyOn = nil
        let all = try store.items(unfiltered, in: 0..<(try store.count(unfiltered)))
        return all.filter { $0.isDone || !StartDates.isWaiting(start: $0.start, today: today) }.map(\.id)
    }

    /// Checks the count, pages at several places, and the row of every todo against `expected`.
    static func check(_ store: TodoStore, sort: TodoSort, includesCompleted: Bool = true) throws {
        var query = SectionQuery(listID: TodoStore.inboxListID, sort: sort, includesCompleted: includesCompleted)
        query.readyOn = today
        let expected = try expected(store, query)
        #expect(try store.count(query) == expected.count, "count, \(sort)")
        for start in [0, 1, 500, 511, 512, 1_000, 1_500, expected.count - 40, expected.count - 1] where (0..<expected.count).contains(start) {
            let page = try store.items(query, in: start..<(start + 40)).map(\.id)
            #expect(page == Array(expected[start..<min(expected.count, start + 40)]), "page at \(start), \(sort)")
        }
        for (row, id) in expected.enumerated() where row % 17 == 0 || row == expected.count - 1 {
            #expect(try store.index(of: id, in: query) == row, "row of \(id), \(sort)")
        }
    }

    @Test("Counts, pages at any row and each todo's row leave the waiting todos out, in every sort, with or without done todos")
    func readsLeaveWaitingOut() throws {
        let store = try Self.makeStore(count: 2_600)
        for sort in TodoSort.allCases {
            try Self.check(store, sort: sort)
            try Self.check(store, sort: sort, includesCompleted: false)
        }
        var query = SectionQuery(listID: TodoStore.inboxListID)
        query.readyOn = Self.today
        let waiting = try store.flatOrder().first { StartDates.isWaiting(start: $0.start, today: Self.today) && !$0.isDone }!
        #expect(try store.index(of: waiting.id, in: query) == nil, "a waiting todo has no row")
        #expect(try store.waitingCount(listID: TodoStore.inboxListID, on: Self.today)
                == store.flatOrder().filter { !$0.isDone && StartDates.isWaiting(start: $0.start, today: Self.today) }.count)
    }

    @Test("After changes (a start set, moved on, cleared, a waiting todo done, added, moved, deleted) the patched counts read as a fresh connection's")
    func changesArePatched() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            var previous: Int64?
            var ids: [Int64] = []
            for index in 0..<1_800 {
                let start: String? = index % 5 == 0 ? "2026-12-04" : nil
                previous = try store.add(title: "todo \(index)", after: previous, start: start).value.id
                ids.append(previous!)
            }
            try Self.check(store, sort: .manual)  // loads the waiting counts, which the steps below patch
            try store.update(id: ids[3], start: .some("2026-12-09"))     // starts waiting
            try store.update(id: ids[1_000], start: .some(nil))          // stops waiting
            try store.update(id: ids[1_005], start: .some("2026-12-02")) // starts today: ready
            try store.setDone(true, ids: [ids[10], ids[1_500]])          // waiting todos done
            try store.add(title: "new waiting", after: ids[700], start: "2026-12-25")
            try store.move(id: ids[1_795], toList: TodoStore.inboxListID, after: nil)  // a waiting todo to the top
            try store.delete(ids: [ids[20]])
            try store.undo()                                              // the delete taken back
            try Self.check(store, sort: .manual)
            let fresh = try openStore(path)
            defer { fresh.close() }
            var query = SectionQuery(listID: TodoStore.inboxListID)
            query.readyOn = Self.today
            #expect(try store.count(query) == fresh.count(query))
            #expect(try store.items(query, in: 0..<2_000).map(\.id) == fresh.items(query, in: 0..<2_000).map(\.id))
            store.close()
        }
    }

    @Test("A search keeps the waiting todos out unless it asks for them with is:waiting")
    func searches() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        try store.add(title: "report ready")
        try store.add(title: "report waiting", start: "2026-12-05")
        var query = SectionQuery(listID: TodoStore.inboxListID, search: "report")
        query.readyOn = Self.today
        #expect(try store.items(query, in: 0..<10).map(\.title) == ["report ready"])
        var waiting = TodoQuery(searchText: "report")
        waiting.waitingOn = Self.today
        query.matching = waiting
        #expect(try store.items(query, in: 0..<10).map(\.title) == ["report waiting"])
    }

    @Test("The day boundary is the day: a start later today is not waiting, one tomorrow at 00:00 is, and the last day there is hides nothing")
    func dayBoundary() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        try store.add(title: "today late", start: "2026-12-02T23:59")
        try store.add(title: "tomorrow", start: "2026-12-03T00:00")
        try store.add(title: "tomorrow all day", start: "2026-12-03")
        var query = SectionQuery(listID: TodoStore.inboxListID)
        query.readyOn = Self.today
        #expect(try store.items(query, in: 0..<10).map(\.title) == ["today late"])
        query.readyOn = "2026-12-03"
        #expect(try store.count(query) == 3)
        #expect(StartDates.dayAfter("2026-12-31") == "2027-01-01")
        #expect(StartDates.dayAfter("2028-02-28") == "2028-02-29")
        #expect(StartDates.dayAfter("9999-12-31") == nil)
    }

    @Test("A page deep in a long list, waiting todos hidden, reads through the open todos' index from its block: no full scan, no sort")
    func deepPageUsesAnIndex() throws {
        let store = try Self.makeStore(count: 1_200)
        let after = StartDates.dayAfter(Self.today)!
        let plan = try store.connection.query("""
            EXPLAIN QUERY PLAN SELECT \(TodoStore.itemColumns) FROM todos WHERE list_id = ?
                AND \(RankIndex.readyCondition(after: after)) AND \(RankIndex.rankedOrder[.open]!) LIMIT ? OFFSET ?
            """, [TodoStore.inboxListID, 0, 0, 40, 900]) { $0.string(at: 3) }
        #expect(plan.contains { $0.hasPrefix("SEARCH todos USING INDEX") && $0.contains("list_id=?") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN todos") || $0.contains("TEMP B-TREE") }, "\(plan)")
        // The waiting todos of a block are counted from an index alone (`WaitingCountTests`).
    }
}
