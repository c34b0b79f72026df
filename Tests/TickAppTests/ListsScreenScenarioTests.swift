import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 6, the lists screen (`L`): add, rename, delete (asking what happens to the todos), reorder, go.
@Suite("Lists screen scenarios")
struct ListsScreenScenarioTests {
    /// Inbox (2 open), Work (1 open, 1 done) and an empty Home.
    private func threeLists(width: Int = 40) throws -> Scenario {
        let scenario = try Scenario(["Buy milk", "Call mom"], lists: ["Work": ["Ship it", "Review"], "Home": []],
                                    size: Size(width: width, height: 10))
        try scenario.store.setDone(true, ids: [scenario.id(of: "Review")])
        scenario.list.reloadFromStore()
        return scenario
    }

    @Test("L lists every list with its counts, the current list highlighted; Esc, q and L go back", arguments: ["<Esc>", "q", "L"])
    func screen(closeKey: String) throws {
        let scenario = try threeLists()
        try scenario.type("<Tab>L")
        #expect(Array(scenario.screen[0...4]) == [
            "Lists — Enter go · a add · r rename · d…",
            "▾ Inbox                 2 open · 0 done",
            "▾ Work                  1 open · 1 done",
            "▾ Home                  0 open · 0 done",
            "",
        ])
        #expect(scenario.canvas[2, 2].style.attributes.contains(.reverse))
        try scenario.type(closeKey)
        #expect(!scenario.app.hasOverlay)
        #expect(scenario.screen[0] == rule("▾ Inbox · 2 open"))
    }

    @Test("a adds a list at the end and highlights it; the list screen behind shows it as a new section")
    func addList() throws {
        let scenario = try threeLists()
        try scenario.type("LaErrands")
        #expect(scenario.screen[8] == "New list: Errands")
        try scenario.type("<Enter>")
        #expect(scenario.screen[4] == "▾ Errands               0 open · 0 done")
        #expect(scenario.canvas[2, 4].style.attributes.contains(.reverse))
        try scenario.type("<Esc>")
        #expect(scenario.screen[7] == rule("▾ Errands · 0 open"))
    }

    @Test("r renames the highlighted list in an input line holding its name; a name in use is refused")
    func rename() throws {
        let scenario = try threeLists()
        try scenario.type("Ljr")
        #expect(scenario.screen[8] == "Rename Work to: Work")
        try scenario.type("<C-u>INBOX<Enter>")
        #expect(scenario.app.isPrompting)
        #expect(scenario.app.lastMessage?.kind == .error)
        #expect(scenario.app.lastMessage?.text.contains("already exists") == true)
        try scenario.type("<C-u>Job<Enter>")
        #expect(scenario.screen[2] == "▾ Job                   1 open · 1 done")
        try scenario.type("<Esc>")
        #expect(scenario.screen[3] == rule("▾ Job · 1 open · 1 done"))
        #expect(scenario.app.lastMessage?.text == "Renamed Work to Job")
    }

    @Test("d on a list with todos asks whether they move to the Inbox or go too; Esc keeps everything", arguments: [
        ("m", ["Buy milk", "Call mom", "Ship it", "Review"], "Deleted list Work · its todos are in Inbox · u undoes"),
        ("d", ["Buy milk", "Call mom"], "Deleted list Work and its 2 todos · u undoes"),
        ("<Esc>", ["Buy milk", "Call mom"], "Cancelled"),
    ])
    func deleteNonEmpty(answer: String, inbox: [String], message: String) throws {
        let scenario = try threeLists(width: 90)
        try scenario.type("Ljd")
        #expect(scenario.screen[8] == "Delete list Work with 2 todos? m move them to Inbox · d delete them too · Esc cancels")
        #expect(scenario.app.lastMessage == nil || scenario.app.lastMessage?.kind == .info)
        try scenario.type(answer)
        #expect(scenario.app.lastMessage?.text == message)
        #expect(try scenario.titles(inList: "Inbox") == inbox)
        #expect(scenario.list.lists.map(\.name) == (answer == "<Esc>" ? ["Inbox", "Work", "Home"] : ["Inbox", "Home"]))
        try scenario.type("<Esc>")
        if answer == "m" {
            // The moved todos keep their state: the done one is still done, at the end of the Inbox.
            #expect(Array(scenario.screen[0...5]) == [
                rule("▾ Inbox · 3 open · 1 done", width: 89), "[ ] Buy milk", "[ ] Call mom", "[ ] Ship it", "[✓] Review",
                rule("▾ Home · 0 open", width: 89),
            ])
        }
    }

    @Test("An empty list is deleted without a question; the Inbox cannot be deleted")
    func deleteEmptyAndInbox() throws {
        let scenario = try threeLists()
        try scenario.type("Ljjd")
        #expect(scenario.list.lists.map(\.name) == ["Inbox", "Work"])
        #expect(scenario.screen[3] == "")
        try scenario.type("kd")
        #expect(scenario.app.lastMessage == .error("The Inbox cannot be deleted"))
        #expect(scenario.list.lists.count == 2)
    }

    @Test("J and K reorder the lists; the sections follow, and the order survives a restart")
    func reorder() throws {
        let scenario = try threeLists()
        try scenario.type("LjjKK")
        #expect(Array(scenario.screen[1...3].map { $0.prefix(7) }) == ["▾ Home ", "▾ Inbox", "▾ Work "])
        #expect(scenario.canvas[2, 1].style.attributes.contains(.reverse))  // the moved list stays highlighted
        try scenario.type("<Esc>")
        try scenario.restart()
        #expect(Array(scenario.screen[0...2]) == [rule("▾ Home · 0 open"), rule("▾ Inbox · 2 open"), "[ ] Buy milk"])
    }

    @Test("Enter goes to the highlighted list: its first todo, or the list itself when it is empty")
    func go() throws {
        let scenario = try threeLists()
        try scenario.type("Lj<Enter>")
        #expect(scenario.selectedTitle == "Ship it")
        try scenario.type("Ljj<Enter>")
        #expect(scenario.selectedTitle == nil)
        #expect(scenario.screen[6] == rule("▶ Home · empty · a adds a todo here"))
        try scenario.type("aRake leaves<Enter>")
        #expect(try scenario.titles(inList: "Home") == ["Rake leaves"])
    }
}
