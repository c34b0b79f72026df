import Testing
@testable import TermTable

/// A cell that reports every measurement to whoever configured it last.
final class MeasuredCell: TableViewCell {
    var onMeasure: (() -> Void)?
    override func heightThatFits(width: Int) -> Int {
        onMeasure?()
        return super.heightThatFits(width: width)
    }
}

/// Many rows of wrapping text of varying length, generated from the row number (no arrays of a million strings).
final class GeneratedRows: TableViewDataSource, TableViewDelegate, TableViewDataSourcePrefetching {
    let count: Int
    var measurements = 0
    var prefetched = 0

    init(count: Int) { self.count = count }

    /// One to four lines at 30 columns: "Item N" and 0…8 more words.
    static func text(_ row: Int) -> String { "Item \(row)" + String(repeating: " lorem", count: row % 9) }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "wrap", for: indexPath) as! MeasuredCell
        cell.wrapsText = true
        cell.text = StyledText(Self.text(indexPath.row))
        cell.onMeasure = { [unowned self] in measurements += 1 }
        return cell
    }
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) { prefetched += indexPaths.count }

    /// A table of `count` automatic-height rows, 31 columns (30 for text) by `height` lines.
    static func table(count: Int, height: Int = 20, indicator: Bool = false) -> (TableView, GeneratedRows) {
        let source = GeneratedRows(count: count)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 31, height: height))
        table.showsVerticalScrollIndicator = indicator
        table.register(MeasuredCell.self, forCellReuseIdentifier: "wrap")
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 2
        table.dataSource = source
        table.delegate = source
        table.prefetchDataSource = source
        return (table, source)
    }
}

@Suite("Automatic row heights")
struct AutomaticHeightTests {
    static func draw(_ table: TableView) -> [String] {
        var canvas = Canvas(width: table.frame.width, height: table.frame.height)
        table.draw(in: &canvas)
        return canvas.lines
    }

    @Test("Opening a million rows with automatic heights measures only the visible rows plus the prefetch distance")
    func openingMeasuresOneScreen() {
        let (table, source) = GeneratedRows.table(count: 1_000_000)
        let lines = Self.draw(table)
        #expect(Array(lines.prefix(4)) == ["Item 0", "Item 1 lorem", "Item 2 lorem lorem", "Item 3 lorem lorem lorem"])
        let visible = table.indexPathsForVisibleRows.count
        #expect(visible >= 5)
        #expect(source.measurements <= visible + table.prefetchDistance)
        #expect(table.reuseStatistics.rowsMeasured == source.measurements)
        #expect(source.prefetched == table.prefetchDistance, "rows are announced ahead, not measured")
        #expect(table.reuseStatistics.cellsCreated <= 20 + 2)
    }

    @Test("Jumping to the last of a million rows measures about one more screenful and shows the row whole at the bottom")
    func jumpToLastRowMeasuresAScreenful() {
        let (table, source) = GeneratedRows.table(count: 1_000_000)
        _ = Self.draw(table)
        let opening = source.measurements
        table.moveSelectionToLastRow()
        let lines = Self.draw(table)
        #expect(source.measurements - opening <= 20 + table.prefetchDistance)
        // Row 999,999 has 999,999 % 9 = 0 extra words: one line, the last on screen.
        #expect(lines.last == "Item 999999")
        #expect(table.indexPathForSelectedRow == IndexPath(row: 999_999, section: 0))
        #expect(table.reuseStatistics.cellsCreated <= 20 + 2)
    }

    @Test("Paging through automatic-height rows never holds more cells than a screenful plus two")
    func pagingKeepsCellsBounded() {
        let (table, source) = GeneratedRows.table(count: 10_000)
        _ = Self.draw(table)
        table.moveSelectionToFirstRow()
        for _ in 0..<30 { table.moveSelection(byLines: 19); _ = Self.draw(table) }
        for _ in 0..<30 { table.moveSelection(byLines: -19); _ = Self.draw(table) }
        table.moveSelectionToLastRow()
        _ = Self.draw(table)
        table.moveSelectionToFirstRow()
        _ = Self.draw(table)
        #expect(table.reuseStatistics.cellsCreated <= 20 + 2)
        #expect(source.measurements == table.reuseStatistics.rowsMeasured)
    }

    @Test("A measured row keeps its height: scrolling back over it does not measure it again")
    func measurementsAreRemembered() {
        let (table, source) = GeneratedRows.table(count: 200)
        _ = Self.draw(table)
        for _ in 0..<40 { table.scroll(byLines: 1); _ = Self.draw(table) }
        let measured = source.measurements
        for _ in 0..<40 { table.scroll(byLines: -1); _ = Self.draw(table) }
        #expect(source.measurements == measured)
        #expect(Self.draw(table).first == "Item 0")
    }

    @Test("A wrapped row shows every line of its text, broken at spaces")
    func wrappedRowLines() {
        let (table, source) = GeneratedRows.table(count: 9, height: 30)
        let lines = withExtendedLifetime(source) { Self.draw(table) }
        // Row 8, "Item 8" and eight words, wraps at 30 columns into two lines; the last row, so a blank line follows.
        let start = lines.firstIndex(of: "Item 8 lorem lorem lorem lorem")
        #expect(start != nil, "\(lines)")
        if let start {
            #expect(Array(lines[start...].prefix(3)) == ["Item 8 lorem lorem lorem lorem", "lorem lorem lorem lorem", ""])
        }
        #expect(withExtendedLifetime(source) { table.rectForRow(at: IndexPath(row: 8, section: 0))?.height } == 2)
    }
}

@Suite("Remembered row heights")
struct RememberedHeightTests {
    @Test("Fixed heights equal to the estimate are not remembered, so a frame's height sums stay short however far the list scrolled; other heights are")
    func fixedHeightsAreNotRemembered() {
        let source = ArrayDataSource(count: 5_000)
        var harness = Harness(source, width: 20, height: 10)
        for _ in 0..<600 {
            harness.table.moveSelection(byLines: 9)
            _ = harness.screen()
        }
        #expect(harness.table.indexPathForSelectedRow!.row > 4_000)
        #expect(harness.table.heightCache.isEmpty)
        #expect(harness.table.contentHeight == 5_000)

        // Rows two lines tall (not what the estimate assumes) are remembered and counted exactly.
        source.heights = [IndexPath(row: 4_990, section: 0): 2]
        harness.table.reloadData()
        _ = harness.table.moveSelectionToLastRow()
        _ = harness.screen()
        #expect(harness.table.heightCache[IndexPath(row: 4_990, section: 0)] == 2)
        #expect(harness.table.contentHeight == 5_001)
    }

    @Test("Keys in bursts (a hundred moves, then one draw) from tall rows to short ones create at most visible rows + 2 cells: cells measured for rows scrolled past are reused first")
    func burstsReuseMeasuredCells() {
        // Rows 0–199 take three lines, the rest one: a burst leaves a screen of 6 tall rows for 20 short ones.
        final class TallThenShort: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10_000 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "wrap", for: indexPath)
                cell.wrapsText = true
                cell.text = StyledText("Row \(indexPath.row)" + (indexPath.row < 200 ? String(repeating: " lorem ipsum", count: 5) : ""))
                return cell
            }
        }
        let (table, _) = GeneratedRows.table(count: 1, height: 20)
        let source = TallThenShort()
        table.dataSource = source
        table.reloadData()
        _ = AutomaticHeightTests.draw(table)
        for _ in 0..<5 {
            for _ in 0..<100 { table.moveSelection(by: 1) }
            _ = AutomaticHeightTests.draw(table)
        }
        #expect(table.reuseStatistics.cellsCreated <= 20 + 2, "\(table.reuseStatistics)")
    }

    @Test("Entering and leaving editing mode measures the rows again: the editing mark narrows every row, so a text that just fitted needs one more line")
    func editingModeMeasuresAgain() {
        // 30 columns of text: a text of exactly 30 columns fits on one line without the mark and needs two with it.
        let (table, _) = GeneratedRows.table(count: 1, height: 6)
        final class ExactRow: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "wrap", for: indexPath)
                cell.wrapsText = true
                cell.text = StyledText(indexPath.row == 0 ? "Thirty columns of text, exact." : "Next")
                return cell
            }
        }
        let source = ExactRow()
        table.dataSource = source
        table.reloadData()
        #expect(AutomaticHeightTests.draw(table).prefix(2) == ["Thirty columns of text, exact.", "Next"])
        table.setEditing(true)
        #expect(AutomaticHeightTests.draw(table).prefix(3) == ["○ Thirty columns of text,", "  exact.", "○ Next"])
        table.setEditing(false)
        #expect(AutomaticHeightTests.draw(table).prefix(2) == ["Thirty columns of text, exact.", "Next"])
    }
}

/// Issue 27's oracle found rows measured off screen in editing mode at the width without the mark:
/// they showed cut to one line where the same table opened afresh showed two.
@Suite("Automatic row heights in editing mode")
struct EditingModeHeightTests {
    /// Ten rows of exactly thirty columns: one line of a 31-column table (30 for text), two with the mark.
    final class ExactRows: TableViewDataSource {
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "wrap", for: indexPath)
            cell.wrapsText = true
            cell.text = StyledText("Row \(indexPath.row) has thirty columns exact".prefix(30).description)
            return cell
        }
    }

    private func table(_ source: ExactRows) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 31, height: 6))
        table.showsVerticalScrollIndicator = true
        table.register(TableViewCell.self, forCellReuseIdentifier: "wrap")
        table.rowHeight = TableView.automaticDimension
        table.dataSource = source
        return table
    }

    @Test("In editing mode a row scrolled into view is measured with the mark's width, so it wraps as the rows before it did")
    func rowsScrolledIntoView() {
        let source = ExactRows()
        let table = table(source)
        table.setEditing(true)
        _ = AutomaticHeightTests.draw(table)
        table.moveSelection(to: IndexPath(row: 6, section: 0))
        let lines = AutomaticHeightTests.draw(table)
        #expect(lines.filter { $0.hasPrefix("○ Row ") }.count == 3, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("  exact") }.count == 3, "every row on two lines: \(lines)")
    }

    /// Ten rows of ten five-letter words: two lines at 30 columns, three at the 28 the mark leaves.
    final class TenWords: TableViewDataSource {
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "wrap", for: indexPath)
            cell.wrapsText = true
            cell.text = StyledText("row\(indexPath.row)" + String(repeating: " words", count: 9))
            return cell
        }
    }

    @Test("A row measured off screen before editing mode starts is measured again with the mark once it shows")
    func measuredBeforeEditing() {
        let source = TenWords()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 31, height: 10))
        table.register(TableViewCell.self, forCellReuseIdentifier: "wrap")
        table.rowHeight = TableView.automaticDimension
        table.dataSource = source
        _ = AutomaticHeightTests.draw(table)  // rows 0–4, two lines each
        table.moveSelection(to: IndexPath(row: 7, section: 0))  // measures rows 5–7 before the next layout, keeping their cells
        table.setEditing(true)
        let lines = AutomaticHeightTests.draw(table)
        let starts = lines.indices.filter { lines[$0].hasPrefix("○ row") || lines[$0].hasPrefix("● row") }
        #expect(starts.count >= 3 && zip(starts, starts.dropFirst()).allSatisfy { $1 - $0 == 3 }, "every row on its three lines: \(lines)")
    }
}

/// Rows measured between layouts (to place a row, say) keep their cell for the next layout; a
/// reload or a batch update in between must not let that cell show at an index path that now
/// names another row.
@Suite("Automatic row heights: cells measured before a change")
struct MeasuredBeforeChangeTests {
    final class Lists: TableViewDataSource {
        var rows = [["one", "two", "three"]]
        func numberOfSections(in tableView: TableView) -> Int { rows.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
            cell.wrapsText = true
            cell.text = StyledText(rows[indexPath.section][indexPath.row])
            return cell
        }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "S\(section)" }
    }

    static func draw(_ table: TableView) -> [String] {
        var canvas = Canvas(width: table.frame.width, height: table.frame.height)
        table.draw(in: &canvas)
        return canvas.lines
    }

    @Test("A row measured after reloadData and then moved to another section shows the row that took its place")
    func measuredThenMoved() throws {
        let source = Lists()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 12, height: 6))
        table.showsVerticalScrollIndicator = false
        table.register(TableViewCell.self, forCellReuseIdentifier: "c")
        table.rowHeight = TableView.automaticDimension
        table.dataSource = source
        table.delegate = nil
        _ = Self.draw(table)
        source.rows.append([])
        table.reloadData()
        _ = table.measureRow(at: IndexPath(row: 0, section: 0))  // as placing the selection does before the next layout
        source.rows[1].append(source.rows[0].removeFirst())
        try table.performBatchUpdates { try table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1)) }
        #expect(Self.draw(table) == ["S0 ─────────", "two", "three", "S1 ─────────", "one", ""])
    }

    @Test("A row measured and then deleted leaves its measured cell unused by the row now at its index path")
    func measuredThenDeleted() throws {
        let source = Lists()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 12, height: 5))
        table.showsVerticalScrollIndicator = false
        table.register(TableViewCell.self, forCellReuseIdentifier: "c")
        table.rowHeight = TableView.automaticDimension
        table.dataSource = source
        _ = Self.draw(table)
        table.setNeedsLayout()
        table.reloadData()
        _ = table.measureRow(at: IndexPath(row: 0, section: 0))
        source.rows[0].removeFirst()
        try table.performBatchUpdates { try table.deleteRows(at: [IndexPath(row: 0, section: 0)]) }
        #expect(Self.draw(table) == ["S0 ─────────", "two", "three", "", ""])
    }
}
