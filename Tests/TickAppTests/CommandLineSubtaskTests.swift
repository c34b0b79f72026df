import Foundation
import Testing
@testable import TickApp
import TickTesting
import TodoStore

/// Subtasks on the command line: `tick add --parent`, `tick ls` indenting the outline, `--json`'s `parent`.
@Suite("Subtasks on the command line")
struct CommandLineSubtaskTests {
    @Test("tick add --parent adds the last subtask in the parent's list; tick ls indents it, and --json names its parent")
    func addAndList() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--list", "Home", "Trip"])
        tick.run(["add", "--list", "Home", "Groceries"])
        let added = tick.run(["add", "--parent", "1", "Book", "flights", "!!"])
        #expect(added.status == 0)
        #expect(added.output == "Added 3 to Home under 1: Book flights (!!)\n")
        tick.run(["add", "--parent", "3", "Compare prices"])
        let lines = tick.output("ls").split(separator: "\n").map { String($0) }
        #expect(lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).first! } == ["1", "3", "4", "2"])
        #expect(lines[0].hasSuffix("Home  Trip"))
        #expect(lines[1].hasSuffix("Home    Book flights") && lines[2].hasSuffix("Home      Compare prices") && lines[3].hasSuffix("Home  Groceries"))
        let json = tick.output("ls", "--json").split(separator: "\n")
        #expect(json.first { $0.contains("\"Compare prices\"") }?.hasSuffix("\"parent\": 3},") == true)
        #expect(json.first { $0.contains("\"Trip\"") }?.contains("parent") == false)
    }

    @Test("a parent that does not exist, or --parent with --list, is refused and adds nothing")
    func refused() throws {
        let tick = try CommandHarness()
        let missing = tick.run(["add", "--parent", "9", "Orphan"])
        #expect(missing.status != 0 && missing.errors.contains("9"))
        let both = tick.run(["add", "--parent", "1", "--list", "Work", "Orphan"])
        #expect(both.status == 2 && both.errors.contains("--parent puts the todo in its parent's list"))
        #expect(try tick.withStore { try $0.flatOrder().count } == 0)
    }

    /// Home: 1 Trip (2 Pack, 3 Tickets (4 Train)), 5 Groceries.
    static func trip() throws -> CommandHarness {
        let tick = try CommandHarness()
        tick.run(["add", "--list", "Home", "Trip"])
        tick.run(["add", "--parent", "1", "Pack"])
        tick.run(["add", "--parent", "1", "Tickets"])
        tick.run(["add", "--parent", "3", "Train"])
        tick.run(["add", "--list", "Home", "Groceries"])
        return tick
    }

    @Test("tick done on a parent with open subtasks asks for --subtasks, as the app asks, and changes nothing")
    func doneParentAsks() throws {
        let tick = try Self.trip()
        let refused = tick.run(["done", "1"])
        #expect(refused.status == 2)
        #expect(refused.errors.hasPrefix("tick done: 1 (Trip) has 3 open subtasks: --subtasks too completes them as well, "
            + "--subtasks stay leaves them open (nothing changed)"))
        #expect(tick.run(["done", "3", "5"]).status == 2)  // 3 has one open subtask; 5 is not done either
        #expect(try tick.withStore { try $0.flatOrder().filter(\.isDone).count } == 0)
        // Naming every open subtask too leaves no question.
        #expect(tick.output("done", "3", "4") == "Done 3: Tickets\nDone 4: Train\n")
    }

    @Test("tick done --subtasks too completes the whole subtree in one change; stay completes the parent alone")
    func doneParentChoices() throws {
        let tick = try Self.trip()
        #expect(tick.output("done", "--subtasks", "stay", "1") == "Done 1: Trip\n")
        #expect(try tick.withStore { try $0.flatOrder().filter { !$0.isDone }.map(\.title) } == ["Pack", "Tickets", "Train", "Groceries"])
        tick.run(["undo"])
        let all = tick.output("done", "--subtasks", "too", "1")
        #expect(all.split(separator: "\n").sorted() == ["Done 1: Trip", "Done 2: Pack", "Done 3: Tickets", "Done 4: Train"])
        tick.run(["undo"])
        #expect(try tick.withStore { try $0.flatOrder().filter(\.isDone).count } == 0)
        // Opening a parent again asks nothing.
        tick.run(["done", "--subtasks", "stay", "1"])
        #expect(tick.output("undone", "1") == "Open again 1: Trip\n")
    }

    @Test("tick rm on a parent asks for --subtasks; too deletes the subtree, stay lifts the subtasks a level")
    func removeParent() throws {
        let tick = try Self.trip()
        let refused = tick.run(["rm", "3"])
        #expect(refused.status == 2)
        #expect(refused.errors.hasPrefix("tick rm: 3 (Tickets) has 1 subtask: --subtasks too deletes them as well, "
            + "--subtasks stay keeps them a level up (nothing deleted)"))
        #expect(try tick.withStore { try $0.flatOrder().count } == 5)
        #expect(tick.output("rm", "--subtasks", "stay", "3") == "Deleted 3: Tickets\n")
        #expect(try tick.withStore { store in try store.parentID(of: 4) } == 1)
        tick.run(["undo"])
        #expect(tick.output("rm", "--subtasks", "too", "1").split(separator: "\n").count == 4)
        #expect(try tick.withStore { try $0.flatOrder().map(\.title) } == ["Groceries"])
        tick.run(["undo"])
        // A parent named with its whole subtree is deleted without a question.
        #expect(tick.run(["rm", "3", "4"]).status == 0)
    }

    @Test("past six levels the level shows as a number", arguments: [(0, ""), (1, "  "), (6, String(repeating: " ", count: 12)),
                                                                     (7, String(repeating: " ", count: 12) + "‹7› ")])
    func deepLevels(depth: Int, indentation: String) {
        #expect(TodoTable.indentation(depth: depth) == indentation)
    }
}
