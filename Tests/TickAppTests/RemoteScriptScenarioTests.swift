import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 33, point 5: `<Remote TITLE>` lets a key script (the demo) show a change arriving from
/// another device through the sync, written as the sync writes one.
@Suite("Key scripts: a change from another device")
struct RemoteScriptScenarioTests {
    @Test("<Remote TITLE> adds the todo at the end of the Inbox, says the sync brought it, and u passes over it to this device's change")
    func remoteTodoArrivesAndUndoPassesOverIt() throws {
        let temporary = try TemporaryStore()
        let size = Size(width: 50, height: 5)
        let arrived = try ScriptRunner.run(script: "aBuy milk<Enter><Remote Call the plumber>", store: temporary.store, size: size)
        #expect(arrived.screen.lines == [
            "▾ Inbox · 2 open ────────────────────────────────",
            "[ ] Buy milk",
            "[ ] Call the plumber",
            "",
            "Synced: ↓ 1 new from another devi… 2 open · 0 done",
        ])
        let undone = try ScriptRunner.run(script: "u", store: temporary.store, size: size)
        #expect(undone.screen.lines == [
            "▾ Inbox · 1 open ────────────────────────────────",
            "[ ] Call the plumber",
            "",
            "",
            "Skipped a change from another dev… 1 open · 0 done",
        ])
    }

    @Test("<Remote> reads its title; without one it is an error naming the tag")
    func parsing() throws {
        #expect(try KeyScript.parseSteps("<Remote Call the plumber @fri>") == [.remote("Call the plumber @fri")])
        #expect(throws: KeyScript.ParseError(problem: "<Remote> wants the title of the todo that arrives, like <Remote Call the plumber>",
                                             line: 1, column: 1)) {
            try KeyScript.parseSteps("<Remote>")
        }
    }
}
