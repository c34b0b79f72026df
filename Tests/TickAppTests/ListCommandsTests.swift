import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 29: the commands on lists (the lists screen, the list picker's new name, `z` on a list) and
/// the agenda toggle are functions over the store that return an `Outcome`; `TickApp.run` shows it.
@Suite("List commands return outcomes")
struct ListCommandsTests {
    static func scenario(_ config: String = "") throws -> Scenario {
        try Scenario(["Buy milk"], lists: ["Work": ["Ship it"], "Home": []], size: Size(width: 80, height: 10),
                     configuration: Configuration.parse(config, path: "/c"))
    }

    /// The list named `name` as stored now.
    static func list(_ name: String, in scenario: Scenario) throws -> TodoList {
        try #require(try scenario.store.list(named: name))
    }

    @Test("Making a list returns it with its change, keeps the selection where it was, and leaves the status line to run")
    func addList() throws {
        let scenario = try Self.scenario()
        let said = scenario.app.lastMessage
        let outcome = try scenario.app.commands.addList(named: "Errands")
        let made = try Self.list("Errands", in: scenario)
        #expect(outcome.list == made)
        #expect(!outcome.change.isEmpty && outcome.wrote && !outcome.isUndoable)
        #expect(outcome.selection == .sameSelection)
        #expect(outcome.message?.text == "Created list Errands")
        #expect(scenario.app.lastMessage == said)
    }

    @Test("The list picker makes no list for a todo moved to another list meanwhile")
    func addListForMovedTodo() throws {
        let scenario = try Self.scenario()
        let shown = try #require(try scenario.store.item(id: try scenario.id(of: "Buy milk")))
        _ = try scenario.store.move(id: shown.id, toList: try Self.list("Work", in: scenario).id, after: nil)  // another Tick, say
        let outcome = try scenario.app.commands.addList(named: "Errands", forMoving: [shown])
        #expect(outcome.list == nil && outcome.change.isEmpty && !outcome.wrote)
        #expect(outcome.message?.text == "“Buy milk” was moved to Work elsewhere meanwhile · no list created")
        #expect(try scenario.store.list(named: "Errands") == nil)
    }

    @Test("Renaming a list returns it renamed, with the old and new names said")
    func renameList() throws {
        let scenario = try Self.scenario()
        let work = try Self.list("Work", in: scenario)
        let outcome = try scenario.app.commands.renameList(work, to: "Office")
        #expect(outcome.list?.id == work.id && outcome.list?.name == "Office")
        #expect(!outcome.change.isEmpty && outcome.wrote)
        #expect(outcome.selection == .sameSelection)
        #expect(outcome.message == .info("Renamed Work to Office"))
        #expect(try scenario.store.list(named: "Office")?.id == work.id)
    }

    @Test("Renaming a list renamed elsewhere meanwhile renames nothing and returns the list as it is now")
    func renameListRenamedElsewhere() throws {
        let scenario = try Self.scenario()
        let work = try Self.list("Work", in: scenario)
        _ = try scenario.store.renameList(id: work.id, to: "Jobs")  // another Tick, say
        let outcome = try scenario.app.commands.renameList(work, to: "Office")
        #expect(outcome.change.isEmpty && !outcome.wrote)
        #expect(outcome.list?.name == "Jobs")
        #expect(outcome.message == .error("The list Work was renamed to Jobs elsewhere meanwhile · not renamed"))
        #expect(try scenario.store.list(named: "Office") == nil)
    }

    @Test("Renaming a list deleted elsewhere meanwhile renames nothing and returns no list")
    func renameListDeletedElsewhere() throws {
        let scenario = try Self.scenario()
        let home = try Self.list("Home", in: scenario)
        _ = try scenario.store.deleteList(id: home.id, movingTodosTo: nil)
        let outcome = try scenario.app.commands.renameList(home, to: "House")
        #expect(outcome.list == nil && outcome.change.isEmpty && !outcome.wrote)
        #expect(outcome.message == .error("The list Home was deleted elsewhere meanwhile · not renamed"))
    }

    @Test("Deleting a list is one undoable step whose message names the undo key as bound",
          arguments: [("", " · u undoes"), ("unbind u\nbind U undo\n", " · U undoes"), ("unbind u\n", "")], [true, false])
    func deleteList(binding: (config: String, offer: String), movingToInbox: Bool) throws {
        let (config, offer) = binding
        let scenario = try Self.scenario(config)
        let work = try Self.list("Work", in: scenario)
        let outcome = try scenario.app.commands.deleteList(work, movingToInbox: movingToInbox)
        #expect(!outcome.change.isEmpty && outcome.wrote && outcome.isUndoable)
        #expect(outcome.selection == .sameSelection)
        #expect(outcome.message?.text == "Deleted list Work" + (movingToInbox ? " · its todos are in Inbox" : " and its 1 todo") + offer)
        #expect(try scenario.store.list(named: "Work") == nil)
        #expect(try scenario.titles(inList: "Inbox").contains("Ship it") == movingToInbox)
    }

    @Test("The answer to deleting a list that holds other todos since the question deletes nothing")
    func deleteListFilledElsewhere() throws {
        let scenario = try Self.scenario()
        let work = try Self.list("Work", in: scenario)
        _ = try scenario.store.add(title: "Another", listID: work.id)
        let outcome = try scenario.app.commands.deleteList(asked: work, movingToInbox: false)
        #expect(outcome.change.isEmpty && !outcome.wrote)
        #expect(outcome.message == .error("Work holds 2 todos now, not 1, after a change elsewhere · nothing deleted"))
        #expect(try scenario.store.list(named: "Work") != nil)
    }

    @Test("Moving a list changes the order of the lists; past either end it changes nothing")
    func moveList() throws {
        let scenario = try Self.scenario()
        let commands = scenario.app.commands
        let names = { try scenario.store.lists().map(\.name) }
        #expect(try names() == ["Inbox", "Work", "Home"])
        let last = try commands.moveList(try Self.list("Home", in: scenario), by: 1)
        #expect(last.change.isEmpty && !last.wrote && last.message == nil)
        let up = try commands.moveList(try Self.list("Home", in: scenario), by: -1)
        #expect(!up.change.isEmpty && up.wrote && up.selection == .sameSelection)
        #expect(try names() == ["Inbox", "Home", "Work"])
    }

    @Test("z on a list collapses it, selects its header, and offers the collapse key as bound while it stays collapsed",
          arguments: [("", " · z expands"), ("unbind z\nbind Q collapse\n", " · Q expands"), ("unbind z\n", "")])
    func toggleCollapsed(config: String, offer: String) throws {
        let scenario = try Self.scenario(config)
        let work = try Self.list("Work", in: scenario)
        let folded = try scenario.app.commands.toggleCollapsed(work)
        #expect(try Self.list("Work", in: scenario).isCollapsed)
        #expect(!folded.change.isEmpty && folded.wrote)
        #expect(folded.selection == .listHeader(work.id))
        #expect(folded.message == .info("Collapsed Work" + offer, while: .collapsedCurrentList(work.id)))
        let unfolded = try scenario.app.commands.toggleCollapsed(try Self.list("Work", in: scenario))
        #expect(try !Self.list("Work", in: scenario).isCollapsed)
        #expect(unfolded.selection == .listHeader(work.id))
        #expect(unfolded.message == .info("Expanded Work"))
    }

    @Test("z on a list through the app shows the header selected and the message, as before the command moved")
    func toggleCollapsedThroughApp() throws {
        let scenario = try Self.scenario()
        try scenario.type("<Tab>z")
        #expect(scenario.list.selectedHeaderListID == (try Self.list("Work", in: scenario)).id)
        #expect(scenario.app.lastMessage?.text == "Collapsed Work · z expands")
        try scenario.type("z")
        #expect(scenario.list.selectedHeaderListID == nil)
        #expect(scenario.list.selectedItem?.title == "Ship it")
        #expect(scenario.app.lastMessage?.text == "Expanded Work")
    }

    @Test("A toggles the agenda as an outcome: the view to show next, and a message naming the key as bound",
          arguments: [("", " · A shows the lists", " · A shows the agenda"), ("unbind A\nbind Y toggleAgenda\n", " · Y shows the lists", " · Y shows the agenda")])
    func toggleAgenda(config: String, toLists: String, toAgenda: String) throws {
        let scenario = try Self.scenario(config)
        let shows = scenario.app.commands.toggleAgenda(agendaShown: false)
        #expect(shows.showsAgenda == true && shows.change.isEmpty && !shows.wrote)
        #expect(shows.message?.text == "Agenda of every list" + toLists)
        let hides = scenario.app.commands.toggleAgenda(agendaShown: true)
        #expect(hides.showsAgenda == false)
        #expect(hides.message?.text == "Lists" + toAgenda)
        #expect(scenario.list.agenda == nil)
    }

    @Test("A failed read of the store is said through its own signal, once, by the app")
    func readFailureSaidOnce() throws {
        let scenario = try Self.scenario()
        scenario.list.reportReadFailure(StoreError.listNotFound(id: 99))
        #expect(scenario.list.unsaidReadFailure != nil)
        let failure = try #require(scenario.list.readFailure)
        _ = scenario.app.renderScreen()
        #expect(scenario.list.unsaidReadFailure == nil)
        #expect(scenario.app.lastMessage == .error(failure))
        let recent = scenario.app.status.recent.count
        _ = scenario.app.renderScreen()
        #expect(scenario.app.status.recent.count == recent)
    }
}
