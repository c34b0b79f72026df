import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 29: adding a todo (`a`, a paste of lines), its title line (`e`) and its notes are commands
/// over the store that return an `Outcome`: the change, where the selection goes (the new todo, by
/// id), the message (naming the keys in effect) and whether what was typed is kept.
@Suite("Adding and editing commands return outcomes")
struct AddingAndEditingCommandsTests {
    static func scenario(_ config: String = "") throws -> Scenario {
        try Scenario(["Buy milk", "Call mom"], lists: ["Work": ["Report"]], size: Size(width: 80, height: 10),
                     configuration: Configuration.parse(config, path: "/c"))
    }

    /// The stored todo titled `title`.
    static func item(_ title: String, in scenario: Scenario) throws -> TodoItem {
        try #require(try scenario.store.item(id: try scenario.id(of: title)))
    }

    /// The list named `name`, as the screen shows it.
    static func list(_ name: String, in scenario: Scenario) throws -> TodoList {
        try #require(scenario.list.lists.first { $0.name == name })
    }

    @Test("Adding a todo stores it after the selected one and selects it by id, saying what was added")
    func addSelectsNewTodo() throws {
        let scenario = try Self.scenario()
        let milk = try Self.item("Buy milk", in: scenario)
        let inbox = try Self.list("Inbox", in: scenario)
        let outcome = try scenario.app.commands.add(title: "Water plants !", at: .init(list: inbox, selected: milk))
        let added = try Self.item("Water plants", in: scenario)
        #expect(added.priority == 1 && added.listID == inbox.id)
        #expect(outcome.selection == .todo(added.id))
        #expect(outcome.message?.text == "Added “Water plants”")
        #expect(outcome.wrote && !outcome.keepsInput && !outcome.change.isEmpty && !outcome.readsAgain)
        #expect(outcome.whenHidden?.message.text == "Added “Water plants” (hidden by the current view)")
        let order = try scenario.store.items(SectionQuery(listID: inbox.id, sort: .manual), in: 0..<3).map(\.title)
        #expect(order == ["Buy milk", "Water plants", "Call mom"])
    }

    @Test("A title with no words, with two dates, or starting after it is due is refused and kept in the line; nothing is added",
          arguments: [("! @tomorrow", "A todo needs a title: type some words, or Esc to cancel"),
                      ("Call @monday @friday", "Two due dates, @monday and @friday: keep one"),
                      ("Call @2026-12-07 ^2026-12-20", "A todo cannot start after it is due: ^2026-12-20 is after @2026-12-07")])
    func addRefusesTitle(text: String, message: String) throws {
        let scenario = try Self.scenario()
        let before = scenario.store.count
        let outcome = try scenario.app.commands.add(title: text, at: .init(list: try Self.list("Inbox", in: scenario)))
        #expect(outcome.keepsInput && !outcome.wrote && outcome.change.isEmpty)
        #expect(outcome.message == .error(message))
        #expect(scenario.store.count == before)
    }

    @Test("Adding to a list deleted elsewhere meanwhile adds nothing, says so and keeps the typed title")
    func addToDeletedList() throws {
        let scenario = try Self.scenario()
        let work = try Self.list("Work", in: scenario)
        let before = scenario.store.count
        _ = try scenario.store.deleteList(id: work.id, movingTodosTo: nil)  // another Tick, say
        let outcome = try scenario.app.commands.add(title: "Plan", at: .init(list: work))
        #expect(outcome.keepsInput && !outcome.wrote)
        #expect(outcome.message == .error("The list Work was deleted elsewhere meanwhile · not added"))
        #expect(scenario.store.count == before - 1)
    }

    @Test("Adding to a collapsed list unfolds it and has the table read again, on the new todo")
    func addToCollapsedList() throws {
        let scenario = try Self.scenario()
        let work = try Self.list("Work", in: scenario)
        _ = try scenario.store.setCollapsed(true, listID: work.id)
        let outcome = try scenario.app.commands.add(title: "Plan", at: .init(list: try #require(try scenario.store.lists().first { $0.id == work.id })))
        let added = try Self.item("Plan", in: scenario)
        #expect(outcome.readsAgain && outcome.selection == .todo(added.id))
        #expect(try scenario.store.lists().first { $0.id == work.id }?.isCollapsed == false)
        // Run as the app runs it: the list shows the new todo, selected.
        scenario.app.run { _ in outcome }
        #expect(scenario.selectedTitle == "Plan")
    }

    @Test("In the agenda a title without a due day takes the place's day")
    func addTakesAgendaDay() throws {
        let scenario = try Self.scenario()
        let day = try #require(Day(year: 2026, month: 11, day: 28))
        _ = try scenario.app.commands.add(title: "Pack", at: .init(list: try Self.list("Inbox", in: scenario), dueDay: day))
        #expect(try Self.item("Pack", in: scenario).due == "2026-11-28")
    }

    @Test("Several lines are added as one step, the last one selected, with the undo key as bound",
          arguments: [("", " · u undoes"), ("unbind u\nbind U undo\n", " · U undoes"), ("unbind u\n", "")])
    func addSeveral(config: String, offer: String) throws {
        let scenario = try Self.scenario(config)
        let inbox = try Self.list("Inbox", in: scenario)
        let outcome = try scenario.app.commands.add(titles: ["Eggs", "Bread @2026-02-30"], at: .init(list: inbox, selected: try Self.item("Call mom", in: scenario)))
        let bread = try Self.item("Bread @2026-02-30", in: scenario)
        #expect(outcome.selection == .todo(bread.id))
        #expect(outcome.message?.text == "@2026-02-30 is not a date; kept in the title · Added 2 todos" + offer)
        #expect(outcome.whenHidden?.message.text == "@2026-02-30 is not a date; kept in the title · Added 2 todos (some hidden by the current view)" + offer)
        #expect(outcome.isUndoable && outcome.wrote && !outcome.keepsInput)
        _ = try scenario.store.undo()
        #expect(scenario.store.count == 3)  // one step
    }

    @Test("A line without a title refuses them all, naming the line")
    func addSeveralRefusesLine() throws {
        let scenario = try Self.scenario()
        let outcome = try scenario.app.commands.add(titles: ["Eggs", "!!"], at: .init(list: try Self.list("Inbox", in: scenario)))
        #expect(outcome.keepsInput && outcome.message == .error("Line 2 has no title: nothing added"))
        #expect(scenario.store.count == 3)
    }

    @Test("A todo added where the view hides it is said to be hidden, once the change is shown")
    func runSaysHidden() throws {
        let scenario = try Self.scenario()
        try scenario.type("A")  // the agenda: the next days' todos only
        let inbox = try Self.list("Inbox", in: scenario)
        #expect(scenario.app.run { try $0.add(title: "Someday @2027-06-01", at: .init(list: inbox)) })
        #expect(scenario.app.lastMessage?.text == "Added “Someday” (hidden by the current view)")
        #expect(scenario.app.run { try $0.add(title: "Call dad @tomorrow", at: .init(list: inbox)) })
        #expect(scenario.app.lastMessage?.text == "Added “Call dad”")
        #expect(scenario.selectedTitle == "Call dad")
    }

    @Test("Editing the title saves the fields written in it and selects the todo")
    func editTitle() throws {
        let scenario = try Self.scenario()
        let mom = try Self.item("Call mom", in: scenario)
        let outcome = try scenario.app.commands.editTitle("Call mom !! #family", of: mom)
        let now = try Self.item("Call mom", in: scenario)
        #expect(now.priority == 2 && now.tags == ["family"])
        #expect(outcome.selection == .todo(mom.id) && outcome.wrote && !outcome.keepsInput)
        #expect(outcome.message?.text == "Edited “Call mom”")
    }

    @Test("An edit that changes nothing saves nothing; a refused one keeps the typed text")
    func editTitleUnchangedOrRefused() throws {
        let scenario = try Self.scenario()
        let mom = try Self.item("Call mom", in: scenario)
        let same = try scenario.app.commands.editTitle("Call mom", of: mom)
        #expect(!same.wrote && same.change.isEmpty && same.message == nil && !same.keepsInput)
        let refused = try scenario.app.commands.editTitle("!!", of: mom)
        #expect(refused.keepsInput && refused.message == .error("A todo needs a title: type some words, or Esc to cancel"))
        #expect(try Self.item("Call mom", in: scenario).priority == 0)
    }

    @Test("An edit of a todo changed elsewhere meanwhile keeps the other change's fields, and says and records what it replaced")
    func editTitleMerges() throws {
        let scenario = try Self.scenario()
        let base = try Self.item("Call mom", in: scenario)
        _ = try scenario.store.update(id: base.id, title: "Call mum", priority: 3)  // another device, say
        let outcome = try scenario.app.commands.editTitle("Call mother", of: try Self.item("Call mum", in: scenario), editedFrom: base)
        let now = try #require(try scenario.store.item(id: base.id))
        #expect(now.title == "Call mother" && now.priority == 3)
        #expect(outcome.message?.text == "“Call mother” changed elsewhere while you edited it; yours was kept, its title “Call mum” lost")
        #expect(try scenario.store.syncConflicts(limit: 10).map(\.field) == ["title"])
    }

    @Test("Notes are saved over the notes the editor started from, and refused, kept, when changed elsewhere meanwhile")
    func saveNotes() throws {
        let scenario = try Self.scenario()
        let milk = try Self.item("Buy milk", in: scenario)
        let saved = try scenario.app.commands.saveNotes("oat", of: milk, editedFrom: "")
        #expect(saved.wrote && saved.message?.text == "Notes saved for “Buy milk”" && saved.selection == .unchanged)
        #expect(try Self.item("Buy milk", in: scenario).notes == "oat")
        let refused = try scenario.app.commands.saveNotes("soy", of: milk, editedFrom: "")
        #expect(refused.keepsInput && !refused.wrote)
        #expect(refused.message == .error("“Buy milk” had its notes changed elsewhere meanwhile · notes not saved"))
        let over = try scenario.app.commands.saveNotes("soy", of: milk, editedFrom: "oat", replacing: "oat")
        #expect(over.message?.text == "“Buy milk” changed elsewhere while you edited it; yours was kept, its notes “oat” lost")
        #expect(try Self.item("Buy milk", in: scenario).notes == "soy")
        #expect(try scenario.store.syncConflicts(limit: 10).map(\.field) == ["notes"])
    }

    @Test("Notes of a todo deleted meanwhile are kept in a new todo with its title, selected, with the undo key as bound",
          arguments: [("", " · u undoes"), ("unbind u\n", "")])
    func keepNotesOfDeleted(config: String, offer: String) throws {
        let scenario = try Self.scenario(config)
        let report = try Self.item("Report", in: scenario)
        _ = try scenario.store.delete(ids: [report.id])
        let outcome = scenario.app.commands.keepNotes("draft", ofDeleted: report, orElseSayingKeptIn: "/tmp/notes")
        let kept = try Self.item("Report", in: scenario)
        #expect(kept.notes == "draft" && kept.listID == report.listID && kept.id != report.id)
        #expect(outcome.selection == .todo(kept.id) && outcome.isUndoable && !outcome.keepsInput)
        #expect(outcome.message?.text == "“Report” was deleted while you edited its notes: they are saved in a new todo in Work" + offer)
    }
}
