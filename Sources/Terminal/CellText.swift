import Glibc
import TermTable

/// The wide characters one canvas cell writes to the terminal.
public enum CellText {
    /// Most wide characters in one ncurses cell: a spacing character and four combining marks.
    public static let maximumScalars = 5

    /// The scalars to hand `setcchar` for a cell's text: a control character (which a canvas never
    /// holds, but which would reach the terminal raw) becomes U+FFFD, marks beyond four are dropped,
    /// and empty text becomes a space.
    public static func terminalScalars(_ text: String) -> [UInt32] {
        terminalScalars(GlyphScalars(text))
    }

    /// The same for a cell's stored scalars.
    public static func terminalScalars(_ glyph: GlyphScalars) -> [UInt32] {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(2)
        glyph.forEach { scalars.append(isControl($0) ? 0xFFFD : $0) }
        return scalars.isEmpty ? [0x20] : scalars
    }

    /// Appends a cell's scalars to a run of wide characters (a control character becomes U+FFFD; an
    /// empty cell a space).
    public static func append(_ glyph: GlyphScalars, to text: inout [wchar_t]) {
        let start = text.count
        glyph.forEach { text.append(wchar_t(bitPattern: isControl($0) ? 0xFFFD : $0)) }
        if text.count == start { text.append(0x20) }
    }

    /// Writes a cell's scalars into a zero-padded `wchar_t` buffer (an ncurses cell's characters), without allocating.
    public static func fill(_ buffer: UnsafeMutableBufferPointer<wchar_t>, with glyph: GlyphScalars) {
        var index = 0
        glyph.forEach { value in
            buffer[index] = wchar_t(bitPattern: isControl(value) ? 0xFFFD : value)
            index += 1
        }
        if index == 0 {
            buffer[0] = 0x20
            index = 1
        }
        while index < buffer.count {
            buffer[index] = 0
            index += 1
        }
    }

    /// Whether the terminal would act on this scalar instead of showing it (C0, DEL, C1).
    public static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// What to draw at column `x` of a screen `screenWidth` wide: a wide glyph that would hang off
    /// the right edge becomes a blank (ncurses would otherwise wrap it to the next line).
    public static func drawable(_ cell: CanvasCell, x: Int, screenWidth: Int) -> CanvasCell {
        if cell.width == 2 && x + 1 >= screenWidth { return .blank(cell.style) }
        return cell
    }
}
