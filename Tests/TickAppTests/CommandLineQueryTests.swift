import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 30, part 2 on the command line: `tick ls QUERY…`, `--sort`, repeated options that combine,
/// ⚑ and ↻ in the listing, saved views (`view NAME QUERY`, `tick ls --view`, the lists screen).
@Suite("Command line: queries and saved views")
struct CommandLineQueryTests {
    /// The ids `tick ls ARGUMENTS` lists, in order.
    private static func ids(_ tick: CommandHarness, _ arguments: [String], configuration: String = "") -> [Int] {
        let outcome = tick.run(["ls"] + arguments) { $0.configuration = Configuration.parse(configuration, path: "/c") }
        #expect(outcome.status == 0, "\(arguments): \(outcome.errors)")
        return outcome.output.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") }
    }

    private static func harness() throws -> CommandHarness {
        let tick = try CommandHarness()
        tick.run(["add", "Report #work #q4 !! @2026-12-01"])   // 1
        tick.run(["add", "Plan #work @2026-11-30"])            // 2
        tick.run(["add", "--list", "Home", "Sink #home !!!"])   // 3
        tick.run(["add", "--list", "Garden", "Hedge #home"])    // 4
        tick.run(["add", "Water plants @every mon"])            // 5, due on Monday 2026-11-30
        return tick
    }

    @Test("tick ls milk is a query, not a usage mistake; words, tags and dates combine")
    func query() throws {
        let tick = try Self.harness()
        #expect(Self.ids(tick, ["report"]) == [1])
        #expect(Self.ids(tick, ["#work", "plan"]) == [2])
        #expect(Self.ids(tick, ["#work", "@2026-12-01"]) == [1])
        #expect(Self.ids(tick, ["--", "-#work", "!none"]) == [5, 4])
        #expect(Self.ids(tick, ["-#work"]) == [5, 3, 4])
        #expect(tick.run(["ls", "@nonsense"]).status == 2)
        #expect(tick.run(["ls", "@nonsense"]).errors.contains("@nonsense is not a date"))
    }

    @Test("A repeated --tag asks for all the tags, a repeated --list for any of the lists, a repeated --due for any window")
    func repeatedOptions() throws {
        let tick = try Self.harness()
        #expect(Self.ids(tick, ["--tag", "work", "--tag", "q4"]) == [1])
        #expect(Self.ids(tick, ["--tag", "work", "--tag", "home"]) == [])
        #expect(Self.ids(tick, ["--list", "Home", "--list", "Garden"]) == [3, 4])
        #expect(Self.ids(tick, ["--due", "2026-11-30", "--due", "2026-12-01"]) == [1, 2, 5])
        #expect(Self.ids(tick, ["--due", "2026-12-01"]) == [1])
    }

    @Test("--sort orders each list's open todos", arguments: [("priority", [1, 2, 5]), ("due", [2, 5, 1]), ("manual", [1, 2, 5]), ("created", [1, 2, 5])])
    func sort(order: String, expected: [Int]) throws {
        let tick = try Self.harness()
        #expect(Self.ids(tick, ["--list", "Inbox", "--sort", order]) == expected)
        #expect(Self.ids(tick, ["--list", "Inbox", "--sort", order, "#work"]) == expected.filter { $0 != 5 })
    }

    @Test("tick ls shows ⚑ before a flagged title and ↻ after a recurring one")
    func markers() throws {
        let tick = try Self.harness()
        tick.run(["edit", "2", "--flag"])
        let lines = tick.output("ls", "--list", "Inbox").split(separator: "\n")
        #expect(lines[1].hasSuffix("⚑ Plan #work"))
        #expect(lines[2].hasSuffix("Water plants ↻"))
        #expect(!lines[0].contains("⚑") && !lines[0].contains("↻"))
    }

    @Test("view NAME QUERY is a saved view: tick ls --view lists it, a query narrows it, an unknown name is a failure")
    func savedView() throws {
        let tick = try Self.harness()
        let config = "view Chores #home -#garden   # not a tag: a comment\nview Urgent !!! !!\n"
        #expect(Self.ids(tick, ["--view", "chores"], configuration: config) == [3, 4])
        #expect(Self.ids(tick, ["--view", "Chores", "list:Garden"], configuration: config) == [4])
        #expect(Self.ids(tick, ["--view", "Urgent"], configuration: config) == [1, 3])
        let unknown = tick.run(["ls", "--view", "Nope"]) { $0.configuration = Configuration.parse(config, path: "/c") }
        #expect(unknown.status == 1 && unknown.errors.contains("views: Chores, Urgent"))
    }

    @Test("A view line keeps its #tags, drops its comment, and a bad query is a problem of its line")
    func viewLines() {
        let configuration = Configuration.parse("view Work #work report # mine\nview Bad @nonsense\nview\n", path: "/c")
        #expect(configuration.views == [SavedView(name: "Work", query: "#work report")])
        #expect(configuration.problems.count == 2)
        #expect(configuration.problems[0].hasPrefix("/c:2: view Bad: @nonsense is not a date"))
        #expect(configuration.problems[1].hasPrefix("/c:3: view wants a name and a query"))
    }

    @Test("The lists screen shows the saved views below the lists; Enter on one searches its query")
    func listsScreen() throws {
        let scenario = try Scenario(["Buy milk #shop", "Call mom"], lists: ["Work": ["Ship it #work"]], size: Size(width: 40, height: 10),
                                    configuration: Configuration.parse("view Shopping milk is:open\n", path: "/c"))
        try scenario.type("L")
        #expect(scenario.screen[3].hasPrefix("⌕ Shopping"))
        try scenario.type("jjj<Enter>")
        #expect(scenario.screen.filter { $0.hasPrefix("[") } == ["[ ] Buy milk #shop"])
        #expect(scenario.screen[scenario.screen.count - 2].hasPrefix("/milk is:open"))
    }
}
