import Foundation
import Testing
import TodoStore
@testable import TodoSync

/// Everything Tick writes, judged by libical's validation and Python's icalendar
/// (`ICalendarValidation`): new VTODOs of every kind, other clients' VTODOs after every kind of
/// edit, and a whole export. Valid means what RFC 5545 asks of a VTODO, DTSTART beside an RRULE
/// and DUE of DTSTART's type and not before it included.
@Suite("iCalendar Tick writes is valid to other parsers")
struct ICalendarValidityTests {
    static let now = ICS.utc(2026, 12, 2, 7, 30)
    static let zones: [LocalTime] = [LocalTime(tz: "Europe/Berlin"), LocalTime.utc,
                                         LocalTime(tz: "JST-9")]
    static let dues: [String?] = [nil, "2026-12-24", "2026-12-24T18:30"]
    static let rules: [(String?, Bool)] = [(nil, false), ("FREQ=WEEKLY;BYDAY=TH", false), ("FREQ=MONTHLY;COUNT=3", true)]

    /// A todo with every field Tick has, varied by the arguments.
    static func todo(_ number: Int, due: String?, rule: (String?, Bool), state: Int, tags: [String]) -> CalendarTodo {
        CalendarTodo(uid: "tick-\(number)", title: "Call the plumber, then; the landlord", notes: "two\nlines, and \\ more",
                     priority: number % 4, due: due, completedAt: state == 0 ? nil : ICS.utc(2026, 12, 1), isCancelled: state == 2,
                     createdAt: number % 2 == 0 ? ICS.utc(2026, 11, 20) : nil, lastModified: ICS.utc(2026, 12, 1, 9),
                     tags: tags, rrule: rule.0, recursFromCompletion: rule.1, listName: "Home, and more",
                     sortOrder: Int64(number), isFlagged: number % 3 == 0)
    }

    @Test("every new VTODO the writer makes passes: dues of each kind in each kind of zone, recurring or not, open, done, cancelled, tagged")
    func writerOutputs() throws {
        var outputs: [ICalendarValidation.Output] = []
        var number = 0
        for zone in Self.zones {
            for due in Self.dues {
                for rule in Self.rules {
                    for state in 0..<3 {
                        for tags in [[], ["home", "Q4-Planning"]] {
                            number += 1
                            let todo = Self.todo(number, due: due, rule: rule, state: state, tags: tags)
                            // As the sync creates an item.
                            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tick//Tick//EN\r\n"
                                + VTodoWriter(zone: zone).vtodo(todo, now: Self.now) + "END:VCALENDAR\r\n"
                            outputs.append(.init(name: "\(zone.name ?? "unnamed") due \(due ?? "none") rule \(rule.0 ?? "none") state \(state) tags \(tags)",
                                                 text: text, uid: todo.uid))
                        }
                    }
                }
            }
        }
        #expect(outputs.count == 162)
        try ICalendarValidation.expectValid(outputs)
    }

    /// Another app's VTODO with a start before its due time (a DATE-TIME), one with a start day, and
    /// Tick's own recurring VTODO.
    static let withStarts = ICS.calendar("""
        BEGIN:VTODO
        UID:start-time@other.example
        DTSTAMP:20261130T090000Z
        SUMMARY:Prepare the talk
        DTSTART;TZID=Europe/Berlin:20261220T090000
        DUE;TZID=Europe/Berlin:20261224T183000
        END:VTODO
        BEGIN:VTODO
        UID:start-day@other.example
        DTSTAMP:20261130T090000Z
        SUMMARY:Write cards
        DTSTART;VALUE=DATE:20261215
        DUE;VALUE=DATE:20261220
        RRULE:FREQ=YEARLY
        END:VTODO
        BEGIN:VTODO
        UID:floating@other.example
        DTSTAMP:20261130T090000Z
        SUMMARY:Stretch
        DTSTART:20261201T070000
        RRULE:FREQ=DAILY
        END:VTODO

        """)

    static let originals: [(name: String, text: String)] = [
        ("Nextcloud", CalendarFixtures.nextcloud), ("Thunderbird", CalendarFixtures.thunderbird),
        ("Apple Reminders", CalendarFixtures.reminders), ("tasks.org", CalendarFixtures.tasksOrg),
        ("a phone app", VTodoRewriterTests.original), ("categories", VTodoRewriterTests.categorized),
        ("start dates", withStarts),
        ("Tick", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tick//Tick//EN\r\n"
            + VTodoWriter(zone: LocalTime(tz: "Europe/Berlin"))
                .vtodo(todo(1, due: "2026-12-10", rule: ("FREQ=WEEKLY", false), state: 0, tags: ["home"]), now: now) + "END:VCALENDAR\r\n"),
    ]

    static let edits: [(name: String, edit: @Sendable (inout CalendarTodo) -> Void)] = [
        ("title", { $0.title = "A new title; with, punctuation" }),
        ("due a later day", { $0.due = "2027-01-15" }),
        ("due a time", { $0.due = "2027-01-15T08:00" }),
        ("due long before", { $0.due = "2020-01-01" }),
        ("due a time long before", { $0.due = "2020-01-01T08:00" }),
        ("no due", { $0.due = nil }),
        ("starts recurring", { $0.rrule = "FREQ=WEEKLY;BYDAY=MO"; $0.recursFromCompletion = false }),
        ("stops recurring", { $0.rrule = nil }),
        ("done", { $0.completedAt = ICS.utc(2026, 12, 2) }),
        ("open again", { $0.completedAt = nil; $0.isCancelled = false }),
        ("tags", { $0.tags = ["urgent"] + $0.tags.dropFirst() }),
        ("flag and priority", { $0.isFlagged.toggle(); $0.priority = ($0.priority + 1) % 4 }),
        ("recurring from a later time", { $0.rrule = "FREQ=DAILY"; $0.due = "2027-03-01T21:15" }),
    ]

    @Test("every VTODO of other apps' files passes after each kind of edit Tick makes to it")
    func rewriterOutputs() throws {
        var outputs: [ICalendarValidation.Output] = []
        for zone in Self.zones.prefix(2) {
            let rewriter = VTodoRewriter(zone: zone)
            for original in Self.originals {
                var seen: Set<String> = []
                for todo in try rewriter.read(original.text) where seen.insert(todo.uid).inserted {
                    for edit in Self.edits {
                        var edited = todo
                        edit.edit(&edited)
                        let text = try rewriter.rewrite(original.text, with: edited, now: Self.now)
                        // An edit that changes nothing (opening an open todo) writes nothing: the original is not Tick's text.
                        guard text != original.text else { continue }
                        outputs.append(.init(name: "\(zone.name ?? "unnamed"): \(original.name) \(todo.uid): \(edit.name)",
                                             text: text, uid: todo.uid))
                    }
                }
            }
        }
        // 2 zones × 14 VTODOs × 13 edits, less the edits that change nothing: the table is really judged.
        #expect(outputs.count > 250, "\(outputs.count)")
        try ICalendarValidation.expectValid(outputs)
    }

    @Test("a whole export passes: every kind of todo in one file")
    func exportOutput() throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        let work = try store.addList(named: "Work, and more; stuff").value
        try store.add(title: "Pay rent", notes: "before the 3rd\nby transfer", priority: 3, due: "2026-12-01", tags: ["home"])
        let plants = try store.add(title: "Water plants", due: "2026-12-03", recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=TH")).value
        try store.add(title: "Standup", listID: work.id, due: "2026-12-07T09:30", recurrence: try RecurrenceRule(rrule: "FREQ=DAILY"))
        try store.add(title: "Stretch", recurrence: try RecurrenceRule(rrule: "FREQ=DAILY", countsFromCompletion: true))
        try store.add(title: "Ship it", listID: work.id, priority: 1)
        try store.setDoneReportingNext(true, ids: [plants.id])
        var text = ""
        #expect(try ICalendarFile.export(store, zone: LocalTime(tz: "Europe/Berlin"), now: Self.now) { text += $0 } == 6)
        try ICalendarValidation.expectValid([.init(name: "export", text: text, uid: nil)])
    }

    @Test("the validators find what they are for: RRULE without DTSTART, DATE against DATE-TIME, DUE before DTSTART, a property twice",
          arguments: [
            ("RRULE:FREQ=DAILY\nDUE;VALUE=DATE:20261224\n", "RRULE without DTSTART"),
            ("DTSTART:20261220T090000\nDUE;VALUE=DATE:20261224\n", "type"),
            ("DTSTART;VALUE=DATE:20261225\nDUE;VALUE=DATE:20261224\n", "before"),
            ("SUMMARY:again\n", "SUMMARY"),
          ])
    func validatorsFindProblems(lines: String, problem: String) throws {
        let text = ICS.calendar("BEGIN:VTODO\nUID:bad\nDTSTAMP:20261201T000000Z\nSUMMARY:x\n\(lines)END:VTODO\n")
        let output = ICalendarValidation.Output(name: problem, text: text, uid: "bad")
        let libical = ICalendarValidation.libicalProblems(output)
        let icalendar = try ICalendarValidation.icalendarProblems([output])[0]
        #expect(libical.contains { $0.localizedCaseInsensitiveContains(problem) }, "\(libical)")
        #expect(!icalendar.isEmpty, "icalendar found nothing wrong with \(lines)")
    }
}
