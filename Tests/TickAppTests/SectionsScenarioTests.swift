import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 6, lists as sections: headers with counts, Tab / Shift-Tab, `z`, and `m` with its picker.
@Suite("Lists as sections")
struct SectionsScenarioTests {
    /// Inbox (2), Work (1 open, 1 done) and an empty Home, on a screen tall enough for all of them.
    private func threeLists() throws -> Scenario {
        let scenario = try Scenario(["Buy milk", "Call mom"], lists: ["Work": ["Ship it", "Review"], "Home": []],
                                    size: Size(width: 40, height: 10))
        try scenario.store.setDone(true, ids: [scenario.id(of: "Review")])
        scenario.list.reloadFromStore()
        return scenario
    }

    @Test("Each list is a section with a header naming its open and done todos; an empty list shows its header")
    func headers() throws {
        let scenario = try threeLists()
        #expect(scenario.screen == [
            "▾ Inbox · 2 open ──────────────────────",
            "[ ] Buy milk",
            "[ ] Call mom",
            "▾ Work · 1 open · 1 done ──────────────",
            "[ ] Ship it",
            "[✓] Review",
            "▾ Home · 0 open ───────────────────────",
            "",
            "",
            "? help · a add · x done… 3 open · 1 done",
        ])
        #expect(scenario.style(of: "Inbox", onLine: 0)?.attributes.contains(.bold) == true)
    }

    @Test("Tab and Shift-Tab go to the next and previous list, wrapping; an empty list is focused instead of a row",
          arguments: [
              ("<Tab>", "Ship it", nil), ("<Tab><Tab>", nil, "Home"), ("<Tab><Tab><Tab>", "Buy milk", nil),
              ("<S-Tab>", nil, "Home"), ("<S-Tab><S-Tab>", "Ship it", nil), ("<Tab>j<S-Tab>", "Buy milk", nil), ("j<S-Tab>", nil, "Home"),
          ] as [(String, String?, String?)])
    func tabs(keys: String, selected: String?, focusedList: String?) throws {
        let scenario = try threeLists()
        try scenario.type(keys)
        #expect(scenario.selectedTitle == selected)
        #expect(scenario.list.selectedHeaderListID.flatMap { id in scenario.list.lists.first { $0.id == id }?.name } == focusedList)
    }

    @Test("A focused empty list says so in its header and the status line; a adds the first todo there")
    func emptyListFocused() throws {
        let scenario = try threeLists()
        try scenario.type("<Tab><Tab>")
        #expect(scenario.screen[6] == rule("▶ Home · empty · a adds a todo here"))
        #expect(scenario.app.lastMessage?.text == "Home is empty · a adds a todo to it")
        try scenario.type("a")
        #expect(scenario.lineAboveStatus == "Add to Home:")
        try scenario.type("Water plants<Enter>")
        #expect(Array(scenario.screen[6...7]) == [rule("▾ Home · 1 open"), "[ ] Water plants"])
        #expect(scenario.selectedTitle == "Water plants")
    }

    @Test("From a focused list's header, j and k go to the rows just below and above it", arguments: [
        ("<Tab><Tab>k", "Review"), ("<Tab><Tab>j", "Buy milk"), ("jzj", "Ship it"), ("<Tab>zk", "Call mom"), ("<Tab>zj", "Buy milk"),
    ])
    func stepsFromAFocusedHeader(keys: String, selected: String) throws {
        let scenario = try threeLists()
        try scenario.type(keys)
        #expect(scenario.selectedTitle == selected)
        #expect(scenario.list.selectedHeaderListID == nil)
    }

    @Test("Leaving a focused empty list with j restores its header")
    func leavingEmptyList() throws {
        let scenario = try threeLists()
        try scenario.type("<Tab><Tab>j")
        #expect(scenario.screen[6] == rule("▾ Home · 0 open"))
        #expect(scenario.list.selectedHeaderListID == nil)
    }

    @Test("z collapses the current list to its header and z again expands it, the focus staying on that list")
    func collapse() throws {
        let scenario = try threeLists()
        try scenario.type("jz")
        #expect(Array(scenario.screen[0...4]) == [
            rule("▶ Inbox · 2 open · collapsed"),
            rule("▾ Work · 1 open · 1 done"), "[ ] Ship it", "[✓] Review", rule("▾ Home · 0 open"),
        ])
        #expect(scenario.app.lastMessage?.text == "Collapsed Inbox · z expands")
        try scenario.type("z")
        #expect(Array(scenario.screen[0...3]) == [rule("▾ Inbox · 2 open"), "[ ] Buy milk", "[ ] Call mom", rule("▾ Work · 1 open · 1 done")])
        #expect(scenario.selectedTitle == "Buy milk")
        #expect(scenario.status.hasPrefix("Expanded Inbox"))
    }

    @Test("u after z expands the list again and highlights its first todo; Ctrl-r folds it and focuses it again")
    func undoCollapse() throws {
        let scenario = try threeLists()
        try scenario.type("jzu")
        #expect(Array(scenario.screen[0...2]) == [rule("▾ Inbox · 2 open"), "[ ] Buy milk", "[ ] Call mom"])
        #expect(scenario.selectedTitle == "Buy milk")
        #expect(scenario.app.lastMessage?.text == "Undid collapse list “Inbox”")
        try scenario.type("<C-r>")
        #expect(scenario.screen[0] == rule("▶ Inbox · 2 open · collapsed"))
    }

    @Test("Tab onto a collapsed list focuses its header without calling it empty; z there expands it")
    func tabToCollapsed() throws {
        let scenario = try threeLists()
        try scenario.type("<Tab>zgg<Tab>")
        #expect(scenario.screen[3] == rule("▶ Work · 1 open · collapsed"))
        try scenario.type("z")
        #expect(Array(scenario.screen[3...5]) == [rule("▾ Work · 1 open · 1 done"), "[ ] Ship it", "[✓] Review"])
        #expect(scenario.selectedTitle == "Ship it")
    }

    @Test("A collapsed list stays collapsed after a restart; a adds to it and opens it")
    func collapseSurvivesRestart() throws {
        let scenario = try threeLists()
        try scenario.type("<Tab>z")
        try scenario.restart()
        #expect(Array(scenario.screen[3...4]) == [rule("▸ Work · 1 open · 1 done"), rule("▾ Home · 0 open")])
        try scenario.type("<Tab>aNew<Enter>")
        #expect(Array(scenario.screen[3...6]) == [rule("▾ Work · 2 open · 1 done"), "[ ] New", "[ ] Ship it", "[✓] Review"])
    }

    @Test("m offers every list with its count; typing filters; Enter moves the todo, the highlight staying in its list")
    func moveWithPicker() throws {
        let scenario = try threeLists()
        try scenario.type("m")
        #expect(Array(scenario.screen[0...4]) == [
            "Move “Buy milk” to — type to filter · E…", "›",
            "Inbox                           current", "Work                             1 open", "Home                             0 open",
        ])
        try scenario.type("WO")
        #expect(Array(scenario.screen[1...4]) == ["› WO", "Work                             1 open", "Create “WO”", ""])
        try scenario.type("<Enter>")
        #expect(Array(scenario.screen[0...4]) == [
            rule("▾ Inbox · 1 open"), "[ ] Call mom", rule("▾ Work · 2 open · 1 done"), "[ ] Buy milk", "[ ] Ship it",
        ])
        #expect(scenario.selectedTitle == "Call mom")
        #expect(scenario.app.lastMessage?.text == "Moved “Buy milk” to Work · u undoes")
    }

    @Test("Typing a new name in the picker creates the list at the end and moves the todo into it")
    func moveCreatesList() throws {
        let scenario = try threeLists()
        try scenario.type("mGroceries")
        #expect(Array(scenario.screen[1...3]) == ["› Groceries", "Create “Groceries”", ""])
        try scenario.type("<Enter>")
        #expect(scenario.list.lists.map(\.name) == ["Inbox", "Work", "Home", "Groceries"])
        #expect(try scenario.titles(inList: "Groceries") == ["Buy milk"])
        #expect(scenario.selectedTitle == "Call mom")
        #expect(scenario.screen.contains(rule("▾ Groceries · 1 open")))
    }

    @Test("A name already used, in another case, picks that list instead of making a second one; Esc cancels")
    func pickerCaseAndCancel() throws {
        let scenario = try threeLists()
        try scenario.type("mhome")
        #expect(Array(scenario.screen[2...3]) == ["Home                             0 open", ""])
        try scenario.type("<Esc>")
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Call mom"])
        try scenario.type("mhome<Enter>")
        #expect(try scenario.titles(inList: "Home") == ["Buy milk"])
        #expect(scenario.list.lists.count == 3)
    }

    @Test("↓ and Tab move through the picker's choices")
    func pickerNavigation() throws {
        let scenario = try threeLists()
        try scenario.type("m<Down><Tab><Enter>")
        #expect(try scenario.titles(inList: "Home") == ["Buy milk"])
    }
}

/// Issue 4/6: where `a` puts a new todo.
@Suite("Adding next to the highlight")
struct AddPlacementTests {
    @Test("a next to a done todo adds right after the last open todo, just above the done ones")
    func nextToDone() throws {
        let scenario = try Scenario(["Buy milk", "Call mom", "Pay rent"])
        try scenario.type("x" + "G" + "aNew<Enter>")
        #expect(Array(scenario.screen[1...4]) == ["[ ] Call mom", "[ ] Pay rent", "[ ] New", "[✓] Buy milk"])
        #expect(scenario.selectedTitle == "New")
    }

    @Test("a in a list whose todos are all done adds at its top")
    func allDone() throws {
        let scenario = try Scenario(["Buy milk"])
        try scenario.type("xaNew<Enter>")
        #expect(Array(scenario.screen[1...2]) == ["[ ] New", "[✓] Buy milk"])
    }
}
