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
        tick.run(["add", "-p", "3", "Compare prices"])
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

    @Test("past six levels the level shows as a number", arguments: [(0, ""), (1, "  "), (6, String(repeating: " ", count: 12)),
                                                                     (7, String(repeating: " ", count: 12) + "‹7› ")])
    func deepLevels(depth: Int, indentation: String) {
        #expect(TodoTable.indentation(depth: depth) == indentation)
    }
}
