import TermTable
import Terminal

/// Turns a sequence of canvases into the bytes an xterm-like terminal needs to show them, as a
/// recording keeps them: the first frame whole, then only the stretch of each line that changed.
///
/// Only cursor moves, erase, SGR (colors and attributes) and cursor visibility are written, so any
/// terminal emulator replays it. A control character in a cell (which a canvas never holds) is
/// written as U+FFFD, never raw.
struct TerminalFrameEncoder {
    /// What the terminal shows after the bytes written so far; nil before the first frame.
    private var shown: Canvas?
    /// The style the terminal draws with now; nil when unknown (it is reset before use).
    private var currentStyle: Style?
    /// Whether the cursor is visible now; nil when unknown.
    private var cursorVisible: Bool?

    /// The bytes that turn the previous frame into `canvas` with the cursor at `cursor` (hidden when nil).
    mutating func encode(_ canvas: Canvas, cursor: Point?) -> String {
        var output = ""
        if shown?.size != canvas.size {
            output += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
            currentStyle = .plain
            shown = Canvas(width: canvas.width, height: canvas.height)
        }
        guard let before = shown else { return output }
        for y in 0..<canvas.height {
            guard let span = Self.changedSpan(from: before, to: canvas, line: y) else { continue }
            output += "\u{1B}[\(y + 1);\(span.lowerBound + 1)H"
            writeCells(of: canvas, line: y, columns: span, into: &output)
        }
        shown = canvas
        if let cursor, canvas.bounds.contains(cursor) {
            output += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H"
            if cursorVisible != true { output += "\u{1B}[?25h" }
            cursorVisible = true
        } else if cursorVisible != false {
            output += "\u{1B}[?25l"
            cursorVisible = false
        }
        return output
    }

    /// Forgets what the terminal shows, so the next frame is written whole.
    mutating func invalidate() {
        shown = nil
        currentStyle = nil
    }

    /// The columns of `line` that differ between the two canvases, nil when none do. A wide glyph
    /// changes both its cells, so the span never starts on the second half of one.
    static func changedSpan(from before: Canvas, to after: Canvas, line y: Int) -> ClosedRange<Int>? {
        var first: Int?
        var last = 0
        for x in 0..<after.width where before[x, y] != after[x, y] {
            if first == nil { first = x }
            last = x
        }
        guard var start = first else { return nil }
        while start > 0 && after[start, y].isContinuation { start -= 1 }
        return start...last
    }

    private mutating func writeCells(of canvas: Canvas, line y: Int, columns: ClosedRange<Int>, into output: inout String) {
        for x in columns {
            let cell = CellText.drawable(canvas[x, y], x: x, screenWidth: canvas.width)
            if cell.isContinuation { continue }
            if cell.style != currentStyle {
                output += Self.selectGraphicRendition(cell.style)
                currentStyle = cell.style
            }
            for value in CellText.terminalScalars(cell.scalars) {
                output.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            }
        }
    }

    /// The SGR sequence that sets `style` from scratch.
    static func selectGraphicRendition(_ style: Style) -> String {
        var codes = ["0"]
        let attributes: [(TextAttributes, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7")]
        for (attribute, code) in attributes where style.attributes.contains(attribute) { codes.append(code) }
        if let code = colorCode(style.foreground, base: 30, brightBase: 90, extended: 38) { codes.append(code) }
        if let code = colorCode(style.background, base: 40, brightBase: 100, extended: 48) { codes.append(code) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func colorCode(_ color: Color, base: Int, brightBase: Int, extended: Int) -> String? {
        switch color.index {
        case ..<0: return nil
        case 0..<8: return String(base + Int(color.index))
        case 8..<16: return String(brightBase + Int(color.index) - 8)
        default: return "\(extended);5;\(color.index)"
        }
    }
}
