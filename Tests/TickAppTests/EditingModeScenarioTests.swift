import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 4, editing mode (`v`): marks on every row, Space / V mark, d and x act on all marked rows.
@Suite("Editing mode scenarios")
struct EditingModeScenarioTests {
    static let todos = ["Buy milk", "Call mom", "Pay rent"]

    @Test("v shows a mark on every row; Space marks the highlighted row and moves down")
    func marks() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("v")
        #expect(scenario.screen == [
            "▾ Inbox · 3 open ──────────────────────",
            "○ [ ] Buy milk",
            "○ [ ] Call mom",
            "○ [ ] Pay rent",
            "",
            "",
            "Editing: Space marks · d deletes · x",
            "completes · m moves · f… 3 open · 0 done",
        ])
        try scenario.type("<Space><Space>")
        #expect(Array(scenario.screen[1...3]) == ["● [ ] Buy milk", "● [ ] Call mom", "○ [ ] Pay rent"])
        #expect(scenario.style(of: "●", onLine: 1)?.foreground == .blue)
        #expect(scenario.selectedTitle == "Pay rent")
        try scenario.type("k<Space>")  // Space again unmarks
        #expect(Array(scenario.screen[1...3]) == ["● [ ] Buy milk", "○ [ ] Call mom", "○ [ ] Pay rent"])
    }

    @Test("V marks every row of the highlighted list, and only that list")
    func markAll() throws {
        let scenario = try Scenario(Self.todos, lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 9))
        try scenario.type("vV")
        #expect(Array(scenario.screen[1...5]) == [
            "● [ ] Buy milk", "● [ ] Call mom", "● [ ] Pay rent", rule("▾ Work · 1 open"), "○ [ ] Ship it",
        ])
        #expect(scenario.status.hasPrefix("3 marked · d deletes"))
    }

    @Test("d asks once, naming the count; y deletes every marked todo as one step that u brings back")
    func deleteMarked() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("v<Space><Space>d")
        #expect(scenario.lineAboveStatus == "Delete 2 todos? y yes · n no · Esc canc…")
        #expect(scenario.store.count == 3)
        try scenario.type("y")
        #expect(scenario.screen == [
            "▾ Inbox · 1 open ──────────────────────",
            "○ [ ] Pay rent",
            "",
            "",
            "",
            "",
            "Deleted 2 todos · u",
            "undoes                   1 open · 0 done",
        ])
        try scenario.type("u")
        #expect(Array(scenario.screen[1...3]) == ["○ [ ] Buy milk", "○ [ ] Call mom", "○ [ ] Pay rent"])
        #expect(scenario.status.hasPrefix("Undid delete 2 todos"))
    }

    @Test("The question names one todo in the singular", arguments: [("v<Space>d", "Delete 1 todo? y yes"), ("vVd", "Delete 3 todos? y yes")])
    func questionNamesTheCount(keys: String, question: String) throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type(keys)
        #expect(scenario.lineAboveStatus.hasPrefix(question))
    }

    @Test("n or Esc answers the question without deleting", arguments: [("n", "Kept them"), ("<Esc>", "Cancelled")])
    func declined(key: String, message: String) throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("vVd" + key)
        #expect(scenario.store.count == 3)
        #expect(scenario.status.hasPrefix(message))
        #expect(Array(scenario.screen[1...3]) == ["● [ ] Buy milk", "● [ ] Call mom", "● [ ] Pay rent"])
    }

    @Test("d with nothing marked says how to mark")
    func nothingMarked() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("vd")
        #expect(!scenario.app.hasOverlay)
        #expect(scenario.app.lastMessage?.text == "Nothing marked: Space marks a row, V the whole list")
    }

    @Test("x marks every marked todo done in one step; the marks follow the todos to the end of the list")
    func completeMarked() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("v<Space>j<Space>x")  // Buy milk and Pay rent
        #expect(Array(scenario.screen[0...3]) == [
            rule("▾ Inbox · 1 open · 2 done"), "○ [ ] Call mom", "● [✓] Buy milk", "● [✓] Pay rent",
        ])
        #expect(scenario.status.hasPrefix("Marked 2 todos done"))
        // So d deletes what was marked, never the todo that moved into a marked row's place.
        try scenario.type("dy")
        #expect(try scenario.titles(inList: "Inbox") == ["Call mom"])
        try scenario.type("uu")
        #expect(scenario.store.doneCount == 0)
        #expect(scenario.status.hasPrefix("Undid mark 2 todos done"))
    }

    @Test("x on marked todos that are all done opens them again")
    func reopenMarked() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("xx")  // Buy milk, then Call mom (now in its place)
        try scenario.type("vV<Space>")  // all marked, then Pay rent unmarked again
        try scenario.type("x")
        #expect(scenario.store.doneCount == 0)
        #expect(scenario.status.hasPrefix("Marked 2 todos not done"))
    }

    @Test("Marks stay on their todos when a new sort (or hiding done todos) reorders the rows", arguments: ["s", "ss", "H"])
    func marksFollowTodosThroughReloads(keys: String) throws {
        let scenario = try Scenario(["Low", "Done", "High"])
        try scenario.store.update(id: scenario.id(of: "High"), priority: 3, due: "2026-11-28")
        try scenario.store.setDone(true, ids: [scenario.id(of: "Done")])
        scenario.list.reloadFromStore()
        try scenario.type("vG<Space>")  // marks "Done", the last row
        try scenario.type(keys)
        #expect(scenario.list.markedItems().map(\.1.title) == (keys == "H" ? [] : ["Done"]))
        try scenario.type("d")
        if keys != "H" { try scenario.type("y") }
        #expect(try scenario.titles(inList: "Inbox") == (keys == "H" ? ["Low", "High", "Done"] : ["Low", "High"]))
    }

    @Test("Esc (or v) leaves editing mode: the marks go away")
    func leaving() throws {
        for key in ["<Esc>", "v"] {
            let scenario = try Scenario(Self.todos)
            try scenario.type("v<Space>" + key)
            #expect(!scenario.table.isEditing)
            #expect(Array(scenario.screen[1...3]) == ["[ ] Buy milk", "[ ] Call mom", "[ ] Pay rent"])
            #expect(scenario.status.hasPrefix("Left editing mode"))
        }
    }

    @Test("Marks span lists: one d deletes marked todos of two lists as one step")
    func acrossLists() throws {
        let scenario = try Scenario(Self.todos, lists: ["Work": ["Ship it", "Review"]], size: Size(width: 40, height: 9))
        try scenario.type("vG<Space>" + "gj<Space>" + "dy")
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Pay rent"])
        #expect(try scenario.titles(inList: "Work") == ["Ship it"])
        try scenario.type("u")
        #expect(try scenario.titles(inList: "Work") == ["Ship it", "Review"])
        #expect(try scenario.titles(inList: "Inbox") == Self.todos)
    }

    @Test("10,000 marked todos go in one transaction, one table update and one undo step, with a bounded number of cells")
    func tenThousandMarked() throws {
        let temporary = try ScenarioStore()
        try temporary.store.importItems((0..<10_000).map { NewTodo(title: "Todo \($0)") } + [NewTodo(title: "Keep")])
        let app = makeApp(temporary.store, size: Size(width: 40, height: 12))
        try app.type("vV")
        try app.type("G<Space>")  // unmarks "Keep"
        #expect(app.list.markedIndexPaths.count == 10_000)
        let updatesBefore = app.list.tableView.reuseStatistics.updatesApplied
        try app.type("dy")
        #expect(app.list.tableView.reuseStatistics.updatesApplied == updatesBefore + 1)
        #expect(temporary.store.count == 1)
        #expect(app.screenLines[1].hasSuffix("Keep"))
        #expect(app.lastMessage?.text == "Deleted 10000 todos · u undoes")
        try app.type("u")
        #expect(temporary.store.count == 10_001)
        #expect(app.lastMessage?.text.hasPrefix("Undid delete 10000 todos") == true)
        try app.type("<C-r>")
        #expect(temporary.store.count == 1)
        #expect(app.list.tableView.reuseStatistics.cellsCreated <= 12 + 2)
    }
}

/// Issue 4, `J` / `K`: the todo moves where the table says it may go (`destinationForMovingSelectedRow(by:)`), across lists, and stays moved.
@Suite("Reorder scenarios")
struct ReorderScenarioTests {
    @Test("J past the last todo of a list moves it to the top of the next list; K brings it back")
    func acrossLists() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], lists: ["Work": ["Ship it"]])
        try scenario.type("jJ")
        #expect(Array(scenario.screen[0...4]) == [
            rule("▾ Inbox · 1 open"), "[ ] Buy milk", rule("▾ Work · 2 open"), "[ ] Call mom", "[ ] Ship it",
        ])
        #expect(scenario.selectedTitle == "Call mom")
        #expect(scenario.status.hasPrefix("Moved “Call mom” to Work"))
        try scenario.type("K")
        #expect(Array(scenario.screen[0...4]) == [
            rule("▾ Inbox · 2 open"), "[ ] Buy milk", "[ ] Call mom", rule("▾ Work · 1 open"), "[ ] Ship it",
        ])
        #expect(scenario.selectedTitle == "Call mom")
    }

    @Test("J skips over done todos: open todos move among open ones, and past them into the next list")
    func doneTodosStayAtTheEnd() throws {
        let scenario = try Scenario(["Buy milk", "Call mom", "Old"], lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 9))
        try scenario.type("jjx" + "g" + "J")
        #expect(try scenario.titles(inList: "Inbox") == ["Call mom", "Buy milk", "Old"])
        try scenario.type("J")
        #expect(try scenario.titles(inList: "Inbox") == ["Call mom", "Old"])
        #expect(try scenario.titles(inList: "Work") == ["Buy milk", "Ship it"])
        #expect(scenario.selectedTitle == "Buy milk")
        #expect(Array(scenario.screen[0...5]) == [
            rule("▾ Inbox · 1 open · 1 done"), "[ ] Call mom", "[✓] Old", rule("▾ Work · 2 open"), "[ ] Buy milk", "[ ] Ship it",
        ])
        try scenario.type("K")
        #expect(try scenario.titles(inList: "Inbox") == ["Call mom", "Buy milk", "Old"])
        #expect(scenario.selectedTitle == "Buy milk")
    }

    @Test("J into a collapsed list moves the todo there, says so, and highlights the list's neighbour")
    func intoCollapsedList() throws {
        let scenario = try Scenario(["A", "B"], lists: ["Work": ["W"], "Home": ["H"]], size: Size(width: 40, height: 9))
        try scenario.type("<Tab>z")  // Work collapsed
        try scenario.type("gjJ")
        #expect(try scenario.titles(inList: "Work") == ["B", "W"])
        #expect(scenario.app.lastMessage?.text == "Moved “B” to Work")
        #expect(Array(scenario.screen[0...4]) == [
            rule("▾ Inbox · 1 open"), "[ ] A", rule("▸ Work · 2 open"), rule("▾ Home · 1 open"), "[ ] H",
        ])
        #expect(scenario.selectedTitle != nil)
    }

    @Test("K at the top of the first list and J at the end of the last do nothing", arguments: [("gK", 0), ("GJ", 2)])
    func edges(keys: String, row: Int) throws {
        let scenario = try Scenario(["A", "B", "C"])
        try scenario.type(keys)
        #expect(try scenario.titles(inList: "Inbox") == ["A", "B", "C"])
        #expect(scenario.table.indexPathForSelectedRow == IndexPath(row: row, section: 0))
    }

    @Test("The new order, across lists too, survives a restart")
    func survivesRestart() throws {
        let scenario = try Scenario(["A", "B", "C"], lists: ["Work": ["W"]])
        try scenario.type("JJ" + "J")  // A goes below C, then into Work
        try scenario.type("gJ")        // B below C
        try scenario.restart()
        #expect(Array(scenario.screen[0...5]) == [
            rule("▾ Inbox · 2 open"), "[ ] C", "[ ] B", rule("▾ Work · 2 open"), "[ ] A", "[ ] W",
        ])
    }

    @Test("Outside manual order, J says why it does nothing")
    func onlyInManualOrder() throws {
        let scenario = try Scenario(["A", "B"])
        try scenario.type("sJ")
        #expect(try scenario.titles(inList: "Inbox") == ["A", "B"])
        #expect(scenario.app.lastMessage?.text == "Reordering works in manual order (s) without a search")
    }
}
