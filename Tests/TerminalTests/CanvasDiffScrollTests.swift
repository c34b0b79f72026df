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
}
