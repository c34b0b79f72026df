import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 17: in editing mode `f`, `m`, `+` and `-` act on every marked todo, each as one undo step.
@Suite("Editing mode: flag, move and priority of the marked todos")
struct MarkedChangesScenarioTests {
    static let todos = ["Buy milk", "Call mom", "Pay rent"]

    @Test("f flags every marked todo as one step; f again, all being flagged, unflags them")
    func flagMarked() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("v<Space>j<Space>f")  // Buy milk and Pay rent
        #expect(scenario.screen == [
            "▾ Inbox · 3 open ──────────────────────",
            "● [ ] ⚑ Buy milk",
            "○ [ ]   Call mom",
            "● [ ] ⚑ Pay rent",
            "",
            "",
            "Flagged 2 todos · u",
            "undoes                   3 open · 0 done",
        ])
        try scenario.type("f")
        #expect(Array(scenario.screen[1...3]) == ["● [ ] Buy milk", "○ [ ] Call mom", "● [ ] Pay rent"])
        #expect(scenario.app.lastMessage?.text == "Unflagged 2 todos · u undoes")
        try scenario.type("u")
        #expect(scenario.app.lastMessage?.text == "Undid unflag 2 todos")
        try scenario.type("u")
        #expect(scenario.app.lastMessage?.text == "Undid flag 2 todos")
        #expect(Array(scenario.screen[1...3]) == ["● [ ] Buy milk", "○ [ ] Call mom", "● [ ] Pay rent"], "the marks stay on their todos")
    }

    @Test("f with some marked todos flagged flags the rest, leaving the step to the ones it changed")
    func flagMixed() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("f" + "vV" + "f")
        #expect(Array(scenario.screen[1...3]) == ["● [ ] ⚑ Buy milk", "● [ ] ⚑ Call mom", "● [ ] ⚑ Pay rent"])
        try scenario.type("u")
        #expect(scenario.app.lastMessage?.text == "Undid flag 2 todos")
        #expect(Array(scenario.screen[1...3]) == ["● [ ] ⚑ Buy milk", "● [ ]   Call mom", "● [ ]   Pay rent"])
    }

    @Test("+ and - raise and lower the priority of every marked todo as one step each, within none…high")
    func priorityOfMarked() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("v<Space>j<Space>" + "++")
        #expect(Array(scenario.screen[1...3]) == ["● [ ]  !! Buy milk", "○ [ ]     Call mom", "● [ ]  !! Pay rent"])
        #expect(scenario.app.lastMessage?.text == "Raised the priority of 2 todos · u undoes")
        try scenario.type("++")
        #expect(Array(scenario.screen[1...3]) == ["● [ ] !!! Buy milk", "○ [ ]     Call mom", "● [ ] !!! Pay rent"])
        #expect(scenario.app.lastMessage?.text == "No priority changed: the marked todos are already at high")
        try scenario.type("-")
        #expect(Array(scenario.screen[1...3]) == ["● [ ]  !! Buy milk", "○ [ ]     Call mom", "● [ ]  !! Pay rent"])
        try scenario.type("u")
        #expect(scenario.app.lastMessage?.text == "Undid lower the priority of 2 todos")
        #expect(try scenario.store.item(id: scenario.id(of: "Pay rent"))?.priority == 3)
    }

    @Test("In priority order, + moves the marked todos up, and the marks and the highlight go with them")
    func priorityReorders() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("ss" + "vG<Space>k+")  // Pay rent marked; the highlight on Call mom
        #expect(Array(scenario.screen[1...3]) == ["● [ ]   ! Pay rent", "○ [ ]     Buy milk", "○ [ ]     Call mom"])
        #expect(scenario.list.markedItems().map(\.1.title) == ["Pay rent"])
        #expect(scenario.selectedTitle == "Call mom")
    }

    @Test("m moves every marked todo to the chosen list, in order, as one step; the highlight stays in the list")
    func moveMarked() throws {
        let scenario = try Scenario(["Buy milk", "Call mom", "Pay rent", "Read"], lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 10))
        try scenario.type("v<Space><Space>")  // Buy milk and Call mom marked, the highlight on Pay rent
        try scenario.type("m")
        #expect(scenario.screen[0].hasPrefix("Move 2 todos to"))
        try scenario.type("Work<Enter>")
        #expect(Array(scenario.screen[0...6]) == [
            rule("▾ Inbox · 2 open"), "○ [ ] Pay rent", "○ [ ] Read",
            rule("▾ Work · 3 open"), "● [ ] Buy milk", "● [ ] Call mom", "○ [ ] Ship it",
        ])
        #expect(scenario.selectedTitle == "Pay rent")
        #expect(scenario.app.lastMessage?.text == "Moved 2 todos to Work · u undoes")
        try scenario.type("u")
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Call mom", "Pay rent", "Read"])
        #expect(try scenario.titles(inList: "Work") == ["Ship it"])
        #expect(scenario.app.lastMessage?.text == "Undid move 2 todos")
    }

    @Test("m with the highlight on a marked todo keeps it in the list, on the first todo that stayed after it")
    func moveMarkedFromTheHighlight() throws {
        let scenario = try Scenario(["Buy milk", "Call mom", "Pay rent", "Read"], lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 10))
        try scenario.type("v<Space><Space>k")  // Buy milk and Call mom marked, the highlight on Call mom
        try scenario.type("mWork<Enter>")
        #expect(scenario.selectedTitle == "Pay rent")
        try scenario.type("gV" + "mWork<Enter>")  // the whole Inbox: it is left empty, and keeps the focus
        #expect(try scenario.titles(inList: "Inbox").isEmpty)
        #expect(scenario.list.selectedHeaderListID == TodoStore.inboxListID)
        #expect(scenario.app.lastMessage?.text == "Moved 2 todos to Work · u undoes")
    }

    @Test("f, m, + and - with nothing marked say how to mark", arguments: ["f", "m", "+", "-"])
    func nothingMarked(key: String) throws {
        let scenario = try Scenario(Self.todos)
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("v" + key)
        #expect(!scenario.app.hasOverlay)
        #expect(scenario.app.lastMessage?.text == "Nothing marked: Space marks a row, V the whole list")
        #expect(try StoreSnapshot(scenario.store) == before)
    }

    @Test("Help lists what f, m, + and - do to the marked todos")
    func help() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 100, height: 80))
        try scenario.type("?")
        let help = HelpScenarioTests.joined(scenario.screen)
        for (key, summary) in [("f", "flag the marked todos"), ("m", "move the marked todos to another list"),
                               ("+", "raise the priority of the marked todos"), ("-", "lower the priority of the marked todos")] {
            #expect(help.contains { $0.hasPrefix(key + " ") && $0.contains(summary) }, "\(key)")
        }
    }
}

/// Issue 17: `+` and `-` change the highlighted todo's priority outside editing mode too.
@Suite("Priority keys")
struct PriorityKeyScenarioTests {
    @Test("+ raises and - lowers the highlighted todo's priority, saying to what; at the ends they say so")
    func raiseAndLower() throws {
        let scenario = try Scenario(["Pay rent"])
        let steps: [(String, String, String)] = [
            ("+", "[ ]   ! Pay rent", "Priority low: “Pay rent”"),
            ("+", "[ ]  !! Pay rent", "Priority medium: “Pay rent”"),
            ("+", "[ ] !!! Pay rent", "Priority high: “Pay rent”"),
            ("+", "[ ] !!! Pay rent", "“Pay rent” has the highest priority already"),
            ("---", "[ ] Pay rent", "No priority: “Pay rent”"),
            ("-", "[ ] Pay rent", "“Pay rent” has no priority"),
        ]
        for (keys, line, said) in steps {
            try scenario.type(keys)
            #expect(scenario.screen[1] == line, "\(keys)")
            #expect(scenario.app.lastMessage?.text == said, "\(keys)")
        }
        try scenario.type("u")
        #expect(scenario.app.lastMessage?.text == "Undid lower the priority of “Pay rent”")
    }
}
