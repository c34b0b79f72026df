import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

/// Issue 31 part 2 in the app: `^when` in a title sets the start date; a waiting todo says "starts
/// in 3 d" (dim, with its tags) and stays out of the agenda until its day, which follows the user's
/// zone at local midnight (Kiritimati +14, Honolulu −10, a daylight-saving switch day).
@Suite("Start date scenarios")
struct StartDateScenarioTests {
    @Test("^when in a typed title sets the start date; the row says when it starts, e shows it as a marker, taking it out removes it, u brings it back")
    func addShowEdit() throws {
        let scenario = try Scenario(size: Size(width: 60, height: 6))
        try scenario.type("aWrite the report ^2026-11-30 @2026-12-04 #work<Enter>")
        try scenario.type("aCall Mom @today<Enter>")
        #expect(scenario.screen == [
            rule("▾ Inbox · 2 open", width: 59),
            row("[ ] Write the report starts in 3 d #work", "in 7 d", width: 59),
            row("[ ] Call Mom", "today", width: 59),
            "",
            "",
            scenario.status,
        ])
        let id = try scenario.id(of: "Write the report")
        #expect(try scenario.store.item(id: id)?.start == "2026-11-30")
        try scenario.type("ke")
        #expect(scenario.screen.contains { $0.contains("#work @2026-12-04 ^2026-11-30") })
        try scenario.type("<C-w><Enter>")
        #expect(try scenario.store.item(id: id)?.start == nil)
        #expect(try scenario.store.item(id: id)?.due == "2026-12-04")
        #expect(!scenario.screen.contains { $0.contains("starts") })
        try scenario.type("u")
        #expect(try scenario.store.item(id: id)?.start == "2026-11-30")
        #expect(scenario.screen.contains { $0.contains("Write the report starts in 3 d") })
    }

    @Test("the agenda leaves out a todo still waiting, and shows it from its start day")
    func agendaLeavesOutWaiting() throws {
        let scenario = try Scenario(size: Size(width: 50, height: 10))
        try scenario.store.add(title: "Rent", due: "2026-11-27")
        try scenario.store.add(title: "Report", due: "2026-11-28", start: "2026-11-28")
        try scenario.store.add(title: "Taxes", due: "2026-11-26", start: "2026-12-01")
        scenario.list.reloadFromStore()
        try scenario.type("A")
        // The status line's message may take the lines above it (long messages wrap whole).
        let statusRows = scenario.app.statusRows
        #expect(Array(scenario.screen.dropLast(statusRows)) == Array([
            rule("Overdue · nothing", width: 49),
            rule("Today · 1", width: 49),
            row("[ ] Rent · Inbox", "today", width: 49),
            rule("Tomorrow · nothing", width: 49),
            rule("Next 7 days · nothing", width: 49),
            "",
            "",
            "",
            "",
        ].prefix(10 - statusRows)))
    }

    /// A zone and a day `D` in it, as `LocalTimeScenarioTests` has them.
    static let zoneDays = [
        LocalTimeScenarioTests.ZoneDay(zone: "Pacific/Kiritimati", day: "2026-12-02"),
        LocalTimeScenarioTests.ZoneDay(zone: "Pacific/Honolulu", day: "2026-12-01"),
        LocalTimeScenarioTests.ZoneDay(zone: "America/New_York", day: "2026-03-07"),  // the next day is 23 hours long
        LocalTimeScenarioTests.ZoneDay(zone: "Europe/Berlin", day: "2026-10-25"),     // 25 hours long
    ]

    @Test("At local 23:59 a todo starting tomorrow waits (out of the agenda, \"starts tomorrow\"); at local 00:00 it has started", arguments: zoneDays)
    func startsAtLocalMidnight(zoneDay: LocalTimeScenarioTests.ZoneDay) throws {
        var now = try zoneDay.instant("23:59")
        let scenario = try Scenario([], size: Size(width: 50, height: 10))
        let tomorrow = Day(ordinal: zoneDay.dayNumber + 1).iso
        try scenario.store.add(title: "Ship", due: tomorrow, start: tomorrow)
        try scenario.store.add(title: "Later", start: Day(ordinal: zoneDay.dayNumber + 4).iso)
        scenario.list.followClock({ now }, in: zoneDay.localTime)
        scenario.list.reloadFromStore()
        _ = scenario.app.renderScreen()
        #expect(scenario.screen.first { $0.contains("Ship") }?.contains("starts tomorrow") == true)
        #expect(scenario.screen.first { $0.contains("Later") }?.contains("starts in 4 d") == true)
        try scenario.type("A")
        #expect(scenario.screen.contains { $0.contains("Nothing due this week") })
        now = try zoneDay.instant("00:00", days: 1)
        #expect(scenario.app.showExternalChanges())
        #expect(scenario.screen.contains(rule("Today · 1", width: 49)))
        #expect(scenario.screen.first { $0.contains("Ship") }?.contains("starts") == false)
        try scenario.type("A")
        #expect(scenario.screen.first { $0.contains("Later") }?.contains("starts in 3 d") == true)
    }
}
