import FoundationEssentials

/// A calendar day (no time, no time zone): what a due date is.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let ordinal: Int

    /// The day with this ordinal.
    public init(ordinal: Int) { self.ordinal = ordinal }

    /// A valid date, or nil (February 30th, month 13…).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year), (1...9999).contains(year) else { return nil }
        ordinal = Day.ordinal(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`, or nil when it is not a real date.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The local calendar day of an instant.
    public init(_ date: Date, timeZone: TimeZone = .current) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        ordinal = Int((Double(seconds) / 86_400).rounded(.down))
    }

    /// Today, where the user is.
    public static var today: Day { Day(Date()) }

    /// Year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's days-to-civil algorithm.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 = Monday … 6 = Sunday.
    public var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let (year, month, day) = components
        return Day.padded(year, 4) + "-" + Day.padded(month, 2) + "-" + Day.padded(day, 2)
    }

    public var description: String { iso }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> Day { Day(ordinal: ordinal + count) }

    /// The same day of the month `count` months later, clamped to the month's end (Jan 31 + 1 month = Feb 28/29).
    public func adding(months count: Int) -> Day {
        let (year, month, day) = components
        let total = year * 12 + (month - 1) + count
        let newYear = total / 12, newMonth = total % 12 + 1
        let newDay = min(day, Day.daysIn(month: newMonth, year: newYear))
        return Day(year: newYear, month: newMonth, day: newDay) ?? self
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }

    /// A number zero-padded to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// An instant as the user's local `YYYY-MM-DD HH:MM`.
    public static func localTime(_ date: Date, timeZone: TimeZone = .current) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let minutesOfDay = ((seconds % 86_400) + 86_400) % 86_400 / 60
        return Day(date, timeZone: timeZone).iso + " " + padded(minutesOfDay / 60, 2) + ":" + padded(minutesOfDay % 60, 2)
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func ordinal(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days-from-civil algorithm.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
