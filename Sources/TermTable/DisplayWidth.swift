/// Terminal column widths of text, as the C library (and so ncurses) counts them.
///
/// The numbers come from `WidthTable`, generated from glibc's `wcwidth` in a UTF-8
/// locale, so measuring never depends on the locale of the calling process.
public enum DisplayWidth {
    /// How a single code point occupies the terminal.
    public enum Kind: Sendable, Equatable {
        /// Takes no column; drawn on top of the previous character (combining marks, joiners).
        case zeroWidth
        /// One column.
        case narrow
        /// Two columns (CJK, most emoji).
        case wide
        /// Must never reach the terminal: controls, bidi overrides, unassigned code points.
        case unprintable
    }

    /// Classifies one code point.
    public static func kind(of scalar: Unicode.Scalar) -> Kind {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return .narrow }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return .unprintable }
        if isBidiControl(value) { return .unprintable }
        if contains(WidthTable.zeroWidth, value) { return .zeroWidth }
        if contains(WidthTable.doubleWidth, value) { return .wide }
        if contains(WidthTable.nonPrinting, value) { return .unprintable }
        return .narrow
    }

    /// Columns one code point takes when drawn (an unprintable one is shown as a 1-column placeholder).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        switch kind(of: scalar) {
        case .zeroWidth: return 0
        case .narrow, .unprintable: return 1
        case .wide: return 2
        }
    }

    /// Columns a string takes when drawn, counting placeholders for unprintable characters: the
    /// width of its `GlyphSequence`. A zero-width mark adds nothing to the glyph it sits on (and one
    /// with nothing before it is dropped), so the code points' widths are added up without gathering
    /// glyphs, which cost ten times as much (the status line measures its counts on every change).
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += of(scalar) }
        return total
    }

    /// Bidirectional formatting characters can reorder what follows them on screen
    /// ("Trojan Source"), so they are shown as placeholders rather than obeyed.
    static func isBidiControl(_ value: UInt32) -> Bool {
        value == 0x061C || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
