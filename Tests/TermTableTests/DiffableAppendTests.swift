import Testing
@testable import TermTable

/// Snapshots that only add at the end (the first one, a page loaded at the end) take a shortcut past
/// the general diff; the table must not be able to tell. And a diffable data source can have footers.
@Suite("Diffable data source: appending and footers")
struct DiffableAppendTests {
    /// A table of `height` lines over a diffable data source; items are drawn from `labels`, else as their number.
    final class Fixture {
        let table: TableView
        let source: TableViewDiffableDataSource<String, Int>
        var labels: [Int: String] = [:]

        init(height: Int) {
            table = TableView(frame: Rect(x: 0, y: 0, width: 12, height: height))
            table.showsVerticalScrollIndicator = false
            table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
            var label: (Int) -> String = { "\($0)" }
            source = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                cell.text = StyledText(label(item))
                return cell
            }
            label = { [unowned self] in labels[$0] ?? "\($0)" }
        }

        func apply(_ items: [Int], reconfiguring: [Int] = []) throws {
            var snapshot = DiffableSnapshot<String, Int>()
            snapshot.appendSections(["s"])
            snapshot.appendItems(items)
            snapshot.reconfigureItems(reconfiguring)
            try source.apply(snapshot)
        }

        func screen() -> [String] {
            var canvas = Canvas(width: 12, height: table.frame.height)
            table.draw(in: &canvas)
            return canvas.lines
        }
    }

    @Test("Items appended at the end are inserted after the rows on screen, which stay where they are")
    func appendKeepsRows() throws {
        let fixture = Fixture(height: 4)
        try fixture.apply([10, 11, 12])
        #expect(fixture.screen() == ["10", "11", "12", ""])
        let cell = fixture.table.cellForRow(at: IndexPath(row: 0, section: 0))
        try fixture.apply([10, 11, 12, 13, 14])
        #expect(fixture.table.numberOfRows(inSection: 0) == 5)
        #expect(fixture.screen() == ["10", "11", "12", "13"])
        #expect(fixture.table.cellForRow(at: IndexPath(row: 0, section: 0)) === cell, "a row on screen keeps its cell")
    }

    @Test("An append that also reconfigures an item shows that item's new content")
    func appendWithReconfigure() throws {
        let fixture = Fixture(height: 4)
        try fixture.apply([1, 2])
        _ = fixture.screen()
        fixture.labels[2] = "two"
        try fixture.apply([1, 2, 3], reconfiguring: [2])
        #expect(fixture.screen() == ["1", "two", "3", ""])
    }

    @Test("A snapshot that inserts in the middle still takes the general diff")
    func insertInMiddle() throws {
        let fixture = Fixture(height: 4)
        try fixture.apply([1, 3])
        _ = fixture.screen()
        try fixture.apply([1, 2, 3])
        #expect(fixture.screen() == ["1", "2", "3", ""])
    }

    @Test("The footer title provider gives a section its footer, read again on every layout")
    func footerTitles() throws {
        let fixture = Fixture(height: 4)
        var footer = "Loading…"
        fixture.source.sectionFooterTitleProvider = { _ in footer }
        try fixture.apply([1])
        #expect(fixture.screen() == ["1", "Loading…", "", ""])
        footer = "2 more"
        fixture.table.setNeedsLayout()
        #expect(fixture.screen() == ["1", "2 more", "", ""])
    }
}
