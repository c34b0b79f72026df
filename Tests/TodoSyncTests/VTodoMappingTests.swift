import Foundation
import Testing
@testable import TodoSync
import TodoStore

/// Reading a VTODO into Tick's fields and writing them back, property by property.
@Suite("VTODO mapping")
struct VTodoMappingTests {
    @Test("every property Tick knows is read from a VTODO")
    func readsEveryField() throws {
        let todo = try ICS.todo("""
            BEGIN:VTODO
            UID:abc-123@example.com
            DTSTAMP:20261201T120000Z
            CREATED:20261101T080000Z
            LAST-MODIFIED:20261130T090000Z
            SUMMARY:Buy milk\\, eggs\\; bread
            DESCRIPTION:Two litres\\nfull fat
            PRIORITY:1
            DUE;VALUE=DATE:20261224
            STATUS:COMPLETED
            COMPLETED:20261201T110000Z
            CATEGORIES:Errands,Home
            RRULE:FREQ=WEEKLY;BYDAY=MO
            X-TICK-LIST:Shopping
            X-APPLE-SORT-ORDER:42
            X-TICK-FLAGGED:TRUE
            END:VTODO

            """)
        #expect(todo == CalendarTodo(uid: "abc-123@example.com", title: "Buy milk, eggs; bread", notes: "Two litres\nfull fat",
                                     priority: 3, due: "2026-12-24", completedAt: ICS.utc(2026, 12, 1, 11),
                                     createdAt: ICS.utc(2026, 11, 1, 8), lastModified: ICS.utc(2026, 11, 30, 9),
                                     tags: ["Errands", "Home"], rrule: "FREQ=WEEKLY;BYDAY=MO", listName: "Shopping",
                                     sortOrder: 42, isFlagged: true))
    }

    @Test("PRIORITY maps to the nearest of Tick's priorities: 1–4 high, 5 medium, 6–9 low, 0 none",
          arguments: [(0, 0), (1, 3), (2, 3), (4, 3), (5, 2), (6, 1), (9, 1)])
    func priorities(value: Int, tick: Int) throws {
        #expect(try ICS.todo("BEGIN:VTODO\nUID:p\nSUMMARY:x\nPRIORITY:\(value)\nEND:VTODO\n").priority == tick)
        #expect(CalendarPriority.tick(value) == tick)
    }

    @Test("Tick's priorities are written as high 1, medium 5, low 9, and none not at all",
          arguments: [(3, "PRIORITY:1"), (2, "PRIORITY:5"), (1, "PRIORITY:9"), (0, nil)])
    func writesPriority(tick: Int, line: String?) {
        let lines = VTodoWriter(zone: .utc).lines(.priority, of: CalendarTodo(uid: "u", title: "t", priority: tick))
        #expect(lines == (line.map { [$0 + "\r\n"] } ?? []))
    }

    @Test("STATUS: NEEDS-ACTION and IN-PROCESS are open (a leftover COMPLETED too: a reopened todo), COMPLETED done at COMPLETED, CANCELLED done and marked cancelled",
          arguments: [("STATUS:NEEDS-ACTION\n", false, false), ("STATUS:IN-PROCESS\n", false, false),
                      ("STATUS:NEEDS-ACTION\nCOMPLETED:20261201T110000Z\n", false, false),
                      ("STATUS:COMPLETED\nCOMPLETED:20261201T110000Z\n", true, false),
                      ("STATUS:CANCELLED\n", true, true), ("COMPLETED:20261201T110000Z\n", true, false), ("", false, false)])
    func statuses(lines: String, done: Bool, cancelled: Bool) throws {
        let todo = try ICS.todo("BEGIN:VTODO\nUID:s\nSUMMARY:x\nLAST-MODIFIED:20261130T090000Z\n\(lines)END:VTODO\n")
        #expect(todo.isDone == done && todo.isCancelled == cancelled)
        // Done without a COMPLETED time: done when it was last modified.
        if cancelled { #expect(todo.completedAt == ICS.utc(2026, 11, 30, 9)) }
    }

    @Test("DUE: a DATE is the day, a DATE-TIME is local wall time whether in a TZID, in UTC or floating",
          arguments: [
            ("DUE;VALUE=DATE:20261224", "Europe/Berlin", "2026-12-24"),
            ("DUE:20261224", "Europe/Berlin", "2026-12-24"),
            ("DUE;TZID=Europe/Berlin:20261224T183000", "Europe/Berlin", "2026-12-24T18:30"),
            ("DUE;TZID=Europe/Berlin:20261224T183000", "America/New_York", "2026-12-24T12:30"),
            ("DUE;TZID=Europe/Berlin:20260701T183000", "UTC", "2026-07-01T16:30"),
            ("DUE:20261224T183000Z", "Europe/Berlin", "2026-12-24T19:30"),
            ("DUE:20261224T183000", "America/New_York", "2026-12-24T18:30"),
            ("DUE;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20261224T183000", "Europe/Berlin", "2026-12-24T18:30"),
            // Into zones whose day is not UTC's, and into one without a name.
            ("DUE:20261201T230600Z", "Pacific/Kiritimati", "2026-12-02T13:06"),
            ("DUE:20261202T050000Z", "Pacific/Honolulu", "2026-12-01T19:00"),
            ("DUE;TZID=Europe/Berlin:20261224T183000", "JST-9", "2026-12-25T02:30"),
            ("DUE;TZID=Europe/Berlin:20261224T183000", ":Asia/Tokyo", "2026-12-25T02:30"),
            ("DUE:20261224T183000", "JST-9", "2026-12-24T18:30"),
          ])
    func dues(line: String, zone: String, due: String) throws {
        #expect(try ICS.todo("BEGIN:VTODO\nUID:d\nSUMMARY:x\n\(line)\nEND:VTODO\n", zone: zone).due == due)
    }

    @Test("a due time is written in the machine's zone by name, in UTC when the zone has no name; a due day as a DATE",
          arguments: [("2026-12-24", "Europe/Berlin", "DUE;VALUE=DATE:20261224"),
                      ("2026-12-24T18:30", "Europe/Berlin", "DUE;TZID=Europe/Berlin:20261224T183000"),
                      ("2026-12-24T18:30", ":Asia/Tokyo", "DUE;TZID=Asia/Tokyo:20261224T183000"),
                      ("2026-12-24T18:30", "Japan", "DUE;TZID=Asia/Tokyo:20261224T183000"),
                      ("2026-12-24T18:30", "UTC", "DUE:20261224T183000Z"),
                      ("2026-12-24T18:30", "", "DUE:20261224T183000Z"),
                      ("2026-12-24T18:30", "JST-9", "DUE:20261224T093000Z"),
                      ("2026-12-02T13:06", "<+14>-14", "DUE:20261201T230600Z"),
                      ("2026-07-01T09:00", "<-05>5<-04>,M3.2.0,M11.1.0", "DUE:20260701T130000Z"),
                      ("2026-03-08T01:30", "<-05>5<-04>,M3.2.0,M11.1.0", "DUE:20260308T063000Z"),
                      ("2026-11-01T01:30", "<-05>5<-04>,M3.2.0,M11.1.0", "DUE:20261101T053000Z")])  // the first 01:30
    func writesDue(due: String, zone: String, line: String) throws {
        let writer = VTodoWriter(zone: LocalTime(tz: zone))
        #expect(writer.lines(.due, of: CalendarTodo(uid: "u", title: "t", due: due)) == [line + "\r\n"])
        // And it reads back as the same wall time.
        #expect(try ICS.todo("BEGIN:VTODO\nUID:d\nSUMMARY:x\n\(line)\nEND:VTODO\n", zone: zone).due == due)
    }

    @Test("a due time the clocks skip (02:30 on the day they go forward) is written as the instant it names, and reads back as 03:30",
          arguments: [("America/New_York", "DUE;TZID=America/New_York:20260308T023000"),
                      ("<-05>5<-04>,M3.2.0,M11.1.0", "DUE:20260308T073000Z")])
    func writesSkippedDueTime(zone: String, line: String) throws {
        let writer = VTodoWriter(zone: LocalTime(tz: zone))
        #expect(writer.lines(.due, of: CalendarTodo(uid: "u", title: "t", due: "2026-03-08T02:30")) == [line + "\r\n"])
        let expected = zone == "America/New_York" ? "2026-03-08T02:30" : "2026-03-08T03:30"  // in its own zone, as written
        #expect(try ICS.todo("BEGIN:VTODO\nUID:d\nSUMMARY:x\n\(line)\nEND:VTODO\n", zone: zone).due == expected)
        // Another device in Tokyo reads the instant: 03:30 in New York is 16:30 there.
        #expect(try ICS.todo("BEGIN:VTODO\nUID:d\nSUMMARY:x\n\(line)\nEND:VTODO\n", zone: "Asia/Tokyo").due == "2026-03-08T16:30")
    }

    @Test("categories become tags: what a tag cannot hold becomes a dash, a category with no letter is left out",
          arguments: [("Work", "Work"), ("Errands & shopping", "Errands-shopping"), ("  to do!  ", "to-do"),
                      ("2026", nil), ("!!!", nil), ("Café_été", "Café_été")])
    func categories(category: String, tag: String?) {
        #expect(CalendarTags.tag(forCategory: category) == tag)
    }

    @Test("a VTODO Tick cannot read says why and on which line",
          arguments: [
            ("BEGIN:VTODO\nSUMMARY:x\nEND:VTODO\n", 4, CalendarError.Problem.missingUID),
            ("BEGIN:VTODO\nUID:a\nDESCRIPTION:no title\nEND:VTODO\n", 4, .missingSummary),
            ("BEGIN:VTODO\nUID:a\nSUMMARY:x\nDUE:2026\nEND:VTODO\n", 7, .unreadableProperty(name: "DUE", reason: "cannot read “2026”")),
            ("BEGIN:VTODO\nUID:a\nSUMMARY:x\nDUE;TZID=Mars/Olympus:20261224T100000\nEND:VTODO\n", 7,
             .unreadableProperty(name: "DUE", reason: "unknown time zone “Mars/Olympus”")),
            ("BEGIN:VTODO\nUID:a\nSUMMARY:Buy\u{0}milk\nEND:VTODO\n", 6, .malformed("a NUL character (byte 0)")),
            ("BEGIN:VTODO\nUID:a\\nb\nSUMMARY:x\nEND:VTODO\n", 5,
             .unreadableProperty(name: "UID", reason: "“a␊b” has a control character or is longer than 255 bytes")),
          ])
    func unreadable(body: String, line: Int, problem: CalendarError.Problem) {
        #expect(throws: CalendarError(line: line, problem: problem)) {
            try ICalendarFile.read(Data(ICS.calendar(body).utf8), zone: LocalTime(tz: "Europe/Berlin"))
        }
    }

    @Test("an RRULE Tick cannot follow is reported on its line, not dropped")
    func unsupportedRule() throws {
        let error = try #require(throws: CalendarError.self) {
            try ICalendarFile.read(Data(ICS.calendar("BEGIN:VTODO\nUID:a\nSUMMARY:x\nRRULE:FREQ=WEEKLY;BYSETPOS=1\nEND:VTODO\n").utf8), zone: .fromEnvironment)
        }
        #expect(error.line == 7)
        #expect(error.reason.hasPrefix("RRULE: "))
    }

    @Test("an RRULE whose COUNT libical would wrap round is refused on its line, saying the bound")
    func hugeCount() throws {
        let error = try #require(throws: CalendarError.self) {
            try ICalendarFile.read(Data(ICS.calendar("BEGIN:VTODO\nUID:a\nSUMMARY:x\nRRULE:FREQ=DAILY;COUNT=99999999999\nEND:VTODO\n").utf8), zone: .fromEnvironment)
        }
        #expect(error.line == 7)
        #expect(error.reason.hasPrefix("RRULE: ") && error.reason.contains("COUNT=99999999999 is more than Tick follows; COUNT goes up to 100000"),
                "\(error.reason)")
    }

    @Test("a stored todo's VTODO reads back as the same fields")
    func writesAndReadsBack() throws {
        let todo = CalendarTodo(uid: "r@x", title: "Line one\nline, two; \\ three", notes: "a\nb", priority: 2, due: "2027-01-31T07:05",
                                completedAt: ICS.utc(2026, 12, 2, 10), createdAt: ICS.utc(2026, 11, 1), tags: ["home", "Work"],
                                rrule: "FREQ=MONTHLY;BYMONTHDAY=31", recursFromCompletion: true, listName: "Ünïcode, list; yes",
                                sortOrder: -5, isFlagged: true)
        let zone = LocalTime(tz: "Asia/Tokyo")
        let text = ICS.calendar(VTodoWriter(zone: zone).vtodo(todo, now: ICS.utc(2026, 12, 3)))
        #expect(try VTodoRewriter(zone: zone).read(text) == [todo])
    }
}
