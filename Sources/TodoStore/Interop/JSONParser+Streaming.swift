/// Walking a document whose array of todos may be too big to hold (an import of any size): its
/// elements are handed over one at a time as they are parsed, and the input they came from is let go.
extension JSONParser {
    /// A document walked: everything but the streamed array, and how long that was.
    struct WalkedDocument {
        /// The root value, with the streamed array left empty (its elements went to the caller) and
        /// members not asked for left out.
        var root: JSONNode
        /// How many elements the streamed array had.
        var elementCount: Int
        /// The most input bytes held at once: about the largest element, however long the array.
        var largestHeldBytes: Int
    }

    /// Parses a whole document (checked as `parse` checks it), handing each element of its streamed
    /// array to `element` as soon as it is parsed: the root array, or the root object's member named
    /// `streamed` when that is an array. Of the root object's other members, those named in `kept`
    /// are parsed whole and the rest are only checked. The input is held one element at a time.
    mutating func walk(streaming streamed: String, keeping kept: Set<String>,
                       element: (JSONNode) throws -> Void) throws -> WalkedDocument {
        skipByteOrderMark()
        skipWhitespace()
        let start = line
        var count = 0
        let root: JSONNode
        switch current {
        case UInt8(ascii: "["):
            try streamArray { node in
                count += 1
                try element(node)
            }
            root = JSONNode(.array([]), line: start)
        case UInt8(ascii: "{"):
            root = JSONNode(try walkObject(streaming: streamed, keeping: kept) { node in
                count += 1
                try element(node)
            }, line: start)
        default:
            root = try value()
        }
        try expectEnd()
        return WalkedDocument(root: root, elementCount: count, largestHeldBytes: largestHeldBytes)
    }

    /// The root object, member by member; the streamed member's elements go to `element`.
    private mutating func walkObject(streaming streamed: String, keeping kept: Set<String>,
                                     element: (JSONNode) throws -> Void) throws -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            discardConsumed()
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes \(found)") }
            let key = try string()
            guard seen.insert(key).inserted else { throw failure("the member \(JSONText.quoted(key)) appears twice") }
            try expect(UInt8(ascii: ":"), "\":\" after \(JSONText.quoted(key))")
            skipWhitespace()
            let start = line
            if key == streamed, current == UInt8(ascii: "[") {
                try streamArray(element)
                members.append((key, JSONNode(.array([]), line: start)))
            } else if kept.contains(key) {
                members.append((key, try value()))
            } else {
                try skipValue()
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "\",\" or \"}\"")
            return .object(members)
        }
    }

    /// An array whose elements go to `element` one by one, each parsed from input the one before let go.
    private mutating func streamArray(_ element: (JSONNode) throws -> Void) throws {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            discardConsumed()
            try element(try value())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "\",\" or \"]\"")
            return
        }
    }

    /// Checks a value as `value()` would, keeping nothing of it (a member Tick does not read).
    private mutating func skipValue() throws(InteropError) {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"):
            try nested { (parser: inout JSONParser) throws(InteropError) in
                var seen = Set<String>()
                try parser.skipElements(until: UInt8(ascii: "}")) { (parser: inout JSONParser) throws(InteropError) in
                    parser.skipWhitespace()
                    guard parser.current == UInt8(ascii: "\"") else { throw parser.failure("expected a member name in quotes \(parser.found)") }
                    let key = try parser.string()
                    guard seen.insert(key).inserted else { throw parser.failure("the member \(JSONText.quoted(key)) appears twice") }
                    try parser.expect(UInt8(ascii: ":"), "\":\" after \(JSONText.quoted(key))")
                    try parser.skipValue()
                }
            }
        case UInt8(ascii: "["):
            try nested { (parser: inout JSONParser) throws(InteropError) in
                try parser.skipElements(until: UInt8(ascii: "]")) { (parser: inout JSONParser) throws(InteropError) in try parser.skipValue() }
            }
        default:
            // A string, number or literal: small next to a whole member, and checked by parsing it.
            _ = try value()
        }
    }

    /// The elements (or members) of the array (or object) whose opening is `current`, each checked
    /// by `element`, up to `closing`, commas checked; the input before each is let go.
    private mutating func skipElements(until closing: UInt8,
                                       _ element: (inout JSONParser) throws(InteropError) -> Void) throws(InteropError) {
        index += 1
        skipWhitespace()
        if current == closing {
            index += 1
            return
        }
        while true {
            discardConsumed()
            try element(&self)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(closing, "\",\" or \"\(Character(Unicode.Scalar(closing)))\"")
            return
        }
    }
}
