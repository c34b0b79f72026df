import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 31, a flat cost per `z`: the collapsed parents are not written on every key but when the
/// user is idle or the app goes (`TickApp.saveDeferredState()`, called by the terminal's run loop,
/// at its end, and at the end of a key script), and a restart still shows the same screen.
@Suite("Saving the collapsed parents")
struct CollapseSavingTests {
    @Test("z writes nothing to the store; the collapse is written when idle, and a restart then shows the same screen")
    func collapseIsWrittenWhenIdle() throws {
        let scenario = try OutlineScenarioTests.trip()
        let trip = try scenario.id(of: "Trip")
        try scenario.type("z")
        let collapsed = OutlineScenarioTests.rows(scenario)
        #expect(collapsed[1] == "▸ [ ] Trip 0/2")
        #expect(try scenario.store.viewState().collapsedTodoIDs == nil, "the key wrote the view state")
        #expect(scenario.app.hasDeferredState)
        #expect(scenario.app.saveDeferredState() == nil)
        #expect(!scenario.app.hasDeferredState)
        #expect(try scenario.store.viewState().collapsedTodoIDs == [trip])
        // Expanding is put off the same way.
        try scenario.type("z")
        #expect(try scenario.store.viewState().collapsedTodoIDs == [trip], "the key wrote the view state")
        #expect(scenario.app.saveDeferredState() == nil)
        #expect(try scenario.store.viewState().collapsedTodoIDs == [])
        #expect(OutlineScenarioTests.rows(scenario) == OutlineScenarioTests.expanded)
        try scenario.type("z")
        try scenario.restart()
        #expect(OutlineScenarioTests.rows(scenario) == collapsed)
    }

    @Test("Nothing collapsed or expanded since the last save: the idle moment writes nothing")
    func nothingToWrite() throws {
        let scenario = try OutlineScenarioTests.trip()
        #expect(!scenario.app.hasDeferredState)
        try scenario.type("jj")
        #expect(!scenario.app.hasDeferredState)
        #expect(scenario.app.saveDeferredState() == nil)
        #expect(try scenario.store.viewState().collapsedTodoIDs == nil)
    }

    @Test("A key script's collapse is written at its end: the next script over the store opens collapsed")
    func keyScriptWritesAtItsEnd() throws {
        let scenario = try OutlineScenarioTests.trip()
        let size = Size(width: 40, height: 10)
        let first = ScriptRunner.run(keys: try KeyScript.parse("z"), store: scenario.store, size: size)
        #expect(first.screen.lines[1].hasPrefix("▸ [ ] Trip 0/2"))
        let second = ScriptRunner.run(keys: [], store: scenario.store, size: size)
        #expect(second.screen.lines[1].hasPrefix("▸ [ ] Trip 0/2"), "\(second.screen.lines)")
    }
}
