import Foundation
import Glibc
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 34: every other test gives the app its own day and time, so nothing else checks that the
/// real clock path (`Day.today`, `Due.timeOfDayNow`, what a `TickApp` and `CommandContext.standard`
/// read when given no clock) answers what the C library answers. Here it is compared with
/// `localtime_r(time(nil))` in the same process. The zone of a process is its `TZ`, which cannot be
/// changed under the other tests running beside this one, so the comparison also runs in children:
/// this test binary again, filtered to the one comparison, under other `TZ`s, at a daylight-saving
/// switch (`faketime`), and with `TZ` unset and `/etc/localtime` the only source.
@Suite("The real clock against the C library")
struct RealClockTests {
    /// Local time as glibc reads it now: the day, the minute after midnight, seconds east of UTC.
    struct GlibcNow: Equatable, CustomStringConvertible {
        var day: Day
        var minute: Int
        var offset: Int
        var description: String { "\(day.iso) \(Due.clock(minute, padded: true)) (UTC\(offset >= 0 ? "+" : "")\(offset)s)" }

        /// `localtime_r(time(nil))` after `tzset()`, which reads `TZ`, else `/etc/localtime`.
        static func read() throws -> GlibcNow {
            tzset()
            var seconds = time(nil)
            var parts = tm()
            try #require(localtime_r(&seconds, &parts) != nil, "localtime_r failed")
            let day = try #require(Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)))
            return GlibcNow(day: day, minute: Int(parts.tm_hour) * 60 + Int(parts.tm_min), offset: parts.tm_gmtoff)
        }
    }

    /// The line a comparison prints, for the parent to check which zone and time the child ran in.
    static let marker = "real clock matches glibc: "

    @Test("Day.today, Due.timeOfDayNow, an app and the command line given no clock read the day and minute localtime_r reads")
    func matchesGlibcInThisProcess() throws {
        let app = TickApp(store: try TodoStore(inMemoryWith: Date.init), size: Size(width: 40, height: 8))
        // A minute may turn between the two readings of glibc: then read all again.
        for _ in 0..<5 {
            let before = try GlibcNow.read()
            // The command line reads the clock once, when its context is made.
            let context = CommandContext.standard(databasePath: nil)
            let days: [(String, Day)] = [("Day.today", Day.today), ("the app's today", app.list.today()),
                                         ("the app's clock", Day(app.list.clock(), in: app.list.localTime)),
                                         ("the command line's today", context.today)]
            let minutes: [(String, Int?)] = [("Due.timeOfDayNow", Due.timeOfDayNow), ("the app's timeOfDay", app.list.timeOfDay()),
                                             ("the app's clock", Due.minutesOfDay(app.list.clock(), in: app.list.localTime)),
                                             ("the command line's timeOfDay", context.timeOfDay)]
            let offset = app.list.localTime.utcOffset(at: Date())
            let after = try GlibcNow.read()
            guard before == after else { continue }
            for (name, day) in days { #expect(day == before.day, "\(name) is \(day.iso), glibc's day is \(before)") }
            for (name, minute) in minutes {
                #expect(minute == before.minute, "\(name) is \(minute.map { Due.clock($0, padded: true) } ?? "nil"), glibc's time is \(before)")
            }
            #expect(offset == before.offset, "the app's zone is \(offset) s east of UTC, glibc's time is \(before)")
            print(Self.marker + before.description)
            return
        }
        Issue.record("the minute turned during each of five readings")
    }

    // MARK: - In other zones, in children

    /// This test binary (`swift test` runs it; the Swift Testing part is chosen by an argument).
    static let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

    /// The comparison above, run alone in a child: `prefix` (a program and its arguments, such as
    /// `faketime`) runs this binary with `environment` changed (a nil value unsets the variable).
    /// Returns what the child's comparison printed after `marker`.
    static func compareInChild(prefix: [String] = [], environment changes: [String: String?]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        let command = prefix + [testBinary, "--testing-library", "swift-testing",
                                "--filter", "RealClockTests/matchesGlibcInThisProcess"]
        let ran = try ChildProcess.output(of: command, environment: environment)
        let text = ran.text
        #expect(ran.status == 0, "the comparison failed in the child:\n\(text)")
        let line = text.split(separator: "\n").first { $0.hasPrefix(marker) }
        return try #require(line.map { String($0.dropFirst(marker.count)) }, "the child ran no comparison:\n\(text)")
    }

    /// Zones whose days differ from UTC's at every hour, a POSIX string, a zone with daylight saving,
    /// and the offset each has today (the child's glibc must say it, or `TZ` did not reach it).
    @Test("Under TZ=Pacific/Kiritimati, Pacific/Honolulu, JST-9, America/New_York and UTC the real clock reads glibc's day and minute",
          arguments: [("Pacific/Kiritimati", [50_400]), ("Pacific/Honolulu", [-36_000]), ("JST-9", [32_400]),
                      ("America/New_York", [-18_000, -14_400]), ("UTC", [0])])
    func matchesGlibcUnderZone(tz: String, offsets: [Int]) throws {
        let seen = try Self.compareInChild(environment: ["TZ": tz])
        #expect(offsets.contains { seen.hasSuffix("(UTC\($0 >= 0 ? "+" : "")\($0)s)") }, "\(tz): the child read \(seen)")
    }

    /// `faketime`, as the end-to-end tests use it; `make test` installs it.
    static let faketime = "/usr/bin/faketime"

    /// A local time `faketime` starts the clock at in a zone, and what the child may read then
    /// (the clock runs on while the child starts): the day and time's beginnings it may show, and
    /// its offset when only one is possible.
    struct ClockedZone: Sendable, CustomTestStringConvertible {
        var tz: String
        var local: String
        var readings: [String]
        var offset: Int?
        var testDescription: String { "\(tz) at \(local)" }
    }

    @Test("On daylight-saving switch days and at midnight (faketime) the real clock reads glibc's day and minute",
          .enabled(if: FileManager.default.isExecutableFile(atPath: faketime), "faketime is missing: make test installs it"),
          arguments: [
              // Just after New York's clocks go forward (02:00 EST is 03:00 EDT).
              ClockedZone(tz: "America/New_York", local: "2026-03-08 03:00:05", readings: ["2026-03-08 03:0"], offset: -14_400),
              // In the hour New York and Berlin go through twice.
              ClockedZone(tz: "America/New_York", local: "2026-11-01 01:30:00", readings: ["2026-11-01 01:3"], offset: nil),
              ClockedZone(tz: "Europe/Berlin", local: "2026-10-25 02:30:00", readings: ["2026-10-25 02:3"], offset: nil),
              // Kiritimati's midnight, 10:00 UTC.
              ClockedZone(tz: "Pacific/Kiritimati", local: "2026-12-02 23:59:58", readings: ["2026-12-02 23:59", "2026-12-03 00:0"], offset: 50_400),
          ])
    func matchesGlibcOnSwitchDays(zone: ClockedZone) throws {
        let seen = try Self.compareInChild(prefix: [Self.faketime, zone.local], environment: ["TZ": zone.tz, "FAKETIME_DONT_FAKE_MONOTONIC": "1"])
        #expect(zone.readings.contains { seen.hasPrefix($0) }, "\(zone.testDescription): the child read \(seen)")
        if let offset = zone.offset { #expect(seen.hasSuffix("(UTC\(offset >= 0 ? "+" : "")\(offset)s)"), "the child read \(seen)") }
    }

    /// Whether this process may make a private mount namespace and bind-mount in it (root here).
    static let canMountPrivately: Bool = {
        do {
            return try ChildProcess.output(of: ["/usr/bin/unshare", "-m", "sh", "-c", "mount --bind /tmp /tmp"],
                                           environment: ProcessInfo.processInfo.environment).status == 0
        } catch {
            return false  // no unshare to run: no private mount namespace either
        }
    }()

    @Test("With TZ unset and /etc/localtime a copy of Kiritimati's zone file (a private mount namespace), the real clock reads glibc's day and minute",
          .enabled(if: canMountPrivately, "needs a private mount namespace (unshare -m) and mount --bind, which this machine does not permit"))
    func matchesGlibcFromEtcLocaltime() throws {
        let scratch = try ScratchFolder("etc-localtime")
        let etc = scratch.url.appendingPathComponent("etc")
        let copy = try ChildProcess.output(of: ["/bin/cp", "-a", "/etc", etc.path], environment: ProcessInfo.processInfo.environment)
        try #require(copy.status == 0, "cp -a /etc failed: \(copy.text)")
        let localtime = etc.appendingPathComponent("localtime").path
        // The copy's localtime (a link or a file) makes way for the zone file.
        try #require(unlink(localtime) == 0 || errno == ENOENT, "could not remove \(localtime): errno \(errno)")
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Pacific/Kiritimati", toPath: localtime)
        // /etc of the child's namespace only: the machine's stays as it is.
        let seen = try Self.compareInChild(prefix: ["/usr/bin/unshare", "-m", "sh", "-c", "mount --bind \"$0\" /etc && exec \"$@\"", etc.path],
                                           environment: ["TZ": nil])
        #expect(seen.hasSuffix("(UTC+50400s)"), "the child read \(seen)")
    }
}
