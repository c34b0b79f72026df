import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 29, "one way through the app": the keys that move the selection or change the view (Tab,
/// `n`/`N`, `V`, `z` on a todo) and the row move (`J`/`K`) are commands too. Each returns an
/// `Outcome` naming where the selection goes by identity, and `TickApp.run` shows it.
@Suite("Selection commands return outcomes")
struct SelectionCommandsTests {
    /// Inbox: Buy milk, Call mom, Milk run; Work: Ship it, Milk for the office; Home: empty.
    static func scenario(_ config: String = "") throws -> Scenario {
        try Scenario(["Buy milk", "Call mom", "Milk run"], lists: ["Work": ["Ship it", "Milk for the office"], "Home": []],
                     size: Size(width: 80, height: 14), configuration: Configuration.parse(config, path: "/c"))
    }

    /// The list named `name`, as the screen shows it.
    static func list(_ name: String, in scenario: Scenario) throws -> TodoList {
        try #require(scenario.list.lists.first { $0.name == name })
    }

    /// The stored todo titled `title`.
    static func item(_ title: String, in scenario: Scenario) throws -> TodoItem {
        try #require(try scenario.store.item(id: try scenario.id(of: title)))
    }

    @Test("Tab selects the next list by id, wrapping, and names a list that shows no rows with the keys as bound",
          arguments: [("", " · a adds a todo to it"), ("unbind a\n", "")])
    func tabSelectsNextList(config: String, offer: String) throws {
        let scenario = try Self.scenario(config)
        let commands = scenario.app.commands
        let counts = scenario.list.sectionCounts
        let names = scenario.list.lists.map(\.name)
        #expect(names == ["Inbox", "Work", "Home"])
        let work = commands.jumpToList(offset: 1, from: 0, rowCounts: counts, inAgenda: false)
        #expect(work.selection == .listHeader(try Self.list("Work", in: scenario).id) && work.message == nil && !work.wrote)
        let home = try Self.list("Home", in: scenario)
        let empty = commands.jumpToList(offset: 1, from: 1, rowCounts: counts, inAgenda: false)
        #expect(empty.selection == .listHeader(home.id))
        #expect(empty.message == .info("Home is empty" + offer, while: .currentList(home.id)))
        #expect(commands.jumpToList(offset: 1, from: 2, rowCounts: counts, inAgenda: false).selection == .listHeader(TodoStore.inboxListID))
        #expect(commands.jumpToList(offset: -1, from: nil, rowCounts: counts, inAgenda: false).selection == .listHeader(home.id))
        #expect(commands.jumpToList(offset: 1, from: 0, rowCounts: counts, inAgenda: true).selection == .agendaGroup(offset: 1))
    }

    @Test("n and N select the next and previous match by id, wrapping, and say which of how many")
    func matchesSelectedById() throws {
        let scenario = try Self.scenario()
        let commands = scenario.app.commands
        let milk = try Self.item("Buy milk", in: scenario)
        let next = commands.jumpToMatch(forward: true, search: "milk", from: milk)
        #expect(next.selection == .todo(try scenario.id(of: "Milk run")) && next.change.isEmpty && !next.wrote)
        #expect(next.message == .info("Match 2 of 3 for “milk”", while: .highlightedSearch("milk")))
        let office = try Self.item("Milk for the office", in: scenario)
        #expect(commands.jumpToMatch(forward: true, search: "milk", from: office).selection == .todo(milk.id))
        #expect(commands.jumpToMatch(forward: false, search: "milk", from: milk).selection == .todo(office.id))
        #expect(commands.jumpToMatch(forward: false, search: "milk", from: nil).message?.text == "Match 3 of 3 for “milk”")
        #expect(commands.jumpToMatch(forward: true, search: nil, from: milk).message == .info("No search: / searches"))
        #expect(commands.jumpToMatch(forward: true, search: "bread", from: milk).message == .info("No todo matches “bread”"))
        // Run as the app runs it: a command that changed nothing selects the todo it names.
        scenario.app.run { $0.jumpToMatch(forward: true, search: "milk", from: office) }
        #expect(scenario.selectedTitle == "Buy milk")
    }

    @Test("V marks the rows of the list and counts the marks of other lists too, naming the keys as bound")
    func markAllCountsEveryMark() throws {
        let scenario = try Self.scenario()
        try scenario.type("v<Space>")  // Buy milk marked
        let work = try Self.list("Work", in: scenario)
        let outcome = scenario.app.commands.markAll(work, rowsShown: 2, markedElsewhere: 1)
        #expect(outcome.marksList == work.id && outcome.change.isEmpty && !outcome.wrote)
        #expect(outcome.message?.text.hasPrefix("3 marked · d deletes · x marks done") == true)
        #expect(outcome.message?.condition == .editingMode(marked: 3))
        scenario.app.run { _ in outcome }
        #expect(Set(scenario.list.markedItems().map(\.1.title)) == ["Buy milk", "Ship it", "Milk for the office"])
    }

    @Test("z on a parent collapses its subtasks and z again expands them; on a subtask it collapses the parent")
    func foldOfParent() throws {
        let scenario = try Scenario(["Trip", "Laundry"], size: Size(width: 40, height: 10))
        let trip = try scenario.id(of: "Trip")
        let hotel = try scenario.store.addSubtask(title: "Hotel", toParent: trip).value
        try scenario.restart()
        let commands = scenario.app.commands
        let parent = try Self.item("Trip", in: scenario)
        let facts = try #require(scenario.list.outlineFacts(of: parent))
        let folded = try commands.toggleFold(of: parent, facts: facts, isCollapsed: false, orList: nil)
        #expect(folded.fold?.todo.id == trip && folded.fold?.collapses == true && folded.change.isEmpty && !folded.wrote)
        #expect(folded.message == .info("Collapsed the subtasks of “Trip” · z expands"))
        let unfolded = try commands.toggleFold(of: parent, facts: facts, isCollapsed: true, orList: nil)
        #expect(unfolded.fold?.collapses == false && unfolded.message == .info("Expanded the subtasks of “Trip” · z collapses"))
        let child = try #require(scenario.list.outlineFacts(of: hotel))
        let fromChild = try commands.toggleFold(of: hotel, facts: child, isCollapsed: false, orList: nil)
        #expect(fromChild.fold?.todo.id == trip && fromChild.fold?.collapses == true)
        // Run as the app runs it: the subtask's row goes, the parent stays selected.
        scenario.app.run { _ in fromChild }
        #expect(try scenario.titles(inList: "Inbox").count == 3)
        #expect(scenario.list.count == 2 && scenario.selectedTitle == "Trip")
    }

    @Test("J's row move is a command: one undoable step, the todo selected by id, the list it went to named")
    func reorderIsCommand() throws {
        let scenario = try Self.scenario()
        let mom = try Self.item("Call mom", in: scenario)
        let work = try Self.list("Work", in: scenario)
        let outcome = try scenario.app.commands.reorder(.init(todo: mom, list: work, after: try scenario.id(of: "Ship it"), inOutline: false))
        #expect(!outcome.change.isEmpty && outcome.wrote && !outcome.readsAgain)
        #expect(outcome.selection == .todo(mom.id))
        #expect(outcome.message == .info("Moved “Call mom” to Work"))
        #expect(try scenario.titles(inList: "Work") == ["Ship it", "Call mom", "Milk for the office"])
        let within = try scenario.app.commands.reorder(.init(todo: try Self.item("Milk run", in: scenario), list: try Self.list("Inbox", in: scenario),
                                                            after: nil, inOutline: true))
        #expect(within.message == .info("Moved “Milk run”") && within.readsAgain)
        #expect(try scenario.titles(inList: "Inbox") == ["Milk run", "Buy milk"])
    }

    @Test("J through the app moves the row by the change, as a fresh open shows it, and counts as a change")
    func reorderThroughApp() throws {
        let scenario = try Self.scenario()
        let changes = scenario.list.changeCount
        try scenario.type("jJ")
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Milk run", "Call mom"])
        #expect(scenario.selectedTitle == "Call mom")
        #expect(scenario.list.changeCount == changes + 1)
        let screen = scenario.screen.dropLast(scenario.app.statusRows)
        try scenario.restart()
        #expect(Array(scenario.screen.dropLast(scenario.app.statusRows)) == Array(screen))
    }

    @Test("Adding to a collapsed list is one step: one u takes the todo back and folds the list again")
    func addToCollapsedListIsOneStep() throws {
        let scenario = try Self.scenario()
        let work = try Self.list("Work", in: scenario)
        _ = try scenario.store.setCollapsed(true, listID: work.id)
        let folded = try #require(try scenario.store.lists().first { $0.id == work.id })
        scenario.app.run { try $0.add(title: "Plan", at: .init(list: folded)) }
        #expect(try scenario.store.lists().first { $0.id == work.id }?.isCollapsed == false)
        #expect(scenario.selectedTitle == "Plan")
        scenario.app.run { $0.undo() }
        #expect(scenario.app.lastMessage?.text == "Undid add “Plan”")
        #expect(try scenario.store.lists().first { $0.id == work.id }?.isCollapsed == true)
        #expect(try scenario.titles(inList: "Work") == ["Ship it", "Milk for the office"])
    }

    @Test("A swipe button is a value: its command acts on the todo it was revealed on, and on nothing when that changed meanwhile")
    func swipeButtonIsValue() throws {
        let scenario = try Self.scenario()
        let milk = try Self.item("Buy milk", in: scenario)
        _ = try scenario.store.setDone(true, ids: [milk.id])  // another Tick, say
        let stale = try scenario.app.commands.swiped(.done(milk))
        #expect(stale.change.isEmpty && !stale.wrote)
        #expect(stale.message == .error("“Buy milk” was marked done elsewhere meanwhile · nothing changed"))
        let mom = try Self.item("Call mom", in: scenario)
        let done = try scenario.app.commands.swiped(.done(mom))
        #expect(done.wrote && done.selection == .keepPlace)
        #expect(try scenario.store.item(id: mom.id)?.isDone == true)
        let flagged = try scenario.app.commands.swiped(.flag(try Self.item("Milk run", in: scenario)))
        #expect(flagged.message == .info("Flagged “Milk run”"))
    }
}
