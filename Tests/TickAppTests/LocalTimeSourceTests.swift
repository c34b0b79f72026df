import Foundation
import Testing

/// Issue 27: the program has one idea of local time, `LocalTime` (`Sources/TodoStore/LocalTime/`).
/// FoundationEssentials' `TimeZone` is always GMT here, and a second reading of `TZ` or of the C
/// library's zone once made the iCalendar side and the rest disagree; this suite keeps any other
/// source of local time out of `Sources`.
@Suite("One source of local time")
struct LocalTimeSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The only folder that may read zones.
    static let allowed = "Sources/TodoStore/LocalTime/"

    /// What reads a time zone other than through `LocalTime`.
    static let forbidden = ["TimeZone", "secondsFromGMT", "localtime_r", "localtime(", "mktime(", "timelocal(", "tzset(",
                            "getenv(\"TZ\")", "[\"TZ\"]", "(\"/etc/localtime\"", "/etc/timezone", "zoneinfo", "tm_gmtoff"]

    /// The forbidden words in the code of `text` (comments left out), with their line numbers.
    static func uses(in text: String) -> [(line: Int, word: String)] {
        var found: [(Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            for word in forbidden where code.contains(word) { found.append((index + 1, word)) }
        }
        return found
    }

    @Test("Code that reads a zone is found; comments and LocalTime's own words are not", arguments: [
        ("let seconds = TimeZone.current.secondsFromGMT(for: date)", true),
        ("guard let tz = getenv(\"TZ\") else { return nil }", true),
        ("localtime_r(&seconds, &parts)", true),
        ("let zone = environment[\"TZ\"] ?? \"UTC\"", true),
        ("let length = readlink(\"/etc/localtime\", &buffer, 4096)", true),
        ("(\"TZ\", \"The time zone: a name, else /etc/localtime\"),", false),
        ("/// FoundationEssentials' `TimeZone` is always GMT", false),
        ("let day = LocalTime.fromEnvironment.dayNumber(of: date)", false),
        ("gmtime_r(&seconds, &parts)  // UTC on purpose", false),
    ])
    func usesAreFound(line: String, isUse: Bool) {
        #expect(Self.uses(in: line).isEmpty != isUse)
    }

    @Test("No Swift or C source outside Sources/TodoStore/LocalTime reads a time zone")
    func oneSource() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var problems: [String] = [], scanned = 0
        for case let file as URL in files where ["swift", "c", "h"].contains(file.pathExtension) {
            let relative = String(file.path.dropFirst(Self.root.path.count + 1))
            guard !relative.hasPrefix(Self.allowed) else { continue }
            scanned += 1
            for use in Self.uses(in: try String(contentsOf: file, encoding: .utf8)) {
                problems.append("\(relative):\(use.line): \(use.word)")
            }
        }
        #expect(scanned > 100, "the scan found the sources")
        #expect(problems.isEmpty, "read local time through LocalTime instead: \(problems.joined(separator: ", "))")
    }
}
