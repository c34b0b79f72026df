import Testing
@testable import TickApp
import TodoStore

/// `@remind` in titles and `remind-alert` in the config file.
@Suite("Reminder words")
struct ReminderWordsTests {
    /// Friday 2026-11-27 (the scenarios' day).
    static let today = scenarioToday

    @Test("@remind markers become reminders and leave the title; the rest stays", arguments: [
        ("Dentist @remind 15m before", "Dentist", [Reminder.beforeDue(minutes: 15)]),
        ("Dentist @remind 1h30m before pay", "Dentist pay", [.beforeDue(minutes: 90)]),
        ("Dentist @REMIND 2d BEFORE", "Dentist", [.beforeDue(minutes: 2880)]),
        ("Dentist @remind 1w before", "Dentist", [.beforeDue(minutes: 10080)]),
        ("Dentist @remind 10m after", "Dentist", [.beforeDue(minutes: -10)]),
        ("Dentist @remind due", "Dentist", [.beforeDue(minutes: 0)]),
        ("Dentist @remind fri 9:00", "Dentist", [.at("2026-11-27T09:00")]),
        ("Dentist @remind tomorrow 8am", "Dentist", [.at("2026-11-28T08:00")]),
        ("Dentist @remind 2026-12-04T09:00", "Dentist", [.at("2026-12-04T09:00")]),
        ("Dentist @remind dec 4 7:30", "Dentist", [.at("2026-12-04T07:30")]),
        ("Dentist @fri 9:00 @remind 15m before @remind 1h before", "Dentist", [.beforeDue(minutes: 60), .beforeDue(minutes: 15)]),
        ("Dentist @remind 15m before @remind 15m before", "Dentist", [.beforeDue(minutes: 15)]),
    ])
    func reads(_ text: String, _ title: String, _ reminders: [Reminder]) {
        let parsed = TitleSyntax.parse(text, today: Self.today)
        #expect(parsed.title == title)
        #expect(parsed.reminders == reminders)
        #expect(parsed.hint == nil && parsed.mistake == nil)
    }

    @Test("@remind without a form it knows stays in the title, with a hint; a day without a time is no reminder", arguments: [
        "Call @remind", "Call @remind soon", "Call @remind 15m", "Call @remind fri", "Call @remind 15x before", "Call @remind 25:00 before",
    ])
    func unread(_ text: String) {
        let parsed = TitleSyntax.parse(text, today: Self.today)
        #expect(parsed.reminders == [])
        #expect(parsed.title.contains("@remind"))
        #expect(parsed.hint?.contains("@remind needs 15m before") == true)
    }

    @Test("the marker of each reminder reads back as the same reminder", arguments: [
        Reminder.beforeDue(minutes: 15), .beforeDue(minutes: 90), .beforeDue(minutes: 1441), .beforeDue(minutes: 20160),
        .beforeDue(minutes: -10), .beforeDue(minutes: 0), .at("2026-12-04T09:00"),
    ])
    func markerRoundTrip(_ reminder: Reminder) {
        let marker = ReminderWords.marker(reminder)
        #expect(TitleSyntax.parse("Call " + marker, today: Self.today).reminders == [reminder], "\(marker)")
    }

    @Test("remind-alert takes any of bell, title, osc9, osc777 (or off); anything else is a problem naming them", arguments: [
        ("remind-alert bell osc9", ReminderAlerts([.bell, .osc9]), false),
        ("remind-alert title osc777", ReminderAlerts([.title, .osc777]), false),
        ("remind-alert off", ReminderAlerts(), false),
        ("", ReminderAlerts(), false),
        ("remind-alert loud", ReminderAlerts(), true),
        ("remind-alert", ReminderAlerts(), true),
    ] as [(String, ReminderAlerts, Bool)])
    func configuration(_ line: String, _ alerts: ReminderAlerts, _ isProblem: Bool) {
        let configuration = Configuration.parse(line, path: "config")
        #expect(configuration.reminderAlerts == alerts)
        #expect(configuration.problems == (isProblem ? ["config:1: remind-alert wants off, or one or more of: bell, title, osc9, osc777"] : []))
    }
}
