import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 29, points 2 and 5: a command is a function over the store that returns an `Outcome`; it
/// shows nothing itself (`TickApp.run` does), and its message names the keys in effect.
@Suite("Commands return outcomes")
struct TodoCommandsTests {
    static func scenario(_ config: String = "") throws -> Scenario {
        try Scenario(["Buy milk", "Call mom"], lists: ["Work": []], size: Size(width: 80, height: 8),
                     configuration: Configuration.parse(config, path: "/c"))
    }

    @Test("A command changes the store and returns its change, selection and message, leaving the status line to run")
    func commandReturnsOutcome() throws {
        let scenario = try Self.scenario()
        let said = scenario.app.lastMessage
        let item = try #require(try scenario.store.item(id: try scenario.id(of: "Call mom")))
        let outcome = try scenario.app.commands.toggleStarted(item)
        #expect(try scenario.store.item(id: item.id)?.status == .inProcess)
        #expect(!outcome.change.isEmpty && outcome.wrote && outcome.isUndoable)
        #expect(outcome.selection == .keepPlace)
        #expect(outcome.message?.text == "Started: “Call mom” · u undoes")
        #expect(scenario.app.lastMessage == said)
    }

    @Test("Outcomes that offer undo name the undo key as bound in the config file",
          arguments: [("", " · u undoes"), ("unbind u\nbind U undo\n", " · U undoes"), ("unbind u\n", "")])
    func outcomesNameUndoKeyAsBound(config: String, offer: String) throws {
        let scenario = try Self.scenario(config)
        let commands = scenario.app.commands
        let milk = try #require(try scenario.store.item(id: try scenario.id(of: "Buy milk")))
        let mom = try #require(try scenario.store.item(id: try scenario.id(of: "Call mom")))
        let work = try #require(scenario.list.lists.first { $0.name == "Work" })
        #expect(try commands.toggleCancelled(milk).message?.text == "Cancelled: “Buy milk”" + offer)
        #expect(try commands.move(mom, toList: work).message?.text == "Moved “Call mom” to Work" + offer)
        let marked = try [milk, mom].map { try #require(try scenario.store.item(id: $0.id)) }
        #expect(try commands.toggleFlag(ofMarked: marked).message?.text == "Flagged 2 todos" + offer)
        #expect(try commands.changePriority(by: 1, ofMarked: marked).message?.text == "Raised the priority of 2 todos" + offer)
    }

    @Test("An answer about a todo moved elsewhere meanwhile changes nothing and says so")
    func answerAboutMovedTodoChangesNothing() throws {
        let scenario = try Self.scenario()
        let shown = try #require(try scenario.store.item(id: try scenario.id(of: "Buy milk")))
        let work = try #require(scenario.list.lists.first { $0.name == "Work" })
        _ = try scenario.store.move(id: shown.id, toList: work.id, after: nil)  // another Tick, say
        let outcome = try scenario.app.commands.move(shown, toList: TodoList(id: TodoStore.inboxListID, name: "Inbox", position: 0))
        #expect(outcome.change.isEmpty && !outcome.wrote)
        #expect(outcome.message?.text == "“Buy milk” was moved to Work elsewhere meanwhile · not moved")
        #expect(try scenario.store.item(id: shown.id)?.listID == work.id)
    }
}
