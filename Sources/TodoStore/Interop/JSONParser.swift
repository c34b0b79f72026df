import FoundationEssentials

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that tracks lines, so every problem, from a
/// missing comma to a title of the wrong type, is reported at the line where it is.
///
/// Hand-written rather than `JSONSerialization` because the latter reports neither the line of a
/// semantic problem nor keeps numbers as written.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0
    /// Deeper nesting is refused instead of overflowing the stack.
    static let maximumDepth = 64

    /// Parses a whole document: one value, surrounded only by whitespace.
    public static func parse(_ data: Data) throws(InteropError) -> JSONNode {
        var parser = JSONParser(bytes: Array(data))
        // A byte order mark is not JSON, but editors write one; it says nothing, so skip it.
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let node = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the end of the JSON value") }
        return node
    }

    /// Parses one value that starts on line `firstLine` of a bigger file (one element of a stream
    /// read a piece at a time, see `JSONValueStream`), so problems are reported at the file's lines.
    public static func parse(_ bytes: [UInt8], firstLine: Int) throws(InteropError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.line = firstLine
        parser.skipWhitespace()
        let node = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the end of the JSON value") }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ problem: String) -> InteropError { InteropError(line: line, problem: problem) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(InteropError) {
        skipWhitespace()
        guard current == byte else { throw failure("expected \(what) \(found)") }
        index += 1
    }

    /// "but found …", naming the next character or the end of the file.
    private var found: String {
        guard let byte = current else { return "but the file ended" }
        if byte >= 0x21 && byte < 0x7F { return "but found \"\(Character(Unicode.Scalar(byte)))\"" }
        return "but found byte 0x\(String(byte, radix: 16))"
    }

    private mutating func value() throws(InteropError) -> JSONNode {
        skipWhitespace()
        let start = line
        guard let byte = current else { throw failure("expected a value but the file ended") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(try object(), line: start)
        case UInt8(ascii: "["): return JSONNode(try array(), line: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try string()), line: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(.bool(true), line: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(.bool(false), line: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(.null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try number()), line: start)
        default: throw failure("expected a value \(found)")
        }
    }

    private mutating func literal(_ word: String) throws(InteropError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected a value \(found)")
        }
        index += expected.count
    }

    private mutating func nested<T>(_ body: (inout JSONParser) throws(InteropError) -> T) throws(InteropError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        return try body(&self)
    }

    private mutating func object() throws(InteropError) -> JSONValue {
        try nested { (parser: inout JSONParser) throws(InteropError) -> JSONValue in
            parser.index += 1
            var members: [(key: String, node: JSONNode)] = []
            var seen = Set<String>()
            parser.skipWhitespace()
            if parser.current == UInt8(ascii: "}") { parser.index += 1; return .object(members) }
            while true {
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: "\"") else { throw parser.failure("expected a member name in quotes \(parser.found)") }
                let key = try parser.string()
                guard seen.insert(key).inserted else { throw parser.failure("the member \(JSONText.quoted(key)) appears twice") }
                try parser.expect(UInt8(ascii: ":"), "\":\" after \(JSONText.quoted(key))")
                members.append((key, try parser.value()))
                parser.skipWhitespace()
                if parser.current == UInt8(ascii: ",") { parser.index += 1; continue }
                try parser.expect(UInt8(ascii: "}"), "\",\" or \"}\"")
                return .object(members)
            }
        }
    }

    private mutating func array() throws(InteropError) -> JSONValue {
        try nested { (parser: inout JSONParser) throws(InteropError) -> JSONValue in
            parser.index += 1
            var elements: [JSONNode] = []
            parser.skipWhitespace()
            if parser.current == UInt8(ascii: "]") { parser.index += 1; return .array(elements) }
            while true {
                elements.append(try parser.value())
                parser.skipWhitespace()
                if parser.current == UInt8(ascii: ",") { parser.index += 1; continue }
                try parser.expect(UInt8(ascii: "]"), "\",\" or \"]\"")
                return .array(elements)
            }
        }
    }

    private mutating func number() throws(InteropError) -> String {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.index
            while let byte = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { parser.index += 1 }
            return parser.index - first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let leadingZero = current == UInt8(ascii: "0")
        let integer = digits(&self)
        guard integer > 0, !(leadingZero && integer > 1) else { throw failure("malformed number") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("malformed number: digits must follow \".\"") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw failure("malformed number: digits must follow the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(InteropError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index  // start of the bytes not yet copied
        func flush(_ parser: JSONParser, upTo end: Int) throws(InteropError) {
            guard run < end else { return }
            guard let text = String(validating: parser.bytes[run..<end], as: UTF8.self) else {
                throw parser.failure("a string is not valid UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = current else { throw failure("a string is not closed (missing \")") }
            switch byte {
            case UInt8(ascii: "\""):
                try flush(self, upTo: index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(self, upTo: index)
                index += 1
                scalars.append(try escape())
                run = index
            case 0x00..<0x20:
                throw failure(byte == 0x0A ? "a string is not closed before the end of the line" : "a control character inside a string must be escaped")
            default:
                index += 1
            }
        }
    }

    private mutating func escape() throws(InteropError) -> Unicode.Scalar {
        guard let byte = current else { throw failure("a string is not closed (missing \")") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("a \\u escape starts a surrogate pair that does not continue")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a \\u escape has an invalid surrogate pair") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("a \\u escape names a lone surrogate") }
            return scalar
        default:
            throw failure("unknown escape \\\(Character(Unicode.Scalar(byte))) in a string")
        }
    }

    private mutating func hex4() throws(InteropError) -> UInt32 {
        let isHexDigit: (UInt8) -> Bool = { Character(Unicode.Scalar($0)).isHexDigit }
        guard bytes.count - index >= 4, bytes[index..<index + 4].allSatisfy(isHexDigit),
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("a \\u escape needs four hexadecimal digits")
        }
        index += 4
        return value
    }
}
