import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// `LocalTime`, Tick's one source of local civil time: it answers as glibc does (`date` is the
/// oracle) for zone names, POSIX strings and zone files, and finds the zone and its name from `TZ`
/// or `/etc/localtime` (a link or a copy) without touching the process's environment.
@Suite("Local time")
struct LocalTimeTests {
    /// Zones of every kind: far east and west of UTC, off the hour, daylight saving north and south,
    /// negative daylight saving (Dublin, Casablanca), midnight skipped (Santiago), leap seconds
    /// (`right/`), and POSIX strings with every rule form.
    static let zones = [
        "Pacific/Kiritimati", "Pacific/Honolulu", "UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo",
        "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata", "America/Sao_Paulo", "Africa/Casablanca",
        "Europe/Dublin", "America/Santiago", "Asia/Tehran", "Antarctica/Troll", "America/St_Johns",
        ":Asia/Tokyo", "/usr/share/zoneinfo/Europe/Berlin", "right/Europe/Berlin", "Japan",
        "JST-9", "<+0530>-5:30", "EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "NZST-12NZDT,M9.5.0,M4.1.0/3",
        "XXX3YYY,J60/25,300/-1", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "Nonsense/Zone", "",
    ]

    /// `2026-03-08 03:30:00` for a civil time.
    static func text(_ time: CivilTime) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return time.dayText + " " + two(time.second / 3600) + ":" + two(time.second / 60 % 60) + ":" + two(time.second % 60)
    }

    @Test("The local time and UTC offset of instants from 1900 to 2100, and every hour of 2025–2028, are glibc's", arguments: zones)
    func agreesWithGlibc(zone: String) throws {
        // glibc reads a POSIX rule before 1970 as if in 1970 (`compute_change`): those years are not compared.
        let first: Int64 = LocalTime(tz: zone).name == nil ? 0 : -2_208_988_800
        var instants = Array(stride(from: first, to: 4_102_444_800, by: 5 * 86_400 + 3_607))
        instants += stride(from: Int64(1_735_689_600), to: 1_861_920_000, by: 3_600 + 7)
        instants += [0, -1, 1_700_000_000]
        let expected = try GlibcDate.localTimes(of: instants, in: zone)
        try #require(expected.count == instants.count)
        let local = LocalTime(tz: zone)
        var mismatches: [String] = []
        for (instant, answer) in zip(instants, expected) {
            let date = Date(timeIntervalSince1970: Double(instant))
            let time = Self.text(local.civilTime(of: date))
            // `%z` leaves out the seconds of an offset (local mean time); a leap-second zone's
            // offset is printed without the correction, which its time has.
            let offsetAgrees = zone.hasPrefix("right/") || local.utcOffset(at: date) / 60 * 60 == answer.offset
            if time != answer.time || !offsetAgrees, mismatches.count < 5 {
                mismatches.append("@\(instant): \(time) \(local.utcOffset(at: date)), glibc \(answer.time) \(answer.offset)")
            }
        }
        #expect(mismatches.isEmpty, "\(zone): \(mismatches.joined(separator: "; "))")
    }

    @Test("The instant of a wall time gives back that wall time, every 2½ hours of 2025–2028", arguments: zones)
    func instantOfWallTimeRoundTrips(zone: String) throws {
        let local = LocalTime(tz: zone)
        for instant in stride(from: Int64(1_735_689_600), to: 1_861_920_000, by: 1_800 * 5) {
            let date = Date(timeIntervalSince1970: Double(instant))
            let wall = local.civilTime(of: date)
            let back = local.instant(of: wall)
            #expect(local.civilTime(of: back) == wall, "\(zone) @\(instant)")
            // A time that happens twice names the first: never later than the instant it came from.
            #expect(back <= date, "\(zone) @\(instant)")
        }
    }

    @Test("Daylight saving time without a rule follows today's US rule (glibc takes New York's history from posixrules)")
    func daylightWithoutRule() {
        let local = LocalTime(tz: "AAA-14BBB")
        #expect(local.utcOffset(at: Date(timeIntervalSince1970: 1_780_272_000)) == 54_000)  // 2026-06-01
        #expect(local.utcOffset(at: Date(timeIntervalSince1970: 1_796_083_200)) == 50_400)  // 2026-12-01
    }

    @Test("A wall time the clocks skip names the instant they show an hour later; one that happens twice names the first", arguments: [
        // zone, wall time, the instant (UTC) it names
        ("America/New_York", "2026-03-08 02:30", "2026-03-08 07:30"),  // 03:30 EDT
        ("America/New_York", "2026-11-01 01:30", "2026-11-01 05:30"),  // 01:30 EDT, the first
        ("Europe/Berlin", "2026-03-29 02:30", "2026-03-29 01:30"),     // 03:30 CEST
        ("Europe/Berlin", "2026-10-25 02:30", "2026-10-25 00:30"),     // 02:30 CEST, the first
        ("Australia/Lord_Howe", "2026-10-04 02:15", "2026-10-03 15:45"),  // half an hour skipped: 02:45 (+11)
        ("America/Santiago", "2026-09-06 00:00", "2026-09-06 04:00"),  // midnight skipped: the day starts at 01:00 (-03)
        ("EST5EDT,M3.2.0,M11.1.0", "2026-03-08 02:30", "2026-03-08 07:30"),
        ("Pacific/Kiritimati", "2026-12-02 00:00", "2026-12-01 10:00"),
        ("Pacific/Honolulu", "2026-12-02 00:00", "2026-12-02 10:00"),
    ])
    func skippedAndRepeatedWallTimes(zone: String, wall: String, utc: String) throws {
        func civil(_ text: String) throws -> CivilTime {
            let parts = text.split(separator: " ")
            let day = try #require(Timestamp.parse(parts[0] + "T00:00:00Z")).timeIntervalSince1970 / 86_400
            let clock = parts[1].split(separator: ":").compactMap { Int($0) }
            return CivilTime(day: Int(day), minute: clock[0] * 60 + clock[1])
        }
        let local = LocalTime(tz: zone)
        let expected = try civil(utc)
        let instant = local.instant(of: try civil(wall))
        #expect(LocalTime.utc.civilTime(of: instant) == expected)
    }

    @Test("Every form of TZ finds the zone, and its IANA name when it has one", arguments: [
        ("Asia/Tokyo", "Asia/Tokyo", 32_400),
        (":Asia/Tokyo", "Asia/Tokyo", 32_400),
        ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo", 32_400),
        ("Japan", "Asia/Tokyo", 32_400),                 // a link: named by the zone it links to
        ("US/Hawaii", "Pacific/Honolulu", -36_000),
        ("JST-9", nil, 32_400),                          // a POSIX string has no name
        ("<+14>-14", nil, 50_400),
        ("UTC", "Etc/UTC", 0),
        ("", "UTC", 0),                                  // empty: UTC
        ("Nonsense/Zone", "UTC", 0),                     // neither a file nor a POSIX string: UTC, as glibc
    ] as [(String, String?, Int)])
    func formsOfTZ(tz: String, name: String?, offset: Int) {
        let local = LocalTime(tz: tz)
        #expect(local.name == name)
        #expect(local.utcOffset(at: Date(timeIntervalSince1970: 1_796_000_000)) == offset)
    }

    /// A scratch `/etc` holding `localtime` as a link or a copy of `zone`, and maybe `timezone`.
    static func scratchEtc(_ zone: String, copied: Bool, timezone: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-etc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let localtime = folder.appendingPathComponent("localtime")
        if copied {
            try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/" + zone, toPath: localtime.path)
        } else {
            try FileManager.default.createSymbolicLink(atPath: localtime.path, withDestinationPath: "/usr/share/zoneinfo/" + zone)
        }
        if let timezone { try (timezone + "\n").write(to: folder.appendingPathComponent("timezone"), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test("Without TZ, /etc/localtime gives the zone, as a link or a copied file; a copy is named by the zone file with its bytes", arguments: [
        ("Pacific/Kiritimati", false, nil, "Pacific/Kiritimati"),
        ("Pacific/Kiritimati", true, nil, "Pacific/Kiritimati"),
        ("Pacific/Kiritimati", true, "Etc/UTC", "Pacific/Kiritimati"),     // a stale /etc/timezone is not believed
        ("Europe/Berlin", true, "Europe/Berlin", "Europe/Berlin"),
        ("Asia/Tokyo", true, "Japan", "Asia/Tokyo"),                       // the name /etc/timezone gives, as the zone it links to
        ("Etc/UTC", true, nil, "Etc/UTC"),
    ] as [(String, Bool, String?, String)])
    func etcLocaltime(zone: String, copied: Bool, timezone: String?, name: String) throws {
        let etc = try Self.scratchEtc(zone, copied: copied, timezone: timezone)
        defer { try? FileManager.default.removeItem(at: etc) }
        let local = LocalTime(tz: nil, localtimePath: etc.path + "/localtime", timezonePath: etc.path + "/timezone")
        #expect(local.name == name)
        let expected = try GlibcDate.localTimes(of: [1_796_000_000], in: zone)[0].offset
        #expect(local.utcOffset(at: Date(timeIntervalSince1970: 1_796_000_000)) == expected)
        // `TZ=:` also leaves it to /etc/localtime.
        #expect(LocalTime(tz: ":", localtimePath: etc.path + "/localtime").utcOffset(at: Date(timeIntervalSince1970: 1_796_000_000)) == expected)
    }

    @Test("Without TZ and without /etc/localtime, the zone is UTC")
    func noZoneAtAll() {
        let local = LocalTime(tz: nil, localtimePath: "/nonexistent/localtime", timezonePath: "/nonexistent/timezone")
        #expect(local.isUniversal)
        #expect(local.name == "UTC")
    }

    @Test("The process's zone is the one its TZ (or /etc/localtime) names")
    func fromEnvironmentReadsTheProcess() {
        let tz = ProcessInfo.processInfo.environment["TZ"]
        let date = Date(timeIntervalSince1970: 1_796_000_000)
        #expect(LocalTime.fromEnvironment.civilTime(of: date) == LocalTime(tz: tz).civilTime(of: date))
        #expect(LocalTime.fromEnvironment.name == LocalTime(tz: tz).name)
    }

    @Test("The local day of an instant, and the start of a local day, in zones where UTC's day is another", arguments: [
        ("Pacific/Kiritimati", 1_796_166_360, "2026-12-02"),   // 2026-12-01 23:06 UTC is 13:06 on 2 December there
        ("Pacific/Honolulu", 1_796_166_360, "2026-12-01"),
        ("Asia/Tokyo", 1_796_166_000, "2026-12-02"),           // 2026-12-01 23:00 UTC is 08:00 on 2 December in Tokyo
        ("JST-9", 1_796_166_000, "2026-12-02"),
        ("Europe/Berlin", 1_796_166_000, "2026-12-02"),
        ("UTC", 1_796_166_000, "2026-12-01"),
    ] as [(String, Int64, String)])
    func localDay(zone: String, instant: Int64, day: String) {
        let local = LocalTime(tz: zone)
        let date = Date(timeIntervalSince1970: Double(instant))
        #expect(local.day(of: date) == day)
        let start = local.startOfDay(local.dayNumber(of: date))
        #expect(local.day(of: start) == day && local.minutesOfDay(at: start) == 0)
        #expect(local.day(of: start.addingTimeInterval(-1)) != day)
    }
}
