/// Long content lines: a bound, and the folding that keeps libical's reading of them linear.
///
/// libical's reader asks for a line 80 bytes at a time and looks for its end from the current place
/// each time, so a physical line of n bytes costs it n²/80 (a 4 MB line took 1.9 s, 50 MB over 300 s).
/// Tick refuses a content line longer than `maximumLineLength` (both `tick import` and the sync read
/// every text through `CalendarScan`), and hands libical long physical lines folded at 75 octets,
/// which libical unfolds back to the same bytes.
extension CalendarScan {
    /// The longest content line (unfolded, name and parameters included) Tick reads: 1 MiB, far more
    /// than any title or notes, and a line libical reads in a fraction of a second.
    static let maximumLineLength = 1 << 20

    /// Physical lines longer than this are folded before libical reads them; shorter ones reach it untouched.
    static let longestPhysicalLineForLibical = 4_096

    /// Refuses `text` at its first content line (unfolded, as `ContentLine.split` joins its physical
    /// lines) longer than `maximumLineLength`, naming its property and its line. A pass over the bytes
    /// before any line is copied, so a 50 MB line costs no more than reading it.
    static func checkLineLengths(_ text: String) throws(CalendarError) {
        // Over the text's own bytes when they are contiguous (a sync checks every item): only the
        // longest content line matters, and a line too long is named by `checkLineLengthsByIndex`.
        let longest = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            var longest = 0, current = 0, offset = 0
            while offset < bytes.count {
                var end = offset
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var length = end - offset
                if length > 0, bytes[end - 1] == UInt8(ascii: "\r") { length -= 1 }
                let first: UInt8? = offset < end ? bytes[offset] : nil
                if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), current > 0 {
                    current += length - 1
                } else if !bytes[offset..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                    current = length
                }
                longest = max(longest, current)
                offset = end == bytes.count ? end : end + 1
            }
            return longest
        }
        if let longest, longest <= maximumLineLength { return }
        try checkLineLengthsByIndex(text)
    }

    /// `checkLineLengths(_:)` by `String.UTF8View` indexes, naming the first line too long.
    private static func checkLineLengthsByIndex(_ text: String) throws(CalendarError) {
        var physicalLine = 0
        var current: (line: Int, start: String.UTF8View.Index, length: Int)?
        var index = text.utf8.startIndex
        let end = text.utf8.endIndex
        while index < end {
            physicalLine += 1
            let lineEnd = text.utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? end
            var length = text.utf8.distance(from: index, to: lineEnd)
            if length > 0, text.utf8[text.utf8.index(before: lineEnd)] == UInt8(ascii: "\r") { length -= 1 }
            let first = index < lineEnd ? text.utf8[index] : nil
            if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), var continued = current {
                continued.length += length - 1
                current = continued
            } else if !text.utf8[index..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                current = (physicalLine, index, length)
            }
            if let current, current.length > maximumLineLength {
                throw lineTooLong(startingWith: text.utf8[current.start...].prefix(40), length: current.length, line: current.line)
            }
            index = lineEnd == end ? end : text.utf8.index(after: lineEnd)
        }
    }

    /// The problem of a content line of `length` bytes (over `maximumLineLength`) at `line`, named by
    /// the property its first bytes `start` name.
    static func lineTooLong(startingWith start: some Collection<UInt8>, length: Int, line: Int) -> CalendarError {
        let name = String(decoding: start, as: UTF8.self).prefix(40).prefix { $0 != ";" && $0 != ":" }
        let megabytes = Double(length) / Double(1 << 20)
        let size = megabytes < 10 ? String(Double(Int(megabytes * 10)) / 10) : String(Int(megabytes))
        return CalendarError(line: line, problem: .malformed(
            "\(CalendarText.quoted(String(name))) is a line of \(size) MB: Tick reads content lines up to 1 MB"))
    }

    /// `text` as libical should read it: the same bytes when no physical line is longer than
    /// `longestPhysicalLineForLibical`, else with every physical line folded (CRLF and a space) so that
    /// none holds more than 75 octets, between UTF-8 sequences, which libical's unfolding takes out again.
    static func textForLibical(_ text: Substring) -> String {
        // Over the text's own bytes when they are in one piece (nearly always), else through its view.
        let hasLongLine = text.utf8.withContiguousStorageIfAvailable { hasLongPhysicalLine($0) } ?? hasLongPhysicalLine(text.utf8)
        guard hasLongLine else { return String(text) }
        var column = 0
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + text.utf8.count / 24)
        column = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                column = 0
            } else {
                // Not inside a UTF-8 sequence (the longest, 4 bytes, still fits), nor between a CR and its LF.
                if column >= 72, byte & 0xC0 != 0x80, byte != UInt8(ascii: "\r") {
                    bytes += [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " ")]
                    column = 1
                }
                column += 1
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a physical line of `bytes` is longer than `longestPhysicalLineForLibical`.
    private static func hasLongPhysicalLine(_ bytes: some Collection<UInt8>) -> Bool {
        var column = 0
        for byte in bytes {
            column = byte == UInt8(ascii: "\n") ? 0 : column + 1
            if column > longestPhysicalLineForLibical { return true }
        }
        return false
    }
}
