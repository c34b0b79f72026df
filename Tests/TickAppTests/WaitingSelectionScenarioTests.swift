import Testing
import TermTable
@testable import TickApp
import TodoStore

/// `R` keeps the selection on its todo, as UIKit keeps the selected item when the rows around it
/// change; when `R` hides the selected todo (it waits for its start day), the nearest todo shown
/// after it is selected, else the nearest before it. Whole screens, on the store of
/// `HiddenWaitingScenarioTests` with one more waiting todo at the end of Work.
@Suite("Selection across R")
struct WaitingSelectionScenarioTests {
    /// Inbox: Buy milk, Taxes (waiting), Call Anna, Trip (waiting) with its ready subtask Book hotel,
    /// Old (done). Work: Mail Bob, Review (waiting), Plan Q1 (waiting).
    static func scenario() throws -> Scenario {
        let scenario = try HiddenWaitingScenarioTests.scenario()
        let bob = try scenario.id(of: "Mail Bob")
        let work = try #require(scenario.store.lists().first { $0.name == "Work" })
        try scenario.store.add(title: "Review", listID: work.id, after: bob, start: "2026-12-20")
        scenario.list.reloadFromStore()
        _ = scenario.app.renderScreen()
        return scenario
    }

    static let shown = [
        rule("▾ Inbox · 5 open · 1 done", width: 59),
        "  [ ] Buy milk",
        "  [ ] Taxes starts in 4 d",
        "  [ ] Call Anna",
        "▾ [ ] Trip starts in 7 d",
        "    [ ] Book hotel",
        "  [✓] Old",
        rule("▾ Work · 3 open", width: 59),
        "  [ ] Mail Bob",
        "  [ ] Review starts in 23 d",
        "  [ ] Plan Q1 starts in 13 d",
    ]

    static let hidden = [
        rule("▾ Inbox · 3 open · 2 waiting hidden · 1 done", width: 59),
        "  [ ] Buy milk",
        "  [ ] Call Anna",
        "    [ ] Book hotel",
        "  [✓] Old",
        rule("▾ Work · 1 open · 2 waiting hidden", width: 59),
        "  [ ] Mail Bob",
        "",
        "",
        "",
        "",
    ]

    /// The screen above the status line, and the title of the selected todo.
    static func state(_ scenario: Scenario) -> (rows: [String], selected: String?) {
        (Array(scenario.screen.dropLast(scenario.app.statusRows)), scenario.selectedTitle)
    }

    @Test("A todo still shown stays selected when R hides the rows above it, and when R shows them again")
    func staysOnItsTodo() throws {
        let scenario = try Self.scenario()
        try scenario.type("jj")
        #expect(Self.state(scenario) == (Self.shown, "Call Anna"))
        try scenario.type("R")
        #expect(Self.state(scenario) == (Self.hidden, "Call Anna"))
        try scenario.type("j")
        #expect(scenario.selectedTitle == "Book hotel")
        try scenario.type("R")
        #expect(Self.state(scenario) == (Self.shown, "Book hotel"))
    }

    @Test("When R hides the selected todo, the nearest todo shown after it is selected")
    func nearestAfter() throws {
        let scenario = try Self.scenario()
        try scenario.type("jjj")
        #expect(Self.state(scenario) == (Self.shown, "Trip"))
        try scenario.type("R")
        #expect(Self.state(scenario) == (Self.hidden, "Book hotel"))
        try scenario.type("Rgj")
        #expect(Self.state(scenario) == (Self.shown, "Taxes"))
        try scenario.type("R")
        #expect(Self.state(scenario) == (Self.hidden, "Call Anna"))
    }

    @Test("When R hides the selected todo and nothing shown follows it, the nearest todo before it is selected")
    func nearestBefore() throws {
        let scenario = try Self.scenario()
        try scenario.type("G")
        #expect(Self.state(scenario) == (Self.shown, "Plan Q1"))
        try scenario.type("R")
        #expect(Self.state(scenario) == (Self.hidden, "Mail Bob"))
    }
}
