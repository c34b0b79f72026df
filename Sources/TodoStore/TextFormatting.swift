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
        // Most text starts and ends with a visible ASCII character: nothing to trim, no walk by Character.
        let string = String(text)
        if let first = string.utf8.first, let last = string.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return string
        }
        return String(text.drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }

    /// `text` with every occurrence of `target` (plain text, compared byte for byte in UTF-8) replaced.
    /// Much cheaper than the generic `replacing(_:with:)`, which showed up in the profile of every change,
    /// and byte-wise rather than by `Character`: a quote followed by a combining mark is still a quote
    /// to SQLite, so escaping must find it.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let source = Array(text.utf8), pattern = Array(target.utf8)
        guard !pattern.isEmpty, source.count >= pattern.count else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            if source[index] == pattern[0], index + pattern.count <= source.count,
               source[index..<(index + pattern.count)].elementsEqual(pattern) {
                result += replacement.utf8
                index += pattern.count
            } else {
                result.append(source[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
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
