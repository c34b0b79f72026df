import FoundationEssentials

/// iCalendar's text rules (RFC 5545 §3.1 and §3.3.11) that Tick applies itself: content lines,
/// folding, and TEXT escaping. libical does the same for the properties it serializes; these are
/// for the lines Tick keeps or writes byte for byte.
public enum CalendarText {
    /// The line break iCalendar requires.
    public static let lineBreak = "\r\n"

    /// `line` (without its break) folded so that no physical line is longer than 75 octets, each
    /// continuation starting with a space, never splitting a UTF-8 sequence; with a CRLF after it.
    public static func folded(_ line: String) -> String {
        var result = ""
        var current = 0
        var limit = 75
        for character in line {
            let size = String(character).utf8.count
            if current + size > limit {
                result += lineBreak + " "
                current = 0
                limit = 74  // the leading space counts
            }
            result.append(character)
            current += size
        }
        return result + lineBreak
    }

    /// TEXT escaped for a property value: backslash, semicolon, comma and line breaks.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\r": continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// TEXT unescaped: `\n` and `\N` a line break, `\,` `\;` `\\` the character.
    public static func unescaped(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// User text inside a message: on one line, control characters as visible placeholders, at
    /// most 40 characters, in quotes.
    static func quoted(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(40) {
            if scalar.value < 0x20 { shown.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!) }
            else if scalar.value == 0x7F { shown += "␡" }
            else { shown.unicodeScalars.append(scalar) }
        }
        return "“" + shown + (text.unicodeScalars.count > 40 ? "…" : "") + "”"
    }
}

/// One content line of an iCalendar text, unfolded, with the exact text it had (its physical lines
/// and their breaks), so a line Tick does not change can be written back byte for byte.
struct ContentLine {
    /// The 1-based number of its first physical line.
    var lineNumber: Int
    /// The line unfolded, without its break.
    var unfolded: String
    /// The exact bytes it occupied, breaks and folds included.
    var raw: Substring
    /// The property name (upper-cased): what comes before the first `;` or `:`.
    private(set) var name: String

    /// A line of `unfolded` text that occupied `raw`, starting on line `lineNumber`.
    init(lineNumber: Int, unfolded: String, raw: Substring) {
        self.lineNumber = lineNumber
        self.unfolded = unfolded
        self.raw = raw
        name = Self.name(of: unfolded)
    }

    /// What comes before the first `;` or `:` of `line`, upper-cased (ASCII names without a copy of the line).
    private static func name(of line: String) -> String {
        let utf8 = line.utf8
        let end = utf8.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? utf8.endIndex
        let bytes = utf8[..<end]
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: bytes.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 }, as: UTF8.self)
        }
        return line[..<end].uppercased()
    }

    /// The value after `BEGIN:` or `END:`, upper-cased, for those lines.
    var componentName: String {
        guard let colon = unfolded.firstIndex(of: ":") else { return "" }
        return unfolded[unfolded.index(after: colon)...].filter { $0 != " " && $0 != "\t" }.uppercased()
    }

    /// Splits `text` into content lines: a physical line starting with a space or a tab continues
    /// the previous one (RFC 5545 §3.1). Lines may end in CRLF or LF; blank lines are skipped.
    ///
    /// Byte by byte (a line break, a space and a tab are single bytes that never occur inside a UTF-8
    /// sequence): walking the text by `Character` cost most of the time a sync spent reading an item.
    static func split(_ text: String) -> [ContentLine] {
        let utf8 = text.utf8
        var lines: [ContentLine] = []
        var number = 0
        var index = utf8.startIndex
        let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        // The unfolded bytes of the line being built, with where it started.
        var pending: (bytes: [UInt8], number: Int, start: String.Index, end: String.Index)?
        func finish() {
            guard let line = pending else { return }
            lines.append(ContentLine(lineNumber: line.number, unfolded: String(decoding: line.bytes, as: UTF8.self), raw: text[line.start..<line.end]))
            pending = nil
        }
        while index < utf8.endIndex {
            number += 1
            let lineEnd = utf8[index...].firstIndex(of: lineFeed)
            let next = lineEnd.map { utf8.index(after: $0) } ?? utf8.endIndex
            // The physical line without its break: a CR right before the LF belongs to the break.
            var contentEnd = lineEnd ?? utf8.endIndex
            if let lineEnd, lineEnd > index, utf8[utf8.index(before: lineEnd)] == carriageReturn { contentEnd = utf8.index(before: lineEnd) }
            let physical = utf8[index..<contentEnd]
            if let first = physical.first, first == space || first == tab, pending != nil {
                pending!.bytes += physical.dropFirst()
                pending!.end = next
            } else if !physical.allSatisfy({ $0 == space || $0 == tab || $0 == carriageReturn }) {
                finish()
                pending = (physical.filter { $0 != carriageReturn }, number, index, next)
            }
            index = next
        }
        finish()
        return lines
    }
}
