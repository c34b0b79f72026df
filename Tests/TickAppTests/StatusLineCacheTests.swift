import Testing
import TermTable
@testable import TickApp

/// The status line is drawn once and copied while nothing it shows changes.
@Suite("Status line cache")
struct StatusLineCacheTests {
    private func line(_ message: String?, open: Int = 3, done: Int = 1, theme: Theme = .standard) -> StatusLine {
        StatusLine(message: message.map { .info($0) }, counts: (open, done), theme: theme, readOnly: false)
    }

    /// What `status` draws on its own, for comparison.
    private func fresh(_ status: StatusLine, width: Int) -> Canvas {
        var canvas = Canvas(width: width, height: 2)
        status.draw(in: &canvas, line: 1)
        return canvas
    }

    @Test("Each change of message, counts, theme or width is drawn anew; the same line is copied as drawn",
          arguments: [40, 60])
    func followsEveryChange(width: Int) {
        var cache = StatusLineCache()
        var rich = Theme.standard
        rich.hint = Style(foreground: .cyan)
        let sequence = [line(nil), line(nil), line("Done: “milk”"), line("Done: “milk”", open: 2, done: 2),
                        line("Done: “milk”", open: 2, done: 2, theme: rich), line(nil, open: 2, done: 2), line(nil)]
        for status in sequence {
            var canvas = Canvas(width: width, height: 2)
            canvas.draw("list row", at: Point(x: 0, y: 0))
            cache.draw(status, in: &canvas, row: 1, maxLines: 1)
            #expect(canvas == { var expected = fresh(status, width: width); expected.draw("list row", at: Point(x: 0, y: 0)); return expected }())
        }
        // A narrower screen gets the line laid out for its width, not a clipped copy.
        var narrow = Canvas(width: 30, height: 2)
        cache.draw(line(nil), in: &narrow, row: 1, maxLines: 1)
        #expect(narrow == fresh(line(nil), width: 30))
    }
}
