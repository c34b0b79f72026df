import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Schema 15's waiting counts (issue 31, `R`): `list_start_counts` stays equal to a count of the
/// todos by hand through every kind of change, a schema 14 store upgrades to it, and a view hiding
/// waiting todos counts only the rank blocks a read needs, whichever row it reads first.
@Suite("Waiting counts per list and start day")
struct WaitingCountTests {
    static let days = ["2026-11-30", "2026-12-02", "2026-12-02T09:00", "2026-12-03", "2026-12-05T18:30", "2026-12-09"]

    /// `list_start_counts` as rows "list day count", sorted.
    static func kept(_ store: TodoStore) throws -> [String] {
        try store.connection.query("SELECT list_id, start_day, open_count FROM list_start_counts ORDER BY 1, 2") {
            "\($0.int64(at: 0)) \($0.string(at: 1)) \($0.int64(at: 2))"
        }
    }

    /// The same rows counted by hand from every todo.
    static func counted(_ store: TodoStore) throws -> [String] {
        var counts: [String: Int] = [:]
        for list in try store.lists() {
            var query = SectionQuery(listID: list.id)
            query.includesCompleted = false
            for item in try store.items(query, in: 0..<10_000) {
                guard let start = item.start else { continue }
                counts["\(list.id) \(start.prefix(10))", default: 0] += 1
            }
        }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    }

    /// Each list's waiting todos on `day` by hand.
    static func waitingByHand(_ store: TodoStore, listID: Int64, on day: String) throws -> Int {
        var query = SectionQuery(listID: listID)
        query.includesCompleted = false
        return try store.items(query, in: 0..<10_000).filter { StartDates.isWaiting(start: $0.start, today: day) }.count
    }

    @Test("Through random adds, deletes, start edits, completions, moves between lists, undo, redo and sync imports the counts equal a count by hand",
          arguments: [1, 2, 3])
    func randomChanges(seed: UInt64) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            defer { store.close() }
            var random = SplitMix64(seed: seed)
            func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
            let lists = [TodoStore.inboxListID, try store.addList(named: "Errands").value.id, try store.addList(named: "Work").value.id]
            for step in 0..<300 {
                let open = try store.flatOrder()
                let any = open.isEmpty ? nil : pick(open)
                switch random.next() % 10 {
                case 0, 1:
                    try store.add(title: "t\(step)", listID: pick(lists), start: pick(Self.days + [nil]))
                case 2:
                    if let any { try store.update(id: any.id, start: .some(pick(Self.days + [nil]))) }
                case 3:
                    if let any { try store.setDone(!any.isDone, ids: [any.id]) }
                case 4:
                    if let any { try store.delete(ids: [any.id]) }
                case 5:
                    if let any { try store.move(id: any.id, toList: pick(lists), after: nil) }
                case 6:
                    // Undo refuses a step whose todos the sync changed since: a refusal changes nothing.
                    do { if store.canUndo { try store.undo() } } catch is HistoryRefusal {}
                case 7:
                    do { if store.canRedo { try store.redo() } } catch is HistoryRefusal {}
                case 8:
                    // The sync: a new todo, or one already here under its UID given a new start, as a remote step.
                    var todo = NewTodo(title: "from the phone \(step)", listName: pick(["Inbox", "Errands", "Work"]))
                    todo.start = pick(Self.days + [nil])
                    if let any, random.next() % 2 == 0 {
                        todo.uid = any.uid
                        todo.title = any.title
                    }
                    _ = try store.asRemote { try store.importItems([todo], options: ImportOptions()) }
                default:
                    let ids = open.filter { _ in random.next() % 4 == 0 }.map(\.id)
                    if !ids.isEmpty { try store.setDone(true, ids: ids) }
                }
                if step % 10 == 9 {
                    #expect(try Self.kept(store) == Self.counted(store), "step \(step)")
                    for list in lists {
                        for day in ["2026-12-01", "2026-12-02", "2026-12-04"] {
                            #expect(try store.waitingCount(listID: list, on: day) == Self.waitingByHand(store, listID: list, on: day),
                                    "step \(step), list \(list), \(day)")
                        }
                    }
                }
            }
            #expect(try store.integrityProblems() == [])
            #expect(try store.connection.scalarInt("SELECT count(*) FROM list_start_counts WHERE open_count <= 0") == 0)
            // A fresh connection reads the same.
            let fresh = try openStore(path)
            defer { fresh.close() }
            for list in lists {
                #expect(try fresh.waitingCount(listID: list, on: "2026-12-02") == store.waitingCount(listID: list, on: "2026-12-02"))
            }
        }
    }

    /// Takes a current store back to schema 14: no waiting counts.
    static let backToVersion14SQL = RankBlockResizeTests.backToVersion16SQL + """
        DROP TRIGGER todos_list_start_count_insert;
        DROP TRIGGER todos_list_start_count_delete;
        DROP TRIGGER todos_list_start_count_update;
        DROP TABLE list_start_counts;
        DROP INDEX todos_list_starts;
        """

    @Test("A schema 14 store upgrades: its open todos with a start are counted per list and day, later changes keep the counts, undo of an older step too")
    func upgradesVersion14() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                let errands = try store.addList(named: "Errands").value.id
                for index in 0..<40 {
                    let item = try store.add(title: "t\(index)", listID: index % 3 == 0 ? errands : TodoStore.inboxListID,
                                             start: Self.days[index % Self.days.count]).value
                    if index % 7 == 0 { try store.setDone(true, ids: [item.id]) }
                }
                try store.update(id: try store.flatOrder()[0].id, start: .some("2026-12-20"))
                try store.connection.execute(Self.backToVersion14SQL + "PRAGMA user_version = \(Schema.waitingCountsVersion - 1);")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try !Self.kept(store).isEmpty)
            #expect(try Self.kept(store) == Self.counted(store))
            #expect(try store.integrityProblems() == [])
            try store.undo()
            try store.add(title: "new", start: "2026-12-24")
            #expect(try Self.kept(store) == Self.counted(store))
            #expect(try store.waitingCount(listID: TodoStore.inboxListID, on: "2026-12-02")
                    == Self.waitingByHand(store, listID: TodoStore.inboxListID, on: "2026-12-02"))
        }
    }

    @Test("Rows and ranks read first in the middle, then anywhere, from a fresh connection each time, equal the list filtered by hand")
    func readsInAnyOrder() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                var previous: Int64?
                for index in 0..<5_000 {
                    // Waiting todos cluster in the middle, and the last rows all wait.
                    let start: String? = (2_000..<2_600).contains(index) || index >= 4_900 ? "2026-12-09"
                        : index % 9 == 0 ? "2026-12-04" : index % 9 == 1 ? "2026-12-01" : nil
                    previous = try store.add(title: "t\(index)", after: previous, start: start).value.id
                }
                store.close()
            }
            var query = SectionQuery(listID: TodoStore.inboxListID, includesCompleted: false)
            query.readyOn = HiddenWaitingStoreTests.today
            let expected = try {
                let store = try openStore(path)
                defer { store.close() }
                return try HiddenWaitingStoreTests.expected(store, query)
            }()
            var random = SplitMix64(seed: 31)
            for _ in 0..<12 {
                let store = try openStore(path)
                defer { store.close() }
                #expect(try store.count(query) == expected.count)
                for _ in 0..<6 {
                    let row = Int(random.next() % UInt64(expected.count))
                    let page = try store.items(query, in: row..<(row + 30)).map(\.id)
                    #expect(page == Array(expected[row..<min(expected.count, row + 30)]), "page at \(row)")
                    let other = Int(random.next() % UInt64(expected.count))
                    #expect(try store.index(of: expected[other], in: query) == other, "row \(other)")
                }
            }
        }
    }

    @Test("The first page of a long list with waiting todos hidden counts the waiting todos of its block only, not of the list")
    func firstPageCountsOneBlock() throws {
        let store = try HiddenWaitingStoreTests.makeStore(count: 6_000)
        var query = SectionQuery(listID: TodoStore.inboxListID)
        query.readyOn = HiddenWaitingStoreTests.today
        _ = try store.count(query)
        _ = try store.items(query, in: 0..<30)
        let counted = try #require(store.rankIndex.waiting[WaitingSet(listID: TodoStore.inboxListID, day: HiddenWaitingStoreTests.today)])
        #expect(counted.counts.count > 4)
        #expect(counted.prefixEnd <= 1 && counted.suffixStart == counted.counts.count, "\(counted.prefixEnd)…\(counted.suffixStart)")
        let plan = try store.connection.query("""
            EXPLAIN QUERY PLAN SELECT position, id FROM \(RankIndex.waitingRowsSource) WHERE list_id = ?1 AND start IS NOT NULL
                AND completed_at IS NULL AND start >= ?2 AND position >= ?3 AND (position, id) >= (?3, ?4) AND position <= ?5 AND (position, id) < (?5, ?6)
            """, [TodoStore.inboxListID, "2026-12-03", 0, 0, 100, 0]) { $0.string(at: 3) }
        #expect(plan.contains { $0.contains("COVERING INDEX todos_list_starts (list_id=? AND position>? AND position<?)") }, "\(plan)")
    }

    @Test("A list's waiting todos in all load none of its rank blocks, and later steps keep that total without them")
    func totalWithoutBlocks() throws {
        let store = try HiddenWaitingStoreTests.makeStore(count: 3_000)
        let day = HiddenWaitingStoreTests.today, inbox = TodoStore.inboxListID
        store.forgetDerivedState()
        let before = try store.waitingCount(listID: inbox, on: day)
        #expect(store.rankIndex.cachedBlocks(RankSet(listID: inbox, kind: .open)) == nil)
        #expect(store.rankIndex.waiting[WaitingSet(listID: inbox, day: day)]?.isSized == false)
        #expect(before == (try Self.waitingByHand(store, listID: inbox, on: day)))
        // Steps while no block is loaded patch the total: a waiting todo added, another completed.
        store.forgetDerivedState()
        _ = try store.waitingCount(listID: inbox, on: day)
        try store.add(title: "later", start: "2026-12-20")
        #expect(try store.waitingCount(listID: inbox, on: day) == before + 1)
        let waitingTodo = try #require(try store.flatOrder().first { !$0.isDone && StartDates.isWaiting(start: $0.start, today: day) })
        try store.setDone(true, ids: [waitingTodo.id])
        #expect(try store.waitingCount(listID: inbox, on: day) == before)
        #expect(try store.waitingCount(listID: inbox, on: day) == (try Self.waitingByHand(store, listID: inbox, on: day)))
        // Rows read afterwards size the counts per block from the patched total.
        var query = SectionQuery(listID: inbox, includesCompleted: false)
        query.readyOn = day
        let expected = try HiddenWaitingStoreTests.expected(store, query)
        #expect(try store.items(query, in: 1_500..<1_530).map(\.id) == Array(expected[1_500..<1_530]))
    }
}
