import FoundationEssentials

/// The objects of a JSON array (`[{…}, {…}]`), or of a sequence of objects one after another
/// (`{…}\n{…}`, JSON lines), read a piece of the file at a time: each object is handed out as
/// soon as its closing brace arrives, parsed by `JSONParser` with its line in the file. Only the
/// object being read is held, never the file, so an export of any size costs the memory of its
/// largest object (at most `maximumObjectBytes`).
///
/// Everything else is checked as the file arrives: commas between the array's objects, the closing
/// bracket, nothing after it, and every element an object. A problem is an `InteropError` at its line.
public struct JSONValueStream {
    /// Where in the file's outer structure the reading is.
    private enum Place {
        /// Nothing but white space (and a byte order mark) so far.
        case start
        /// After `[`: an object or `]`.
        case arrayOpened
        /// After `,` in the array: an object.
        case afterComma
        /// After an object in the array: `,` or `]`.
        case afterObjectInArray
        /// After an object of a sequence: another object, or the end.
        case afterObjectInSequence
        /// After the array's `]`: only white space.
        case ended
        /// Inside an object.
        case inObject
    }

    /// The largest object accepted: a bigger one is refused at its line rather than held.
    public let maximumObjectBytes: Int
    /// What the elements are called in messages ("a task").
    private let elementName: String
    /// What the whole file is called in messages ("taskwarrior export").
    private let exportName: String
    private var place = Place.start
    private var isArray = false
    /// The bytes of the object being read.
    private var object: [UInt8] = []
    private var objectLine = 0
    private var depth = 0
    private var isInString = false
    private var isEscaped = false
    /// The line of the next byte.
    private var line = 1
    /// Bytes handed over so far.
    public private(set) var bytesRead = 0

    /// A stream of `exportName` ("taskwarrior export") whose elements are called `elementName` in
    /// messages ("a task"), each at most `maximumObjectBytes` long.
    public init(exportName: String, elementName: String, maximumObjectBytes: Int = 16 << 20) {
        self.exportName = exportName
        self.elementName = elementName
        self.maximumObjectBytes = maximumObjectBytes
    }

    /// The objects that `piece` completes, in order, each with the line it starts on.
    public mutating func read<Piece: Collection<UInt8>>(_ piece: Piece) throws(InteropError) -> [JSONNode] {
        var found: [JSONNode] = []
        for byte in piece {
            if place == .inObject {
                try take(byte, into: &found)
            } else {
                try structure(byte)
            }
            bytesRead += 1
            if byte == 0x0A { line += 1 }
        }
        return found
    }

    /// Checks that the file ended where it may: after the array's `]`, or after an object of a sequence.
    public func finish() throws(InteropError) {
        switch place {
        case .ended, .afterObjectInSequence: return
        case .start: throw InteropError(line: line, problem: "the file is empty (expected [ or { of a \(exportName))")
        case .inObject:
            throw InteropError(line: objectLine, problem: "the file ended inside \(elementName) that starts here (a } is missing)")
        case .arrayOpened, .afterComma, .afterObjectInArray:
            throw InteropError(line: line, problem: "the file ended before the array was closed (a ] is missing)")
        }
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// A byte outside any object.
    private mutating func structure(_ byte: UInt8) throws(InteropError) {
        if Self.isWhiteSpace(byte) { return }
        switch (place, byte) {
        case (.start, _) where bytesRead < 3 && byte == [0xEF, 0xBB, 0xBF][bytesRead]:
            // A byte order mark is not JSON, but editors write one.
            return
        case (.start, UInt8(ascii: "[")):
            isArray = true
            place = .arrayOpened
        case (.start, UInt8(ascii: "{")), (.arrayOpened, UInt8(ascii: "{")), (.afterComma, UInt8(ascii: "{")),
             (.afterObjectInSequence, UInt8(ascii: "{")):
            begin()
        case (.arrayOpened, UInt8(ascii: "]")), (.afterObjectInArray, UInt8(ascii: "]")):
            place = .ended
        case (.afterObjectInArray, UInt8(ascii: ",")):
            place = .afterComma
        case (.start, _):
            throw failure("expected [ or { (a \(exportName) is a JSON array of objects) \(Self.found(byte))")
        case (.arrayOpened, _), (.afterComma, _), (.afterObjectInSequence, _):
            throw failure("expected \(elementName) (a JSON object) \(Self.found(byte))")
        case (.afterObjectInArray, _):
            throw failure("expected \",\" or \"]\" after \(elementName) \(Self.found(byte))")
        case (.ended, _):
            throw failure("unexpected text after the end of the array \(Self.found(byte))")
        case (.inObject, _):
            break
        }
    }

    private mutating func begin() {
        place = .inObject
        object = [UInt8(ascii: "{")]
        objectLine = line
        depth = 1
        isInString = false
        isEscaped = false
    }

    /// A byte inside an object; the object's last byte parses it.
    private mutating func take(_ byte: UInt8, into found: inout [JSONNode]) throws(InteropError) {
        guard object.count < maximumObjectBytes else {
            throw InteropError(line: objectLine, problem: "\(elementName) that starts here is longer than \(maximumObjectBytes >> 20) MB")
        }
        object.append(byte)
        if isInString {
            if isEscaped {
                isEscaped = false
            } else if byte == UInt8(ascii: "\\") {
                isEscaped = true
            } else if byte == UInt8(ascii: "\"") {
                isInString = false
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""): isInString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            // The parser would refuse it too, but only once the whole object is held.
            guard depth <= JSONParser.maximumDepth else { throw failure("nested deeper than \(JSONParser.maximumDepth) levels") }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
                found.append(try JSONParser.parse(object, firstLine: objectLine))
                object = []
                place = isArray ? .afterObjectInArray : .afterObjectInSequence
            }
        default: break
        }
    }

    private func failure(_ problem: String) -> InteropError { InteropError(line: line, problem: problem) }

    /// "but found …", naming the byte.
    private static func found(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "but found \"\(Character(Unicode.Scalar(byte)))\"" }
        return "but found byte 0x\(String(byte, radix: 16))"
    }
}
