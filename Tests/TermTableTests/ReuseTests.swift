import Testing
@testable import TermTable

@Suite("Cell reuse")
struct ReuseTests {
    @Test("Scrolling 100,000 rows down and back one line at a time creates at most visible rows + 2 cells")
    func reuseIsBoundedByTheViewport() {
        var harness = Harness(ArrayDataSource(count: 100_000), width: 30, height: 24, cellClass: CountingCell.self)
        _ = harness.screen()
        harness.table.moveSelectionToFirstRow()
        for _ in 0..<99_999 { harness.table.moveSelection(by: 1); harness.table.layoutIfNeeded() }
        #expect(harness.table.indexPathForSelectedRow == IndexPath(row: 99_999, section: 0))
        #expect(harness.screen().last == "Row 99999")
        for _ in 0..<99_999 { harness.table.moveSelection(by: -1); harness.table.layoutIfNeeded() }
        #expect(harness.screen().first == "Row 0")
        let stats = harness.table.reuseStatistics
        #expect(stats.cellsCreated <= 24 + 2)
        // Every dequeue beyond the created cells was answered from the pool, after prepareForReuse.
        #expect(stats.cellsReused == stats.cellsDequeued - stats.cellsCreated)
        let prepared = harness.table.visibleCellsInOrder.map { ($0 as! CountingCell).reuseCount }.reduce(0, +)
        #expect(prepared > 0)
        #expect(stats.cellsReused > 199_000)
    }

    @Test("prepareForReuse is called once for every reuse")
    func prepareForReuseMatchesReuses() {
        final class Tracker: TableViewCell {
            nonisolated(unsafe) static var count = 0
            override func prepareForReuse() { super.prepareForReuse(); Tracker.count += 1 }
        }
        Tracker.count = 0
        var harness = Harness(ArrayDataSource(count: 1_000), width: 20, height: 10, cellClass: Tracker.self)
        _ = harness.screen()
        for _ in 0..<500 { harness.table.scroll(byLines: 1); harness.table.layoutIfNeeded() }
        #expect(Tracker.count == harness.table.reuseStatistics.cellsReused)
        #expect(Tracker.count == 500)
    }

    @Test("Dequeuing an identifier nobody registered stops with a message naming it")
    func unregisteredIdentifierFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let source = ArrayDataSource(count: 3)
            source.identifier = "missing"
            let table = TableView(frame: Rect(x: 0, y: 0, width: 10, height: 3))
            table.dataSource = source
            var canvas = Canvas(width: 10, height: 3)
            table.draw(in: &canvas)
        }
    }

    @Test("A reused cell shows none of the state of the row it showed before")
    func reusedCellHasNoStaleState() {
        var harness = Harness(ArrayDataSource(rows: ["one", "two", "three", "four"]), width: 12, height: 2)
        _ = harness.screen()
        harness.table.visibleCellsInOrder.first?.accessoryType = .checkmark
        #expect(harness.screen()[0].hasSuffix("✓"))
        harness.table.scroll(byLines: 2)
        let lines = harness.screen()
        #expect(lines == ["three", "four"])
    }
}
