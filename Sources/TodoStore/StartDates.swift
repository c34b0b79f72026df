/// Start dates (`TodoItem.start`, schema 13): when a todo is still waiting, and how a start follows
/// its todo's due date. A start is written as a due date is (`DueText`); a todo waits while the day
/// of its start is after today (a start at a time of day stops waiting on that day, at midnight).
public enum StartDates {
    /// Whether a todo with `start` is waiting on `today` (`YYYY-MM-DD`): its start day is after it.
    public static func isWaiting(start: String?, today: String) -> Bool {
        guard let start else { return false }
        return DueText.day(of: start) > Substring(today)
    }

    /// Whether `start` comes after `due` as RFC 5545 compares a DTSTART with its DUE (§3.8.2.3: it
    /// may not), each as the due is written: a start at a time of day on a due day is not after it,
    /// nor a start day beside a due time on that day. False when either is nil.
    public static func isAfterDue(_ start: String?, due: String?) -> Bool {
        guard let start, let due else { return false }
        return written(start, asDue: due) > due
    }

    /// `start` written as `due` is, so the two compare as text: its day beside a due day, its day
    /// at 00:00 beside a due time, as it is otherwise (RFC 5545 gives a DTSTART its DUE's value type).
    public static func written(_ start: String, asDue due: String) -> String {
        due.count == 10 ? String(start.prefix(10)) : start.count == 10 ? start + "T00:00" : start
    }

    /// The day after `day` (`YYYY-MM-DD`), or nil when it is not a valid day or the last one there is.
    /// A start (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`) waits on `day` exactly when it sorts at or after
    /// this text, so a range over an index of starts finds the waiting todos.
    public static func dayAfter(_ day: String) -> String? {
        guard let number = dayNumber(day) else { return nil }
        let (year, month, date) = CivilCalendar.date(fromDays: number + 1)
        guard (1...9999).contains(year) else { return nil }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(date, 2)
    }

    /// Days from `today` to the day of `start` (negative when it has passed), or nil when either is
    /// not a valid day.
    public static func daysUntil(_ start: String, from today: String) -> Int? {
        guard let startDays = dayNumber(String(DueText.day(of: start))), let todayDays = dayNumber(today) else { return nil }
        return startDays - todayDays
    }

    /// The start of the next occurrence of a recurring todo: as far before its new due day as it was
    /// before the old one (the time of day kept), or the start unchanged when either todo has no due.
    static func shifted(_ start: String?, fromDue oldDue: String?, toDue newDue: String?) -> String? {
        guard let start, let oldDue, let newDue,
              let startDay = dayNumber(String(DueText.day(of: start))),
              let oldDay = dayNumber(String(DueText.day(of: oldDue))),
              let newDay = dayNumber(String(DueText.day(of: newDue))) else { return start }
        let moved = newDay + startDay - oldDay
        let (year, month, day) = CivilCalendar.date(fromDays: moved)
        guard (1...9999).contains(year) else { return start }
        let text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        return DueText.keepingTime(of: start, on: text)
    }

    /// The day number (`CivilCalendar`) of a `YYYY-MM-DD` day, or nil when it is not one.
    static func dayNumber(_ day: String) -> Int? {
        guard (try? Validation.dueDay(day)) != nil else { return nil }
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return CivilCalendar.days(year: parts[0], month: parts[1], day: parts[2])
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
