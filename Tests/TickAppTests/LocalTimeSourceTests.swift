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

    /// The files that may take the process's zone (`LocalTime.fromEnvironment`), each a place a clock
    /// starts: the command line's standard context, the app's clock and the store's own default (both
    /// replaced by the zone the app or command runs in), and the benchmark tool. Everything else is
    /// given a zone, so that the command, the app or the test decides it.
    static let environmentReaders: Set<String> = [
        "Sources/TickApp/CommandLine/CommandContext.swift", "Sources/TickApp/Day.swift", "Sources/TickApp/Due.swift",
        "Sources/TickApp/TodoListController.swift", "Sources/TodoStore/TodoStore.swift",
        "Sources/tick-bench/main.swift", "Sources/tick-bench/SyncBenchmark.swift", "Sources/tick-bench/SyncedPair.swift",
        "Sources/tick-bench/FirstSyncComparison.swift", "Sources/tick-bench/XandikosSeeding.swift",
    ]

    @Test("Only the places that start a clock read the process's zone (LocalTime.fromEnvironment); importers, exporters and the sync are given one")
    func environmentIsReadWhereClocksStart() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var readers: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(Self.root.path.count + 1))
            guard !relative.hasPrefix(Self.allowed) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                if code.contains("fromEnvironment") { readers.insert(relative) }
            }
        }
        #expect(readers.subtracting(Self.environmentReaders).isEmpty,
                "give these the zone of the command or app instead: \(readers.subtracting(Self.environmentReaders).sorted())")
        #expect(Self.environmentReaders.subtracting(readers).isEmpty, "no longer read it: \(Self.environmentReaders.subtracting(readers).sorted())")
    }
}
