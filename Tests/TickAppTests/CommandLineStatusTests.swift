import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 31 part 4 on the command line: `tick start`, `tick cancel`, `tick edit --status/--percent`,
/// and how `tick ls` and `--json` show them.
@Suite("Command line: statuses")
struct CommandLineStatusTests {
    @Test("start and cancel say what they did; ls shows [/] and, with --all, [-]; a cancelled todo is hidden like a done one")
    func startAndCancel() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Paint the fence"])
        tick.run(["add", "Call the plumber"])
        #expect(tick.output("start", "1") == "Started 1: Paint the fence (started)\n")
        #expect(tick.output("start", "1") == "Already started 1: Paint the fence (started)\n")
        #expect(tick.output("cancel", "2") == "Cancelled 2: Call the plumber (cancelled)\n")
        #expect(tick.output("ls") == "1  [/]  Inbox  Paint the fence\n")
        #expect(tick.output("ls", "--all") == "1  [/]  Inbox  Paint the fence\n2  [-]  Inbox  Call the plumber\n")
        #expect(tick.output("undone", "2") == "Open again 2: Call the plumber\n")
    }

    @Test("edit --status and --percent set them; the percentage shows in ls after the title; --json carries both")
    func editStatus() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Plan the trip", "#travel"])
        let edited = tick.run(["edit", "1", "--status", "started", "--percent", "40%"])
        #expect(edited.status == 0 && edited.output == "Edited 1: Plan the trip (started, 40%, #travel)\n")
        #expect(tick.output("ls") == "1  [/]  Inbox  Plan the trip 40% #travel\n")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(tick.output("ls", "--json").utf8)) as? [[String: Any]])
        #expect(array[0]["status"] as? String == "in-process" && array[0]["percent_complete"] as? Int == 40)
        #expect(tick.output("edit", "1", "--status", "cancelled") == "Edited 1: Plan the trip (cancelled, #travel)\n")
        #expect(tick.output("edit", "1", "--status", "open") == "Edited 1: Plan the trip (#travel)\n")
    }

    @Test("a status or percentage Tick does not know is a usage error that changes nothing", arguments: [
        (["edit", "1", "--status", "maybe"], "--status is open, started (in-process), done or cancelled, not maybe"),
        (["edit", "1", "--percent", "140"], "--percent is a whole number from 0 to 100 (or none), not 140"),
        (["edit", "1", "--percent", "\u{1B}[31m"], "not ␛[31m"),
        (["start", "7"], "7"),
    ])
    func refusals(arguments: [String], message: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Plan the trip"])
        let result = tick.run(arguments)
        #expect(result.status != 0 && result.errors.contains(message) && !result.errors.contains("\u{1B}"))
        #expect(tick.output("ls") == "1  [ ]  Inbox  Plan the trip\n")
    }

    @Test("cancel on a recurring todo prints its next occurrence, as done does")
    func cancelRecurring() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Water plants", "@2026-12-08", "@every", "week"])
        let output = tick.output("cancel", "1")
        #expect(output.hasPrefix("Cancelled 1: Water plants") && output.contains("Next 2: Water plants"))
    }
}
