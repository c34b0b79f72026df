/// How a due date is written in the store's `due` column: a day, `YYYY-MM-DD`, or a day and a time
/// of day, `YYYY-MM-DDTHH:MM` (24-hour, no seconds, no zone).
///
/// The time is local wall-clock time ("floating" in RFC 5545 terms): 15:00 stays 15:00 wherever the
/// machine is. Both forms sort as text in time order, and a bare day sorts before the timed todos of
/// the same day (`2026-12-24` < `2026-12-24T09:00`), so the `todos_open_by_due_day` index, `TodoSort.due`
/// and a window of days (`due >= '2026-12-24' AND due < '2026-12-25'`) need nothing new for times.
public enum DueText {
    /// The day part, `YYYY-MM-DD` (the whole text when it has no time).
    public static func day(of due: String) -> Substring {
        due.prefix(10)
    }

    /// The time part as `HH:MM`, or nil when the due date is a bare day.
    public static func time(of due: String) -> Substring? {
        due.utf8.count > 10 ? due.dropFirst(11) : nil
    }

    /// Minutes after local midnight of the time part (0...1439), or nil for a bare day or a malformed time.
    public static func minutes(of due: String) -> Int? {
        guard let time = time(of: due) else { return nil }
        let bytes = Array(time.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), [0, 1, 3, 4].allSatisfy({ isDigit(bytes[$0]) }) else { return nil }
        let hour = Int(bytes[0] - 48) * 10 + Int(bytes[1] - 48)
        let minute = Int(bytes[3] - 48) * 10 + Int(bytes[4] - 48)
        guard hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }

    /// `day` with the time of day `minutes` (after midnight) appended, or `day` alone for nil.
    public static func joining(day: some StringProtocol, minutes: Int?) -> String {
        guard let minutes else { return String(day) }
        return String(day) + "T" + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    /// `day` with the time part of `due` (if it has one): how a todo that moves to another day keeps its time.
    public static func keepingTime(of due: String?, on day: String) -> String {
        guard let due, let time = time(of: due) else { return day }
        return day + "T" + time
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}
