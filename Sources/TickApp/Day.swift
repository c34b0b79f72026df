import FoundationEssentials
import TodoStore

/// A calendar day (no time, no time zone): what a due date is.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let ordinal: Int

    /// The day with this ordinal.
    public init(ordinal: Int) { self.ordinal = ordinal }

    /// A valid date, or nil (February 30th, month 13…).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year), (1...9999).contains(year) else { return nil }
        ordinal = CivilCalendar.days(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`, or nil when it is not a real date.
    public init?(iso text: some StringProtocol) {
        // The usual text, ten ASCII bytes `DDDD-DD-DD`, is read byte by byte: every row's due day is
        // parsed where it is drawn, and splitting it into strings cost several times the rest.
        if let (year, month, day) = Self.isoFields(text.utf8) {
            self.init(year: year, month: month, day: day)
            return
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The local calendar day of an instant in `zone`.
    public init(_ date: Date, in zone: LocalTime) {
        ordinal = zone.dayNumber(of: date)
    }

    /// Today, where the user is (the process's zone: `TZ`, else `/etc/localtime`).
    public static var today: Day { Day(Date(), in: .fromEnvironment) }

    /// Year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) { CivilCalendar.date(fromDays: ordinal) }

    /// 0 = Monday … 6 = Sunday.
    public var weekday: Int { CivilCalendar.weekday(ofDays: ordinal) }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let (year, month, day) = components
        guard (0...9999).contains(year) else { return Day.padded(year, 4) + "-" + Day.padded(month, 2) + "-" + Day.padded(day, 2) }
        // Ten ASCII bytes written in place: the agenda's windows and every drawn due day ask for it.
        return String(unsafeUninitializedCapacity: 10) { bytes in
            /// Writes `value` as the digits of `bytes[start..<end]`, zero-padded.
            func write(_ value: Int, _ start: Int, _ end: Int) {
                var rest = value
                for index in (start..<end).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            write(year, 0, 4)
            bytes[4] = UInt8(ascii: "-")
            write(month, 5, 7)
            bytes[7] = UInt8(ascii: "-")
            write(day, 8, 10)
            return 10
        }
    }

    /// Year, month and day of `DDDD-DD-DD` (ten ASCII bytes, digits and two hyphens), or nil for any
    /// other text (which the general parse then reads).
    private static func isoFields(_ utf8: some Collection<UInt8>) -> (Int, Int, Int)? {
        guard utf8.count == 10 else { return nil }
        var fields = (0, 0, 0)
        for (index, byte) in utf8.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch index {
            case ..<4: fields.0 = fields.0 * 10 + digit
            case ..<7: fields.1 = fields.1 * 10 + digit
            default: fields.2 = fields.2 * 10 + digit
            }
        }
        return fields
    }

    public var description: String { iso }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> Day { Day(ordinal: ordinal + count) }

    /// The same day of the month `count` months later, clamped to the month's end (Jan 31 + 1 month = Feb 28/29).
    public func adding(months count: Int) -> Day {
        let moved = CivilCalendar.addingMonths(count, toDays: ordinal)
        // Outside the years a Day can be (1 to 9999) it stays where it is.
        return (1...9999).contains(CivilCalendar.date(fromDays: moved).year) ? Day(ordinal: moved) : self
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }

    /// A number zero-padded to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// An instant as the user's local `YYYY-MM-DD HH:MM` in `zone`.
    public static func localTime(_ date: Date, in zone: LocalTime) -> String {
        let time = zone.civilTime(of: date)
        return Day(ordinal: time.day).iso + " " + padded(time.minute / 60, 2) + ":" + padded(time.minute % 60, 2)
    }
}
