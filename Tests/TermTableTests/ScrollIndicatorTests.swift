import Testing
@testable import TermTable

/// The scroll indicator in the rightmost column: thumb size from the content height, position from the offset.
@Suite("Scroll indicator")
struct ScrollIndicatorTests {
    /// The screen of 40 one-line rows in 20×10 from `first`, with the thumb on lines `thumb`.
    static func expected(first: Int, thumb: Range<Int>) -> [String] {
        (0..<10).map { line in
            let text = "Row \(first + line)"
            return text + String(repeating: " ", count: 19 - text.count) + (thumb.contains(line) ? "┃" : "│")
        }
    }

    @Test("The thumb is sized from the content and sits at the top, in the middle, and at the bottom",
          arguments: [(scroll: 0, first: 0, thumb: 0..<2), (scroll: 15, first: 15, thumb: 4..<6), (scroll: 1, first: 1, thumb: 1..<3),
                      (scroll: 29, first: 29, thumb: 7..<9), (scroll: 30, first: 30, thumb: 8..<10), (scroll: 99, first: 30, thumb: 8..<10)])
    func thumbPositions(scroll: Int, first: Int, thumb: Range<Int>) {
        var harness = Harness(ArrayDataSource(count: 40), width: 20, height: 10, indicator: true)
        harness.table.scroll(byLines: scroll)
        #expect(harness.screen() == Self.expected(first: first, thumb: thumb))
        // Only the very top and the very bottom put the thumb at the ends, so "there is more" always shows.
        #expect(harness.table.scrollIndicatorThumb.map { $0.top ..< $0.top + $0.height } == thumb)
    }

    @Test("No indicator is drawn when everything fits")
    func noThumbWhenAllFits() {
        var harness = Harness(ArrayDataSource(count: 10), width: 20, height: 10, indicator: true)
        #expect(harness.screen() == (0..<10).map { "Row \($0)" })
        #expect(harness.table.scrollIndicatorThumb == nil)
    }

    @Test("Rows use every column but the indicator's")
    func indicatorColumnIsReserved() {
        var harness = Harness(ArrayDataSource(rows: Array(repeating: "abcdefghijklmnopqrstuvwxyz", count: 20)), width: 10, height: 4, indicator: true)
        #expect(harness.screen() == ["abcdefgh…┃", "abcdefgh…│", "abcdefgh…│", "abcdefgh…│"])
        #expect(harness.table.contentWidth == 9)
    }

    @Test("Rows above the viewport replacing their estimates move the thumb at most one line while the first visible row stays put",
          arguments: [40, 60, 120])
    func thumbStaysWhenRowsAboveAreMeasured(count: Int) {
        let (table, source) = GeneratedRows.table(count: count, height: 20, indicator: true)
        table.estimatedRowHeight = 1
        table.scrollToRow(at: IndexPath(row: count / 2, section: 0), at: .top)
        table.layoutIfNeeded()
        let first = table.visibleItems.first
        let thumb = table.scrollIndicatorThumb!
        let measured = source.measurements
        // Up and back down: the rows above get measured (most are taller than their estimate), the viewport returns.
        #expect(table.scroll(byLines: -12) == -12)
        table.layoutIfNeeded()
        #expect(table.scroll(byLines: 12) == 12)
        table.layoutIfNeeded()
        #expect(source.measurements > measured)
        #expect(table.visibleItems.first == first)
        let after = table.scrollIndicatorThumb!
        #expect(abs(after.top - thumb.top) <= 1 && abs(after.top + after.height - thumb.top - thumb.height) <= 1, "thumb \(thumb) → \(after)")
    }

    @Test("Scrolling up over rows measured for the first time moves the thumb steadily and keeps the rows on screen in place",
          arguments: [40, 90, 300], [1, 2])
    func thumbDoesNotJumpWhenEstimatesAreReplaced(count: Int, estimate: Int) {
        let (table, source) = GeneratedRows.table(count: count, height: 20, indicator: true)
        table.estimatedRowHeight = estimate
        var canvas = Canvas(width: 31, height: 20)
        func screen() -> [String] {
            canvas.clear()
            table.draw(in: &canvas)
            return canvas.lines.map { String($0.prefix(30)) }
        }
        _ = screen()
        table.moveSelectionToLastRow()
        var lines = screen()
        var thumb = table.scrollIndicatorThumb!
        #expect(thumb.top + thumb.height == 20)
        var steps = 0
        while table.scroll(byLines: -1) == -1 {
            let next = screen()
            let nextThumb = table.scrollIndicatorThumb!
            steps += 1
            // The content slides down by exactly one line: what was on screen stays where it was, one line lower.
            #expect(Array(next[1...]) == Array(lines[..<19]), "step \(steps)")
            #expect(nextThumb.top <= thumb.top && thumb.top - nextThumb.top <= 1, "step \(steps): thumb \(thumb) → \(nextThumb)")
            #expect(abs(nextThumb.height - thumb.height) <= 1, "step \(steps): thumb \(thumb) → \(nextThumb)")
            if next[1...] != lines[..<19] || nextThumb.top > thumb.top || thumb.top - nextThumb.top > 1 { break }
            lines = next
            thumb = nextThumb
        }
        #expect(thumb.top == 0 || table.contentOffset == 0)
        #expect(table.contentOffset == 0)
        #expect(source.measurements == count, "every row measured exactly once on the way up")
    }
}
