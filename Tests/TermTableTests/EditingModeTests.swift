import Testing
@testable import TermTable

/// Editing mode with multiple selection: marks shown on rows, reported to the delegate, kept through updates.
@Suite("Editing mode and marks")
struct EditingModeTests {
    static func path(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }

    static func harness() -> Harness {
        Harness(ArrayDataSource([["a", "b", "c", "d", "e"], ["x", "y"]]), height: 8)
    }

    @Test("Marks show in editing mode, are reported as the selected rows, and go when editing ends")
    func marking() {
        var harness = Self.harness()
        let table = harness.table
        #expect(table.indexPathsForSelectedRows == nil)
        table.setEditing(true)
        #expect(table.isEditing)
        table.toggleMark(at: Self.path(1))
        table.markRows(at: [Self.path(3), Self.path(0, 1), Self.path(1)])
        #expect(harness.screen() == ["○ a", "● b", "○ c", "● d", "○ e", "● x", "○ y", ""])
        #expect(table.indexPathsForSelectedRows == [Self.path(1), Self.path(3), Self.path(0, 1)])
        #expect(harness.source.selectedRows == [Self.path(1), Self.path(3), Self.path(0, 1)], "marking b twice reports it once")
        table.toggleMark(at: Self.path(3))
        #expect(harness.source.deselectedRows == [Self.path(3)])
        #expect(table.indexPathsForSelectedRows == [Self.path(1), Self.path(0, 1)])
        table.unmarkAllRows()
        #expect(table.indexPathsForSelectedRows == nil)
        table.markRows(at: [Self.path(2)])
        table.setEditing(false)
        #expect(harness.screen() == ["a", "b", "c", "d", "e", "x", "y", ""])
        table.setEditing(true)
        #expect(table.indexPathsForSelectedRows == nil, "leaving editing mode cleared the marks")
    }

    @Test("Outside editing mode the selected rows are the highlighted row, and marking does nothing")
    func outsideEditing() {
        let harness = Self.harness()
        harness.table.toggleMark(at: Self.path(0))
        #expect(harness.table.indexPathsForSelectedRows == nil)
        harness.table.selectRow(at: Self.path(2), scrollPosition: .none)
        #expect(harness.table.indexPathsForSelectedRows == [Self.path(2)])
        harness.table.setEditing(true)
        harness.table.allowsMultipleSelectionDuringEditing = false
        harness.table.toggleMark(at: Self.path(0))
        #expect(harness.table.indexPathsForSelectedRows == [Self.path(2)])
    }

    @Test("Marks follow their rows through inserts, moves and reloads, and are dropped with deleted rows and sections")
    func marksFollowRows() throws {
        var harness = Self.harness()
        let table = harness.table
        let source = harness.source
        table.setEditing(true)
        table.markRows(at: [Self.path(1), Self.path(3), Self.path(1, 1)])  // b, d, y
        _ = harness.screen()

        source.sections[0].insert("new", at: 0)
        try table.insertRows(at: [Self.path(0)])
        #expect(table.indexPathsForSelectedRows == [Self.path(2), Self.path(4), Self.path(1, 1)])

        source.sections[0].remove(at: 2)  // b
        try table.deleteRows(at: [Self.path(2)])
        #expect(table.indexPathsForSelectedRows == [Self.path(3), Self.path(1, 1)])

        let d = source.sections[0].remove(at: 3)
        source.sections[1].insert(d, at: 0)
        try table.moveRow(at: Self.path(3), to: Self.path(0, 1))
        #expect(table.indexPathsForSelectedRows == [Self.path(0, 1), Self.path(2, 1)])

        source.sections[1][0] = "d!"
        try table.reloadRows(at: [Self.path(0, 1)])
        #expect(table.indexPathsForSelectedRows == [Self.path(0, 1), Self.path(2, 1)], "a reloaded row keeps its mark")
        #expect(harness.screen() == ["○ new", "○ a", "○ c", "○ e", "● d!", "○ x", "● y", ""])

        source.sections.remove(at: 1)
        try table.deleteSections([1])
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(harness.screen() == ["○ new", "○ a", "○ c", "○ e", "", "", "", ""])
    }

    @Test("reloadData keeps the marks of rows that still exist")
    func reloadDataKeepsMarks() {
        var harness = Self.harness()
        harness.table.setEditing(true)
        harness.table.markRows(at: [Self.path(4), Self.path(1, 1)])
        _ = harness.screen()
        harness.source.sections = [["a", "b", "c", "d", "e"], ["x"]]
        harness.table.reloadData()
        #expect(harness.table.indexPathsForSelectedRows == [Self.path(4)])
        #expect(harness.screen() == ["○ a", "○ b", "○ c", "○ d", "● e", "○ x", "", ""])
    }
}
