import FoundationEssentials

/// Local civil time: Tick's one answer to "what day and time is it where the user is", used by the
/// app, the command line, the store's day arithmetic, recurrence, todo.txt and iCalendar alike.
///
/// `LocalTime.fromEnvironment` is the zone the process runs in, found as glibc finds it: `TZ` in
/// every form (a name `Asia/Tokyo`, `:Asia/Tokyo`, a file path, a POSIX string `JST-9`, empty for
/// UTC), else `/etc/localtime`, a link or a copied file (UTC when there is none). `LocalTime(tz:)`
/// is any other zone as a value, which is how tests pass one without touching the process.
///
/// The rules are Tick's own reading of the zone files (`ZoneRules`, `PosixZoneRule`) rather than
/// calls to `localtime_r`: glibc keeps one zone per process behind the `TZ` variable, so a second
/// zone would mean changing the environment under other threads. The tests compare the answers with
/// glibc's (`date`) in many zones. FoundationEssentials' `TimeZone` is not used: it has no zone
/// database here and is always GMT.
public struct LocalTime: Sendable, Equatable {
    private let source: Source

    private enum Source: Sendable, Equatable {
        /// Looked up again when `TZ`, `TZDIR` or the zone file changes.
        case environment
        case zone(ResolvedZone)

        /// The process's zone is itself; a zone found is the same zone only as the same value.
        static func == (lhs: Source, rhs: Source) -> Bool {
            switch (lhs, rhs) {
            case (.environment, .environment): return true
            case (.zone(let left), .zone(let right)): return left === right
            default: return false
            }
        }
    }

    /// The zone of the process: `TZ`, else `/etc/localtime` (see the type's description).
    public static let fromEnvironment = LocalTime(source: .environment)

    /// Coordinated Universal Time.
    public static let utc = LocalTime(source: .zone(ResolvedZone(rules: .utc, name: .known("UTC"))))

    private init(source: Source) { self.source = source }

    /// The zone a `TZ` value names, read as glibc reads it, whatever the environment holds: a name
    /// under `zoneDirectory` (`Europe/Berlin`; a leading `:` is ignored), a file path, else a POSIX
    /// string (`JST-9`); empty means UTC, and so does text that is none of these. Nil means `TZ` is
    /// not set: then `localtimePath` is the zone file, and `timezonePath` may name it.
    public init(tz: String?, zoneDirectory: String = LocalTime.defaultZoneDirectory,
                localtimePath: String = "/etc/localtime", timezonePath: String = "/etc/timezone") {
        source = .zone(ZoneFinder(zoneDirectory: zoneDirectory, localtimePath: localtimePath, timezonePath: timezonePath)
            .zone(tz: tz))
    }

    /// The zone of the zone file `name` (`Europe/Berlin`) under `zoneDirectory`, named so; nil
    /// when there is no such file (a POSIX string or a path is no zone name here).
    public init?(zoneNamed name: String, zoneDirectory: String = LocalTime.defaultZoneDirectory) {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix(":"), !name.split(separator: "/").contains(".."),
              let bytes = ZoneFiles.read(zoneDirectory + "/" + name), let rules = ZoneRules(tzif: bytes) else { return nil }
        source = .zone(ResolvedZone(rules: rules, name: .known(name)))
    }

    /// Where zone files are found when `TZDIR` does not say.
    public static let defaultZoneDirectory = "/usr/share/zoneinfo"

    /// The zone answering now (the environment's, looked up if it changed).
    private var zone: ResolvedZone {
        switch source {
        case .environment: return ZoneFinder.environmentZone()
        case .zone(let zone): return zone
        }
    }

    /// This zone fixed as it is now: `fromEnvironment` stops following later changes of `TZ` or
    /// `/etc/localtime`. For loops that ask many times (an import), and for a process that wants one
    /// answer throughout.
    public var fixed: LocalTime { LocalTime(source: .zone(zone)) }

    /// The zone's IANA name (`Europe/Berlin`) when one can be found: the `TZ` name, the
    /// `/etc/localtime` link's target, or the zone file whose bytes a copied one has (preferring
    /// `/etc/timezone`'s name). Nil for a POSIX string such as `JST-9`, which has no name.
    public var name: String? { zone.name }

    /// Whether this is UTC under any name or form: the offset is 0 at every instant.
    public var isUniversal: Bool { zone.rules.isUniversal }

    /// Seconds east of UTC at `date` (negative west of Greenwich).
    public func utcOffset(at date: Date) -> Int {
        zone.rules.offset(at: Self.seconds(of: date))
    }

    /// The local day and time of day of `date`.
    public func civilTime(of date: Date) -> CivilTime {
        let seconds = Self.seconds(of: date)
        let local = seconds + Int64(zone.rules.offset(at: seconds))
        let day = floorDivide(local, 86_400)
        return CivilTime(day: Int(day), second: Int(local - day * 86_400))
    }

    /// The local day of `date`, as a `CivilCalendar` day number.
    public func dayNumber(of date: Date) -> Int { civilTime(of: date).day }

    /// The local day of `date`, as `YYYY-MM-DD`.
    public func day(of date: Date) -> String { civilTime(of: date).dayText }

    /// Minutes after local midnight at `date` (0…1439).
    public func minutesOfDay(at date: Date) -> Int { civilTime(of: date).second / 60 }

    /// The instant a local wall time names. A time the clocks skip (02:30 on the day they go forward
    /// an hour) is read with the offset before the change, so it names the instant the clocks show
    /// 03:30; a time that happens twice (when they go back) names the first of the two. (RFC 5545
    /// reads its zoned times the same way.)
    public func instant(of time: CivilTime) -> Date {
        let wall = Int64(time.day) * 86_400 + Int64(time.second)
        let rules = zone.rules
        var offsets: [Int] = []
        for probe in [wall - 129_600, wall, wall + 129_600] {
            let offset = rules.offset(at: probe)
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        for offset in offsets {
            let found = rules.offset(at: wall - Int64(offset))
            if !offsets.contains(found) { offsets.append(found) }
        }
        let valid = offsets.map { wall - Int64($0) }.filter { Int64(rules.offset(at: $0)) == wall - $0 }
        if let first = valid.min() { return Date(timeIntervalSince1970: Double(first)) }
        // Skipped: the earliest reading is still before the change, and has the offset before it.
        let beforeChange = rules.offset(at: wall - Int64(offsets.max() ?? 0))
        return Date(timeIntervalSince1970: Double(wall - Int64(beforeChange)))
    }

    /// The first instant of a local day (`CivilCalendar` day number): its midnight, or the time
    /// the clocks jump to when they skip midnight.
    public func startOfDay(_ day: Int) -> Date { instant(of: CivilTime(day: day, second: 0)) }

    /// Whole seconds since 1970 of `date`, rounded down.
    private static func seconds(of date: Date) -> Int64 {
        let value = date.timeIntervalSince1970.rounded(.down)
        // Far beyond any date a todo has (and NaN), the offset no longer matters: clamp.
        guard value.isFinite else { return 0 }
        return Int64(max(-1e15, min(1e15, value)))
    }
}

/// A local day and time of day, without a zone: what a clock on the wall and a calendar say.
public struct CivilTime: Hashable, Sendable {
    /// The day, as a `CivilCalendar` day number (days since 1970-01-01).
    public var day: Int
    /// Seconds after midnight (0…86399).
    public var second: Int

    /// A day and a time of day in seconds after midnight.
    public init(day: Int, second: Int = 0) {
        self.day = day
        self.second = second
    }

    /// A day and a time of day in minutes after midnight.
    public init(day: Int, minute: Int) {
        self.init(day: day, second: minute * 60)
    }

    /// Minutes after midnight (0…1439).
    public var minute: Int { second / 60 }

    /// The day as `YYYY-MM-DD`.
    public var dayText: String {
        let (year, month, day) = CivilCalendar.date(fromDays: day)
        return TextFormatting.padded(year, width: 4) + "-" + TextFormatting.padded(month, width: 2) + "-"
            + TextFormatting.padded(day, width: 2)
    }
}
