/// What pasted text becomes in Tick's editors. A paste is the user's text, but it may carry what no
/// title should hold: line breaks (a one-line input would otherwise submit at each), tabs, and
/// control characters such as Esc that a terminal would act on.
enum PastedText {
    /// The text for a one-line input: line breaks and tabs become spaces, other control characters
    /// are dropped, and the line breaks at the very start and end (a copied line often ends with one) go.
    static func singleLine(_ text: String) -> String {
        let lines = lines(of: text)
        let first = lines.firstIndex { !$0.isEmpty } ?? lines.endIndex
        let last = lines.lastIndex { !$0.isEmpty } ?? first
        return first < lines.endIndex ? lines[first...last].joined(separator: " ") : ""
    }

    /// The text for a multi-line editor (notes): line breaks kept as `\n` (CR LF and CR too), tabs
    /// become spaces, other control characters are dropped.
    static func multiLine(_ text: String) -> String {
        lines(of: text).joined(separator: "\n")
    }

    /// The lines of pasted text, each without control characters (tabs as spaces). CR LF, CR, LF,
    /// vertical tab, form feed, NEL and the Unicode line and paragraph separators all break lines.
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            let crlf = afterCarriageReturn && scalar == "\n"
            afterCarriageReturn = scalar == "\r"
            switch scalar.value {
            case _ where crlf: continue
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029:
                lines.append(String(line))
                line = String.UnicodeScalarView()
            case 0x09: line.append(" ")
            case 0..<0x20, 0x7F...0x9F: continue
            default: line.append(scalar)
            }
        }
        lines.append(String(line))
        return lines
    }

    /// The lines that hold something besides spaces.
    static func nonBlankLines(of text: String) -> [String] {
        lines(of: text).filter { line in !line.allSatisfy(\.isWhitespace) }
    }
}
