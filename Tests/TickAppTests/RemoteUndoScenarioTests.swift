import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 20, undo and sync: `u` never undoes a change that arrived from another device. The sync
/// is played by a second store on the same file writing remote steps (`asRemote`), as `tick sync`
/// in another process does; the app sees them on its change path.
@Suite("Undo with changes from other devices")
struct RemoteUndoScenarioTests {
    private func scenario() throws -> Scenario {
        try Scenario(["Buy milk", "Call mom", "Pay rent"], size: Size(width: 100, height: 7))
    }

    /// Runs `body` on a second store of the scenario's file as the sync would, then lets the app see it.
    private func sync(_ scenario: Scenario, _ body: (TodoStore) throws -> Void) throws {
        let other = try TodoStore(path: scenario.temporary.path, durability: .noSync)
        defer { other.close() }
        try other.asRemote { try body(other) }
        #expect(scenario.app.showExternalChanges())
    }

    @Test("when the newest change came from another device, u passes over it, undoes this device's change and says why")
    func passesOverRemoteChange() throws {
        let scenario = try scenario()
        try scenario.type("jf")
        try sync(scenario) { try $0.add(title: "Dentist (from the phone)") }
        try scenario.type("u")
        #expect(scenario.screen == [
            rule("▾ Inbox · 4 open", width: 99),
            "[ ] Dentist (from the phone)",
            "[ ] Buy milk",
            "[ ] Call mom",
            "[ ] Pay rent",
            "",
            "Skipped a change from another device; undid flag “Call mom”                          4 open · 0 done",
        ])
        #expect(scenario.selectedTitle == "Call mom")
        try scenario.type("u")
        #expect(scenario.status.hasPrefix("Undid add “Pay rent” "), "the phone's change is said once")
        try scenario.type("uuu")
        #expect(scenario.status.hasPrefix("Nothing to undo (changes from other devices are not undone here) "))
        #expect(try scenario.titles(inList: "Inbox") == ["Dentist (from the phone)"], "the phone's todo is never undone")
        try scenario.type("<C-r>")
        #expect(scenario.status.hasPrefix("Redid add “Buy milk” "))
    }

    @Test("u refuses to undo a change here when another device changed the same todo since, and the next u goes on")
    func refusesOverRemoteEdit() throws {
        let scenario = try scenario()
        try scenario.type("x")  // Buy milk done: an older change, on another todo
        try scenario.type("ke<C-u>Call dad<Enter>")
        try sync(scenario) { try $0.update(id: try scenario.id(of: "Call dad"), title: "Call dad at 6") }
        try scenario.type("u")
        #expect(scenario.screen == [
            rule("▾ Inbox · 2 open · 1 done", width: 99),
            "[ ] Call dad at 6",
            "[ ] Pay rent",
            "[✓] Buy milk",
            "",
            "",
            "“Call dad at 6” was changed on another device since; not undone: edit “Call mom”     2 open · 1 done",
        ])
        #expect(scenario.app.lastMessage?.kind == .error)
        try scenario.type("u")
        #expect(scenario.status.hasPrefix("Undid mark “Buy milk” done "))
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Call dad at 6", "Pay rent"])
    }
}
