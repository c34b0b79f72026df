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

    /// Reads a calendar file for an import, its times in `zone` (the command's); a problem is reported
    /// as the other formats' are, with its line. `progress` may throw an `InteropError` at line 0 to
    /// stop (Ctrl-C), which is passed on.
    static func read(_ data: Data, zone: LocalTime, progress: (_ bytesRead: Int) throws(InteropError) -> Void) throws(InteropError) -> ICalendarFile.Contents {
        var stop: InteropError?
        do throws(CalendarError) {
            // A store of this build that keeps due times takes them; otherwise their day is kept and counted.
            return try ICalendarFile.read(data, zone: zone, keepsDueTimes: TodoStore.acceptsDue("2000-01-01T00:00")) { bytes throws(CalendarError) in
                do throws(InteropError) {
                    try progress(bytes)
                } catch {
                    stop = error
                    throw CalendarError(line: 0, problem: .malformed(error.problem))
                }
            }
        } catch {
            if let stop { throw stop }
            throw InteropError(line: max(error.line, 1), problem: error.reason)
        }
    }
}

/// What iCalendar files held besides todos, added up over the files of a vdir: components that are
/// not todos, changed occurrences, and due times kept as days.
struct CalendarTally {
    /// Components that are not todos, by name.
    var ignored: [String: Int] = [:]
    /// VTODOs with a RECURRENCE-ID, ignored.
    var occurrenceOverrides = 0
    /// Due times read as their day.
    var dueTimesAsDays = 0

    /// Nothing counted.
    init() {}

    /// What one file held.
    init(_ contents: ICalendarFile.Contents) {
        add(contents)
    }

    /// What one file read a piece at a time held (`StreamedCalendarImport`).
    init(_ index: ICalendarIndex) {
        ignored = index.ignored
        occurrenceOverrides = index.occurrenceOverrides
        dueTimesAsDays = index.dueTimesAsDays
    }

    /// Adds what one more file held.
    mutating func add(_ contents: ICalendarFile.Contents) {
        ignored.merge(contents.ignored, uniquingKeysWith: +)
        occurrenceOverrides += contents.occurrenceOverrides
        dueTimesAsDays += contents.dueTimesAsDays
    }

    /// What an import of calendars adds to its summary line: components ignored, due times as days.
    var summary: String {
        var parts: [String] = []
        let count = ignored.values.reduce(0, +) + occurrenceOverrides
        if count > 0 {
            // A component's name comes from the file: shown with placeholders for what must not reach a terminal.
            var kinds = ignored.sorted { $0.key < $1.key }.map { "\($0.value) \(TodoTable.safe($0.key).text)" }
            if occurrenceOverrides > 0 { kinds.append("\(occurrenceOverrides) changed occurrence\(occurrenceOverrides == 1 ? "" : "s") (RECURRENCE-ID)") }
            parts.append("ignored \(count) component\(count == 1 ? " that is not a todo" : "s that are not todos") (\(kinds.joined(separator: ", ")))")
        }
        if dueTimesAsDays > 0 {
            parts.append("\(dueTimesAsDays) due time\(dueTimesAsDays == 1 ? "" : "s") kept as the day only")
        }
        return parts.map { "; " + $0 }.joined()
    }
}
