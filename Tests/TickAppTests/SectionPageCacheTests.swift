import Testing
@testable import TickApp
import TickFuzzing
import TodoStore
import TickTesting

/// The row cache patched by the app's own changes must always agree with the store, however its
/// runs of rows are split, shifted, joined and trimmed.
@Suite("Section page cache")
struct SectionPageCacheTests {
    private static let query = SectionQuery(listID: TodoStore.inboxListID)

    /// The title at `row` in the store's order, read without the cache.
    private static func truth(_ store: TodoStore, _ row: Int) throws -> String? {
        try store.items(query, in: row..<(row + 1)).first?.title
    }

    @Test("Reads, inserts, removes and trimming in random order keep every cached row equal to the store's", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func patchedRowsMatchTheStore(seed: UInt64) throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.importItems((0..<200).map { NewTodo(title: "Todo \($0)") })
        // Small pages and a small capacity, so runs split, touch and get trimmed often.
        let cache = SectionPageCache(store: store, pageSize: 4, capacity: 24)
        var random = SplitMix64(seed: seed)
        var count = 200
        var added = 0
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let row = Int.random(in: 0..<(count + 2), using: &random)
                #expect(try cache.item(at: row, in: Self.query)?.title == (try Self.truth(store, row)), "step \(step): row \(row)")
            case 5..<7 where count > 1:
                let row = Int.random(in: 0..<count, using: &random)
                let item = try #require(try store.items(Self.query, in: row..<(row + 1)).first)
                try store.delete(ids: [item.id])
                cache.removeRow(row, in: Self.query)
                count -= 1
            default:
                let row = Int.random(in: 0...count, using: &random)
                let previous = row == 0 ? nil : try store.items(Self.query, in: (row - 1)..<row).first?.id
                let item = try store.add(title: "Added \(added)", after: previous).value
                added += 1
                cache.insertRow(row, item: item, in: Self.query)
                count += 1
            }
            #expect(cache.total <= 24 + 4, "step \(step): \(cache.total) rows kept")
        }
        // Every row still cached is the store's row.
        for row in 0..<count {
            if let cached = cache.cached(row, in: Self.query) {
                #expect(cached.title == (try Self.truth(store, row)), "row \(row) at the end")
            }
        }
    }

    @Test("A change patches the rows around it: reading them again reads no page")
    func patchingReadsNothing() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.importItems((0..<100).map { NewTodo(title: "Todo \($0)") })
        let cache = SectionPageCache(store: store, pageSize: 32, capacity: 512)
        for row in 0..<32 { _ = try cache.item(at: row, in: Self.query) }
        let reads = cache.reads
        let removed = try #require(try store.items(Self.query, in: 5..<6).first)
        try store.delete(ids: [removed.id])
        cache.removeRow(5, in: Self.query)
        let added = try store.add(title: "New", after: try store.items(Self.query, in: 9..<10).first?.id).value
        cache.insertRow(10, item: added, in: Self.query)
        for row in 0..<31 { #expect(try cache.item(at: row, in: Self.query)?.title == (try Self.truth(store, row))) }
        #expect(cache.reads == reads)
    }
}
