import Foundation
import Testing
@testable import TodoSync
import TodoStore

/// Issue 32: plain VTODOs are read without libical (`VTodoReader.readQuickly()`), and every VTODO,
/// plain or not, hostile or not, is read exactly as libical reads it: the same todo, the same
/// start, or the same problem on the same line.
@Suite("VTODOs read without libical")
struct VTodoQuickReadingTests {
    /// What reading the one VTODO of `text` gives: the todo and its start, or the problem.
    static func reading(_ text: String, quickly: Bool, zone: String = "Europe/Berlin") -> String {
        do {
            let scan = try CalendarScan(text)
            let read = try CalendarReading.todoAndStart(scan.todos[0], in: scan, text: text, calendar: scan.timeZoneCalendar(of: text),
                                                        zone: LocalTime(tz: zone), quickly: quickly)
            return "\(read.todo) start \(String(describing: read.start))"
        } catch {
            return "error \(error.description)"
        }
    }

    /// Whether the one VTODO of `text` is read without libical (to a todo or to a problem).
    static func isReadQuickly(_ text: String) throws -> Bool {
        let scan = try CalendarScan(text)
        let place = scan.todos[0]
        let start = scan.lines[place.begin].raw.startIndex, end = scan.lines[place.end].raw.endIndex
        let reader = VTodoReader(lines: scan.propertyLines(of: place), startLine: scan.lines[place.begin].lineNumber, calendar: nil,
                                 calendarName: scan.calendarName, zone: LocalTime(tz: "Europe/Berlin"))
        guard CalendarReading.isPlain(place, in: scan, bytes: text[start..<end].utf8) else { return false }
        do {
            return try reader.readQuickly() != nil
        } catch {
            return true  // read, and found wanting (no UID, no title): the problem is the reading's answer
        }
    }

    /// A VTODO as Tick's upload writes one, with `extra` lines before its END.
    static func uploaded(_ extra: String = "", summary: String = "SUMMARY:Buy milk, bread; and 买牛奶 #4") -> String {
        ICS.calendar("""
            BEGIN:VTODO
            UID:0a1b2c3d-0000-4000-a000-000000000001
            DTSTAMP:20261202T120000Z
            LAST-MODIFIED:20261015T083012Z
            \(summary)
            DUE;VALUE=DATE:20261130
            STATUS:COMPLETED
            COMPLETED:20261015T093012Z
            CREATED:20261015T083012Z
            CATEGORIES:work
            X-APPLE-SORT-ORDER:131072
            \(extra)END:VTODO

            """)
    }

    /// VTODOs Tick reads without libical: what Tick and most clients write.
    static let plain: [String] = [
        uploaded(),
        uploaded(summary: "SUMMARY:A long title 会议 folded over\n  two physical lines,\n\tand a third after a tab"),
        uploaded("DESCRIPTION:Notes: with a colon, a comma; a semicolon\nPRIORITY:1\nSEQUENCE:4\nX-TICK-LIST:Work\nX-TICK-FLAGGED:TRUE\n"),
        uploaded("RELATED-TO;RELTYPE=PARENT:parent-uid\nX-OTHER-CLIENT:kept\nPERCENT-COMPLETE:150\n"),
        uploaded("RELATED-TO:parent-uid\nPRIORITY:5\nPERCENT-COMPLETE:40\nPERCENT-COMPLETE:60\n"),
        uploaded("BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;VALUE=DATE-TIME:20261129T080000Z\nDESCRIPTION:x\nEND:VALARM\n"),
        uploaded("BEGIN:VALARM\nACTION:AUDIO\nTRIGGER:-PT15M\nX-WEIRD;A=\"b:c\":d\nEND:VALARM\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:Due in UTC\nDUE:20261201T233000Z\nSTATUS:IN-PROCESS\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:Due floating\nDUE:20261201T091500\nPERCENT-COMPLETE:100\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:Cancelled\nSTATUS:CANCELLED\nCREATED:19700101T000000Z\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:First\nSUMMARY:Second\nDUE;VALUE=DATE:20260228\nDUE;VALUE=DATE:20260301\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:Leap day, last second\nDUE:20280229T235959Z\nDTSTAMP:20991231T235959Z\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:Done, no time\nSTATUS:COMPLETED\nDTSTAMP:20261201T100000Z\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nSUMMARY:No UID\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nDESCRIPTION:No summary\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:\(String(repeating: "x", count: 256))\nSUMMARY:UID too long\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:Sort order with a space\nX-APPLE-SORT-ORDER:12 34\nX-TICK-LIST:Home\nEND:VTODO\n"),
        uploaded().replacingOccurrences(of: "\r\n", with: "\n"),  // LF line breaks
    ]

    /// VTODOs left to libical, each for one reason `readQuickly()` names.
    static let forLibical: [String] = [
        ICS.calendar("BEGIN:VTODO\nUID:u\nsummary:lower-case name\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY: padded with spaces \nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:\ttab first\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:escaped\\, comma\\nand \\\\ line\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nDESCRIPTION:\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nDTSTAMP:20261332T000000Z\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nCREATED:20261201T120060Z\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nLAST-MODIFIED:21500101T000000Z\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nCOMPLETED:2026\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nDUE:20261201\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nDUE;VALUE=DATE:20260230\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nDUE;TZID=America/New_York:20261201T090000\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nDTSTART;VALUE=DATE:20261125\nDUE;VALUE=DATE:20261130\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nDUE;VALUE=DATE:20261130\nRRULE:FREQ=WEEKLY\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nPRIORITY:high\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nPERCENT-COMPLETE:lots\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nSTATUS:needs-action\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nSTATUS:DRAFT\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nX-LIC-ERROR:Can't parse as DATE-TIME value in DUE property. Removing entire property: 2026\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY;LANGUAGE=en:x\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nRELATED-TO;RELTYPE=CHILD:c\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nGEO:1;2\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nCLASS:PRIVATE\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\n\nDUE;VALUE=DATE:20261130\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nBEGIN:VEVENT\nSUMMARY:inside\nEND:VEVENT\nEND:VTODO\n"),
        ICS.calendar("BEGIN:VTODO\nUID:u\nSUMMARY:x\nBEGIN:VALARM\nBEGIN:VTODO\nUID:v\nEND:VTODO\nEND:VALARM\nEND:VTODO\n"),
        uploaded().replacingOccurrences(of: "SUMMARY:Buy", with: "SUMMARY:Bu\ry"),  // a CR inside a line
    ]

    @Test("A VTODO as Tick's upload and most clients write it is read without libical, and gives what libical's reading gives",
          arguments: plain)
    func plainVTodo(text: String) throws {
        #expect(try Self.isReadQuickly(text))
        #expect(Self.reading(text, quickly: true) == Self.reading(text, quickly: false))
        #expect(Self.reading(text, quickly: true, zone: "Pacific/Kiritimati") == Self.reading(text, quickly: false, zone: "Pacific/Kiritimati"))
    }

    @Test("A VTODO with anything the quick reading does not know (a parameter, an escape, spaces libical trims, a bad time, a DTSTART) is read by libical, with the same result",
          arguments: forLibical)
    func otherVTodo(text: String) throws {
        #expect(try !Self.isReadQuickly(text))
        #expect(Self.reading(text, quickly: true) == Self.reading(text, quickly: false))
    }
}
