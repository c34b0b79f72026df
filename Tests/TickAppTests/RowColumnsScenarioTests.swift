import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 17: titles start in the same column on every row: a priority or a flag anywhere, open or
/// done, in any list, gives every row its column.
@Suite("Row columns")
struct RowColumnsScenarioTests {
    @Test("A done todo's priority gives every row, in every list, the priority column")
    func priorityColumnEverywhere() throws {
        let scenario = try Scenario(["Buy milk", "Pay rent"], lists: ["Work": ["Ship it"]])
        try scenario.store.update(id: scenario.id(of: "Pay rent"), priority: 3)
        try scenario.store.setDone(true, ids: [scenario.id(of: "Pay rent")])
        scenario.list.reloadFromStore()
        #expect(Array(scenario.screen[0...4]) == [
            rule("▾ Inbox · 1 open · 1 done"),
            "[ ]     Buy milk",
            "[✓] !!! Pay rent",
            rule("▾ Work · 1 open"),
            "[ ]     Ship it",
        ])
    }

    @Test("A flag anywhere gives every row the flag column; with priorities the flag comes after them")
    func flagColumn() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], lists: ["Work": ["Ship it"]])
        try scenario.type("jf")
        #expect(Array(scenario.screen[1...4]) == ["[ ]   Buy milk", "[ ] ⚑ Call mom", rule("▾ Work · 1 open"), "[ ]   Ship it"])
        try scenario.type("<Tab>e<End> !<Enter>")
        #expect(Array(scenario.screen[1...4]) == [
            "[ ]       Buy milk", "[ ]     ⚑ Call mom", rule("▾ Work · 1 open"), "[ ]   !   Ship it",
        ])
    }

    @Test("The columns come and go with the last priority or flag, on every row on screen at once")
    func columnsComeAndGo() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], lists: ["Work": ["Ship it"]])
        try scenario.type("e<End> !<Enter>")
        #expect(Array(scenario.screen[1...4]) == ["[ ]   ! Buy milk", "[ ]     Call mom", rule("▾ Work · 1 open"), "[ ]     Ship it"])
        try scenario.type("e<End><BS><BS><Enter>")
        #expect(Array(scenario.screen[1...4]) == ["[ ] Buy milk", "[ ] Call mom", rule("▾ Work · 1 open"), "[ ] Ship it"])
        try scenario.type("<Tab>ff")
        #expect(Array(scenario.screen[1...4]) == ["[ ] Buy milk", "[ ] Call mom", rule("▾ Work · 1 open"), "[ ] Ship it"])
    }
}
