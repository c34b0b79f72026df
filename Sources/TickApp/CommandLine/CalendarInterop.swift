import FoundationEssentials
import TodoStore
import TodoSync

/// iCalendar (`.ics`) beside todo.txt and JSON in `tick import` and `tick export`: how a file is
/// recognised, and what an import says it did.
enum CalendarInterop {
    /// The `--format` name.
    static let formatName = "ics"

    /// Whether `data` is an iCalendar file: it starts with `BEGIN:VCALENDAR` (after a byte-order
    /// mark and blank space), which neither a todo.txt line nor JSON does.
    static func isCalendar(_ data: Data) -> Bool {
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let start = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return String(decoding: start.prefix(15), as: UTF8.self).uppercased() == "BEGIN:VCALENDAR"
    }

    /// Whether a file name suggests iCalendar (`.ics`, `.ical`, `.ifb`… just `.ics` and `.ical`).
    static func isCalendarFileName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".ics") || lowered.hasSuffix(".ical")
    }

    /// What an import of a calendar adds to its summary line: todos updated, components ignored.
    static func summary(of contents: ICalendarIndex, updated: Int) -> String {
        var parts: [String] = []
        if updated > 0 {
            parts.append("updated \(updated) todo\(updated == 1 ? "" : "s") already there under the same UID")
        }
        let ignored = contents.ignored.values.reduce(0, +) + contents.occurrenceOverrides
        if ignored > 0 {
            var kinds = contents.ignored.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            if contents.occurrenceOverrides > 0 { kinds.append("\(contents.occurrenceOverrides) changed occurrence\(contents.occurrenceOverrides == 1 ? "" : "s") (RECURRENCE-ID)") }
            parts.append("ignored \(ignored) component\(ignored == 1 ? " that is not a todo" : "s that are not todos") (\(kinds.joined(separator: ", ")))")
        }
        if contents.dueTimesAsDays > 0 {
            parts.append("\(contents.dueTimesAsDays) due time\(contents.dueTimesAsDays == 1 ? "" : "s") kept as the day only")
        }
        return parts.map { "; " + $0 }.joined()
    }
}
