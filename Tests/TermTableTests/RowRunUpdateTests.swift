import Testing
@testable import TermTable

/// A parent row, `children` rows under it (gone while collapsed), then one row after: its rows are
/// computed, never stored, so a section may hold more rows than memory could list.
final class CollapsibleRows: TableViewDataSource, TableViewDelegate {
    let children: Int
    var isCollapsed = false
    var cellRequests = 0

    init(children: Int) { self.children = children }

    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { isCollapsed ? 2 : children + 2 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.text = StyledText(title(of: indexPath.row))
        return cell
    }
    func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
        indexPath.row == 0 || title(of: indexPath.row) == "after" ? 0 : 1
    }

    func title(of row: Int) -> String {
        if row == 0 { return "parent" }
        if isCollapsed || row > children { return "after" }
        return "child \(row - 1)"
    }
}

@Suite("Runs of rows inserted and deleted")
struct RowRunUpdateTests {
    /// 2⁴⁰ rows: listing them (16 bytes an index path) would take 16 TiB.
    static let huge = 1 << 40

    @Test("A run of 2⁴⁰ rows is deleted and inserted back in one call each, configuring only the rows on screen")
    func hugeRunIsOneStep() throws {
        let source = CollapsibleRows(children: Self.huge)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 4))
        table.showsVerticalScrollIndicator = false
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        var canvas = Canvas(width: 20, height: 4)
        func screen() -> [String] {
            canvas.clear()
            table.draw(in: &canvas)
            return canvas.lines
        }
        _ = table.moveSelectionToFirstRow()
        #expect(screen() == ["parent", "  child 0", "  child 1", "  child 2"])
        let requests = source.cellRequests

        source.isCollapsed = true
        try table.performBatchUpdates { try table.deleteRows(in: 1..<(Self.huge + 1), section: 0) }
        #expect(screen() == ["parent", "after", "", ""])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))

        source.isCollapsed = false
        try table.performBatchUpdates { try table.insertRows(in: 1..<(Self.huge + 1), section: 0) }
        #expect(screen() == ["parent", "  child 0", "  child 1", "  child 2"])
        #expect(table.totalNumberOfRows == Self.huge + 2)
        #expect(source.cellRequests - requests <= 2 * 4 + 2, "only rows on screen are configured")
        #expect(table.reuseStatistics.cellsCreated <= 4 + 2)
    }

    @Test("A selected row deleted with its run gives way to the row after the run, else the one before it")
    func selectionLeavesTheRun() throws {
        let source = CollapsibleRows(children: Self.huge)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 4))
        table.showsVerticalScrollIndicator = false
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        var canvas = Canvas(width: 20, height: 4)
        table.draw(in: &canvas)
        table.selectRow(at: IndexPath(row: 2, section: 0), scrollPosition: .none)
        source.isCollapsed = true
        try table.performBatchUpdates { try table.deleteRows(in: 1..<(Self.huge + 1), section: 0) }
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0), "the row after the run, “after”")
    }

    @Test("Runs and single rows mix in one batch, each row counted once, and overlapping runs are refused with UIKit's message")
    func runsMixWithRows() throws {
        let source = ArrayDataSource(rows: (0..<10).map { "r\($0)" })
        var harness = Harness(source, width: 10, height: 12)
        _ = harness.screen()
        source.sections[0] = ["n0", "r0", "r4", "n1", "n2", "r9"]
        try harness.table.performBatchUpdates {
            try harness.table.deleteRows(in: 1..<4, section: 0)
            try harness.table.deleteRows(at: [IndexPath(row: 5, section: 0)])
            try harness.table.deleteRows(in: 6..<9, section: 0)
            try harness.table.insertRows(at: [IndexPath(row: 0, section: 0)])
            try harness.table.insertRows(in: 3..<5, section: 0)
        }
        #expect(harness.screen().prefix(6) == ["n0", "r0", "r4", "n1", "n2", "r9"])
        #expect(throws: TableUpdateError.invalidOperation("attempt to delete row 2 from section 0 twice")) {
            try harness.table.performBatchUpdates {
                try harness.table.deleteRows(in: 0..<3, section: 0)
                try harness.table.deleteRows(at: [IndexPath(row: 2, section: 0)])
            }
        }
    }
}
