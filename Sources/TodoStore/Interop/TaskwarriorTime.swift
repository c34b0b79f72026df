import FoundationEssentials

/// Taskwarrior's times, `20261202T083000Z` (UTC to the second), and what they become in Tick
/// (through `LocalTime`, like every local day and time):
/// instants for creation, completion and modification; local days and times of day for a due date
/// and the dates kept in notes.
public struct TaskwarriorTime: Sendable {
    /// The zone local days and times are in.
    public let zone: LocalTime

    /// Times read into `zone` (fixed as it is now, for the whole of an import).
    public init(zone: LocalTime) {
        self.zone = zone.fixed
    }

    /// The instant of `20261202T083000Z` (also accepted: `2026-12-02T08:30:00Z` and other
    /// `Timestamp.parse` forms); nil when the text is neither.
    public static func instant(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return Timestamp.parse(text) }
        var digits: [Int] = []
        for index in [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14] {
            guard DueText.isDigit(bytes[index]) else { return nil }
            digits.append(Int(bytes[index] - UInt8(ascii: "0")))
        }
        func number(_ start: Int, _ count: Int) -> Int { digits[start..<start + count].reduce(0) { $0 * 10 + $1 } }
        let year = number(0, 4), month = number(4, 2), day = number(6, 2)
        let hour = number(8, 2), minute = number(10, 2), second = number(12, 2)
        guard year >= 1, (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = Int64(CivilCalendar.days(year: year, month: month, day: day))
        return Date(unixMilliseconds: ((days * 24 + Int64(hour)) * 60 + Int64(minute)) * 60_000 + Int64(second) * 1000)
    }

    /// The local day (a `CivilCalendar` day number) and second after midnight of `date`: the one
    /// place a taskwarrior time meets the local zone.
    public func local(_ date: Date) -> (day: Int, second: Int) {
        let civil = zone.civilTime(of: date)
        return (civil.day, civil.second)
    }

    /// `date` as a due date: the local day, with its time of day (`2026-12-05T14:30`) unless it is
    /// local midnight, which is how taskwarrior stores a due day without a time.
    public func due(_ date: Date) -> String {
        let (day, second) = local(date)
        return DueText.joining(day: Self.dayText(day), minutes: second == 0 ? nil : second / 60)
    }

    /// `date` as notes write it: `2026-12-05 14:30`, or `2026-12-05` at local midnight.
    public func noteText(_ date: Date) -> String {
        let (day, second) = local(date)
        guard second != 0 else { return Self.dayText(day) }
        return Self.dayText(day) + " " + DueText.joining(day: "", minutes: second / 60).dropFirst()
    }

    /// `YYYY-MM-DD` of a day number.
    static func dayText(_ day: Int) -> String {
        let (year, month, dayOfMonth) = CivilCalendar.date(fromDays: day)
        return "\(TextFormatting.padded(year, width: 4))-\(TextFormatting.padded(month, width: 2))-\(TextFormatting.padded(dayOfMonth, width: 2))"
    }
}
