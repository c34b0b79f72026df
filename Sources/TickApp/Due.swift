import FoundationEssentials
import TodoStore

/// When a todo is due: a day, and optionally a time of day on it.
///
/// The time is local wall-clock time ("floating" in RFC 5545 terms): 15:00 stays 15:00 wherever the
/// machine is and across a daylight-saving change. Stored as `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`
/// (`DueText`), which sorts as text in time order, a bare day before the timed todos of that day.
public struct Due: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The due day.
    public var day: Day
    /// Minutes after midnight (0...1439), or nil when only the day is due.
    public var minutes: Int?

    /// A due day, with a time of day when `minutes` is given.
    public init(day: Day, minutes: Int? = nil) {
        self.day = day
        self.minutes = minutes
    }

    /// The due date the store holds (`2026-12-24` or `2026-12-24T18:30`), or nil when it is malformed.
    public init?(stored text: String) {
        guard let day = Day(iso: DueText.day(of: text)) else { return nil }
        if DueText.time(of: text) != nil {
            guard text.utf8.count == 16, let minutes = DueText.minutes(of: text) else { return nil }
            self.init(day: day, minutes: minutes)
        } else {
            self.init(day: day)
        }
    }

    /// As the store holds it: `2026-12-24` or `2026-12-24T18:30`.
    public var stored: String { DueText.joining(day: day.iso, minutes: minutes) }

    /// `2026-12-24` or `2026-12-24 18:30`, for people.
    public var description: String { minutes.map { day.iso + " " + Self.clock($0, padded: true) } ?? day.iso }

    /// Whether it has passed at `now` (minutes after midnight) on `today`: a day before today, or a
    /// time earlier today (a todo due today at 9:00 is late from 9:01). A bare day is late only from
    /// the next day on.
    public func isOverdue(today: Day, now: Int) -> Bool {
        day < today || (day == today && (minutes.map { $0 < now } ?? false))
    }

    /// A time of day as `9:00` (or `09:00` when `padded`), 24-hour.
    public static func clock(_ minutes: Int, padded: Bool = false) -> String {
        let hour = String(minutes / 60), minute = String(minutes % 60)
        return (padded && hour.count == 1 ? "0" + hour : hour) + ":" + (minute.count == 1 ? "0" + minute : minute)
    }

    /// Minutes after local midnight, now, where the user is (the process's zone).
    public static var timeOfDayNow: Int { minutesOfDay(Date(), in: .fromEnvironment) }

    /// Minutes after local midnight in `zone` of an instant.
    public static func minutesOfDay(_ date: Date, in zone: LocalTime) -> Int {
        zone.minutesOfDay(at: date)
    }

    /// Bare days first, then times in order, on the same day; earlier days first.
    public static func < (lhs: Due, rhs: Due) -> Bool {
        if lhs.day != rhs.day { return lhs.day < rhs.day }
        return (lhs.minutes ?? -1) < (rhs.minutes ?? -1)
    }
}
