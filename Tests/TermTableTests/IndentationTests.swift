import Testing
@testable import TermTable

/// A cell that indents itself (as `tt-browse`'s log lines do), whatever the delegate says.
final class SelfIndentingCell: TableViewCell {
    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        indentationLevel = 1
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        indentationLevel = 1
    }
}

@Suite("Indentation and collapsing a subtree")
struct IndentationTests {
    @Test("The delegate's level indents the row's content by level × indentationWidth columns")
    func delegateLevelIndents() {
        let source = ArrayDataSource(rows: ["top", "child", "grandchild"])
        source.levelsByText = ["child": 1, "grandchild": 2]
        var harness = Harness(source, width: 16, height: 3)
        #expect(harness.screen() == ["top", "  child", "    grandchild"])
        harness.table.cellForRow(at: IndexPath(row: 2, section: 0))?.indentationWidth = 3
        #expect(harness.screen() == ["top", "  child", "      grandchild"])
    }

    @Test("A row reconfigured in place takes its new level, 0 included, though its cell is not prepared for reuse")
    func reconfiguredRowLosesItsLevel() throws {
        let source = ArrayDataSource(rows: ["a", "b"])
        source.levelsByText = ["b": 2]
        var harness = Harness(source, width: 10, height: 2)
        #expect(harness.screen() == ["a", "    b"])
        source.levelsByText = [:]  // b is outdented to the top
        try harness.table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        #expect(harness.screen() == ["a", "b"])
    }

    @Test("A delegate answering 0 leaves the level a cell gives itself")
    func cellKeepsItsOwnLevel() {
        let source = ArrayDataSource(rows: ["a", "b"])
        source.levelsByText = ["b": 2]
        var harness = Harness(source, width: 10, height: 2, cellClass: SelfIndentingCell.self)
        #expect(harness.screen() == ["  a", "    b"])
        harness.table.reloadData()  // the cells come back from the pool, prepared for reuse
        #expect(harness.screen() == ["  a", "    b"])
    }

    @Test("Collapsing and expanding a subtree of 10,000 rows is one batch each, configuring only the rows on screen")
    func collapsingIsOneBatch() throws {
        let children = (0..<10_000).map { "child \($0)" }
        let source = ArrayDataSource(rows: ["parent"] + children + ["after"])
        source.levelsByText = Dictionary(uniqueKeysWithValues: children.map { ($0, 1) })
        var harness = Harness(source, width: 16, height: 4)
        harness.table.moveSelectionToFirstRow()
        #expect(harness.screen() == ["parent", "  child 0", "  child 1", "  child 2"])
        let created = harness.table.reuseStatistics.cellsCreated
        let requests = source.cellRequests

        source.sections[0] = ["parent", "after"]
        try harness.table.performBatchUpdates {
            try harness.table.deleteRows(at: (1...10_000).map { IndexPath(row: $0, section: 0) })
        }
        #expect(harness.screen() == ["parent", "after", "", ""])
        #expect(harness.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))

        source.sections[0] = ["parent"] + children + ["after"]
        try harness.table.performBatchUpdates {
            try harness.table.insertRows(at: (1...10_000).map { IndexPath(row: $0, section: 0) })
        }
        #expect(harness.screen() == ["parent", "  child 0", "  child 1", "  child 2"])
        #expect(harness.table.reuseStatistics.cellsCreated <= created + 2)
        #expect(source.cellRequests - requests <= 2 * 4 + 2)
        #expect(harness.table.totalNumberOfRows == 10_002)
    }

    @Test("A collapse that deletes one row too few is refused with UIKit's count, and the table shows the data")
    func inconsistentCollapseIsRefused() throws {
        let source = ArrayDataSource(rows: ["parent", "a", "b", "after"])
        source.levelsByText = ["a": 1, "b": 1]
        var harness = Harness(source, width: 10, height: 4)
        _ = harness.screen()
        source.sections[0] = ["parent", "after"]
        #expect(throws: TableUpdateError.invalidNumberOfRows(section: 0, after: 2, before: 4, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)) {
            try harness.table.performBatchUpdates {
                try harness.table.deleteRows(at: [IndexPath(row: 1, section: 0)])
            }
        }
        #expect(harness.screen() == ["parent", "after", "", ""])
    }
}
