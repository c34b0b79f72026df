/// Small text helpers the store needs without pulling in all of Foundation (Tick links only
/// FoundationEssentials, which keeps the process several megabytes smaller).
enum TextFormatting {
    /// `value` in decimal, zero-padded to `width` digits (`7` → `"07"`).
    static func padded<N: BinaryInteger>(_ value: N, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Text with leading and trailing whitespace and newlines removed.
    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        String(text.drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }

    /// A file path percent-encoded for an SQLite `file:` URI: everything but unreserved characters and `/`.
    static func uriPath(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            let isUnreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/")
            if isUnreserved {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

extension String {
    /// This string preceded by zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
