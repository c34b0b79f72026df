import Testing
@testable import TermTable

/// A cell that writes its text and "k/n" on each of its n lines, so cut rows show which lines are on screen.
final class LinedCell: TableViewCell {
    override func draw(in canvas: inout Canvas) {
        for line in 0..<canvas.height { canvas.draw("\(text.plainText) \(line + 1)/\(canvas.height)", at: Point(x: 0, y: line)) }
        drawSelection(in: &canvas)
    }
}

/// Following the highlight with the keyboard: scroll padding, wrapping, tall rows at the edges, reloads.
@Suite("Keyboard navigation and scrolling")
struct KeyboardScrollingTests {
    static func path(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    @Test("Scroll padding keeps rows of context above and below the highlight, except at the ends", arguments: [0, 1, 2, 3])
    func scrollPadding(padding: Int) {
        var harness = Harness(ArrayDataSource(count: 30), height: 8)
        harness.table.scrollPadding = padding
        harness.table.moveSelectionToFirstRow()
        var row = 0
        for delta in Array(repeating: 1, count: 29) + Array(repeating: -1, count: 29) + [5, 5, -3, 7, -10, 20] {
            harness.table.moveSelection(by: delta)
            row = min(max(0, row + delta), 29)
            _ = harness.screen()
            let line = harness.highlightedLines
            #expect(line.count == 1, "row \(row)")
            guard let y = line.first else { continue }
            #expect(harness.canvas.line(y) == "Row \(row)")
            #expect(y >= min(padding, row), "row \(row) at line \(y): \(padding) rows of context above")
            #expect(7 - y >= min(padding, 29 - row), "row \(row) at line \(y): \(padding) rows of context below")
        }
    }

    @Test("Moving down with padding scrolls only when the context below would be lost")
    func paddingScrollsLate() {
        var harness = Harness(ArrayDataSource(count: 30), height: 8)
        harness.table.scrollPadding = 2
        harness.table.moveSelectionToFirstRow()
        for _ in 0..<5 { harness.table.moveSelection(by: 1) }
        #expect(harness.screen() == (0...7).map { "Row \($0)" })
        harness.table.moveSelection(by: 1)
        #expect(harness.screen() == (1...8).map { "Row \($0)" })
        #expect(harness.highlightedLines == [5])
    }

    @Test("With wrapping, the highlight goes from the last row to the first and back, and the view follows")
    func wrapping() {
        var harness = Harness(ArrayDataSource(count: 30), height: 5)
        harness.table.wrapsSelection = true
        harness.table.moveSelectionToLastRow()
        #expect(harness.table.moveSelection(by: 1))
        #expect(harness.screen() == (0...4).map { "Row \($0)" })
        #expect(harness.highlightedLines == [0])
        #expect(harness.table.moveSelection(by: -1))
        #expect(harness.screen() == (25...29).map { "Row \($0)" })
        #expect(harness.highlightedLines == [4])
        harness.table.wrapsSelection = false
        #expect(!harness.table.moveSelection(by: 1))
        #expect(harness.table.indexPathForSelectedRow == Self.path(29))
    }

    @Test("A key at the end brings a highlight that was scrolled out of view back into view")
    func keyAtTheEndRevealsTheHighlight() {
        var harness = Harness(ArrayDataSource(count: 30), height: 5)
        harness.table.moveSelectionToLastRow()
        harness.table.scroll(byLines: -20)
        #expect(harness.screen().first == "Row 5")
        #expect(!harness.table.moveSelection(by: 1))
        #expect(harness.screen() == (25...29).map { "Row \($0)" })
        #expect(harness.highlightedLines == [4])
    }

    @Test("reloadData keeps the highlighted row and the scroll position where they still exist")
    func reloadDataKeepsPlace() {
        var harness = Harness(ArrayDataSource(count: 30), height: 5)
        harness.table.scroll(byLines: 10)
        harness.table.selectRow(at: Self.path(12), scrollPosition: .none)
        _ = harness.screen()
        harness.source.sections[0] = (0..<40).map { "Item \($0)" }
        harness.table.reloadData()
        #expect(harness.screen() == (10...14).map { "Item \($0)" })
        #expect(harness.highlightedLines == [2])
        // The data shrinks below the highlight and the top row: the nearest row is highlighted and, as UIKit
        // clamps its content offset, the view shows the end rather than jumping to the top.
        harness.source.sections[0] = (0..<8).map { "Item \($0)" }
        harness.table.reloadData()
        #expect(harness.table.indexPathForSelectedRow == Self.path(7))
        #expect(harness.screen() == (3...7).map { "Item \($0)" })
        #expect(harness.highlightedLines == [4])
    }

    /// Rows 0…19 of three lines each, drawn with `LinedCell`, in 20×7.
    static func tallRows(heights: [Int: Int] = [:]) -> Harness {
        let harness = Harness(ArrayDataSource(rows: (0..<20).map { "r\($0)" }), height: 7, cellClass: LinedCell.self)
        harness.table.rowHeight = 3
        for (row, height) in heights { harness.source.heights[Self.path(row)] = height }
        return harness
    }

    @Test("Tall rows are cut at the top and bottom edges when scrolling by lines")
    func tallRowsAtTheEdges() {
        var harness = Self.tallRows()
        #expect(harness.screen() == ["r0 1/3", "r0 2/3", "r0 3/3", "r1 1/3", "r1 2/3", "r1 3/3", "r2 1/3"])
        #expect(harness.table.scroll(byLines: 1) == 1)
        #expect(harness.screen() == ["r0 2/3", "r0 3/3", "r1 1/3", "r1 2/3", "r1 3/3", "r2 1/3", "r2 2/3"])
        #expect(harness.table.scroll(byLines: 4) == 4)
        #expect(harness.screen() == ["r1 3/3", "r2 1/3", "r2 2/3", "r2 3/3", "r3 1/3", "r3 2/3", "r3 3/3"])
        #expect(harness.table.scroll(byLines: 100) == 53 - 5, "60 lines of content, 7 on screen")
        #expect(harness.screen() == ["r17 3/3", "r18 1/3", "r18 2/3", "r18 3/3", "r19 1/3", "r19 2/3", "r19 3/3"])
        #expect(harness.table.scroll(byLines: -2) == -2)
        #expect(harness.screen() == ["r17 1/3", "r17 2/3", "r17 3/3", "r18 1/3", "r18 2/3", "r18 3/3", "r19 1/3"])
    }

    @Test("After every keyboard move the highlighted row is fully visible when it fits")
    func highlightFullyVisible() {
        // Heights 1–4 and one row taller than the screen.
        var heights: [Int: Int] = [:]
        for row in 0..<20 { heights[row] = 1 + row * 7 % 4 }
        heights[11] = 9
        var harness = Self.tallRows(heights: heights)
        harness.table.moveSelectionToFirstRow()
        var row = 0
        for (step, move) in ([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
                             + [6, -4, 9, -12, 3] + [100, -100]).enumerated() {
            harness.table.moveSelection(by: move)
            row = min(max(0, row + move), 19)
            _ = harness.screen()
            let height = heights[row]!
            let lines = harness.highlightedLines
            if height <= 7 {
                #expect(lines.count == height, "step \(step): row \(row) of \(height) lines shows \(lines)")
                if let first = lines.first { #expect(harness.canvas.line(first) == "r\(row) 1/\(height)") }
            } else {
                #expect(lines == Array(0..<7), "step \(step): a row taller than the screen fills it")
                #expect(harness.canvas.line(0) == "r\(row) 1/\(height)", "step \(step): its top is shown")
            }
        }
        for lines in [6, -6, 6, 6, -3, 6, 6, 6, -6, -6, -6, -6] {
            harness.table.moveSelection(byLines: lines)
            _ = harness.screen()
            let selected = harness.table.indexPathForSelectedRow!.row
            let height = heights[selected]!
            #expect(harness.highlightedLines.count == min(height, 7), "page of \(lines): row \(selected)")
        }
    }
}

@Suite("Scroll tracking between draws")
struct ScrollTrackingTests {
    @Test("A draw after scrolling by lines reports the slide; a jump or a still frame reports none")
    func slides() {
        let source = ArrayDataSource(count: 100)
        source.headerTitles = ["Header"]
        var harness = Harness(source, width: 20, height: 6)
        _ = harness.screen()
        harness.table.scroll(byLines: 2)
        _ = harness.screen()
        #expect(harness.table.scrollSinceLastDraw == TableScroll(lines: 1..<6, distance: 2))  // under the pinned header
        _ = harness.screen()
        #expect(harness.table.scrollSinceLastDraw == nil)
        harness.table.scroll(byLines: -1)
        _ = harness.screen()
        #expect(harness.table.scrollSinceLastDraw?.distance == -1)
        harness.table.moveSelectionToLastRow()
        _ = harness.screen()
        #expect(harness.table.scrollSinceLastDraw == nil)  // nothing in common: a jump
    }

    @Test("Rows that slide after a delete, an insert or a move on screen are reported, so a terminal can scroll just those lines",
          arguments: [
              ("delete row 2", TableScroll(lines: 3..<8, distance: 1)),
              ("insert at row 2", TableScroll(lines: 3..<8, distance: -1)),
              ("move row 1 to row 4", TableScroll(lines: 2..<6, distance: 1)),
              ("move row 4 to row 1", TableScroll(lines: 2..<6, distance: -1)),
              ("delete rows 1 and 2", TableScroll(lines: 2..<8, distance: 2)),
          ])
    func slidesAfterUpdates(change: String, expected: TableScroll) throws {
        let source = ArrayDataSource(count: 30)
        source.headerTitles = ["Header"]
        var harness = Harness(source, width: 20, height: 8)
        _ = harness.screen()
        switch change {
        case "delete row 2":
            source.sections[0].remove(at: 2)
            try harness.table.deleteRows(at: [IndexPath(row: 2, section: 0)])
        case "insert at row 2":
            source.sections[0].insert("New", at: 2)
            try harness.table.insertRows(at: [IndexPath(row: 2, section: 0)])
        case "move row 1 to row 4":
            source.sections[0].insert(source.sections[0].remove(at: 1), at: 4)
            try harness.table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 4, section: 0))
        case "move row 4 to row 1":
            source.sections[0].insert(source.sections[0].remove(at: 4), at: 1)
            try harness.table.moveRow(at: IndexPath(row: 4, section: 0), to: IndexPath(row: 1, section: 0))
        default:
            source.sections[0].removeSubrange(1...2)
            try harness.table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
        }
        let before = harness.canvas
        let after = harness.screen()
        #expect(harness.table.scrollSinceLastDraw == expected)
        // Sliding the old frame's lines by the hint leaves them equal to the new frame wherever the rows slid.
        let slid = try #require(harness.table.scrollSinceLastDraw)
        for line in slid.lines where !(slid.distance > 0 ? line >= slid.lines.upperBound - slid.distance : line < slid.lines.lowerBound - slid.distance) {
            let source = line + slid.distance
            let text = before.line(source)
            if after[line] == text { continue }
            // Only the lines of the rows that did not simply slide (the moved or new row) may differ.
            #expect(["New", "Row 1", "Row 4"].contains { after[line].contains($0) || text.contains($0) }, "line \(line) of \(change)")
        }
    }
}

