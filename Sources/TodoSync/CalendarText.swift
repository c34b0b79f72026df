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
    var name: String {
        let end = unfolded.firstIndex { $0 == ";" || $0 == ":" } ?? unfolded.endIndex
        return unfolded[..<end].uppercased()
    }

    /// The value after `BEGIN:` or `END:`, upper-cased, for those lines.
    var componentName: String {
        guard let colon = unfolded.firstIndex(of: ":") else { return "" }
        return unfolded[unfolded.index(after: colon)...].filter { $0 != " " && $0 != "\t" }.uppercased()
    }

    /// Splits `text` into content lines: a physical line starting with a space or a tab continues
    /// the previous one (RFC 5545 §3.1). Lines may end in CRLF or LF; blank lines are skipped.
    static func split(_ text: String) -> [ContentLine] {
        var lines: [ContentLine] = []
        var number = 0
        var index = text.startIndex
        while index < text.endIndex {
            number += 1
            let end = text[index...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? text.endIndex
            let next = end == text.endIndex ? end : text.index(after: end)
            let physical = text[index..<end]
            if let first = physical.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].unfolded += physical.dropFirst()
                lines[lines.count - 1].raw = text[lines[lines.count - 1].raw.startIndex..<next]
            } else if !physical.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                lines.append(ContentLine(lineNumber: number, unfolded: String(physical.filter { $0 != "\r" }), raw: text[index..<next]))
            }
            index = next
        }
        return lines
    }
}
