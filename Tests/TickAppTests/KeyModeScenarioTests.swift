import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 18, every key is data: each mode's keys come from its key map, which the config file
/// changes per mode (`bind MODE KEY ACTION`, `unbind MODE KEY`) and help lists.
@Suite("Key maps of every mode")
struct KeyModeScenarioTests {
    private func scenario(_ config: String, _ todos: [String] = ["Buy milk", "Call mom"],
                          lists: KeyValuePairs<String, [String]> = [:], size: Size = Size(width: 60, height: 10)) throws -> Scenario {
        let configuration = Configuration.parse(config, path: "/c")
        #expect(configuration.problems.isEmpty)
        return try Scenario(todos, lists: lists, size: size, configuration: configuration)
    }

    @Test("bind list: a mode named explicitly is the list's, as with no mode")
    func listMode() throws {
        let scenario = try self.scenario("bind list <C-t> toggle\nunbind list x")
        try scenario.type("x")
        #expect(!scenario.screen.contains("[✓] Buy milk"))
        try scenario.type("<C-t>")
        #expect(scenario.screen.contains("[✓] Buy milk"))
    }

    @Test("bind editing: editing mode's new key marks the whole list; the unbound one does nothing")
    func editingMode() throws {
        let scenario = try self.scenario("bind editing M markAll\nunbind editing V\nunbind V")
        try scenario.type("vV")
        #expect(scenario.table.indexPathsForSelectedRows == nil)
        try scenario.type("M")
        #expect(scenario.table.indexPathsForSelectedRows?.count == 2)
    }

    @Test("bind swipe: the new key moves among the revealed buttons and the new close key closes them; the old keys do not")
    func swipeMode() throws {
        let scenario = try self.scenario("bind swipe <C-n> selectNext\nunbind swipe <Tab>\nbind swipe c close\nunbind swipe <Esc>")
        try scenario.type("h<C-n>")
        #expect(scenario.table.selectedSwipeActionIndex == 1)
        try scenario.type("<Esc>")
        #expect(scenario.table.indexPathForSwipedRow == IndexPath(row: 0, section: 0))
        try scenario.type("c")
        #expect(scenario.table.indexPathForSwipedRow == nil)
        try scenario.type("h<Tab>")
        #expect(scenario.table.selectedSwipeActionIndex != 1)
    }

    @Test("bind input: the input line accepts with the new key; the unbound Enter no longer does")
    func inputMode() throws {
        let scenario = try self.scenario("bind input <C-o> submit\nunbind input <Enter>")
        try scenario.type("aBuy bread<Enter>")
        #expect(scenario.app.isPrompting)
        try scenario.type("<C-o>")
        #expect(!scenario.app.isPrompting)
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Buy bread", "Call mom"])
    }

    @Test("bind search: while typing a search the new key moves to the next match; the unbound ↓ no longer does")
    func searchMode() throws {
        let scenario = try self.scenario("bind search <C-n> moveDown\nunbind search <Down>", ["Buy milk", "Call mom", "Buy bread"])
        try scenario.type("/Buy<Down>")
        #expect(scenario.selectedTitle == "Buy milk")
        try scenario.type("<C-n>")
        #expect(scenario.selectedTitle == "Buy bread")
        #expect(scenario.app.isPrompting)
    }

    @Test("bind details: the details close with the new key; the unbound q no longer closes them")
    func detailsMode() throws {
        let scenario = try self.scenario("bind details o back\nunbind details q")
        try scenario.type("<Enter>q")
        #expect(scenario.app.hasOverlay)
        try scenario.type("o")
        #expect(!scenario.app.hasOverlay)
        #expect(!scenario.app.isFinished)
    }

    @Test("bind notes: the notes save with the new key; the unbound Ctrl-S no longer saves them")
    func notesMode() throws {
        let scenario = try self.scenario("bind notes <C-o> save\nunbind notes <C-s>")
        try scenario.type("<Enter>nFrom the corner shop<C-s>")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes == "")
        try scenario.type("<C-o>")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes == "From the corner shop")
        // Saved and out of the editor: n edits again, as in the details.
        #expect(scenario.screen[0].hasPrefix("Details — Esc back"))
    }

    @Test("bind lists: the lists screen adds a list with the new key; the unbound a no longer does")
    func listsMode() throws {
        let scenario = try self.scenario("bind lists n add\nunbind lists a")
        try scenario.type("La")
        #expect(!scenario.app.isPrompting)
        try scenario.type("nErrands<Enter>")
        #expect(scenario.list.lists.map(\.name) == ["Inbox", "Errands"])
    }

    @Test("bind picker: the list picker chooses with the new key; the unbound Enter no longer does")
    func pickerMode() throws {
        let scenario = try self.scenario("bind picker <C-o> choose\nunbind picker <Enter>", lists: ["Work": ["Ship"]])
        try scenario.type("mWork<Enter>")
        #expect(scenario.app.hasOverlay)
        #expect(try scenario.titles(inList: "Work") == ["Ship"])
        try scenario.type("<C-o>")
        #expect(!scenario.app.hasOverlay)
        #expect(try scenario.titles(inList: "Work").contains("Buy milk"))
    }

    @Test("bind help: help closes with the new key; the unbound q no longer closes it")
    func helpMode() throws {
        let scenario = try self.scenario("bind help c close\nunbind help q")
        try scenario.type("?q")
        #expect(scenario.app.hasOverlay)
        #expect(!scenario.app.isFinished)
        try scenario.type("c")
        #expect(!scenario.app.hasOverlay)
    }

    @Test("Help shows every mode's keys under the mode's heading, with what each does")
    func helpShowsEveryMode() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 100, height: 200))
        try scenario.type("?")
        let help = HelpScenarioTests.joined(scenario.screen)
        for (mode, entries) in KeyMaps().otherModesHelp() {
            #expect(help.contains { $0.hasPrefix(mode.title + " ─") }, "\(mode)")
            for entry in entries {
                let keys = HelpOverlay.names(entry.keys)
                #expect(help.contains { $0.hasPrefix(keys + " ") && $0.contains(entry.summary) }, "\(mode): \(keys)")
            }
        }
        // The app's own keys stay last, quit at the very end.
        let appGroup = try #require(help.firstIndex { $0.hasPrefix(Command.Group.app.rawValue + " ─") })
        for mode in KeyMode.allCases where mode != .list {
            #expect(help.firstIndex { $0.hasPrefix(mode.title + " ─") } ?? .max < appGroup, "\(mode)")
        }
        let lastEntry = help.dropLast().last { !$0.isEmpty }  // the last line is the status line
        #expect(lastEntry?.hasPrefix("q ") == true && lastEntry?.contains("quit") == true)
    }

    @Test("A key rebound in a mode shows in help beside that mode's action", arguments: [
        ("bind swipe <C-n> selectNext", "Tab Ctrl-n ", "select the next button"),
        ("bind input <C-o> submit", "Enter Ctrl-o ", "accept the line"),
        ("bind search <C-n> moveDown", "↓ Ctrl-n ", "next match, while typing the search"),
        ("bind details o back", "Esc q Enter o ", "back to the list"),
        ("bind notes <C-o> save", "Ctrl-s Ctrl-o ", "save the notes and stop editing (a refused"),
        ("bind lists n add", "a n ", "add a list"),
        ("bind picker <C-o> choose", "Enter Ctrl-o ", "choose (or create"),
        ("bind help c close", "? Esc q F1 c ", "close help"),
        ("bind editing M markAll", "V M ", "mark every row of the current list"),
    ])
    func reboundKeyInHelp(config: String, keys: String, summary: String) throws {
        let scenario = try self.scenario(config, size: Size(width: 100, height: 200))
        try scenario.type("?")
        let help = HelpScenarioTests.joined(scenario.screen)
        #expect(help.contains { $0.hasPrefix(keys) && $0.contains(summary) })
    }

    @Test("The hint line of an overlay names the keys in effect, and leaves out what has no key", arguments: [
        ("bind lists o go\nunbind lists <Enter>", "L", "Lists — o go · a add · r rename · d delete · J/K reorder · Esc back · ? help"),
        ("unbind lists K", "L", "Lists — Enter go · a add · r rename · d delete · Esc back · ? help"),
        ("unbind details <Esc>\nunbind details e", "<Enter>", "Details — q back · n notes · x done · f flag · ? help"),
        ("unbind notes <Esc>", "<Enter>n", "Details — editing notes · Ctrl-s saves"),
        ("bind picker <C-o> choose\nunbind picker <Enter>", "m", "to — type to filter · Ctrl-o chooses · Esc cancels"),
        ("unbind help ?", "?", "Tick help — Esc or q closes"),
    ])
    func hintLine(config: String, keys: String, expected: String) throws {
        let scenario = try self.scenario(config, size: Size(width: 100, height: 10))
        try scenario.type(keys)
        #expect(scenario.screen[0].hasSuffix(expected), "\(scenario.screen[0])")
    }

    @Test("An unbound key of a mode leaves help; an action with no key left is not listed")
    func unboundKeyLeavesHelp() throws {
        let scenario = try self.scenario("unbind lists r", size: Size(width: 100, height: 200))
        try scenario.type("?")
        #expect(!HelpScenarioTests.joined(scenario.screen).contains { $0.contains("rename the list") })
    }

    @Test("Bad mode lines are reported with file and line: an unknown mode, action or key; the good lines apply")
    func problems() {
        let configuration = Configuration.parse("""
            bind sideways j moveDown
            bind details <C-s> fly
            unbind lists <Nope>
            unbind nowhere d
            bind swipe <C-n> selectNext
            bind details x y z
            """, path: "/c")
        #expect(configuration.problems.count == 5)
        #expect(configuration.problems[0] == "/c:1: unknown mode \"sideways\" (modes: list, editing, swipe, input, search, details, notes, lists, picker, help)")
        #expect(configuration.problems[1].hasPrefix("/c:2: unknown details action \"fly\" (details actions: back, editNotes, edit, "))
        #expect(configuration.problems[2] == "/c:3: unknown key <Nope> in key \"<Nope>\"")
        #expect(configuration.problems[3].hasPrefix("/c:4: unknown mode \"nowhere\""))
        #expect(configuration.problems[4].hasPrefix("/c:6: bind wants a key and a command"))
        #expect(configuration.keyMaps.swipe.action(for: .control("n")) == .selectNext)
        #expect(configuration.keyMaps.details.action(for: .control("s")) == nil)
    }

    @Test("An action of another mode is named with the mode that has it: saving notes is the notes editor's")
    func actionOfAnotherMode() {
        let configuration = Configuration.parse("bind details <C-s> save\nbind <C-o> submit", path: "/c")
        #expect(configuration.problems.count == 2)
        #expect(configuration.problems[0].hasPrefix("/c:1: unknown details action \"save\" (details actions: back, "))
        #expect(configuration.problems[0].hasSuffix("); save is an action of mode notes: bind notes <C-s> save"))
        #expect(configuration.problems[1].hasSuffix("); submit is an action of mode input: bind input <C-o> submit"))
    }

    @Test("A paste cannot be bound: pasted text is never a key, in any mode")
    func pasteIsNoKey() throws {
        let configuration = Configuration.parse("bind lists <Paste>d</Paste> delete\nbind <Paste>q</Paste> quit", path: "/c")
        #expect(configuration.problems == [
            "/c:1: \"<Paste>d</Paste>\" is a paste, not a key: pasted text is never a key",
            "/c:2: \"<Paste>q</Paste>\" is a paste, not a key: pasted text is never a key",
        ])
        let scenario = try Scenario(["Buy milk"], configuration: configuration)
        try scenario.type("<Paste>q</Paste>")
        #expect(!scenario.app.isFinished)
    }

    @Test("tick --check-config reports a bad mode line as FILE:LINE: problem")
    func checkConfig() throws {
        let harness = try CommandHarness()
        let path = harness.file("config")
        try "bind notes <C-o> save\nbind notes <C-o> fly\n".write(toFile: path, atomically: true, encoding: .utf8)
        var output = ""
        let status = ConfigurationCheck.run(path: path, named: true, write: { output += $0 })
        #expect(status == 1)
        #expect(output.hasPrefix("\(path):2: unknown notes action \"fly\" (notes actions: save, done, newLine, "))
        #expect(output.split(separator: "\n").count == 1)
    }

    @Test("docs/configuration.md names every action of every mode (the list and editing mode bind its commands), and no other", arguments: KeyMode.allCases.filter { $0 != .list && $0 != .editing })
    func readmeNamesEveryAction(mode: KeyMode) throws {
        let words = try ReadmeReferenceTests.words(after: "`\(mode.rawValue)` actions:", in: ReadmeReferenceTests.readme())
        #expect(words == KeyMaps.actionNames(in: mode))
    }
}
