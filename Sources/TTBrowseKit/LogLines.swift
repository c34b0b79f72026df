/// The log tt-browse shows: line `n` is made from its number, so a million lines cost no memory, and
/// the lines differ in length (one to four screen lines at 80 columns).
public enum LogLines {
    private static let words = ["GET", "/api/todos", "200", "cache", "miss", "retry", "timeout", "user=42",
                                "买牛奶", "slow", "query", "in", "12ms", "POST", "/sync", "ok"]

    /// The text of line `n` (0-based): a time, the line number, a level and 0–31 words.
    public static func text(_ n: Int) -> String {
        var hash = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        let seconds = n % 86_400
        var line = [seconds / 3600, seconds / 60 % 60, seconds % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
            + " #\(n + 1) " + (n % 7 == 0 ? "WARN" : "INFO")
        for _ in 0..<Int(hash >> 59) {
            hash = hash &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            line += " " + words[Int(hash >> 60)]
        }
        return line
    }

    /// What loads in the background for each line: a fingerprint (FNV-1a) of its text, six hex digits.
    public static func fingerprint(of text: String) -> String {
        let hash = text.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        // A seventh digit set above the six keeps their leading zeros; it is dropped.
        return String(String(hash & 0xFF_FFFF | 0x100_0000, radix: 16).dropFirst())
    }
}
