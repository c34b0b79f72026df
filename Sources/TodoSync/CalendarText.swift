import FoundationEssentials
import Glibc

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

    /// A line whose unfolded bytes are `bytes` (the same as `unfolded`'s), its name read from them.
    private init(lineNumber: Int, unfolded: String, bytes: UnsafeBufferPointer<UInt8>, raw: Substring) {
        self.lineNumber = lineNumber
        self.unfolded = unfolded
        self.raw = raw
        let end = bytes.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? bytes.endIndex
        name = Self.upperCasedASCII(UnsafeBufferPointer(rebasing: bytes[..<end])) ?? Self.name(of: unfolded)
    }

    /// `bytes` upper-cased, when they are ASCII; nil otherwise. Names already in upper case (nearly
    /// all) are taken as they are, without a byte-by-byte copy.
    private static func upperCasedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var hasLowerCase = false
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { hasLowerCase = true }
        }
        guard hasLowerCase else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 }, as: UTF8.self)
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
        // From the line's own bytes when it holds them in one piece (nearly always): four lines of
        // every item a sync reads are BEGIN and END lines.
        if let read = unfolded.utf8.withContiguousStorageIfAvailable(Self.asciiComponentName), let name = read { return name }
        let utf8 = unfolded.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return "" }
        let value = utf8[utf8.index(after: colon)...]
        // ASCII names (all of iCalendar's) from the bytes; others as before, by Character.
        if !value.contains(where: { $0 >= 0x80 }) {
            var bytes = Array(value)
            bytes.removeAll { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            return bytes.withUnsafeBufferPointer { Self.upperCasedASCII($0) } ?? ""
        }
        return unfolded[unfolded.index(after: colon)...].filter { $0 != " " && $0 != "\t" }.uppercased()
    }

    /// `componentName` read from `bytes` (empty without a colon), or nil when the value is not ASCII.
    private static func asciiComponentName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return "" }
        let value = UnsafeBufferPointer(rebasing: bytes[(colon + 1)...])
        guard !value.contains(where: { $0 >= 0x80 }) else { return nil }
        guard value.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return upperCasedASCII(value) ?? "" }
        return value.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }.withUnsafeBufferPointer { upperCasedASCII($0) } ?? ""
    }

    /// Splits `text` into content lines: a physical line starting with a space or a tab continues
    /// the previous one (RFC 5545 §3.1). Lines may end in CRLF or LF; blank lines are skipped.
    ///
    /// Byte by byte (a line break, a space and a tab are single bytes that never occur inside a UTF-8
    /// sequence): walking the text by `Character` cost most of the time a sync spent reading an item.
    static func split(_ text: String) -> [ContentLine] {
        if let lines = text.utf8.withContiguousStorageIfAvailable({ split(text, bytes: $0) }) { return lines }
        return splitByIndex(text)
    }

    /// `split(_:)` over the text's own bytes, in place (`bytes` are `text.utf8`'s): a sync reads every
    /// item through it, and walking `String.UTF8View` indexes cost several times more.
    private static func split(_ text: String, bytes: UnsafeBufferPointer<UInt8>) -> [ContentLine] {
        let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var lines: [ContentLine] = []
        // Room for a line per 40 bytes at once, rather than growing the array line by line.
        lines.reserveCapacity(bytes.count / 40 + 4)
        var number = 0, offset = 0
        // The line being built: its first physical line (start, end without the break), its line
        // number and where its bytes end; `folded` holds its unfolded bytes once a continuation came.
        var pending: (start: Int, contentEnd: Int, number: Int, end: Int, folded: [UInt8]?)?
        func withoutReturns(_ range: Range<Int>) -> [UInt8] { bytes[range].filter { $0 != carriageReturn } }
        func finish() {
            guard let line = pending else { return }
            let raw = text[index(line.start)..<index(line.end)]
            func add(_ unfolded: UnsafeBufferPointer<UInt8>) {
                lines.append(ContentLine(lineNumber: line.number, unfolded: String(decoding: unfolded, as: UTF8.self), bytes: unfolded, raw: raw))
            }
            if let folded = line.folded {
                folded.withUnsafeBufferPointer(add)
            } else if bytes[line.start..<line.contentEnd].contains(carriageReturn) {
                withoutReturns(line.start..<line.contentEnd).withUnsafeBufferPointer(add)
            } else {
                add(UnsafeBufferPointer(rebasing: bytes[line.start..<line.contentEnd]))
            }
            pending = nil
        }
        while offset < bytes.count {
            number += 1
            // The next LF by `memchr`, many times faster than a loop over the bytes.
            let lineEnd = memchr(bytes.baseAddress! + offset, Int32(lineFeed), bytes.count - offset)
                .map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) } ?? bytes.count
            let next = lineEnd < bytes.count ? lineEnd + 1 : lineEnd
            // The physical line without its break: a CR right before the LF belongs to the break.
            var contentEnd = lineEnd
            if lineEnd < bytes.count, lineEnd > offset, bytes[lineEnd - 1] == carriageReturn { contentEnd = lineEnd - 1 }
            if offset < contentEnd, bytes[offset] == space || bytes[offset] == tab, var line = pending {
                var folded = line.folded ?? withoutReturns(line.start..<line.contentEnd)
                // As `splitByIndex`: a continuation's bytes are taken as they are, a stray CR included.
                folded += bytes[(offset + 1)..<contentEnd]
                line.folded = folded
                line.end = next
                pending = line
            } else if !bytes[offset..<contentEnd].allSatisfy({ $0 == space || $0 == tab || $0 == carriageReturn }) {
                finish()
                pending = (offset, contentEnd, number, next, nil)
            }
            offset = next
        }
        finish()
        return lines
    }

    /// `split(_:)` by `String.UTF8View` indexes, for a text whose bytes are not contiguous.
    static func splitByIndex(_ text: String) -> [ContentLine] {
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
