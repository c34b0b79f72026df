import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 17: the view is remembered consistently: `s` and `H` survive a restart, as `z` does.
@Suite("Remembered view")
struct ViewStateScenarioTests {
    @Test("s and H are remembered across a restart, as z is", arguments: [
        ("s", TodoSort.due, true), ("ss", .priority, true), ("H", .manual, false), ("sssH", .created, false), ("ssss", .manual, true),
    ])
    func survivesRestart(keys: String, sort: TodoSort, showsCompleted: Bool) throws {
        let scenario = try Scenario(["Buy milk", "Call mom"])
        try scenario.type("x" + keys)
        try scenario.restart()
        #expect(scenario.list.options.sort == sort)
        #expect(scenario.list.options.showsCompleted == showsCompleted)
        #expect(scenario.screen[0] == rule("▾ Inbox · 1 open · 1 done" + (showsCompleted ? "" : " hidden")))
    }

    @Test("A restart shows the remembered view at once: done todos hidden, the lists sorted")
    func restartedScreen() throws {
        let scenario = try Scenario(["Later", "Soon", "Done"])
        try scenario.store.update(id: scenario.id(of: "Soon"), due: "2026-11-28")
        try scenario.store.setDone(true, ids: [scenario.id(of: "Done")])
        scenario.list.reloadFromStore()
        try scenario.type("sH")
        try scenario.restart()
        #expect(Array(scenario.screen[0...3]) == [
            rule("▾ Inbox · 2 open · 1 done hidden"), row("[ ] Soon", "tomorrow"), "[ ] Later", "",
        ])
    }

    @Test("The config file's sort and hide-completed apply until s or H chooses otherwise; then the choice wins")
    func configurationIsTheDefault() throws {
        let configuration = Configuration.parse("sort priority\nhide-completed yes", path: "/c")
        let scenario = try Scenario(["Buy milk"], configuration: configuration)
        #expect(scenario.list.options.sort == .priority)
        #expect(!scenario.list.options.showsCompleted)
        try scenario.type("s")  // creation time
        try scenario.restart()
        #expect(scenario.list.options.sort == .created)
        #expect(!scenario.list.options.showsCompleted, "H was never pressed: the config file still decides")
        try scenario.type("H")
        try scenario.restart()
        #expect(scenario.list.options.showsCompleted)
    }

    @Test("The view is not a change to the todos: u does not undo s or H, and they add no step")
    func notUndone() throws {
        let scenario = try Scenario()
        try scenario.type("aBuy milk<Enter>" + "sH" + "u")
        #expect(scenario.app.lastMessage?.text == "Undid add “Buy milk”", "the last step is still the add")
        #expect(scenario.list.options.sort == .due)
        #expect(!scenario.list.options.showsCompleted)
    }

    @Test("On a read-only store s still sorts, and says it is not remembered")
    func readOnly() throws {
        let scenario = try Scenario(["Buy milk"])
        scenario.store.close()
        let store = try TodoStore(path: scenario.temporary.path, readOnly: true)
        defer { store.close() }
        let app = TickApp(store: store, size: Size(width: 60, height: 6))
        try app.type("s")
        #expect(app.list.options.sort == .due)
        #expect(app.lastMessage?.text == "Sorted by due date (not remembered: the store is read-only)")
    }
}
