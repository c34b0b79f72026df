import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 31, the first `R` at a million todos under a millisecond: a view choice (`s`, `H`, `R`, `W`)
/// costs its key no transaction. It is written with the collapsed parents when the user is idle or
/// the app goes (`TickApp.saveDeferredState()`), and a restart still shows the same screen.
@Suite("Saving the view choices")
struct ViewChoiceSavingTests {
    @Test("R, s, H and W write nothing on their keys; one idle moment writes them all, and a restart shows the same screen")
    func choicesAreWrittenWhenIdle() throws {
        let scenario = try HiddenWaitingScenarioTests.scenario()
        try scenario.type("RsHW")
        #expect(try scenario.store.viewState() == ViewState(), "a key wrote the view state")
        #expect(scenario.app.hasDeferredState)
        // The rows (the message below them may take two lines; a restart says nothing).
        let chosen = scenario.screen.prefix(8)
        #expect(scenario.app.saveDeferredState() == nil)
        #expect(!scenario.app.hasDeferredState)
        #expect(try scenario.store.viewState() == ViewState(sort: .due, hidesCompleted: true, hidesWaiting: true, wrapsTitles: true))
        try scenario.restart()
        #expect(scenario.screen.prefix(8) == chosen)
        // Chosen back: the last choice of each field is what the next save writes.
        try scenario.type("RHWRR")
        #expect(try scenario.store.viewState().hidesWaiting == true, "a key wrote the view state")
        let back = scenario.screen.prefix(8)
        try scenario.restart()
        #expect(try scenario.store.viewState() == ViewState(sort: .due, hidesCompleted: false, hidesWaiting: false, wrapsTitles: false))
        #expect(scenario.screen.prefix(8) == back)
    }

    @Test("A collapse and a view choice waiting together are written in one save")
    func collapseAndChoiceTogether() throws {
        let scenario = try HiddenWaitingScenarioTests.scenario()
        let trip = try scenario.id(of: "Trip")
        try scenario.type("jjjzR")
        #expect(try scenario.store.viewState() == ViewState())
        #expect(scenario.app.saveDeferredState() == nil)
        #expect(try scenario.store.viewState() == ViewState(hidesWaiting: true, collapsedTodoIDs: [trip]))
        #expect(!scenario.app.hasDeferredState)
    }

    @Test("On a read-only store a view choice waits for no save: the message says it is not remembered")
    func readOnlyNothingWaits() throws {
        let scenario = try Scenario(["Buy milk"])
        scenario.store.close()
        let store = try TodoStore(path: scenario.temporary.path, readOnly: true)
        defer { store.close() }
        let app = TickApp(store: store, size: Size(width: 60, height: 6))
        try app.type("H")
        #expect(app.lastMessage?.text == "Hiding completed todos · H shows them (not remembered: the store is read-only)")
        #expect(!app.hasDeferredState)
        #expect(app.saveDeferredState() == nil)
    }
}
