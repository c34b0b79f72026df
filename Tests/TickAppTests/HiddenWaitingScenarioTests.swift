import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

/// Issue 31, `R`: todos waiting for their start day hidden from the lists until it comes, shown
/// again with `R`, remembered as `H` is, with `hide-waiting` in the config file as the default; the
/// headers count what is shown; a todo whose day comes while Tick is open appears at midnight.
@Suite("Hidden waiting todos")
struct HiddenWaitingScenarioTests {
    /// Inbox: a todo without a start, one waiting until Tuesday, one that started today at 9:00, a
    /// waiting parent with a subtask that is ready, and a done todo. Work: one waiting todo. The
    /// store has a subtask, so every row is drawn as the outline draws it (indented by its depth).
    static func scenario(configuration: Configuration = Configuration()) throws -> Scenario {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 12), configuration: configuration)
        let milk = try scenario.id(of: "Buy milk")
        let taxes = try scenario.store.add(title: "Taxes", after: milk, start: "2026-12-01").value
        let call = try scenario.store.add(title: "Call Anna", after: taxes.id, start: "2026-11-27T09:00").value
        let trip = try scenario.store.add(title: "Trip", after: call.id, start: "2026-12-04").value
        let hotel = try scenario.store.add(title: "Book hotel", after: trip.id).value
        try scenario.store.setParent(id: hotel.id, to: trip.id)
        let old = try scenario.store.add(title: "Old", after: hotel.id).value
        try scenario.store.setDone(true, ids: [old.id])
        let work = try scenario.store.addList(named: "Work").value
        try scenario.store.add(title: "Plan Q1", listID: work.id, start: "2026-12-10")
        try scenario.store.add(title: "Mail Bob", listID: work.id)
        scenario.list.reloadFromStore()
        _ = scenario.app.renderScreen()
        return scenario
    }

    @Test("R hides the waiting todos of every list and says how many; the headers count what is shown; R shows them again")
    func hideAndShow() throws {
        let scenario = try Self.scenario()
        let shown = scenario.screen
        #expect(shown.first == rule("▾ Inbox · 5 open · 1 done", width: 59))
        #expect(shown.contains { $0.hasPrefix("  [ ] Taxes starts in 4 d") })
        try scenario.type("R")
        // The waiting parent is hidden and its ready subtask stays, at its depth (docs/using.md).
        #expect(scenario.screen == [
            rule("▾ Inbox · 3 open · 2 waiting hidden · 1 done", width: 59),
            "  [ ] Buy milk",
            "  [ ] Call Anna",
            "    [ ] Book hotel",
            "  [✓] Old",
            rule("▾ Work · 1 open · 1 waiting hidden", width: 59),
            "  [ ] Mail Bob",
            "",
            "",
            "",
            "",
            row("Waiting todos hidden (3) · R shows them", "7 open · 1 done", width: 60),
        ])
        try scenario.type("R")
        #expect(scenario.screen.dropLast() == shown.dropLast())
        #expect(scenario.status == row("Showing waiting todos", "7 open · 1 done", width: 60))
    }

    @Test("While they are hidden, a todo added with a start after today goes out of view and one done leaves the counts")
    func changesWhileHidden() throws {
        let scenario = try Self.scenario()
        try scenario.type("R")
        try scenario.type("aDentist ^mon<Enter>")
        #expect(scenario.screen[0] == rule("▾ Inbox · 3 open · 3 waiting hidden · 1 done", width: 59))
        #expect(!scenario.screen.dropLast(scenario.app.statusRows).contains { $0.contains("Dentist") })
        #expect(scenario.status.contains("Added “Dentist” (hidden by the current view)"))
        try scenario.type("gx")
        #expect(scenario.screen[0] == rule("▾ Inbox · 2 open · 3 waiting hidden · 2 done", width: 59))
        // The rows on screen are the store's: a fresh open draws the same list.
        let before = scenario.screen.dropLast()
        try scenario.restart()
        #expect(scenario.screen.dropLast() == before)
    }

    @Test("R is remembered across a fresh open; hide-waiting in the config file is the default until R is pressed", arguments: [false, true])
    func remembered(configured: Bool) throws {
        let configuration = Configuration.parse(configured ? "hide-waiting yes" : "", path: "/c")
        #expect(configuration.problems == [])
        let scenario = try Self.scenario(configuration: configuration)
        #expect(!scenario.list.options.showsWaiting == configured)
        #expect(scenario.screen[0] == rule(configured ? "▾ Inbox · 3 open · 2 waiting hidden · 1 done" : "▾ Inbox · 5 open · 1 done", width: 59))
        try scenario.restart()
        #expect(!scenario.list.options.showsWaiting == configured, "R was never pressed: the config file still decides")
        try scenario.type("R")
        try scenario.restart()
        #expect(scenario.list.options.showsWaiting == configured)
        #expect(scenario.screen[0] == rule(configured ? "▾ Inbox · 5 open · 1 done" : "▾ Inbox · 3 open · 2 waiting hidden · 1 done", width: 59))
    }

    @Test("When every open todo waits and they are hidden, the middle of the table says so and names R")
    func everythingWaits() throws {
        let scenario = try Scenario([], size: Size(width: 70, height: 6))
        try scenario.store.add(title: "Taxes", start: "2026-12-01")
        scenario.list.reloadFromStore()
        try scenario.type("R")
        #expect(scenario.screen.contains { $0.contains("Nothing to do until a start day comes — R shows waiting todos") })
    }

    @Test("hide-waiting wants yes or no")
    func badSetting() {
        let configuration = Configuration.parse("hide-waiting maybe", path: "/c")
        #expect(configuration.problems == ["/c:1: hide-waiting wants yes or no"])
        #expect(!configuration.hidesWaiting)
    }

    @Test("At local midnight a hidden todo starting that day appears, in a zone whose day is not UTC's",
          arguments: [LocalTimeScenarioTests.ZoneDay(zone: "Pacific/Kiritimati", day: "2026-12-02"),
                      LocalTimeScenarioTests.ZoneDay(zone: "Pacific/Honolulu", day: "2026-12-01")])
    func appearsAtMidnight(zoneDay: LocalTimeScenarioTests.ZoneDay) throws {
        var now = try zoneDay.instant("23:59")
        let scenario = try Scenario(["Now"], size: Size(width: 50, height: 6))
        let tomorrow = Day(ordinal: zoneDay.dayNumber + 1).iso
        try scenario.store.add(title: "Ship", start: tomorrow)  // at the top
        scenario.list.followClock({ now }, in: zoneDay.localTime)
        try scenario.type("R")
        #expect(Array(scenario.screen.prefix(3)) == [rule("▾ Inbox · 1 open · 1 waiting hidden", width: 49), "[ ] Now", ""])
        now = try zoneDay.instant("00:00", days: 1)
        #expect(scenario.app.showExternalChanges())
        #expect(Array(scenario.screen.prefix(3)) == [rule("▾ Inbox · 2 open", width: 49), "[ ] Ship", "[ ] Now"])
    }

    @Test("z on a parent with waiting subtasks, waiting todos hidden, hides only its shown subtasks: the rows after its subtree stay; R and z again agree")
    func foldWithWaitingSubtasks() throws {
        let scenario = try Scenario(["Trip", "Laundry", "Groceries"], size: Size(width: 40, height: 10))
        let trip = try scenario.id(of: "Trip")
        _ = try scenario.store.addSubtask(title: "Visa", toParent: trip, start: "2026-12-05")
        _ = try scenario.store.addSubtask(title: "Tickets", toParent: trip)
        _ = try scenario.store.addSubtask(title: "Hotel", toParent: trip, start: "2026-12-07")
        scenario.list.reloadFromStore()
        try scenario.type("R")
        #expect(OutlineScenarioTests.rows(scenario)[0...4] == [rule("▾ Inbox · 4 open · 2 waiting hidden", width: 39),
                                                               "▾ [ ] Trip", "    [ ] Tickets", "  [ ] Laundry", "  [ ] Groceries"])
        try scenario.type("gz")
        let folded = [rule("▾ Inbox · 4 open · 2 waiting hidden", width: 39), "▸ [ ] Trip 0/3", "  [ ] Laundry", "  [ ] Groceries",
                      "", "", "", "", ""]
        #expect(OutlineScenarioTests.rows(scenario) == folded)
        try scenario.type("jj")
        #expect(scenario.selectedTitle == "Groceries")
        scenario.app.saveDeferredState()
        #expect(try OutlineScenarioTests.freshRows(scenario) == folded)
        // Shown again, the fold hides every subtask; hidden again, only the shown one.
        try scenario.type("R")
        #expect(OutlineScenarioTests.rows(scenario)[1...3] == ["▸ [ ] Trip 0/3", "  [ ] Laundry", "  [ ] Groceries"])
        try scenario.type("R")
        #expect(OutlineScenarioTests.rows(scenario) == folded)
    }
}
