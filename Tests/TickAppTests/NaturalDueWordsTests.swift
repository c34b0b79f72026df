import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

/// Issue 30: the dates people type in words (`@in 3 days`, `@next friday`), times alone (`@3pm`,
/// `@noon`, `@tonight`), and the words that only look like a date staying in the title with a hint.
@Suite("Natural due words")
struct NaturalDueWordsTests {
    /// Friday 2026-11-27.
    static let friday = Day(year: 2026, month: 11, day: 27)!

    /// A title, the minutes after midnight it is typed at, and what it reads as.
    struct Form: Sendable, CustomTestStringConvertible {
        var typed: String
        var now: Int?
        var title: String
        var due: String?
        var hint: String?
        var testDescription: String { typed + (now.map { " at \(Due.clock($0))" } ?? "") }
    }

    static let forms: [Form] = [
        Form(typed: "Call @in 3 days", title: "Call", due: "2026-11-30"),
        Form(typed: "Call @in 1 day", title: "Call", due: "2026-11-28"),
        Form(typed: "Call @in 2 weeks", title: "Call", due: "2026-12-11"),
        Form(typed: "Call @in 1 month", title: "Call", due: "2026-12-27"),
        Form(typed: "Call @in a year", title: "Call", due: "2027-11-27"),
        Form(typed: "Call @IN 3 Days 9am mum", title: "Call mum", due: "2026-11-30 09:00"),
        Form(typed: "Call @next friday", title: "Call", due: "2026-12-04"),
        Form(typed: "Call @next mon about it", title: "Call about it", due: "2026-11-30"),
        Form(typed: "Call @next week", title: "Call", due: "2026-11-30"),
        Form(typed: "Call @next friday 15:00", title: "Call", due: "2026-12-04 15:00"),
        Form(typed: "Call @fri at 3pm", title: "Call", due: "2026-11-27 15:00"),
        Form(typed: "Call @fri noon", title: "Call", due: "2026-11-27 12:00"),
        Form(typed: "Lunch @noon", now: 11 * 60, title: "Lunch", due: "2026-11-27 12:00"),
        Form(typed: "Lunch @noon", now: 12 * 60 + 1, title: "Lunch", due: "2026-11-28 12:00"),
        Form(typed: "Call @3pm", now: 14 * 60 + 59, title: "Call", due: "2026-11-27 15:00"),
        Form(typed: "Call @3pm", now: 15 * 60, title: "Call", due: "2026-11-27 15:00"),
        Form(typed: "Call @3pm", now: 15 * 60 + 1, title: "Call", due: "2026-11-28 15:00"),
        Form(typed: "Call @3pm", now: nil, title: "Call", due: "2026-11-27 15:00"),
        Form(typed: "Call @15:30", now: 16 * 60, title: "Call", due: "2026-11-28 15:30"),
        Form(typed: "Film @tonight", now: 9 * 60, title: "Film", due: "2026-11-27 20:00"),
        Form(typed: "Film @tonight", now: 23 * 60, title: "Film", due: "2026-11-27 20:00"),
        Form(typed: "Film @tonight 9:30pm", now: 9 * 60, title: "Film", due: "2026-11-27 21:30"),
        Form(typed: "Backup @midnight", now: 9 * 60, title: "Backup", due: "2026-11-28 00:00"),
        Form(typed: "x @dec 24", title: "x", due: "2026-12-24"),
        Form(typed: "Buy @fri 3 apples", title: "Buy 3 apples", due: "2026-11-27"),
        // Not dates: kept in the title, and the hint says so.
        Form(typed: "x @monday 9", title: "x 9", due: "2026-11-30", hint: "9 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
        Form(typed: "x @monday 9  ", title: "x 9", due: "2026-11-30", hint: "9 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
        Form(typed: "x @fri at 25:00", title: "x at 25:00", due: "2026-11-27", hint: "25:00 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
        Form(typed: "x @fri at 9", title: "x at 9", due: "2026-11-27", hint: "9 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
        Form(typed: "Meet @fri at home", title: "Meet at home", due: "2026-11-27"),
        Form(typed: "Box @in 3 dayz", title: "Box @in 3 dayz", hint: "@in 3 dayz is not a date; kept in the title"),
        Form(typed: "Box @in 2", title: "Box @in 2", hint: "@in 2 is not a date; kept in the title"),
        Form(typed: "Call @next fridya", title: "Call @next fridya", hint: "@next is not a date; kept in the title"),
        Form(typed: "Call @3xm", title: "Call @3xm", hint: "@3xm is not a date; kept in the title"),
        Form(typed: "Call @25:00", title: "Call @25:00", hint: "@25:00 is not a date; kept in the title"),
        Form(typed: "Call @noon.", title: "Call @noon.", hint: "@noon. is not a date; kept in the title"),
        // Not meant as dates: plain title text, no hint.
        Form(typed: "Meet @in the lobby", title: "Meet @in the lobby"),
        Form(typed: "Ask @nextdoor", title: "Ask @nextdoor"),
        Form(typed: "Call @home", title: "Call @home"),
    ]

    @Test("Each form reads as the day and time it says, or stays in the title with a hint", arguments: forms)
    func form(_ form: Form) {
        let parsed = TitleSyntax.parse(form.typed, today: Self.friday, now: form.now)
        #expect(parsed.title == form.title)
        #expect(parsed.due?.description == form.due)
        #expect(parsed.hint == form.hint)
        #expect(parsed.mistake == nil)
    }

    @Test("The markers read are kept as typed, words and all", arguments: [
        ("Call @in 3 days 9am mum", "@in 3 days 9am"), ("Call @next friday", "@next friday"), ("Call @fri at 3pm", "@fri at 3pm"),
        ("Film @tonight", "@tonight"),
    ])
    func markers(typed: String, marker: String) {
        #expect(TitleSyntax.parse(typed, today: Self.friday, now: 0).dueMarkers == [marker])
    }

    @Test("--due and tick ls --due take the forms in words as one value", arguments: [
        ("in 3 days", "2026-11-30"), ("next friday", "2026-12-04"), ("dec 24", "2026-12-24"), ("@in 2 weeks", "2026-12-11"),
    ])
    func values(value: String, day: String) {
        let bare = value.hasPrefix("@") ? value.dropFirst() : Substring(value)
        #expect(TitleSyntax.parseDueValue(bare, today: Self.friday)?.description == day)
        #expect(DueSelection(value, today: Self.friday) == .day(Day(iso: day)!))
    }

    @Test("--due refuses a day with a bare hour and a phrase with words left over", arguments: ["monday 9", "in 3 dayz", "next friday please"])
    func refusedValues(value: String) {
        #expect(TitleSyntax.parseDueValue(value, today: Self.friday) == nil)
    }

    @Test("The query reads the forms in several terms as one day, and a quoted one as text")
    func query() throws {
        // A query's day shows the todos still waiting too (the agenda's windows leave them out).
        func queryWindow(_ selection: DueSelection) -> TodoStore.DueWindow {
            var window = selection.window(today: Self.friday)
            window.waitingAfter = nil
            return window
        }
        let window = queryWindow(DueSelection.day(Day(iso: "2026-11-30")!))
        let query = try QueryParser.parse("milk @in 3 days #home", today: Self.friday)
        #expect(query.dueWindows == [window])
        #expect(query.words == ["milk"])
        #expect(query.tags == ["home"])
        #expect(try QueryParser.parse("@next friday", today: Self.friday).dueWindows
                == [queryWindow(DueSelection.day(Day(iso: "2026-12-04")!))])
        #expect(try QueryParser.parse("@tonight", today: Self.friday).dueWindows == [queryWindow(DueSelection.today)])
        #expect(throws: QueryError.notADate("@in")) { try QueryParser.parse("@in \"3 days\"", today: Self.friday) }
    }

    @Test("tick add reads the forms in words, in the title and in --due, and names a bare hour on standard error")
    func commandLine() throws {
        let tick = try CommandHarness()  // today is Sunday 2026-11-29
        #expect(tick.run(["add", "Call @in 3 days 9am"]).status == 0)
        #expect(tick.run(["add", "Plan", "--due", "next friday"]).status == 0)
        let bare = tick.run(["add", "Meet @monday 9"])
        #expect(bare.status == 0)
        #expect(bare.errors == "tick add: 9 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title\n")
        let alone = tick.run(["add", "Tea @3pm"]) { $0.timeOfDay = 16 * 60 }
        #expect(alone.status == 0 && alone.errors.isEmpty)
        let items = try tick.withStore { store in try (1...4).map { try #require(try store.item(id: $0)) } }
        #expect(items.map(\.title) == ["Call", "Plan", "Meet 9", "Tea"])
        #expect(items.map(\.due) == ["2026-12-02T09:00", "2026-12-04", "2026-11-30", "2026-11-30T15:00"])
        let ls = tick.run(["ls", "--due", "in 3 days"])
        #expect(ls.status == 0 && ls.output.contains("Call") && !ls.output.contains("Plan"))
        #expect(tick.run(["ls", "@next", "fri"]).output.contains("Plan"))
    }
}

/// The times alone follow the local clock: `@3pm` typed at 14:59 where the user is means today, at
/// 15:01 tomorrow, in zones whose days differ from UTC's and on a daylight-saving switch day.
@Suite("Natural due words in local time")
struct NaturalDueWordsLocalTimeTests {
    static let zoneDays = [
        LocalTimeScenarioTests.ZoneDay(zone: "Pacific/Kiritimati", day: "2026-12-02"),
        LocalTimeScenarioTests.ZoneDay(zone: "Pacific/Honolulu", day: "2026-12-01"),
        LocalTimeScenarioTests.ZoneDay(zone: "Europe/Berlin", day: "2026-03-29"),
        LocalTimeScenarioTests.ZoneDay(zone: "Europe/Berlin", day: "2026-10-25"),
    ]

    /// Adds `title` with `a` at `clock` on D in the zone, and returns the stored due.
    private func added(_ title: String, at clock: String, _ zoneDay: LocalTimeScenarioTests.ZoneDay) throws -> (due: String?, status: String) {
        let now = try zoneDay.instant(clock)
        let scenario = try Scenario([], size: Size(width: 60, height: 12))
        scenario.list.followClock({ now }, in: zoneDay.localTime)
        try scenario.type("a\(title)<Enter>")
        let status = scenario.status
        let added = try scenario.store.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<1).first
        return (added?.due, status)
    }

    @Test("@3pm is today before 15:00 local, tomorrow after; @tonight is today at 20:00; @in 3 days counts local days",
          arguments: zoneDays)
    func timesAlone(zoneDay: LocalTimeScenarioTests.ZoneDay) throws {
        let d = zoneDay.day, next = Day(ordinal: zoneDay.dayNumber + 1).iso, third = Day(ordinal: zoneDay.dayNumber + 3).iso
        #expect(try added("Call @3pm", at: "14:59", zoneDay).due == d + "T15:00")
        #expect(try added("Call @3pm", at: "15:01", zoneDay).due == next + "T15:00")
        #expect(try added("Call @noon", at: "00:30", zoneDay).due == d + "T12:00")
        #expect(try added("Call @tonight", at: "23:30", zoneDay).due == d + "T20:00")
        #expect(try added("Call @in 3 days", at: "23:59", zoneDay).due == third)
        #expect(try added("Call @in 3 days", at: "00:00", zoneDay).due == third)
    }

    @Test("A day followed by a bare hour keeps it in the title and says so on the status line")
    func bareHourInTheApp() throws {
        let zoneDay = Self.zoneDays[1]
        let result = try added("Call @monday 9", at: "10:00", zoneDay)
        #expect(result.status.contains("9 is not a time"))
    }
}
