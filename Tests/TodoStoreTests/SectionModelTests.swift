import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Seeded random sequences of every kind of change, checked against `StoreModel` for every list,
/// sort, with and without done todos, and with searches. The first list holds enough todos for its
/// rank blocks to split (over 1,024 rows) and, after a mass delete, to merge.
@Suite("Sections against a model")
struct SectionModelTests {
    static let words = ["alpha", "Beta", "gamma", "delta", "Milk", "bread", "eggs", "牛奶", "买牛奶", "tea"]
    static let searches = ["alp", "a", "MILK", "mi", "牛", "牛奶", "买牛奶", "eggs tea", "zzz", "et"]

    @Test("counts, pages and rows match the model through random changes", arguments: [11, 12, 13] as [UInt64])
    func randomChanges(seed: UInt64) throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            var random = SplitMix64(state: seed)
            let comment: Comment = "seed \(seed)"
            var model = StoreModel()
            let work = try store.addList(named: "Work").value
            model.listOrder.append(work.id)
            model.manual[work.id] = []

            // Enough rows in the Inbox to split its blocks; a third done at scattered times.
            let seeded = (0..<2_600).map { number in
                NewTodo(title: Self.title(&random) + " \(number)", notes: number % 7 == 0 ? Self.title(&random) : "",
                        priority: Int.random(in: 0...3, using: &random),
                        due: Bool.random(using: &random) ? String(format: "2025-%02d-%02d", Int.random(in: 1...12, using: &random),
                                                                  Int.random(in: 1...28, using: &random)) : nil,
                        createdAt: Date(unixMilliseconds: 1_600_000_000_000 + Int64.random(in: 0...50_000, using: &random)),
                        completedAt: number % 3 == 0 ? Date(unixMilliseconds: 1_650_000_000_000 + Int64.random(in: 0...9_000, using: &random)) : nil)
            }
            var previous: Int64? = nil
            for item in try store.importItems(seeded) {
                model.insert(item, after: previous)
                previous = item.id
            }
            try expectIntact(store, comment)
            #expect(try store.connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE list_id = 1 AND kind = 0") >= 3,
                    "\(comment): the seeded list should span several blocks")
            try checkAll(store, model, &random, comment)

            for step in 0..<250 {
                try Self.randomChange(store, &model, &random)
                if step % 50 == 49 { try expectIntact(store, "\(comment) step \(step)") }
            }
            try checkAll(store, model, &random, comment)

            // A mass delete empties most blocks: they merge or disappear.
            let doomed = Array(model.manual[TodoStore.inboxListID]!.shuffled(using: &random).prefix(2_300))
            try store.delete(ids: doomed)
            doomed.forEach { model.remove($0) }
            try expectIntact(store, comment)
            let blocks = try store.connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE list_id = 1")
            #expect(blocks <= 6, "\(comment): \(blocks) blocks left for few rows")
            for _ in 0..<60 { try Self.randomChange(store, &model, &random) }
            try checkAll(store, model, &random, comment)
            try expectIntact(store, comment)
        }
    }

    private func checkAll(_ store: TodoStore, _ model: StoreModel, _ random: inout SplitMix64, _ comment: Comment) throws {
        for listID in model.listOrder {
            for sort in TodoSort.allCases {
                for includesCompleted in [true, false] {
                    try expectSection(store, model, SectionQuery(listID: listID, sort: sort, includesCompleted: includesCompleted),
                                      using: &random, comment)
                }
            }
            for search in Self.searches {
                try expectSection(store, model, SectionQuery(listID: listID, sort: .allCases.randomElement(using: &random)!,
                                                             includesCompleted: Bool.random(using: &random), search: search),
                                  using: &random, comment)
            }
        }
    }

    static func title(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
    }

    /// One random change through the public API, mirrored in the model.
    static func randomChange(_ store: TodoStore, _ model: inout StoreModel, _ random: inout SplitMix64) throws {
        let lists = model.listOrder
        let listID = lists.randomElement(using: &random)!
        let ids = model.manual[listID]!
        let someID = ids.randomElement(using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1:
            let after = Bool.random(using: &random) ? someID : nil
            let item = try store.add(title: title(&random), listID: listID, after: after, notes: "",
                                     priority: Int.random(in: 0...3, using: &random),
                                     due: Bool.random(using: &random) ? "2025-06-0\(Int.random(in: 1...9, using: &random))" : nil).value
            model.insert(item, after: after)
        case 2, 3:
            let chosen = Array(ids.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
            for item in try store.setDone(Bool.random(using: &random), ids: chosen).value { model.update(item) }
        case 4:
            guard let someID else { return }
            try store.delete(ids: [someID])
            model.remove(someID)
        case 5, 6:
            guard let someID else { return }
            let target = lists.randomElement(using: &random)!
            let after = model.manual[target]!.filter { $0 != someID }.randomElement(using: &random)
            let placed = Bool.random(using: &random) ? after : nil
            try store.move(id: someID, toList: target, after: placed)
            model.move(someID, to: target, after: placed)
        case 7:
            guard let someID else { return }
            let item = try store.update(id: someID, title: Bool.random(using: &random) ? title(&random) : nil,
                                        priority: Int.random(in: 0...3, using: &random),
                                        due: .some(Bool.random(using: &random) ? nil : "2024-12-31")).value
            model.update(item)
        case 8:
            let items = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                NewTodo(title: title(&random), listName: Bool.random(using: &random) ? "inbox" : " WORK ")
            }
            for item in try store.importItems(items) { model.insert(item, after: model.manual[item.listID]?.last) }
        default:
            let item = try store.add(title: title(&random) + " top", listID: listID).value
            model.insert(item, after: nil)
        }
    }
}
