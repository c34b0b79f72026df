import Testing
import TermTable
@testable import TickApp
import TodoStore

/// A section header as drawn: the title, a space and a rule up to the scroll indicator column.
func rule(_ title: String, width: Int = 39) -> String {
    title + " " + String(repeating: "─", count: max(0, width - DisplayWidth.of(title) - 1))
}

/// A row with `left` at the left edge and `right` ending at the last content column (before the indicator).
func row(_ left: String, _ right: String, width: Int = 39) -> String {
    left + String(repeating: " ", count: max(1, width - DisplayWidth.of(left) - DisplayWidth.of(right))) + right
}

/// Issue 4, swipe-like row actions: every key, with the revealed buttons and the slid row on screen.
@Suite("Swipe scenarios")
struct SwipeScenarioTests {
    static let todos = ["Buy milk", "Call mom", "Pay rent"]

    @Test("l reveals Done at the left edge: the row slides right by the button's width, D underlined, focused in reverse")
    func leadingScreen() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("l")
        #expect(scenario.screen == [
            "▾ Inbox · 3 open ──────────────────────",
            " Done [ ] Buy milk",
            "[ ] Call mom",
            "[ ] Pay rent",
            "",
            "",
            "",
            "? help · a add · x done… 3 open · 0 done",
        ])
        let canvas = scenario.canvas
        for x in 0..<6 { #expect(canvas[x, 1].style.background == .green, "column \(x)") }
        #expect(canvas[1, 1].style.attributes.isSuperset(of: [.underline, .reverse]))  // the D; the only button has the focus
        #expect(canvas[6, 1].text == "[")
    }

    @Test("h reveals Delete at the right edge, then Flag and Edit; the row's own text slides left under them")
    func trailingScreen() throws {
        let scenario = try Scenario(["Write the quarterly report for the board", "Call mom"])
        try scenario.type("h")
        let line = scenario.screen[1]
        // The row ("[ ] Write the quarterly report for the…", 39 columns) moved left by the 20 columns of
        // the buttons: its 21st column is now the first.
        #expect(line == "rly report for the… Edit  Flag  Delete")
        let canvas = scenario.canvas
        #expect(canvas[31, 1].style.background == .red)     // Delete, nearest the edge, destructive
        #expect(canvas[25, 1].style.background == .yellow)  // Flag
        #expect(canvas[19, 1].style.background == .blue)    // Edit
        #expect(canvas[32, 1].style.attributes.contains(.reverse))   // focus starts on the first button
        #expect(!canvas[26, 1].style.attributes.contains(.reverse))
        #expect(scenario.screen[2] == "[ ] Call mom")
    }

    @Test("A done todo's leading button is Undo, grey; a full swipe on it opens the todo again")
    func undoButton() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("x" + "G" + "l")
        #expect(scenario.screen[3] == " Undo [✓] Buy milk")
        #expect(scenario.canvas[1, 3].style.background == .brightBlack)
        try scenario.type("l")
        #expect(scenario.store.doneCount == 0)
        #expect(scenario.table.indexPathForSwipedRow == nil)
    }

    @Test("While revealed, ←/→, Tab and Shift-Tab move the focus among the buttons, wrapping", arguments: [
        ("", 0), ("<Left>", 1), ("<Left><Left>", 2), ("<Left><Left><Left>", 0), ("<Tab>", 1), ("<Tab><Tab><Tab>", 0),
        ("<Right>", 2), ("<S-Tab>", 2), ("<Left><Right>", 0),
    ])
    func focusMoves(keys: String, focused: Int) throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("h" + keys)
        #expect(scenario.table.selectedSwipeActionIndex == focused)
        // The focused button is drawn in reverse video, the others not.
        let columns = [("Delete", 32), ("Flag", 26), ("Edit", 20)]
        for (index, (title, column)) in columns.enumerated() {
            #expect(scenario.canvas[column, 1].style.attributes.contains(.reverse) == (index == focused), "\(title)")
        }
        #expect(scenario.table.indexPathForSwipedRow == IndexPath(row: 0, section: 0))
    }

    @Test("A button's letter performs it and closes the row", arguments: [
        ("hd", ["[ ] Call mom", "[ ] Pay rent"], "Deleted “Buy milk”"),
        ("hf", ["[ ] ⚑ Buy milk", "[ ]   Call mom"], "Flagged “Buy milk”"),
        ("ld", ["[ ] Call mom", "[ ] Pay rent"], "Done: “Buy milk”"),
        ("h<Tab><Enter>", ["[ ] ⚑ Buy milk", "[ ]   Call mom"], "Flagged “Buy milk”"),
        ("l<Enter>", ["[ ] Call mom", "[ ] Pay rent"], "Done: “Buy milk”"),
        ("hh", ["[ ] Call mom", "[ ] Pay rent"], "Deleted “Buy milk”"),
    ])
    func lettersAndEnter(keys: String, rows: [String], message: String) throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type(keys)
        #expect(Array(scenario.screen[1...2]) == rows)
        #expect(scenario.status.hasPrefix(message))
        #expect(scenario.table.indexPathForSwipedRow == nil)
    }

    @Test("The Edit button (e) opens the title editor on the row, the row closed under it")
    func editButton() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("jhe")
        #expect(scenario.app.isPrompting)
        #expect(scenario.screen[6] == "Edit: Call mom")
        #expect(scenario.screen[2] == "[ ] Call mom")
        try scenario.type("<BS><BS><BS>dad<Enter>")
        #expect(scenario.screen[2] == "[ ] Call dad")
    }

    @Test("Esc, or a swipe the other way, closes the buttons and the row slides back", arguments: ["h<Esc>", "l<Esc>", "hl", "lh"])
    func closing(keys: String) throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type(keys)
        #expect(scenario.table.indexPathForSwipedRow == nil)
        #expect(scenario.screen[1] == "[ ] Buy milk")
        #expect(scenario.store.count == 3 && scenario.store.doneCount == 0)
    }

    @Test("Moving the highlight closes an open swipe", arguments: ["j", "<Down>", "G", "<C-d>", "<PageDown>"])
    func movingCloses(keys: String) throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("h" + keys)
        #expect(scenario.table.indexPathForSwipedRow == nil)
        #expect(scenario.screen[1] == "[ ] Buy milk")
        #expect(scenario.selectedTitle != "Buy milk")
    }

    @Test("Only one row is open at a time: revealing another row closes the first")
    func onlyOneOpen() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("l")
        scenario.table.revealSwipeActions(at: IndexPath(row: 2, section: 0), direction: .left)
        #expect(scenario.table.indexPathForSwipedRow == IndexPath(row: 2, section: 0))
        let screen = scenario.screen
        #expect(screen[1] == "[ ] Buy milk")
        #expect(screen[3].hasSuffix("Edit  Flag  Delete"))
        #expect(screen.filter { $0.contains("Done") || $0.contains("Delete") }.count == 1)
    }

    @Test("x on an open row does the same as its Done button and closes the row")
    func plainKeysShareThePath() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("hx")
        #expect(scenario.table.indexPathForSwipedRow == nil)
        #expect(Array(scenario.screen[1...3]) == ["[ ] Call mom", "[ ] Pay rent", "[✓] Buy milk"])
        #expect(scenario.selectedTitle == "Call mom")
    }
}
