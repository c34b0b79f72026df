import FoundationEssentials

/// A parsed JSON value that remembers the line it started on, so import errors can say
/// "FILE:LINE: problem" for a field deep inside a document.
public struct JSONNode: Equatable, Sendable {
    /// The value itself.
    public var value: JSONValue
    /// The 1-based line of the value's first character.
    public var line: Int

    /// A value found on `line`.
    public init(_ value: JSONValue, line: Int) {
        self.value = value
        self.line = line
    }
}

/// A JSON value; numbers keep their text so integers of any size survive exactly.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The number as written (already checked to be valid JSON number syntax).
    case number(String)
    /// A string, escapes decoded.
    case string(String)
    /// An array of values in order.
    case array([JSONNode])
    /// Members in the order written (duplicates are refused by the parser).
    case object([(key: String, node: JSONNode)])

    /// Values are equal when they have the same kind and contents (members in the same order).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.node == $1.node }
        default: return false
        }
    }

    /// What kind of value this is, for messages like "title must be a string, not a number".
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Writes JSON text: strings escaped so the output is always valid, one line per call.
public enum JSONText {
    /// `text` as a JSON string literal. Control characters, quotes, backslashes and the two
    /// JavaScript line separators are escaped; everything else is written as UTF-8.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// An object on one line with members in the given order; values are already JSON text.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    /// A string literal, or `null`.
    public static func optional(_ text: String?) -> String {
        text.map(quoted) ?? "null"
    }
}
