import Testing
@testable import TermTable

/// The prefetch data source hears about rows ahead in the scrolling direction, and about cancellations when it turns.
@Suite("Prefetching")
struct PrefetchTests {
    static func rows(_ range: some Sequence<Int>) -> [IndexPath] { range.map { IndexPath(row: $0, section: 0) } }

    /// 100 rows in 20×10, announcing 5 rows ahead.
    static func harness() -> Harness {
        let harness = Harness(ArrayDataSource(count: 100), width: 20, height: 10)
        harness.table.prefetchDataSource = harness.source
        harness.table.prefetchDistance = 5
        return harness
    }

    @Test("Rows just below the viewport are announced, then one more for each line scrolled down")
    func announcesAhead() {
        var harness = Self.harness()
        _ = harness.screen()
        #expect(harness.source.prefetched == [Self.rows(10..<15)])
        for step in 1...3 {
            harness.table.scroll(byLines: 1)
            _ = harness.screen()
            #expect(harness.source.prefetched.last == Self.rows([14 + step]))
        }
        #expect(harness.source.prefetched.count == 4)
        #expect(harness.source.cancelled.isEmpty)
    }

    @Test("Turning around cancels the rows announced below and announces the rows above, nearest first")
    func cancelsWhenTurning() {
        var harness = Self.harness()
        _ = harness.screen()
        for _ in 0..<3 { harness.table.scroll(byLines: 1); _ = harness.screen() }
        harness.table.scroll(byLines: -1)
        _ = harness.screen()
        // Rows 10–12 were displayed on the way; 13–17 were announced and never shown.
        #expect(harness.source.cancelled == [Self.rows(13...17)])
        #expect(harness.source.prefetched.last == Self.rows([1, 0]))
        harness.table.scroll(byLines: 1)
        _ = harness.screen()
        #expect(harness.source.cancelled.last == Self.rows([0, 1]))
        #expect(harness.source.prefetched.last == Self.rows(13...17))
    }

    @Test("Near the end only the remaining rows are announced, and never a row already on screen")
    func endOfTable() {
        var harness = Self.harness()
        harness.table.scroll(byLines: 87)
        _ = harness.screen()
        let visible = Set(harness.table.indexPathsForVisibleRows)
        #expect(harness.table.indexPathsForVisibleRows.last == IndexPath(row: 96, section: 0))
        #expect(harness.source.prefetched.last == Self.rows(97...99))
        #expect(harness.source.prefetched.allSatisfy { $0.allSatisfy { !visible.contains($0) } })
        harness.table.scroll(byLines: 10)
        _ = harness.screen()
        #expect(harness.source.prefetched.count == 1, "nothing left below the last row")
    }

    @Test("A prefetch distance of zero announces nothing")
    func disabled() {
        var harness = Self.harness()
        harness.table.prefetchDistance = 0
        _ = harness.screen()
        harness.table.scroll(byLines: 5)
        _ = harness.screen()
        #expect(harness.source.prefetched.isEmpty)
    }
}

@Suite("Prefetching after jumps")
struct PrefetchJumpTests {
    @Test("Rows announced near the top are cancelled when a jump to the end leaves them behind")
    func jumpCancelsStaleRows() {
        var harness = Harness(ArrayDataSource(count: 1_000), height: 5)
        harness.table.prefetchDataSource = harness.source
        harness.table.prefetchDistance = 4
        _ = harness.screen()
        #expect(harness.source.prefetched.flatMap { $0 }.map(\.row) == [5, 6, 7, 8])
        harness.table.moveSelectionToLastRow()
        _ = harness.screen()
        #expect(harness.source.cancelled.flatMap { $0 }.map(\.row) == [5, 6, 7, 8])
    }
}
