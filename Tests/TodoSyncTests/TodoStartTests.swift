import Foundation
import Testing
import TodoStore
@testable import TodoSync

/// DTSTART as Tick writes it: beside an RRULE always, of the DUE's value type and not after it; another
/// client's valid DTSTART stays byte for byte.
@Suite("DTSTART beside DUE and RRULE")
struct TodoStartTests {
    static let berlin = LocalTime(tz: "Europe/Berlin")
    static let now = ICS.utc(2026, 12, 2, 7, 30)

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var uid: String
        var due: String??
        var rrule: String??
        /// The DTSTART lines expected after the rewrite.
        var start: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a due moved later keeps the other app's start byte for byte",
             uid: "start-time@other.example", due: "2026-12-28T18:30", start: ["DTSTART;TZID=Europe/Berlin:20261220T090000"]),
        Case(name: "a due moved before the start moves the start to the due",
             uid: "start-time@other.example", due: "2026-12-18T10:00", start: ["DTSTART;TZID=Europe/Berlin:20261218T100000"]),
        Case(name: "a due time made a day makes the start its day",
             uid: "start-time@other.example", due: "2026-12-24", start: ["DTSTART;VALUE=DATE:20261220"]),
        Case(name: "a due day made a time makes the start day a time at midnight",
             uid: "start-day@other.example", due: "2026-12-20T10:00", start: ["DTSTART;TZID=Europe/Berlin:20261215T000000"]),
        Case(name: "a due time made a day before the start day makes the start that day",
             uid: "start-day@other.example", due: "2026-12-01", start: ["DTSTART;VALUE=DATE:20261201"]),
        Case(name: "a due taken away keeps the start",
             uid: "start-day@other.example", due: .some(nil), start: ["DTSTART;VALUE=DATE:20261215"]),
        Case(name: "a floating start of a recurring todo given a due before it moves to the due, in Tick's zone",
             uid: "floating@other.example", due: "2026-11-30T06:00", start: ["DTSTART;TZID=Europe/Berlin:20261130T060000"]),
        Case(name: "a floating start of a recurring todo given a later due day becomes its day",
             uid: "floating@other.example", due: "2026-12-05", start: ["DTSTART;VALUE=DATE:20261201"]),
        Case(name: "a rule given to a todo without a start adds one on its due",
             uid: "plain@other.example", rrule: "FREQ=WEEKLY", start: ["DTSTART;VALUE=DATE:20261210"]),
        Case(name: "a rule given to a todo without a start or a due adds one on the day it was made",
             uid: "plain@other.example", due: .some(nil), rrule: "FREQ=WEEKLY", start: ["DTSTART;VALUE=DATE:20261125"]),
        Case(name: "a rule taken away keeps the start",
             uid: "start-day@other.example", rrule: .some(nil), start: ["DTSTART;VALUE=DATE:20261215"]),
        Case(name: "a todo without a rule or a start gets none when its due changes",
             uid: "plain@other.example", due: "2026-12-11", start: []),
    ]

    static let original = ICalendarValidityTests.withStarts.replacingOccurrences(of: "END:VCALENDAR\r\n", with: ICS.crlf("""
        BEGIN:VTODO
        UID:plain@other.example
        DTSTAMP:20261130T090000Z
        CREATED:20261125T200000Z
        SUMMARY:Plain
        DUE;VALUE=DATE:20261210
        END:VTODO
        END:VCALENDAR

        """))

    @Test("DTSTART after a rewrite", arguments: cases)
    func rewrite(_ example: Case) throws {
        let rewriter = VTodoRewriter(zone: Self.berlin)
        var todo = try #require(try rewriter.read(Self.original).first { $0.uid == example.uid })
        if let due = example.due { todo.due = due }
        if let rrule = example.rrule { todo.rrule = rrule }
        let text = try rewriter.rewrite(Self.original, with: todo, now: Self.now)
        #expect(Self.startLines(in: text, uid: example.uid) == example.start)
        // The other VTODOs are not touched.
        for other in ["start-time@other.example", "start-day@other.example", "floating@other.example"] where other != example.uid {
            #expect(Self.startLines(in: text, uid: other) == Self.startLines(in: Self.original, uid: other))
        }
        try ICalendarValidation.expectValid([.init(name: example.name, text: text, uid: example.uid)])
    }

    /// The DTSTART lines of the VTODO `uid` of `text`.
    static func startLines(in text: String, uid: String) -> [String] {
        guard let place = text.range(of: "UID:" + uid + "\r\n") else { return ["no such VTODO"] }
        let rest = text[place.lowerBound...]
        let own = rest[..<(rest.range(of: "END:VTODO")?.lowerBound ?? rest.endIndex)]
        return own.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART") }
    }

    @Test("a new VTODO has a DTSTART only when it recurs: on its due, else on the day it was made", arguments: [
        ("2026-12-24", "FREQ=WEEKLY", "DTSTART;VALUE=DATE:20261224"),
        ("2026-12-24T18:30", "FREQ=DAILY", "DTSTART;TZID=Europe/Berlin:20261224T183000"),
        // Made at 23:00 UTC, which is the next day in Berlin.
        (nil, "FREQ=DAILY", "DTSTART;VALUE=DATE:20261121"),
        ("2026-12-24", nil, nil),
    ] as [(String?, String?, String?)])
    func writer(due: String?, rrule: String?, start: String?) {
        let todo = CalendarTodo(uid: "n", title: "New", due: due, createdAt: ICS.utc(2026, 11, 20, 23), rrule: rrule)
        let lines = VTodoWriter(zone: Self.berlin).vtodo(todo, now: Self.now).components(separatedBy: "\r\n")
        #expect(lines.filter { $0.hasPrefix("DTSTART") } == (start.map { [$0] } ?? []))
    }
}
