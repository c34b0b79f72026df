import Foundation
@testable import TodoSync
import TodoStore

/// Test helpers: iCalendar text written with LF in the source and sent with CRLF, as servers do.
enum ICS {
    /// `text` with CRLF line breaks.
    static func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// A VCALENDAR around `body` (VTODO lines), with CRLF.
    static func calendar(_ body: String, header: String = "") -> String {
        crlf("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Test//Test//EN\n\(header)\(body)END:VCALENDAR\n")
    }

    /// The one todo of a calendar with `body`, read in `zone`.
    static func todo(_ body: String, zone: String = "Europe/Berlin") throws -> CalendarTodo {
        let contents = try ICalendarFile.read(Data(calendar(body).utf8), zone: LocalTime(tz: zone))
        precondition(contents.document.todos.count == 1)
        return try VTodoRewriter(zone: LocalTime(tz: zone)).read(calendar(body))[0]
    }

    /// A UTC time from its parts.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}
