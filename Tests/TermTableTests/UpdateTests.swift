import Testing
@testable import TermTable

@Suite("Batch updates")
struct UpdateTests {
    @Test("A wrong update throws UIKit's message stating both counts")
    func wrongRowCountThrows() throws {
        var harness = Harness(ArrayDataSource(count: 5))
        _ = harness.screen()
        // The data source still has 5 rows, but the table is told one was deleted.
        #expect(throws: TableUpdateError.invalidNumberOfRows(section: 0, after: 5, before: 5, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)) {
            try harness.table.deleteRows(at: [IndexPath(row: 0, section: 0)])
        }
        do {
            try harness.table.deleteRows(at: [IndexPath(row: 0, section: 0)])
        } catch {
            #expect("\(error)" == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (5), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        }
        // The screen is never left corrupt: the table reloads from its data source.
        #expect(harness.screen() == ["Row 0", "Row 1", "Row 2", "Row 3", "Row 4"])
    }

    @Test("Deleting, inserting and reloading rows keeps the screen equal to the data")
    func mixedBatch() throws {
        var harness = Harness(ArrayDataSource(rows: ["a", "b", "c", "d", "e"]), height: 6)
        _ = harness.screen()
        harness.source.sections[0] = ["a", "x", "c", "E", "y"]
        try harness.table.performBatchUpdates {
            try harness.table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
            try harness.table.insertRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 4, section: 0)])
            try harness.table.reloadRows(at: [IndexPath(row: 4, section: 0)])
        }
        #expect(harness.screen() == ["a", "x", "c", "E", "y", ""])
    }

    @Test("The highlight follows its row through inserts above it")
    func selectionFollowsRow() throws {
        var harness = Harness(ArrayDataSource(rows: ["a", "b", "c"]))
        harness.table.selectRow(at: IndexPath(row: 1, section: 0), scrollPosition: .none)
        _ = harness.screen()
        harness.source.sections[0].insert("new", at: 0)
        try harness.table.insertRows(at: [IndexPath(row: 0, section: 0)])
        #expect(harness.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test("Deleting the highlighted row highlights the next one, or the previous at the end")
    func selectionAfterDelete() throws {
        var harness = Harness(ArrayDataSource(rows: ["a", "b", "c"]))
        harness.table.selectRow(at: IndexPath(row: 1, section: 0), scrollPosition: .none)
        _ = harness.screen()
        harness.source.sections[0].remove(at: 1)
        try harness.table.deleteRows(at: [IndexPath(row: 1, section: 0)])
        #expect(harness.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(harness.table.cellForRow(at: IndexPath(row: 1, section: 0))?.text.plainText == "c")
        harness.source.sections[0].remove(at: 1)
        try harness.table.deleteRows(at: [IndexPath(row: 1, section: 0)])
        #expect(harness.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    }

    @Test("reconfigureRows keeps the same cell without prepareForReuse; reloadRows dequeues afresh")
    func reconfigureVersusReload() throws {
        var harness = Harness(ArrayDataSource(rows: ["a", "b"]), cellClass: CountingCell.self)
        _ = harness.screen()
        let before = harness.table.cellForRow(at: IndexPath(row: 0, section: 0)) as! CountingCell
        harness.source.sections[0][0] = "A"
        try harness.table.reconfigureRows(at: [IndexPath(row: 0, section: 0)])
        let after = harness.table.cellForRow(at: IndexPath(row: 0, section: 0)) as! CountingCell
        #expect(before === after)
        #expect(after.reuseCount == 0)
        #expect(harness.screen()[0] == "A")
        harness.source.sections[0][0] = "AA"
        try harness.table.reloadRows(at: [IndexPath(row: 0, section: 0)])
        #expect(harness.screen()[0] == "AA")
        let reloaded = harness.table.cellForRow(at: IndexPath(row: 0, section: 0)) as! CountingCell
        #expect(reloaded.reuseCount == 1)
    }

    @Test("A row moved and reconfigured in one batch keeps its cell and shows its new contents at its new place")
    func moveAndReconfigure() throws {
        var harness = Harness(ArrayDataSource(rows: ["a", "b", "c", "d"]), cellClass: CountingCell.self)
        _ = harness.screen()
        let moving = harness.table.cellForRow(at: IndexPath(row: 0, section: 0)) as! CountingCell
        let layoutPasses = harness.table.reuseStatistics.layoutPasses
        harness.source.sections[0] = ["b", "c", "A", "d"]
        try harness.table.performBatchUpdates {
            try harness.table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
            // Index paths of reconfigures name rows before the update, as UIKit's reloads do.
            try harness.table.reconfigureRows(at: [IndexPath(row: 0, section: 0)])
        }
        #expect(harness.screen().prefix(4) == ["b", "c", "A", "d"])
        let moved = harness.table.cellForRow(at: IndexPath(row: 2, section: 0)) as! CountingCell
        #expect(moved === moving)
        #expect(moved.reuseCount == 0)
        #expect(harness.table.reuseStatistics.layoutPasses == layoutPasses + 1)
    }
}

@Suite("Updates that change only contents")
struct ContentUpdateTests {
    @Test("A reload or reconfigure of rows that keep their height redraws those cells without laying the table out again",
          arguments: ["reload", "reconfigure"])
    func noLayoutPass(kind: String) throws {
        var harness = Harness(ArrayDataSource(count: 50), height: 6)
        _ = harness.screen()
        let passes = harness.table.reuseStatistics.layoutPasses
        let requests = harness.source.cellRequests
        harness.source.sections[0][2] = "Changed"
        let row = IndexPath(row: 2, section: 0)
        if kind == "reload" { try harness.table.reloadRows(at: [row]) } else { try harness.table.reconfigureRows(at: [row]) }
        #expect(harness.screen()[2] == "Changed")
        #expect(harness.table.reuseStatistics.layoutPasses == passes)
        #expect(harness.source.cellRequests == requests + 1)  // that row only
    }

    @Test("A row whose new contents want another height is laid out again: the rows below move", arguments: ["reload", "reconfigure"])
    func heightChange(kind: String) throws {
        let source = ArrayDataSource(rows: ["a", "b", "c", "d"])
        var harness = Harness(source, height: 6)
        _ = harness.screen()
        source.heightsByText["B"] = 2
        source.sections[0][1] = "B"
        let row = IndexPath(row: 1, section: 0)
        if kind == "reload" { try harness.table.reloadRows(at: [row]) } else { try harness.table.reconfigureRows(at: [row]) }
        #expect(Array(harness.screen().prefix(5)) == ["a", "B", "", "c", "d"])
    }

    @Test("Reloading a swiped row closes its actions; reconfiguring keeps them open")
    func swipedRow() throws {
        let source = ArrayDataSource(rows: ["a", "b", "c"])
        source.trailingActions = { _ in SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }]) }
        var harness = Harness(source, width: 30, height: 5)
        _ = harness.screen()
        #expect(harness.table.revealSwipeActions(at: IndexPath(row: 1, section: 0), direction: .left))
        #expect(harness.table.indexPathForSwipedRow == IndexPath(row: 1, section: 0))
        try harness.table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        #expect(harness.table.indexPathForSwipedRow == IndexPath(row: 1, section: 0))
        try harness.table.reloadRows(at: [IndexPath(row: 1, section: 0)])
        #expect(harness.table.indexPathForSwipedRow == nil)
        #expect(!harness.screen()[1].contains("Delete"))
    }
}

@Suite("Batch update details")
struct BatchUpdateDetailTests {
    @Test("A nested batch joins the outer one and its completion runs once the outer batch is applied")
    func nestedCompletions() throws {
        var harness = Harness(ArrayDataSource(rows: ["a", "b"]))
        _ = harness.screen()
        var events: [String] = []
        harness.source.sections[0] = ["a", "b", "c", "d"]
        try harness.table.performBatchUpdates {
            try harness.table.insertRows(at: [IndexPath(row: 2, section: 0)])
            try harness.table.performBatchUpdates({
                try harness.table.insertRows(at: [IndexPath(row: 3, section: 0)])
            }, completion: { events.append("inner \($0)") })
            events.append("inner block done")
        } completion: { events.append("outer \($0)") }
        #expect(events == ["inner block done", "inner true", "outer true"])
        #expect(harness.screen().prefix(4) == ["a", "b", "c", "d"])
    }

    @Test("Reloading and reconfiguring the same row in one batch is refused")
    func reloadAndReconfigure() throws {
        var harness = Harness(ArrayDataSource(rows: ["a", "b"]))
        _ = harness.screen()
        #expect(throws: TableUpdateError.invalidOperation("attempt to reload and reconfigure the same index path ({length = 2, path = 0 - 1})")) {
            try harness.table.performBatchUpdates {
                try harness.table.reloadRows(at: [IndexPath(row: 1, section: 0)])
                try harness.table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
            }
        }
    }
}
