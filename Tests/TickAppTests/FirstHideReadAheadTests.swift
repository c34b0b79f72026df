import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 31, the first `R` under a millisecond at a million todos: after the first frame, while
/// nobody waits, the terminal session reads ahead the rows `R` would read on its key
/// (`TodoListController.prepareForHidingWaiting()`), parked in the page cache as a view left is, so
/// the first `R` swaps them in and reads no page. The screens are a fresh open's, and a change before
/// `R` (here or in another process) drops what was read ahead.
@Suite("The first R, read ahead")
struct FirstHideReadAheadTests {
    /// The screen above the status line, where the last message stands.
    private static func list(_ scenario: Scenario) -> [String] {
        WaitingSelectionScenarioTests.state(scenario).rows
    }

    @Test("After the read-ahead the first R reads no page of rows, and draws what a fresh open hiding waiting todos draws")
    func firstHideReadsNoPage() throws {
        let scenario = try WaitingSelectionScenarioTests.scenario()
        let before = scenario.list.cache.reads
        scenario.list.prepareForHidingWaiting()
        #expect(scenario.list.cache.reads == before + 2, "one page of each list on screen")
        #expect(Self.list(scenario) == WaitingSelectionScenarioTests.shown, "the read-ahead changed the screen")
        let reads = scenario.list.cache.reads
        try scenario.type("R")
        #expect(scenario.list.cache.reads == reads, "R read pages the read-ahead had read")
        let hidden = Self.list(scenario)
        #expect(hidden == WaitingSelectionScenarioTests.hidden)
        try scenario.restart()
        #expect(Self.list(scenario) == hidden)
    }

    @Test("Waiting todos hidden already, or none waiting: the read-ahead reads nothing")
    func nothingToReadAhead() throws {
        let scenario = try WaitingSelectionScenarioTests.scenario()
        try scenario.type("R")
        var reads = scenario.list.cache.reads
        scenario.list.prepareForHidingWaiting()
        #expect(scenario.list.cache.reads == reads)
        let plain = try Scenario(["Buy milk", "Call mom"])
        reads = plain.list.cache.reads
        plain.list.prepareForHidingWaiting()
        #expect(plain.list.cache.reads == reads)
    }

    @Test("A todo added between the read-ahead and R: R reads its list again and shows it, as a fresh open does")
    func changeHereBeforeHide() throws {
        let scenario = try WaitingSelectionScenarioTests.scenario()
        scenario.list.prepareForHidingWaiting()
        try scenario.type("aPost the letter<Enter>R")
        let hidden = Self.list(scenario)
        #expect(hidden[2] == "  [ ] Post the letter")
        try scenario.restart()
        #expect(Self.list(scenario) == hidden)
    }

    @Test("Another process moves a todo before the read-ahead, unseen until after R: R's rows, which hold the move, are read again, not moved twice")
    func changeElsewhereBeforeReadAhead() throws {
        let scenario = try WaitingSelectionScenarioTests.scenario()
        let inbox = try #require(scenario.store.lists().first { $0.name == "Inbox" })
        let elsewhere = try TodoStore(path: scenario.temporary.path, durability: .noSync)
        try elsewhere.move(id: try scenario.id(of: "Call Anna"), toList: inbox.id, after: nil)
        elsewhere.close()
        scenario.list.prepareForHidingWaiting()
        try scenario.type("R")
        #expect(scenario.app.showExternalChanges())
        let hidden = Self.list(scenario)
        #expect(Array(hidden[1...3]) == ["  [ ] Call Anna", "  [ ] Buy milk", "    [ ] Book hotel"], "\(hidden)")
        try scenario.restart()
        #expect(Self.list(scenario) == hidden)
    }
}
