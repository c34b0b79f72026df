import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
@testable import TodoSync

/// Issue 31 part 2 through a real Radicale: start dates (DTSTART) from Tick to another device and
/// back, always consistent with the DUE as RFC 5545 requires (same value type, not after it), and
/// VTODOs with a DTSTART as Nextcloud Tasks and tasks.org write them.
@Suite("Start dates synced through Radicale", .serialized)
struct StartDateSyncTests {
    /// Nextcloud Tasks: a start and a due, both date-times in a zone.
    static let nextcloudTodo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nextcloud Tasks v0.16.1\r
        BEGIN:VTODO\r
        UID:nc-start-1\r
        CREATED:20261128T101500Z\r
        LAST-MODIFIED:20261130T090000Z\r
        DTSTAMP:20261130T090000Z\r
        SUMMARY:Write the report\r
        DTSTART:20261207T080000Z\r
        DUE:20261211T160000Z\r
        X-NC-GROUP-ID:7\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// tasks.org (through DAVx5): all-day start and due.
    static let tasksOrgTodo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:+//IDN tasks.org//android-130904//EN\r
        BEGIN:VTODO\r
        DTSTAMP:20261130T091000Z\r
        UID:6459853372154375682\r
        CREATED:20261120T080000Z\r
        LAST-MODIFIED:20261130T091000Z\r
        SUMMARY:Renew the passport\r
        DTSTART;VALUE=DATE:20261214\r
        DUE;VALUE=DATE:20261218\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// Another client's inconsistent VTODO: a start after the due, and of the other value type.
    static let inconsistentTodo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Some client//EN\r
        BEGIN:VTODO\r
        UID:odd-start-1\r
        DTSTAMP:20261130T091000Z\r
        LAST-MODIFIED:20261130T091000Z\r
        SUMMARY:Odd one\r
        DTSTART;VALUE=DATE:20261220\r
        DUE:20261210T120000Z\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// The unfolded DTSTART line of an item's text, or nil.
    static func startLine(in text: String) -> String? {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
            .components(separatedBy: "\n").first { $0.hasPrefix("DTSTART") }
    }

    @Test("a start set, moved and removed here arrives so on the other device as DTSTART of the due's value type, never after the due; undo there goes back up")
    func betweenDevices() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            let todo = try first.store.add(title: "Report", due: "2026-12-11", start: "2026-12-07").value
            try first.sync()
            let item = try #require(try ServerTodos(server).items.first { $0.todo.title == "Report" })
            #expect(Self.startLine(in: item.text) == "DTSTART;VALUE=DATE:20261207")
            try second.sync()
            let there = try second.todo("Report")
            #expect(there.start == "2026-12-07")

            // A start with a time beside a due day goes up as a DATE (the due's type), here kept as typed.
            _ = try second.store.update(id: there.id, start: .some("2026-12-08T09:00"))
            try second.sync()
            let moved = try #require(try ServerTodos(server).items.first { $0.todo.title == "Report" })
            #expect(Self.startLine(in: moved.text) == "DTSTART;VALUE=DATE:20261208")
            try first.sync()
            #expect(try first.store.item(id: todo.id)?.start == "2026-12-08")

            // A due moved before the start takes the DTSTART with it (not after the due).
            _ = try first.store.update(id: todo.id, due: .some("2026-12-05"))
            try first.sync()
            let early = try #require(try ServerTodos(server).items.first { $0.todo.title == "Report" })
            #expect(Self.startLine(in: early.text) == "DTSTART;VALUE=DATE:20261205")

            // Removed here: no DTSTART on the server, none there.
            _ = try first.store.update(id: todo.id, start: .some(nil))
            try first.sync()
            let removed = try #require(try ServerTodos(server).items.first { $0.todo.title == "Report" })
            #expect(Self.startLine(in: removed.text) == nil)
            try second.sync()
            #expect(try second.todo("Report").start == nil)

            try first.store.undo()
            try first.sync()
            try second.sync()
            #expect(try second.todo("Report").start == "2026-12-05")
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a recurring todo without a start keeps the DTSTART its RRULE needs, which comes back as no start")
    func recurringNeedsNoStart() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY", countsFromCompletion: false)
            _ = try first.store.add(title: "Standup", due: "2026-12-07", recurrence: rule).value
            try first.sync()
            let item = try #require(try ServerTodos(server).items.first { $0.todo.title == "Standup" })
            #expect(Self.startLine(in: item.text) == "DTSTART;VALUE=DATE:20261207")
            try second.sync()
            #expect(try second.todo("Standup").start == nil)
        }
    }

    @Test("Nextcloud Tasks' and tasks.org's starts arrive; an inconsistent one is kept as read, and an edit here writes it consistent, other lines byte for byte")
    func otherClients() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let nextcloud = try server.homeURL.resolving(collection.href + "nc-start-1.ics")
            let tasksOrg = try server.homeURL.resolving(collection.href + "tasks-org-passport.ics")
            let odd = try server.homeURL.resolving(collection.href + "odd-start-1.ics")
            _ = try server.client().create(Self.nextcloudTodo, at: nextcloud)
            _ = try server.client().create(Self.tasksOrgTodo, at: tasksOrg)
            _ = try server.client().create(Self.inconsistentTodo, at: odd)
            #expect(try second.sync().receivedNew == 3)
            let report = try second.todo("Write the report")
            #expect(report.start.map { $0.count } == 16)
            #expect(report.start.map { $0 < report.due! } == true)
            #expect(try second.todo("Renew the passport").start == "2026-12-14")
            // Kept as read: nothing lost, though RFC 5545 would not write it so.
            let oddOne = try second.todo("Odd one")
            #expect(oddOne.start == "2026-12-20")

            // A title edit leaves the DTSTART and the X- line as they were.
            let before = try server.client().get(nextcloud).calendarData
            _ = try second.store.update(id: report.id, title: "Write the annual report")
            try second.sync()
            let after = try server.client().get(nextcloud).calendarData
            #expect(Self.startLine(in: after) == Self.startLine(in: before))
            #expect(after.contains("X-NC-GROUP-ID:7"))

            // Editing the odd one's start writes it consistent with its due (a DATE-TIME, not after it).
            _ = try second.store.update(id: oddOne.id, start: .some("2026-12-25"))
            try second.sync()
            let fixed = try #require(Self.startLine(in: try server.client().get(odd).calendarData))
            #expect(!fixed.contains("VALUE=DATE:"))
            try first.sync()
            #expect(try first.todo("Renew the passport").start == "2026-12-14")
        }
    }
}
