import Testing
import TermTable
@testable import Terminal

@Suite("Scroll hints")
struct CanvasDiffScrollTests {
    func canvas(_ lines: [String], width: Int = 6) -> Canvas {
        var canvas = Canvas(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { canvas.draw(line, at: Point(x: 0, y: y)) }
        return canvas
    }

    @Test("Shifting a region up leaves the lines outside it alone and blanks the lines scrolled in")
    func shiftUp() {
        let shifted = CanvasDiff.shifted(canvas(["head", "a", "b", "c", "d", "foot"]), by: ScrollHint(lines: 1..<5, distance: 1))
        #expect(shifted.lines == ["head", "b", "c", "d", "", "foot"])
    }

    @Test("Shifting a region down moves lines the other way")
    func shiftDown() {
        let shifted = CanvasDiff.shifted(canvas(["a", "b", "c", "d"]), by: ScrollHint(lines: 0..<4, distance: -2))
        #expect(shifted.lines == ["", "", "a", "b"])
    }

    @Test("After the shift, a one-line scroll of a list leaves only the new line and the two highlight lines to draw")
    func fewRunsAfterShift() {
        let before = canvas(["r0", "r1", "r2*", "r3"])
        let after = canvas(["r1", "r2", "r3*", "r4"])
        let runs = CanvasDiff.changedRuns(from: CanvasDiff.shifted(before, by: ScrollHint(lines: 0..<4, distance: 1)), to: after,
                                          visible: Size(width: 6, height: 4))
        #expect(Set(runs.map(\.y)) == [1, 2, 3])
        #expect(CanvasDiff.changedRuns(from: before, to: after, visible: Size(width: 6, height: 4)).count == 4)
    }

    @Test("Diffing against the old frame as scrolled finds exactly the runs found against a shifted copy",
          arguments: [ScrollHint(lines: 0..<8, distance: 1), ScrollHint(lines: 0..<8, distance: -1),
                      ScrollHint(lines: 1..<7, distance: 3), ScrollHint(lines: 2..<8, distance: -2),
                      ScrollHint(lines: 1..<4, distance: 2)])
    func scrolledDiffMatchesShiftedCopy(hint: ScrollHint) {
        let before = canvas(["head", "一二三 a", "b 🇯🇵", "c", "d", "e", "f", "foot"], width: 10)
        var after = canvas(["head", "b 🇯🇵", "c", "d x", "e", "f", "g 漢字", "foot"], width: 10)
        after.fill(Rect(x: 0, y: 3, width: 10, height: 1), style: Style(attributes: .reverse))
        after.draw("d x", at: Point(x: 0, y: 3), style: Style(attributes: .reverse))
        let visible = Size(width: 10, height: 8)
        let expected = CanvasDiff.changedRuns(from: CanvasDiff.shifted(before, by: hint), to: after, visible: visible)
        #expect(CanvasDiff.changedRuns(from: before, scrolledBy: hint, to: after, visible: visible) == expected)
    }
}
