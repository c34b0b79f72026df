import FoundationEssentials
import TodoStore

/// DTSTART, the todo's start date (`TodoItem.start`), written right (RFC 5545): beside an RRULE it
/// is required (§3.8.2.4), and beside a DUE it has the same value type, DATE or DATE-TIME, and is
/// not after it (§3.8.2.3). Tick's own start is written consistent with the due
/// (`consistent(_:due:)`); another client's DTSTART stays as written while it is valid, and a start
/// read from another client that breaks these rules is kept as read (nothing is lost) until it is
/// written again.
enum TodoStart {
    /// A DTSTART (or DUE) as local wall time: `YYYY-MM-DD` for a DATE, `YYYY-MM-DDTHH:MM:SS` for a
    /// DATE-TIME, so two of them compare as text.
    struct WallTime: Equatable {
        /// Whether it is a DATE.
        var isDate: Bool
        /// The day, or the day and time to the second.
        var text: String
    }

    /// The DTSTART a VTODO needs, in Tick's due notation (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`), or
    /// nil when what it has (`current`; `isWritten` when it has a DTSTART line at all) may stay:
    ///
    /// - none, and the todo recurs: its due, else `fallbackDay` (the day it was made);
    /// - one of the other value type than the due: its day (at 00:00 for a DATE-TIME);
    /// - one after the due (after that change of type too): the due.
    ///
    /// A DTSTART Tick cannot read is another client's, and stays.
    static func required(current: WallTime?, isWritten: Bool, due: String?, recurs: Bool, fallbackDay: String) -> String? {
        guard let current else {
            return isWritten || !recurs ? nil : due ?? fallbackDay
        }
        guard let due else { return nil }
        let dueIsDate = due.count == 10
        if current.isDate == dueIsDate, current.text <= (dueIsDate ? due : due + ":00") { return nil }
        let start = dueIsDate ? String(current.text.prefix(10)) : current.isDate ? current.text + "T00:00" : String(current.text.prefix(16))
        return min(start, due)
    }

    /// `start` as a DTSTART beside `due` may be: of the due's value type (a day at 00:00 beside a
    /// due time, the day alone beside a due day) and not after the due (the due when it is); as it
    /// is without a due; nil for none.
    static func consistent(_ start: String?, due: String?) -> String? {
        guard let start else { return nil }
        guard let due else { return start }
        return min(StartDates.written(start, asDue: due), due)
    }

    /// The day of `date` in `zone`, `YYYY-MM-DD`: where a recurring todo without a due starts.
    static func day(of date: Date, in zone: LocalTime) -> String { zone.day(of: date) }
}
