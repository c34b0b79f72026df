import Testing
@testable import TermTable

/// What the delegate decides about selection: activation, redirect and refusal, rows that cannot be highlighted,
/// and rows that cannot be edited.
@Suite("Selection through the delegate")
struct SelectionDelegateTests {
    static func path(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }

    @Test("Activating the highlighted row tells the delegate didSelectRowAt with that row")
    func activation() {
        var harness = Harness(ArrayDataSource(rows: ["a", "b", "c"]))
        harness.table.moveSelection(by: 1)
        harness.table.moveSelection(by: 1)
        harness.table.performPrimaryActionForSelectedRow()
        #expect(harness.source.selectedRows == [Self.path(1)])
        #expect(harness.screen() == ["a", "b", "c", "", ""])
        #expect(harness.highlightedLines == [1])
    }

    @Test("willSelectRowAt can redirect activation to another row, which then carries the highlight")
    func redirect() {
        var harness = Harness(ArrayDataSource(rows: ["a", "b", "c", "d"]))
        harness.source.willSelect = { $0.row == 1 ? Self.path(3) : $0 }
        harness.table.selectRow(at: Self.path(1), scrollPosition: .none)
        harness.table.performPrimaryActionForSelectedRow()
        #expect(harness.source.selectedRows == [Self.path(3)])
        #expect(harness.table.indexPathForSelectedRow == Self.path(3))
        _ = harness.screen()
        #expect(harness.highlightedLines == [3])
    }

    @Test("willSelectRowAt returning nil refuses the activation and keeps the highlight")
    func refusal() {
        let harness = Harness(ArrayDataSource(rows: ["a", "b"]))
        harness.source.willSelect = { _ in nil }
        harness.table.selectRow(at: Self.path(0), scrollPosition: .none)
        harness.table.performPrimaryActionForSelectedRow()
        #expect(harness.source.selectedRows.isEmpty)
        #expect(harness.table.indexPathForSelectedRow == Self.path(0))
        // With nothing highlighted there is nothing to activate.
        harness.table.selectRow(at: nil, scrollPosition: .none)
        harness.source.willSelect = nil
        harness.table.performPrimaryActionForSelectedRow()
        #expect(harness.source.selectedRows.isEmpty)
    }

    /// Rows "a", "—", "b", "c", "Load more…"; the separator and the load-more row cannot be highlighted.
    static func harnessWithUnselectableRows(wraps: Bool = false) -> Harness {
        let harness = Harness(ArrayDataSource(rows: ["a", "—", "b", "c", "Load more…"]))
        harness.source.unselectable = ["—", "Load more…"]
        harness.table.wrapsSelection = wraps
        return harness
    }

    @Test("Navigation skips rows that cannot be highlighted, such as a separator and a load-more row")
    func navigationSkipsUnhighlightableRows() {
        let harness = Self.harnessWithUnselectableRows()
        let table = harness.table
        #expect(table.moveSelection(by: 1))
        #expect(table.indexPathForSelectedRow == Self.path(0))
        #expect(table.moveSelection(by: 1))
        #expect(table.indexPathForSelectedRow == Self.path(2), "the separator is skipped")
        #expect(table.moveSelection(by: 1))
        #expect(table.indexPathForSelectedRow == Self.path(3))
        #expect(!table.moveSelection(by: 1), "the load-more row is never highlighted")
        #expect(table.indexPathForSelectedRow == Self.path(3))
        #expect(table.moveSelection(by: -1))
        #expect(table.indexPathForSelectedRow == Self.path(2))
        #expect(table.moveSelection(by: -1))
        #expect(table.indexPathForSelectedRow == Self.path(0))
        #expect(table.moveSelectionToLastRow())
        #expect(table.indexPathForSelectedRow == Self.path(3))
        #expect(table.moveSelection(by: -2))
        #expect(table.indexPathForSelectedRow == Self.path(0), "two steps up from c land on a, skipping the separator")
        #expect(table.canSelectRow(at: Self.path(4)) == false)
    }

    @Test("With wrapping, moving past the last highlightable row continues at the first, and the other way round")
    func wrappingPastUnhighlightableRows() {
        let harness = Self.harnessWithUnselectableRows(wraps: true)
        let table = harness.table
        table.selectRow(at: Self.path(3), scrollPosition: .none)
        #expect(table.moveSelection(by: 1))
        #expect(table.indexPathForSelectedRow == Self.path(0))
        #expect(table.moveSelection(by: -1))
        #expect(table.indexPathForSelectedRow == Self.path(3))
    }

    @Test("When the highlighted row is deleted and its successor cannot be highlighted, the next highlightable row is taken")
    func deletionLandsOnHighlightableRow() throws {
        var harness = Self.harnessWithUnselectableRows()
        harness.table.selectRow(at: Self.path(0), scrollPosition: .none)
        _ = harness.screen()
        harness.source.sections[0].remove(at: 0)
        try harness.table.deleteRows(at: [Self.path(0)])
        #expect(harness.table.indexPathForSelectedRow == Self.path(1))
        #expect(harness.screen() == ["—", "b", "c", "Load more…", ""])
        #expect(harness.highlightedLines == [1])
    }

    @Test("Rows that cannot be edited cannot be marked or swiped")
    func canEditRow() {
        let harness = Harness(ArrayDataSource(rows: ["a", "locked", "b"]))
        harness.source.uneditable = ["locked"]
        harness.source.trailingActions = { _ in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }])
        }
        let table = harness.table
        table.setEditing(true)
        table.markRows(at: [Self.path(0), Self.path(1), Self.path(2)])
        #expect(table.indexPathsForSelectedRows == [Self.path(0), Self.path(2)])
        #expect(harness.source.selectedRows == [Self.path(0), Self.path(2)])
        table.setEditing(false)
        #expect(!table.revealSwipeActions(at: Self.path(1), direction: .left))
        #expect(table.revealSwipeActions(at: Self.path(0), direction: .left))
    }
}
