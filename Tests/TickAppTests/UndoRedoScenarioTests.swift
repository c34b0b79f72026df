import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 4, undo and redo through the app's keys: every kind of change comes back exactly (every
/// field of every todo and list), the todo it touched is highlighted, and the status line says what.
@Suite("Undo and redo scenarios")
struct UndoRedoScenarioTests {
    /// One kind of change: the keys that make it, what the status line calls it, and which todo
    /// `u` highlights (nil when the change's todo no longer exists after the undo).
    struct Change: CustomTestStringConvertible, Sendable {
        var setup = ""
        var keys: String
        var description: String
        var selectedAfterUndo: String?
        var testDescription: String { "\(setup)·\(keys) → \(description)" }
    }

    static let changes: [Change] = [
        Change(keys: "jaNew !! @tomorrow<Enter>", description: "add “New”", selectedAfterUndo: nil),
        Change(keys: "jd", description: "delete “Call mom”", selectedAfterUndo: "Call mom"),
        Change(keys: "vj<Space>j<Space>dy", description: "delete 2 todos", selectedAfterUndo: "Call mom"),
        Change(keys: "jx", description: "mark “Call mom” done", selectedAfterUndo: "Call mom"),
        Change(setup: "xxx", keys: "vVx", description: "mark 3 todos not done", selectedAfterUndo: "Buy milk"),
        Change(keys: "je<C-u>Call dad ! @2026-12-24<Enter>", description: "edit “Call mom”", selectedAfterUndo: "Call mom"),
        Change(keys: "jf", description: "flag “Call mom”", selectedAfterUndo: "Call mom"),
        Change(keys: "hf", description: "flag “Buy milk”", selectedAfterUndo: "Buy milk"),
        Change(keys: "J", description: "move “Buy milk”", selectedAfterUndo: "Buy milk"),
        Change(keys: "jjJ", description: "move “Pay rent”", selectedAfterUndo: "Pay rent"),
        Change(keys: "mWork<Enter>", description: "move “Buy milk”", selectedAfterUndo: "Buy milk"),
        Change(keys: "<Enter>nnote<Esc><Esc>", description: "edit “Buy milk”", selectedAfterUndo: "Buy milk"),
        Change(keys: "z", description: "collapse list “Inbox”", selectedAfterUndo: nil),
        Change(keys: "LaErrands<Enter><Esc>", description: "add list “Errands”", selectedAfterUndo: nil),
        Change(keys: "Ljr<C-u>Job<Enter><Esc>", description: "rename list “Work”", selectedAfterUndo: nil),
        Change(keys: "LjK<Esc>", description: "move list “Work”", selectedAfterUndo: nil),
        Change(keys: "Ljdm<Esc>", description: "delete list “Work”", selectedAfterUndo: "Ship it"),
        Change(keys: "Ljdd<Esc>", description: "delete list “Work”", selectedAfterUndo: "Ship it"),
    ]

    private func scenario() throws -> Scenario {
        try Scenario(["Buy milk", "Call mom", "Pay rent"], lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 10))
    }

    @Test("u restores exactly what a change altered and highlights its todo; Ctrl-r makes the change again", arguments: changes)
    func undoAndRedo(change: Change) throws {
        let scenario = try scenario()
        try scenario.type(change.setup)
        let before = try StoreSnapshot(scenario.store)
        try scenario.type(change.keys)
        let after = try StoreSnapshot(scenario.store)
        #expect(after != before)
        try scenario.type("u")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(scenario.app.lastMessage?.text == "Undid \(change.description)")
        if let title = change.selectedAfterUndo { #expect(scenario.selectedTitle == title) }
        try scenario.type("<C-r>")
        #expect(try StoreSnapshot(scenario.store) == after)
        #expect(scenario.app.lastMessage?.text == "Redid \(change.description)")
    }

    @Test("The restored todo is back on screen at its old row, in its old state, highlighted")
    func restoredOnScreen() throws {
        let scenario = try scenario()
        try scenario.type("jf" + "x" + "jd")  // flag Call mom, mark it done (it moves to the end), delete it there
        #expect(Array(scenario.screen[1...2]) == ["[ ] Buy milk", "[ ] Pay rent"])
        try scenario.type("u")
        #expect(Array(scenario.screen[1...3]) == ["[ ]   Buy milk", "[ ]   Pay rent", "[✓] ⚑ Call mom"])
        #expect(scenario.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        try scenario.type("u")
        #expect(Array(scenario.screen[1...3]) == ["[ ]   Buy milk", "[ ] ⚑ Call mom", "[ ]   Pay rent"])
        #expect(scenario.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(scenario.app.lastMessage?.text == "Undid mark “Call mom” done")
    }

    @Test("With nothing to undo or redo, the status line says so")
    func nothingToUndo() throws {
        let scenario = try Scenario()
        try scenario.type("u")
        #expect(scenario.app.lastMessage?.text == "Nothing to undo")
        try scenario.type("<C-r>")
        #expect(scenario.app.lastMessage?.text == "Nothing to redo")
    }

    @Test("A new change after an undo drops the redo branch")
    func newChangeDropsRedo() throws {
        let scenario = try scenario()
        try scenario.type("dux<C-r>")
        #expect(scenario.app.lastMessage?.text == "Nothing to redo")
        #expect(scenario.store.count == 4)
    }

    @Test("The history survives a restart: u after reopening undoes the last change")
    func historySurvivesRestart() throws {
        let scenario = try scenario()
        try scenario.type("jd")
        try scenario.restart()
        try scenario.type("u")
        #expect(scenario.selectedTitle == "Call mom")
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Call mom", "Pay rent"])
    }
}
