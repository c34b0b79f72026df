import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// A clock a scenario moves by hand, read by the app through `followClock(_:in:)`.
final class ScenarioClock: @unchecked Sendable {
    var time: Date
    init(_ time: Date) { self.time = time }
    func advance(seconds: Double) { time = time.addingTimeInterval(seconds) }
}

/// Issue 31 part 3 in the app: `@remind` in a title adds reminders, the edit line shows them as
/// markers (taking one out removes it, u brings it back), the details list them, and a reminder
/// coming due while Tick is open is said on the status line (and, when configured, to the terminal).
@Suite("Reminder scenarios")
struct ReminderScenarioTests {
    /// The instant of a wall time on the scenario's day in `zone`.
    static func wall(_ hour: Int, _ minute: Int, second: Int = 0, in zone: LocalTime) -> Date {
        zone.instant(of: CivilTime(day: scenarioToday.ordinal, second: hour * 3600 + minute * 60 + second))
    }

    @Test("@remind in a typed title adds the reminders; the details list each with the time it comes due")
    func addAndDetails() throws {
        let scenario = try Scenario(size: Size(width: 40, height: 14))
        try scenario.type("aDentist @today 9:00 @remind 15m before @remind 2026-11-27T07:30<Enter>")
        #expect(scenario.status.hasPrefix("Added “Dentist”"))
        let item = try #require(try scenario.store.item(id: scenario.id(of: "Dentist")))
        #expect(item.reminders == [.beforeDue(minutes: 15), .at("2026-11-27T07:30")])
        try scenario.type("<Enter>")
        #expect(Array(scenario.screen[0...11]) == [
            "Details — Esc back · n notes · e edit t…",
            "",
            "Title      Dentist",
            "List       Inbox",
            "Priority   none",
            "Due        2026-11-27 09:00 (today)",
            "Flag       no",
            "Reminders  15m before due (2026-11-27 0…",
            "Created    \(scenario.screen[8].dropFirst(11))",
            "Completed  not yet",
            "Notes      none yet — n writes some",
            "",
        ])
    }

    @Test("@remind in the title of a subtask added with c keeps its reminder, as on a todo added with a")
    func subtaskKeepsItsReminder() throws {
        let scenario = try Scenario(["Trip"], size: Size(width: 60, height: 10))
        try scenario.type("cBook flights @today 15:00 @remind 15m before<Enter>")
        let item = try #require(scenario.list.selectedItem)
        #expect(item.title == "Book flights")
        #expect(item.parentUID != nil)
        #expect(item.reminders == [.beforeDue(minutes: 15)])
    }

    @Test("e shows the reminders as @remind markers; taking one out removes that reminder, and u brings it back")
    func editRemovesAndUndoRestores() throws {
        let scenario = try Scenario(size: Size(width: 80, height: 6))
        try scenario.type("aDentist @today 9:00 @remind 1h30m before @remind 10m after<Enter>")
        try scenario.type("e")
        #expect(scenario.screen.contains { $0.contains("Dentist @2026-11-27T09:00 @remind 1h30m before @remind 10m after") })
        // Take the last marker out: Ctrl-W deletes a word at a time.
        try scenario.type("<C-w><C-w><C-w><Enter>")
        let id = try scenario.id(of: "Dentist")
        #expect(try scenario.store.item(id: id)?.reminders == [.beforeDue(minutes: 90)])
        try scenario.type("u")
        #expect(try scenario.store.item(id: id)?.reminders == [.beforeDue(minutes: 90), .beforeDue(minutes: -10)])
    }

    @Test("an @remind without words it understands stays in the title, and the hint says what it wants")
    func unreadMarker() throws {
        let scenario = try Scenario(size: Size(width: 120, height: 5))
        try scenario.type("aCall @remind soonish<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["Call @remind soonish"])
        #expect(scenario.status.hasPrefix("@remind needs 15m before, 1h after, due, or a day and a time (fri 9:00); kept in the title · Added"))
    }

    /// Whole screens: the status line says the reminder the minute it comes due, in zones whose
    /// days differ from UTC's at every hour and across Berlin's spring-forward day.
    @Test("a reminder coming due while Tick is open is said on the status line, once, with no key pressed",
          arguments: ["Pacific/Kiritimati", "Pacific/Honolulu", "Europe/Berlin"])
    func firesOnStatusLine(_ zoneName: String) throws {
        let zone = try #require(LocalTime(zoneNamed: zoneName))
        let scenario = try Scenario(size: Size(width: 60, height: 5))
        let clock = ScenarioClock(Self.wall(8, 44, second: 30, in: zone))
        scenario.list.followClock({ clock.time }, in: zone)
        try scenario.type("aDentist @today 9:00 @remind 15m before<Enter><Esc>")
        #expect(!scenario.app.showDueReminders())  // the first look only notes the time
        clock.advance(seconds: 20)  // 08:44:50
        #expect(!scenario.app.showDueReminders())
        clock.advance(seconds: 15)  // 08:45:05
        #expect(scenario.app.showDueReminders())
        #expect(scenario.screen == [
            rule("▾ Inbox · 1 open", width: 59),
            row("[ ] Dentist", "today 9:00", width: 59),
            "", "",
            "Reminder: “Dentist” (15m before due, 8:45)   1 open · 0 done",
        ])
        #expect(scenario.status.hasPrefix("Reminder: “Dentist” (15m before due, 8:45)"))
        #expect(scenario.app.takeTerminalOutput() == [])  // no alert unless the config file asks
        clock.advance(seconds: 60)
        #expect(!scenario.app.showDueReminders())  // said once
        #expect(scenario.status.hasPrefix("Reminder: “Dentist”"))
    }

    @Test("a done todo's reminder and one whose minute passed before Tick looked first are not said")
    func notForDoneOrBeforeOpening() throws {
        let zone = LocalTime.utc
        let scenario = try Scenario(size: Size(width: 60, height: 5))
        let clock = ScenarioClock(Self.wall(8, 50, in: zone))
        scenario.list.followClock({ clock.time }, in: zone)
        try scenario.store.add(title: "Earlier", due: "2026-11-27T09:00", reminders: [.beforeDue(minutes: 15)])
        let done = try scenario.store.add(title: "Done", due: "2026-11-27T09:00", reminders: [.beforeDue(minutes: 5)]).value
        try scenario.store.setDone(true, ids: [done.id])
        #expect(!scenario.app.showDueReminders())
        clock.advance(seconds: 6 * 60)
        #expect(!scenario.app.showDueReminders())
        #expect(!scenario.status.contains("Reminder"))
    }

    @Test("the clock set back says nothing again and starts over from the new time")
    func clockSetBack() throws {
        let zone = LocalTime.utc
        let scenario = try Scenario(size: Size(width: 60, height: 5))
        let clock = ScenarioClock(Self.wall(8, 44, in: zone))
        scenario.list.followClock({ clock.time }, in: zone)
        try scenario.store.add(title: "Dentist", due: "2026-11-27T09:00", reminders: [.beforeDue(minutes: 15)])
        scenario.app.showDueReminders()
        clock.advance(seconds: 90)
        #expect(scenario.app.showDueReminders())
        clock.advance(seconds: -120)
        #expect(!scenario.app.showDueReminders())
        clock.advance(seconds: 120)
        #expect(scenario.app.showDueReminders())  // 08:45 passes again from the new start: said again
    }

    @Test("remind-alert rings the bell and sends OSC 9 and 777 and the title, each with the title's control characters taken out",
          arguments: [(ReminderAlerts.bell, "\u{07}"),
                      (.osc9, "\u{1B}]9;Reminder: “Dentist x” (at due, 9:00)\u{07}"),
                      (.osc777, "\u{1B}]777;notify;Tick;Reminder: “Dentist x” (at due, 9:00)\u{07}"),
                      (.title, "\u{1B}[22;2t\u{1B}]2;Tick: Reminder: “Dentist x” (at due, 9:00)\u{07}")])
    func alerts(_ alerts: ReminderAlerts, _ expected: String) throws {
        let zone = LocalTime.utc
        let scenario = try Scenario(size: Size(width: 60, height: 5))
        scenario.app.reminderAlerts = alerts
        let clock = ScenarioClock(Self.wall(8, 59, in: zone))
        scenario.list.followClock({ clock.time }, in: zone)
        try scenario.store.add(title: "Dentist \u{1B}x", due: "2026-11-27T09:00", reminders: [.beforeDue(minutes: 0)])
        scenario.app.showDueReminders()
        clock.advance(seconds: 61)
        #expect(scenario.app.showDueReminders())
        #expect(String(decoding: scenario.app.takeTerminalOutput(), as: UTF8.self) == expected)
    }

    @Test("remind-alert title saves the terminal's window title before the first reminder sets it and gives it back at quit, once")
    func titleRestoredAtQuit() throws {
        let zone = LocalTime.utc
        let scenario = try Scenario(size: Size(width: 60, height: 5))
        scenario.app.reminderAlerts = [.title]
        #expect(scenario.app.takeClosingTerminalOutput().isEmpty)
        let clock = ScenarioClock(Self.wall(8, 59, in: zone))
        scenario.list.followClock({ clock.time }, in: zone)
        try scenario.store.add(title: "Dentist", due: "2026-11-27T09:00", reminders: [.beforeDue(minutes: 0)])
        try scenario.store.add(title: "Call", due: "2026-11-27T09:01", reminders: [.beforeDue(minutes: 0)])
        scenario.app.showDueReminders()
        clock.advance(seconds: 61)
        #expect(scenario.app.showDueReminders())
        #expect(String(decoding: scenario.app.takeTerminalOutput(), as: UTF8.self).hasPrefix("\u{1B}[22;2t\u{1B}]2;Tick: Reminder: “Dentist”"))
        clock.advance(seconds: 60)
        #expect(scenario.app.showDueReminders())
        #expect(String(decoding: scenario.app.takeTerminalOutput(), as: UTF8.self).hasPrefix("\u{1B}]2;Tick: Reminder: “Call”"))
        #expect(String(decoding: scenario.app.takeClosingTerminalOutput(), as: UTF8.self) == "\u{1B}[23;2t")
        #expect(scenario.app.takeClosingTerminalOutput().isEmpty)
    }
}
