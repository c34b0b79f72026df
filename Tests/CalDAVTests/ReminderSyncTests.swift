import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
@testable import TodoSync

/// Issue 31 part 3 through a real Radicale: reminders from Tick to another device and back, and
/// VTODOs with alarms as Nextcloud Tasks, tasks.org and Thunderbird write them: the alarms Tick can
/// show become its reminders; an EMAIL alarm, another client's X- property and a VALARM without a
/// TRIGGER stay byte for byte through edits here.
@Suite("Reminders synced through Radicale", .serialized)
struct ReminderSyncTests {
    /// Thunderbird's alarm (15 minutes before the due, with its own X- property) and an EMAIL alarm.
    static let thunderbirdAlarm = "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DURATION;RELATED=END:-PT15M\r\nDESCRIPTION:Default Mozilla Description\r\nX-MOZ-SNOOZE-TIME:20261204T073000Z\r\nEND:VALARM\r\n"
    static let emailAlarm = "BEGIN:VALARM\r\nACTION:EMAIL\r\nTRIGGER;RELATED=END:-P1D\r\nSUMMARY:Due tomorrow\r\nDESCRIPTION:Dentist\r\nATTENDEE:mailto:me@example.com\r\nEND:VALARM\r\n"
    /// A broken alarm (no TRIGGER), as a buggy client leaves it.
    static let brokenAlarm = "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:no trigger at all\r\nEND:VALARM\r\n"
    /// tasks.org's "at the start" alarm: Tick keeps no start, so it is not Tick's.
    static let tasksOrgStartAlarm = "BEGIN:VALARM\r\nTRIGGER;RELATED=START:PT0S\r\nACTION:DISPLAY\r\nDESCRIPTION:Default Tasks.org description\r\nEND:VALARM\r\n"

    static let thunderbirdTodo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
        BEGIN:VTODO\r
        CREATED:20261128T101500Z\r
        LAST-MODIFIED:20261130T090000Z\r
        DTSTAMP:20261130T090000Z\r
        UID:tb-dentist-1\r
        SUMMARY:Dentist\r
        DUE:20261204T090000Z\r
        X-MOZ-GENERATION:3\r
        \(thunderbirdAlarm)\(emailAlarm)\(brokenAlarm)END:VTODO\r
        END:VCALENDAR\r

        """

    /// tasks.org (through DAVx5): an alarm at the due and one at the start.
    static let tasksOrgTodo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:+//IDN tasks.org//android-130904//EN\r
        BEGIN:VTODO\r
        DTSTAMP:20261130T091000Z\r
        UID:6459853372154375681\r
        CREATED:20261120T080000Z\r
        LAST-MODIFIED:20261130T091000Z\r
        SUMMARY:Water the plants\r
        DUE;VALUE=DATE:20261205\r
        DTSTART;VALUE=DATE:20261205\r
        BEGIN:VALARM\r
        TRIGGER;RELATED=END:PT0S\r
        ACTION:DISPLAY\r
        DESCRIPTION:Default Tasks.org description\r
        END:VALARM\r
        \(tasksOrgStartAlarm)END:VTODO\r
        END:VCALENDAR\r

        """

    /// Nextcloud Tasks: an alarm at a date and time.
    static let nextcloudTodo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nextcloud Tasks v0.16.1\r
        BEGIN:VTODO\r
        UID:nc-reminder-1\r
        CREATED:20261128T101500Z\r
        LAST-MODIFIED:20261130T090000Z\r
        DTSTAMP:20261130T090000Z\r
        SUMMARY:Call the bank\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER;VALUE=DATE-TIME:20261203T150000Z\r
        DESCRIPTION:Call the bank\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// The VALARM blocks of an item's text, each as written (CRLF), in order. Radicale stores items
    /// as it re-serializes them (properties reordered), so "as written" means as the server had them.
    static func alarms(in text: String) -> [String] {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        return normalized.components(separatedBy: "BEGIN:VALARM\r\n").dropFirst().map { block in
            "BEGIN:VALARM\r\n" + block.components(separatedBy: "END:VALARM\r\n")[0] + "END:VALARM\r\n"
        }
    }

    @Test("other clients' alarms Tick can show arrive as reminders; a reminder edited here rewrites only its own VALARM, keeping EMAIL, X- and broken alarms byte for byte")
    func otherClients() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let thunderbird = try server.homeURL.resolving(collection.href + "tb-dentist-1.ics")
            let tasksOrg = try server.homeURL.resolving(collection.href + "tasks-org-plants.ics")
            let nextcloud = try server.homeURL.resolving(collection.href + "nc-reminder-1.ics")
            _ = try server.client().create(Self.thunderbirdTodo, at: thunderbird)
            _ = try server.client().create(Self.tasksOrgTodo, at: tasksOrg)
            _ = try server.client().create(Self.nextcloudTodo, at: nextcloud)
            #expect(try second.sync().receivedNew == 3)
            let dentist = try second.todo("Dentist")
            #expect(dentist.reminders == [.beforeDue(minutes: 15)])
            #expect(try second.todo("Water the plants").reminders == [.beforeDue(minutes: 0)])
            let bank = try second.todo("Call the bank")
            #expect(bank.reminders.count == 1)
            if case .at = bank.reminders.first {} else { Issue.record("a DATE-TIME trigger is a reminder at a time: \(bank.reminders)") }

            // A title edit keeps every alarm as written.
            let plantsBefore = Self.alarms(in: try server.client().get(tasksOrg).calendarData)
            #expect(plantsBefore.count == 2)
            _ = try second.store.update(id: second.todo("Water the plants").id, title: "Water the plants on the balcony")
            try second.sync()
            let plants = try server.client().get(tasksOrg).calendarData
            #expect(plants.contains("SUMMARY:Water the plants on the balcony"))
            #expect(Self.alarms(in: plants) == plantsBefore)

            // Adding a reminder keeps Thunderbird's alarm (its X- property too), the EMAIL and the broken one.
            let dentistBefore = Self.alarms(in: try server.client().get(thunderbird).calendarData)
            #expect(dentistBefore.count == 3)
            #expect(dentistBefore.contains { $0.contains("X-MOZ-SNOOZE-TIME:20261204T073000Z\r\n") })
            #expect(dentistBefore.contains { $0.contains("ACTION:EMAIL\r\n") })
            #expect(dentistBefore.contains { $0.contains("DESCRIPTION:no trigger at all\r\n") })
            _ = try second.store.update(id: dentist.id, reminders: [.beforeDue(minutes: 15), .beforeDue(minutes: 60)])
            try second.sync()
            let added = try server.client().get(thunderbird).calendarData
            let addedAlarms = Self.alarms(in: added)
            #expect(Array(addedAlarms.prefix(3)) == dentistBefore)
            #expect(addedAlarms.count == 4 && addedAlarms.last?.contains("TRIGGER;RELATED=END:-PT1H\r\n") == true)
            #expect(added.contains("X-MOZ-GENERATION:3"))

            // Removing Thunderbird's takes its VALARM only.
            _ = try second.store.update(id: dentist.id, reminders: [.beforeDue(minutes: 60)])
            try second.sync()
            let removed = Self.alarms(in: try server.client().get(thunderbird).calendarData)
            #expect(removed == dentistBefore.filter { !$0.contains("X-MOZ-SNOOZE-TIME") } + addedAlarms.suffix(1))

            // The first device gets the reminders as they are now.
            try first.sync()
            #expect(try first.todo("Dentist").reminders == [.beforeDue(minutes: 60)])
            #expect(try first.todo("Water the plants on the balcony").reminders == [.beforeDue(minutes: 0)])
        }
    }

    @Test("reminders added, changed and removed here arrive so on the other device, and undo there goes back up")
    func betweenDevices() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            let todo = try first.store.add(title: "Standup", due: "2026-12-04T09:00",
                                           reminders: [.beforeDue(minutes: 10), .at("2026-12-04T08:00")]).value
            try first.sync()
            let item = try #require(try ServerTodos(server).items.first { $0.todo.title == "Standup" })
            #expect(item.text.components(separatedBy: "BEGIN:VALARM").count == 3)
            try second.sync()
            let there = try second.todo("Standup")
            #expect(there.reminders == [.beforeDue(minutes: 10), .at("2026-12-04T08:00")])

            _ = try second.store.update(id: there.id, reminders: [.beforeDue(minutes: 30)])
            try second.sync()
            try first.sync()
            #expect(try first.store.item(id: todo.id)?.reminders == [.beforeDue(minutes: 30)])

            try second.store.undo()
            try second.sync()
            try first.sync()
            #expect(try first.store.item(id: todo.id)?.reminders == [.beforeDue(minutes: 10), .at("2026-12-04T08:00")])
            try SyncEngineTests.agree(server, first, second)
        }
    }
}
