import Testing
@testable import TermTable

/// Scrolling to a row, and asking what is on screen and where.
@Suite("Queries about visible rows")
struct VisibleRowQueryTests {
    static func path(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }
    static func rows(_ range: ClosedRange<Int>) -> [String] { range.map { "Row \($0)" } }

    @Test("scrollToRow puts the row at the top, middle or bottom, or scrolls as little as needed, within the content",
          arguments: [
            (20, ScrollPosition.top, 20...26), (20, .middle, 17...23), (20, .bottom, 14...20), (20, .none, 14...20),
            (3, .none, 0...6), (48, .top, 43...49), (2, .bottom, 0...6), (1, .middle, 0...6), (49, .middle, 43...49),
          ])
    func scrollToRow(row: Int, position: ScrollPosition, shown: ClosedRange<Int>) {
        var harness = Harness(ArrayDataSource(count: 50), height: 7)
        harness.table.scrollToRow(at: Self.path(row), at: position)
        #expect(harness.screen() == Self.rows(shown))
        #expect(harness.table.indexPathForSelectedRow == nil, "scrolling never changes the highlight")
    }

    @Test("scrollToRow with .none leaves a fully visible row where it is, and scrolls up to a row above")
    func scrollToRowNone() {
        var harness = Harness(ArrayDataSource(count: 50), height: 7)
        harness.table.scroll(byLines: 10)
        harness.table.scrollToRow(at: Self.path(13), at: .none)
        #expect(harness.screen() == Self.rows(10...16))
        harness.table.scrollToRow(at: Self.path(4), at: .none)
        #expect(harness.screen() == Self.rows(4...10))
    }

    /// Sections A and B of ten rows each, titled, in 20×6.
    static func sectioned() -> Harness {
        let source = ArrayDataSource([(0..<10).map { "a\($0)" }, (0..<10).map { "b\($0)" }])
        source.headerTitles = ["A", "B"]
        return Harness(source, width: 20, height: 6)
    }

    @Test("scrollToRow to the top puts the row just below its pinned header")
    func scrollToRowUnderPinnedHeader() {
        var harness = Self.sectioned()
        harness.table.scrollToRow(at: Self.path(5, 1), at: .top)
        #expect(harness.screen() == ["B " + String(repeating: "─", count: 18), "b5", "b6", "b7", "b8", "b9"])
        harness.table.scrollToRow(at: Self.path(2, 0), at: .top)
        #expect(harness.screen() == ["A " + String(repeating: "─", count: 18), "a2", "a3", "a4", "a5", "a6"])
    }

    @Test("Visible rows, their cells and the cell-to-row mapping agree, top to bottom, including rows cut by the edges")
    func visibleRowsAndCells() {
        var harness = Harness(ArrayDataSource(count: 30), height: 7)
        harness.source.heights = [Self.path(4): 3, Self.path(9): 3]
        harness.table.scroll(byLines: 5)  // row 4 (lines 4–6) is cut at the top
        let lines = harness.screen()
        #expect(lines == ["", "", "Row 5", "Row 6", "Row 7", "Row 8", "Row 9"])
        let visible = harness.table.indexPathsForVisibleRows
        #expect(visible == (4...9).map { Self.path($0) }, "row 9 starts on the last line and is cut at the bottom")
        let cells = harness.table.visibleCellsInOrder
        #expect(cells.map(\.text.plainText) == (4...9).map { "Row \($0)" })
        for (indexPath, cell) in zip(visible, cells) {
            #expect(harness.table.cellForRow(at: indexPath) === cell)
            #expect(harness.table.indexPath(for: cell) == indexPath)
        }
        #expect(harness.table.cellForRow(at: Self.path(3)) == nil)
        #expect(harness.table.cellForRow(at: Self.path(10)) == nil)
        #expect(harness.table.cellForRow(at: Self.path(99)) == nil)
        // A cell that left the screen no longer maps to a row.
        let leaving = harness.table.cellForRow(at: Self.path(5))!
        harness.table.scroll(byLines: 10)
        _ = harness.screen()
        #expect(harness.table.indexPath(for: leaving) != Self.path(5))
    }

    @Test("Row rectangles and hit testing use canvas coordinates, clipped to the table's frame")
    func rectanglesAndPoints() {
        let source = ArrayDataSource(count: 30)
        source.heights = [IndexPath(row: 4, section: 0): 3]
        let table = TableView(frame: Rect(x: 3, y: 2, width: 12, height: 5))
        table.showsVerticalScrollIndicator = false
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        table.scroll(byLines: 3)  // row 3 on line 0, row 4 on lines 1–3, row 5 on line 4
        var canvas = Canvas(width: 20, height: 9)
        table.draw(in: &canvas)
        #expect(canvas.lines == ["", "", "   Row 3", "   Row 4", "", "", "   Row 5", "", ""])
        #expect(table.rectForRow(at: Self.path(3)) == Rect(x: 3, y: 2, width: 12, height: 1))
        #expect(table.rectForRow(at: Self.path(4)) == Rect(x: 3, y: 3, width: 12, height: 3))
        #expect(table.rectForRow(at: Self.path(2)) == nil)
        #expect(table.indexPathForRow(at: Point(x: 3, y: 2)) == Self.path(3))
        #expect(table.indexPathForRow(at: Point(x: 14, y: 5)) == Self.path(4), "any line of a tall row")
        #expect(table.indexPathForRow(at: Point(x: 5, y: 6)) == Self.path(5))
        #expect(table.indexPathForRow(at: Point(x: 2, y: 3)) == nil, "left of the frame")
        #expect(table.indexPathForRow(at: Point(x: 5, y: 7)) == nil, "below the frame")
        table.scroll(byLines: 3)  // row 4 cut: only its last line shows, on line 0
        #expect(table.rectForRow(at: Self.path(4)) == Rect(x: 3, y: 2, width: 12, height: 1))
        #expect(table.indexPathsForVisibleRows.first == Self.path(4))
    }

    @Test("A point on a header, pinned or not, names no row")
    func pointsOnHeaders() {
        var harness = Self.sectioned()
        _ = harness.screen()
        #expect(harness.table.indexPathForRow(at: Point(x: 0, y: 0)) == nil, "the first header")
        #expect(harness.table.indexPathForRow(at: Point(x: 0, y: 1)) == Self.path(0))
        harness.table.scroll(byLines: 3)
        _ = harness.screen()
        #expect(harness.table.indexPathForRow(at: Point(x: 0, y: 0)) == nil, "the pinned header over a2")
        #expect(harness.table.indexPathForRow(at: Point(x: 0, y: 1)) == Self.path(3))
    }
}
