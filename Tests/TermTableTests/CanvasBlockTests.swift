import Testing
@testable import TermTable

/// Filling and clearing work on whole blocks of cells (one line filled by doubling copies, the
/// others copied from it); they must leave exactly what setting each cell on its own leaves, wide
/// glyphs cut at the edges included.
@Suite("Canvas: filling and clearing blocks")
struct CanvasBlockTests {
    /// A 9×4 canvas of wide glyphs and letters, each line different, so a misplaced copy shows.
    private static func background() -> Canvas {
        var canvas = Canvas(width: 9, height: 4)
        for (y, text) in ["漢字漢字x", "ab漢字cde", "x漢字漢字", "123456789"].enumerated() {
            canvas.draw(text, at: Point(x: 0, y: y), style: Style(foreground: .indexed(UInt8(y + 1))))
        }
        return canvas
    }

    /// Fills cell by cell, blanking the other half of a wide glyph the rectangle cuts.
    private static func referenceFill(_ canvas: inout Canvas, _ rect: Rect, style: Style) {
        let clipped = rect.intersection(canvas.bounds)
        guard clipped.width > 0, clipped.height > 0 else { return }
        for y in clipped.minY..<clipped.maxY {
            for x in clipped.minX..<clipped.maxX { canvas.put(.space, x: x, y: y, style: style) }
        }
    }

    static let rectangles = [Rect(x: 0, y: 0, width: 9, height: 4), Rect(x: 1, y: 0, width: 1, height: 4),
                             Rect(x: 3, y: 1, width: 5, height: 2), Rect(x: 0, y: 3, width: 9, height: 1),
                             Rect(x: -2, y: -1, width: 5, height: 3), Rect(x: 7, y: 2, width: 6, height: 6),
                             Rect(x: 4, y: 0, width: 0, height: 3), Rect(x: 2, y: 2, width: 7, height: 1)]

    @Test("Filling a rectangle leaves what filling its cells one by one leaves", arguments: rectangles)
    func fillMatchesCellByCell(rect: Rect) {
        let style = Style(foreground: .cyan, background: .blue)
        var filled = Self.background(), expected = Self.background()
        filled.fill(rect, style: style)
        Self.referenceFill(&expected, rect, style: style)
        #expect(filled == expected)
    }

    @Test("Clearing blanks every cell in the given style, whatever the canvas size", arguments: [(0, 0), (1, 1), (9, 4), (80, 24), (7, 3)])
    func clearBlanksEverything(width: Int, height: Int) {
        var canvas = Canvas(width: width, height: height)
        canvas.draw(String(repeating: "漢a", count: width), at: Point(x: 0, y: 0))
        let style = Style(foreground: .red)
        canvas.clear(style: style)
        #expect(canvas == Canvas(width: width, height: height, style: style))
    }
}
