import TermTable

/// The wide characters one canvas cell writes to the terminal.
public enum CellText {
    /// Most wide characters in one ncurses cell: a spacing character and four combining marks.
    public static let maximumScalars = 5

    /// The scalars to hand `setcchar` for a cell's text: a control character (which a canvas never
    /// holds, but which would reach the terminal raw) becomes U+FFFD, marks beyond four are dropped,
    /// and empty text becomes a space.
    public static func terminalScalars(_ text: String) -> [UInt32] {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(2)
        for scalar in text.unicodeScalars {
            guard scalars.count < maximumScalars else { break }
            scalars.append(isControl(scalar.value) ? 0xFFFD : scalar.value)
        }
        return scalars.isEmpty ? [0x20] : scalars
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
