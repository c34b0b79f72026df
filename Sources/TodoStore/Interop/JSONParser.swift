import FoundationEssentials

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that tracks lines, so every problem, from a
/// missing comma to a title of the wrong type, is reported at the line where it is.
///
/// Hand-written rather than `JSONSerialization` because the latter reports neither the line of a
/// semantic problem nor keeps numbers as written.
///
/// The bytes may also come a piece at a time (`init(reading:)`): the parser then holds only what the
/// value being parsed needs, and `JSONParser+Streaming` walks a document whose todo array is too big
/// to hold, one element at a time.
public struct JSONParser {
    private var bytes: [UInt8]
    var index = 0
    private(set) var line = 1
    var depth = 0
    /// The next piece of the input, or nil at its end; nil when `bytes` holds all of it.
    private let more: (() -> [UInt8]?)?
    /// The most input bytes held at once so far: what reading a piece at a time costs in memory.
    private(set) var largestHeldBytes = 0
    /// Deeper nesting is refused instead of overflowing the stack.
    static let maximumDepth = 64

    /// Parses a whole document: one value, surrounded only by whitespace.
    public static func parse(_ data: Data) throws(InteropError) -> JSONNode {
        var parser = JSONParser(bytes: Array(data))
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        let node = try parser.value()
        try parser.expectEnd()
        return node
    }

    /// Parses one value that starts on line `firstLine` of a bigger file (one element of a stream
    /// read a piece at a time, see `JSONValueStream`), so problems are reported at the file's lines.
    public static func parse(_ bytes: [UInt8], firstLine: Int) throws(InteropError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.line = firstLine
        parser.skipWhitespace()
        let node = try parser.value()
        try parser.expectEnd()
        return node
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        more = nil
    }

    /// A parser that asks `more` for the input a piece at a time, as it needs it.
    init(reading more: @escaping () -> [UInt8]?) {
        bytes = []
        self.more = more
    }

    /// A byte order mark is not JSON, but editors write one; it says nothing, so skip it.
    mutating func skipByteOrderMark() {
        if available(3), bytes[index..<index + 3].elementsEqual([0xEF, 0xBB, 0xBF]) { index += 3 }
    }

    /// Only whitespace may follow the document's value.
    mutating func expectEnd() throws(InteropError) {
        skipWhitespace()
        guard current == nil else { throw failure("unexpected text after the end of the JSON value") }
    }

    func failure(_ problem: String) -> InteropError { InteropError(line: line, problem: problem) }

    /// Whether `count` bytes from `index` on are there, asking for more input as long as there is some.
    mutating func available(_ count: Int) -> Bool {
        while bytes.count - index < count {
            guard let piece = more?() else { return false }
            bytes += piece
            largestHeldBytes = max(largestHeldBytes, bytes.count)
        }
        return true
    }

    /// Forgets the bytes before `index`, which no value being parsed refers to any more: call only
    /// between values, so a long input is never held whole.
    mutating func discardConsumed() {
        guard more != nil, index > 0 else { return }
        bytes.removeFirst(index)
        index = 0
    }

    var current: UInt8? {
        mutating get { available(1) ? bytes[index] : nil }
    }

    mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(InteropError) {
        skipWhitespace()
        guard current == byte else { throw failure("expected \(what) \(found)") }
        index += 1
    }

    /// "but found …", naming the next character or the end of the file.
    var found: String {
        mutating get {
            guard let byte = current else { return "but the file ended" }
            if byte >= 0x21 && byte < 0x7F { return "but found \"\(Character(Unicode.Scalar(byte)))\"" }
            return "but found byte 0x\(String(byte, radix: 16))"
        }
    }

    mutating func value() throws(InteropError) -> JSONNode {
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

    mutating func literal(_ word: String) throws(InteropError) {
        let expected = Array(word.utf8)
        guard available(expected.count), Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected a value \(found)")
        }
        index += expected.count
    }

    mutating func nested<T>(_ body: (inout JSONParser) throws(InteropError) -> T) throws(InteropError) -> T {
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

    mutating func number() throws(InteropError) -> String {
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

    mutating func string() throws(InteropError) -> String {
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
                guard current == UInt8(ascii: "\\"), available(2), bytes[index + 1] == UInt8(ascii: "u") else {
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
        guard available(4), bytes[index..<index + 4].allSatisfy(isHexDigit),
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("a \\u escape needs four hexadecimal digits")
        }
        index += 4
        return value
    }
}
