import Foundation
import Testing
@testable import TodoSync
import TodoStore

/// Issue 31 part 3 in iCalendar: the VALARMs Tick can show read as reminders, written as VALARMs,
/// and every other alarm (and every byte of one whose reminder stays) kept as written.
@Suite("VALARMs as reminders")
struct VTodoAlarmTests {
    /// Alarms as other clients write them.
    static let nextcloud = "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:-PT15M\nDESCRIPTION:Dentist\nEND:VALARM\n"
    static let tasksOrgAtDue = "BEGIN:VALARM\nTRIGGER;RELATED=END:PT0S\nACTION:DISPLAY\nDESCRIPTION:Default Tasks.org description\nEND:VALARM\n"
    static let tasksOrgAtStart = "BEGIN:VALARM\nTRIGGER;RELATED=START:PT0S\nACTION:DISPLAY\nDESCRIPTION:Default Tasks.org description\nEND:VALARM\n"
    static let thunderbird = """
        BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;VALUE=DURATION;RELATED=END:-PT1H\nDESCRIPTION:Default Mozilla Description\n\
        X-MOZ-SNOOZE-TIME:20261204T073000Z\nEND:VALARM\n
        """
    static let email = """
        BEGIN:VALARM\nACTION:EMAIL\nTRIGGER;RELATED=END:-P1D\nSUMMARY:Due tomorrow\nDESCRIPTION:Dentist\n\
        ATTENDEE:mailto:me@example.com\nEND:VALARM\n
        """
    static let broken = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:no trigger at all\nEND:VALARM\n"
    static let absolute = "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;VALUE=DATE-TIME:20261204T070000Z\nEND:VALARM\n"

    static func vtodo(_ alarms: String, extra: String = "") -> String {
        "BEGIN:VTODO\nUID:alarm-1\nDTSTAMP:20261201T100000Z\nSUMMARY:Dentist\nDUE;TZID=Europe/Berlin:20261204T090000\n\(extra)\(alarms)END:VTODO\n"
    }

    @Test("an alarm Tick can show is a reminder; EMAIL, RELATED=START (the default), seconds and a VALARM without a TRIGGER are not",
          arguments: [
            (nextcloud, [Reminder.beforeDue(minutes: 15)]),
            (tasksOrgAtDue, [.beforeDue(minutes: 0)]),
            (tasksOrgAtStart, []),
            (thunderbird, [.beforeDue(minutes: 60)]),
            (email, []),
            (broken, []),
            (absolute, [.at("2026-12-04T08:00")]),
            ("BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM\n", []),
            ("BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:-PT30S\nEND:VALARM\n", []),
            ("BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:PT10M\nEND:VALARM\n", [.beforeDue(minutes: -10)]),
            ("BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:-P1DT2H30M\nEND:VALARM\n", [.beforeDue(minutes: 1590)]),
            ("BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;VALUE=DATE-TIME:20261204T070000\nEND:VALARM\n", []),
            (nextcloud + email + thunderbird + nextcloud, [.beforeDue(minutes: 60), .beforeDue(minutes: 15)]),
          ])
    func reads(_ alarms: String, _ expected: [Reminder]) throws {
        let todo = try ICS.todo(Self.vtodo(alarms))
        #expect(todo.reminders == expected)
        #expect(todo.title == "Dentist")
    }

    @Test("a UTC trigger time is the wall time of that instant in Tick's zone",
          arguments: [("Pacific/Kiritimati", "2026-12-04T21:00"), ("Pacific/Honolulu", "2026-12-03T21:00"), ("Europe/Berlin", "2026-12-04T08:00")])
    func absoluteInZones(_ zone: String, _ wall: String) throws {
        #expect(try ICS.todo(Self.vtodo(Self.absolute), zone: zone).reminders == [.at(wall)])
    }

    @Test("Tick writes a DISPLAY VALARM with the title as DESCRIPTION and a trigger related to the due or at a UTC time")
    func writes() {
        let writer = VTodoWriter(zone: LocalTime(tz: "Europe/Berlin"))
        let todo = CalendarTodo(uid: "u", title: "Call, Mom", due: "2026-12-04T09:00")
        var withReminders = todo
        withReminders.reminders = [.at("2026-12-04T08:00"), .beforeDue(minutes: 15), .beforeDue(minutes: 1590), .beforeDue(minutes: 0)]
        #expect(writer.lines(.reminders, of: todo) == [])
        #expect(writer.lines(.reminders, of: withReminders) == [
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call\\, Mom\r\nTRIGGER;RELATED=END:-P1DT2H30M\r\nEND:VALARM\r\n",
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call\\, Mom\r\nTRIGGER;RELATED=END:-PT15M\r\nEND:VALARM\r\n",
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call\\, Mom\r\nTRIGGER;RELATED=END:PT0S\r\nEND:VALARM\r\n",
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call\\, Mom\r\nTRIGGER;VALUE=DATE-TIME:20261204T070000Z\r\nEND:VALARM\r\n",
        ])
        #expect(CalendarAlarms.duration(minutes: -2 * 7 * 1440) == "-P2W" && CalendarAlarms.duration(minutes: 90) == "PT1H30M")
    }

    @Test("what Tick writes reads back as the same reminders", arguments: [
        [Reminder.beforeDue(minutes: 15)], [.beforeDue(minutes: -10), .beforeDue(minutes: 2 * 7 * 1440)], [.at("2026-12-04T08:00"), .beforeDue(minutes: 0)],
    ])
    func roundTrip(_ reminders: [Reminder]) throws {
        var todo = CalendarTodo(uid: "alarm-2", title: "Dentist", due: "2026-12-04T09:00")
        todo.reminders = reminders
        let text = VTodoWriter(zone: LocalTime(tz: "Europe/Berlin")).vtodo(todo, now: ICS.utc(2026, 12, 1))
        #expect(try ICS.todo(text).reminders == Reminder.unique(reminders))
    }

    static let original = ICS.calendar(vtodo(thunderbird + email + broken + tasksOrgAtStart, extra: "X-MOZ-GENERATION:3\n"))

    @Test("an edit here that leaves the reminders alone keeps every VALARM byte for byte")
    func titleEditKeepsAlarms() throws {
        var todo = try #require(try VTodoRewriter(zone: LocalTime(tz: "Europe/Berlin")).read(Self.original).first)
        todo.title = "Dentist at 9"
        let rewritten = try VTodoRewriter(zone: LocalTime(tz: "Europe/Berlin")).rewrite(Self.original, with: todo, now: ICS.utc(2026, 12, 2))
        for alarm in [Self.thunderbird, Self.email, Self.broken, Self.tasksOrgAtStart] {
            #expect(rewritten.contains(ICS.crlf(alarm)))
        }
        #expect(rewritten.contains("SUMMARY:Dentist at 9\r\n"))
    }

    @Test("adding a reminder appends one VALARM and keeps the others byte for byte; removing one takes only its VALARM")
    func addAndRemove() throws {
        let rewriter = VTodoRewriter(zone: LocalTime(tz: "Europe/Berlin"))
        var todo = try #require(try rewriter.read(Self.original).first)
        #expect(todo.reminders == [.beforeDue(minutes: 60)])
        todo.reminders = [.beforeDue(minutes: 60), .beforeDue(minutes: 10)]
        let added = try rewriter.rewrite(Self.original, with: todo, now: ICS.utc(2026, 12, 2))
        for alarm in [Self.thunderbird, Self.email, Self.broken, Self.tasksOrgAtStart] {
            #expect(added.contains(ICS.crlf(alarm)))
        }
        #expect(added.contains(ICS.crlf(Self.broken) + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Dentist\r\nTRIGGER;RELATED=END:-PT10M\r\nEND:VALARM\r\nEND:VTODO\r\n")
                || added.contains("TRIGGER;RELATED=START:PT0S\r\nACTION:DISPLAY\r\nDESCRIPTION:Default Tasks.org description\r\nEND:VALARM\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Dentist\r\nTRIGGER;RELATED=END:-PT10M\r\nEND:VALARM\r\nEND:VTODO\r\n"))
        #expect(try rewriter.read(added).first?.reminders == [.beforeDue(minutes: 60), .beforeDue(minutes: 10)])

        todo.reminders = [.beforeDue(minutes: 10)]
        let removed = try rewriter.rewrite(added, with: todo, now: ICS.utc(2026, 12, 3))
        #expect(!removed.contains("X-MOZ-SNOOZE-TIME") && !removed.contains("-PT1H"))
        for alarm in [Self.email, Self.broken, Self.tasksOrgAtStart] {
            #expect(removed.contains(ICS.crlf(alarm)))
        }
        #expect(removed.contains("X-MOZ-GENERATION:3\r\n"))
        #expect(try rewriter.read(removed).first?.reminders == [.beforeDue(minutes: 10)])
        // Removing every reminder keeps the alarms Tick cannot show.
        todo.reminders = []
        let none = try rewriter.rewrite(removed, with: todo, now: ICS.utc(2026, 12, 4))
        #expect(!none.contains("-PT10M") && none.contains(ICS.crlf(Self.email)) && none.contains(ICS.crlf(Self.broken)))
    }

    @Test("a stored todo's reminders go into a .ics export and come back from its import")
    func fileRoundTrip() throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        try store.add(title: "Dentist", due: "2026-12-04T09:00", reminders: [.beforeDue(minutes: 15), .at("2026-12-04T07:30")])
        var text = ""
        try ICalendarFile.export(store, zone: .utc, to: { text += $0 })
        #expect(text.contains("TRIGGER;RELATED=END:-PT15M\r\n") && text.contains("TRIGGER;VALUE=DATE-TIME:20261204T073000Z\r\n"))
        let document = try ICalendarFile.read(Data(text.utf8), zone: .utc).document
        let other = try TodoStore(path: TodoStore.inMemoryPath)
        let imported = try other.importItems(document.todos)
        #expect(imported.first?.reminders == [.beforeDue(minutes: 15), .at("2026-12-04T07:30")])
    }
}
