import Foundation
import Testing
@testable import TodoSync
import TodoStore

/// .ics files: what other clients write is read, what Tick writes reads back as the same todos,
/// and a file Tick cannot read is refused at its line with nothing imported.
@Suite("iCalendar files")
struct ICalendarFileTests {
    static let berlin = LocalTime(tz: "Europe/Berlin")

    static func read(_ text: String, keepsDueTimes: Bool = true) throws -> ICalendarFile.Contents {
        try ICalendarFile.read(Data(text.utf8), zone: berlin, keepsDueTimes: keepsDueTimes)
    }

    static func newStore() throws -> TodoStore { try TodoStore(path: TodoStore.inMemoryPath) }

    @Test("a Nextcloud Tasks file: escaped text, folded notes, the time zone's due time, IN-PROCESS open, the calendar's name as the list, sort order")
    func nextcloud() throws {
        let contents = try Self.read(CalendarFixtures.nextcloud)
        let todos = contents.document.todos
        #expect(todos.map(\.title) == ["Buy a present", "Call the plumber, then the landlord; ask about the boiler"])
        #expect(todos[1].notes == "Number is in the folder.\nAsk for a Tuesday slot; mornings preferred.")
        #expect(todos[1].due == "2026-12-10T09:00" && todos[1].completedAt == nil && todos[1].priority == 2 && todos[1].tags == ["Home"])
        #expect(todos[0].priority == 1)
        #expect(Set(todos.map(\.listName)) == ["Personal"])
        #expect(todos[1].uid == "7b4f5d0e-2c1a-4b7e-9d8f-1a2b3c4d5e6f")
        #expect(contents.ignored.isEmpty)
    }

    @Test("a Thunderbird file: CATEGORIES on several lines, DUE as a DATE, UTC times, a completed todo, the event and journal counted and ignored")
    func thunderbird() throws {
        let contents = try Self.read(CalendarFixtures.thunderbird)
        let todos = contents.document.todos
        #expect(todos.map(\.title) == ["File the tax return", "Renew the car insurance"])
        #expect(todos[0].tags == ["Paperwork", "Finance", "Deadline"] && todos[0].due == "2027-05-31" && todos[0].priority == 3)
        #expect(todos[1].completedAt == ICS.utc(2026, 10, 30, 15, 45) && todos[1].due == "2026-10-31T13:00")
        #expect(contents.ignored == ["VEVENT": 1, "VJOURNAL": 1])
        #expect(Set(todos.map(\.listName)) == ["Inbox"])
    }

    @Test("an Apple Reminders file: LF lines, a recurring reminder whose changed occurrence is counted and ignored, CANCELLED done, priorities 0 and 6")
    func reminders() throws {
        let contents = try Self.read(CalendarFixtures.reminders)
        let todos = contents.document.todos
        #expect(todos.map(\.title) == ["Book the hotel", "Water the plants"])
        #expect(todos[0].completedAt == ICS.utc(2026, 11, 30, 8) && todos[0].priority == 1)
        #expect(todos[1].recurrence?.rrule == "FREQ=WEEKLY;INTERVAL=1;BYDAY=TH" && todos[1].priority == 0 && todos[1].due == "2026-12-03")
        #expect(contents.occurrenceOverrides == 1)
        #expect(Set(todos.map(\.listName)) == ["Reminders"])
    }

    @Test("a tasks.org file: a floating due time stays as written, a long folded title is whole, X-TICK-LIST names the list")
    func tasksOrg() throws {
        let todo = try #require(try Self.read(CalendarFixtures.tasksOrg).document.todos.first)
        #expect(todo.title == "A very long title that goes on and on well past the seventy-five octets a line may hold")
        #expect(todo.due == "2026-12-05T17:00" && todo.priority == 3 && todo.listName == "Work")
    }

    @Test("a TZID that is no IANA name is read through the file's VTIMEZONE (as Outlook writes them)")
    func customTimeZone() throws {
        let text = ICS.crlf("""
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VTIMEZONE
            TZID:India Standard Time
            BEGIN:STANDARD
            DTSTART:16010101T000000
            TZOFFSETFROM:+0530
            TZOFFSETTO:+0530
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VTODO
            UID:outlook-1
            SUMMARY:Call Priya
            DUE;TZID=India Standard Time:20261224T120000
            END:VTODO
            END:VCALENDAR

            """)
        let todo = try #require(try ICalendarFile.read(Data(text.utf8), zone: LocalTime(tz: "UTC")).document.todos.first)
        #expect(todo.due == "2026-12-24T06:30")
    }

    @Test("a store that keeps due days only gets the day of a due time, counted")
    func dueTimesAsDays() throws {
        let contents = try Self.read(CalendarFixtures.nextcloud, keepsDueTimes: false)
        #expect(contents.document.todos.compactMap(\.due) == ["2026-12-10"])
        #expect(contents.dueTimesAsDays == 1)
    }

    @Test("a file Tick cannot read is refused at its line",
          arguments: [
            ("Buy milk\n", 1, "no BEGIN:VCALENDAR (is this an iCalendar file?)"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR\n", 5,
             "END:VEVENT where END:VTODO was expected (BEGIN on line 2)"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:x\nEND:VTODO\n", 1, "BEGIN:VCALENDAR is never ended"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY x\nEND:VTODO\nEND:VCALENDAR\n", 4, "not NAME:VALUE"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:x\nEND:VTODO\nBEGIN:VTODO\nUID:a\nSUMMARY:y\nEND:VTODO\nEND:VCALENDAR\n", 6,
             "a second VTODO with UID “a”"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:x\nEND:VTODO\nBEGIN:VTODO\nUID:b\nSUMMARY:y\nPRIORITY:1\nDUE:20261340\nEND:VTODO\nEND:VCALENDAR\n", 10,
             "DUE: cannot read “20261340”"),
          ])
    func malformed(text: String, line: Int, reason: String) throws {
        let error = try #require(throws: CalendarError.self) { try Self.read(text) }
        #expect(error.line == line)
        #expect(error.reason == reason)
    }

    @Test("export then import into an empty store gives the same todos: lists, order, state, dates to the second, tags, rules, flags")
    func roundTrip() throws {
        let source = try Self.newStore()
        let work = try source.addList(named: "Work, and more; stuff").value
        try source.add(title: "Pay rent", notes: "before the 3rd\nby transfer", priority: 3, due: "2026-12-01", tags: ["home"])
        let second = try source.add(title: "Water plants", due: "2026-12-03", recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=TH", countsFromCompletion: true)).value
        try source.add(title: "Ship it", listID: work.id, priority: 1)
        let last = try source.add(title: "Write report", listID: work.id, after: nil, priority: 2, tags: ["q4", "Work"]).value
        try source.setFlagged(true, ids: [last.id])
        try source.setDone(true, ids: [second.id])
        try source.renameList(id: TodoStore.inboxListID, to: "Eingang")
        var text = ""
        let count = try ICalendarFile.export(source, zone: Self.berlin, now: ICS.utc(2026, 12, 2)) { text += $0 }
        #expect(count == 5)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))

        let target = try Self.newStore()
        try target.importDocument(try Self.read(text).document)
        func comparable(_ store: TodoStore) throws -> [NewTodo] {
            try store.exportDocument().todos.map { todo in
                var todo = todo
                todo.createdAt = todo.createdAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
                todo.completedAt = todo.completedAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
                return todo
            }
        }
        #expect(try comparable(target) == comparable(source))
        #expect(try target.lists().map(\.name) == source.lists().map(\.name))
        // The UIDs came along, so a second import updates rather than adds.
        var uids: [String] = [], targetUIDs: [String] = []
        try source.forEachTodoForExport { item, _ in uids.append(item.uid) }
        try target.forEachTodoForExport { item, _ in targetUIDs.append(item.uid) }
        #expect(uids == targetUIDs)
        let again = try target.importDocument(try Self.read(text).document, options: ImportOptions(skipsDuplicates: true))
        #expect(again.imported.isEmpty && again.updated.count == 5 && target.count == 5)
    }

    @Test("an exported line longer than 75 octets is folded, never inside a UTF-8 sequence, and reads back whole")
    func folding() throws {
        let store = try Self.newStore()
        let title = String(repeating: "Ünïcödé ", count: 30) + "end"
        try store.add(title: title)
        var text = ""
        try ICalendarFile.export(store, zone: Self.berlin, now: ICS.utc(2026, 12, 2)) { text += $0 }
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75) }
        #expect(try Self.read(text).document.todos.first?.title == title)
    }
}
