import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 17: `m` sorts out a list: the highlight stays in it, on the next todo.
@Suite("Moving a todo to another list")
struct MoveToListScenarioTests {
    @Test("After m the highlight stays in the list, on the next todo; the status line names where the todo went")
    func highlightStays() throws {
        let scenario = try Scenario(["Buy milk", "Call mom", "Pay rent"], lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 9))
        try scenario.type("mWork<Enter>")
        #expect(Array(scenario.screen[0...5]) == [
            rule("▾ Inbox · 2 open"), "[ ] Call mom", "[ ] Pay rent", rule("▾ Work · 2 open"), "[ ] Buy milk", "[ ] Ship it",
        ])
        #expect(scenario.selectedTitle == "Call mom")
        #expect(scenario.app.lastMessage?.text == "Moved “Buy milk” to Work · u undoes")
        try scenario.type("mWork<Enter>")  // and on through the list
        #expect(scenario.selectedTitle == "Pay rent")
        #expect(try scenario.titles(inList: "Work") == ["Call mom", "Buy milk", "Ship it"])
    }

    @Test("u brings the moved todo back to its place, highlighted")
    func undoBringsItBack() throws {
        let scenario = try Scenario(["Buy milk", "Call mom", "Pay rent"], lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 9))
        try scenario.type("jmWork<Enter>")
        #expect(scenario.selectedTitle == "Pay rent")
        try scenario.type("u")
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Call mom", "Pay rent"])
        #expect(scenario.selectedTitle == "Call mom")
        #expect(scenario.app.lastMessage?.text == "Undid move “Call mom”")
    }

    @Test("Moving a list's last todo highlights the one above; moving its only todo leaves the list focused")
    func endsOfTheList() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 9))
        try scenario.type("jmWork<Enter>")
        #expect(scenario.selectedTitle == "Buy milk")
        try scenario.type("mWork<Enter>")
        #expect(scenario.list.selectedHeaderListID == TodoStore.inboxListID)
        #expect(scenario.screen[0].hasPrefix("▶ Inbox · empty"))
        #expect(scenario.app.lastMessage?.text == "Moved “Buy milk” to Work · u undoes")
        try scenario.type("aNew<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["New"])
    }

    @Test("A todo moved into a collapsed list goes there; the highlight stays in its list")
    func intoCollapsedList() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], lists: ["Work": ["Ship it"]], size: Size(width: 40, height: 9))
        try scenario.type("<Tab>z" + "gmWork<Enter>")
        #expect(try scenario.titles(inList: "Work") == ["Buy milk", "Ship it"])
        #expect(scenario.selectedTitle == "Call mom")
    }
}
