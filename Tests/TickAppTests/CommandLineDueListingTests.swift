import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 19 (agenda, on the command line): `tick ls --due WHEN` and `tick ls --agenda` list open
/// todos across lists by due day. Today is Sunday 2026-11-29 for every command.
@Suite("Command line: todos by due day and the agenda")
struct CommandLineDueListingTests {
    /// A store with todos due on both sides of today, in two lists, one of them done.
    private func seeded() throws -> CommandHarness {
        let tick = try CommandHarness()
        for arguments in [
            ["add", "--due", "2026-11-20", "Renew passport"],                              // 1 overdue
            ["add", "--due", "today", "Call mum"],                                         // 2 today
            ["add", "--due", "today", "--priority", "high", "--list", "Work", "Ship it"],  // 3 today, first by priority
            ["add", "--due", "tomorrow", "Dentist 歯医者 🦷"],                             // 4 tomorrow
            ["add", "--due", "2026-12-05", "--list", "Work", "Report"],                     // 5 in six days: this week
            ["add", "--due", "2026-12-06", "Too far"],                                     // 6 a week from today: not this week
            ["add", "No date"],                                                            // 7 never in an agenda
            ["add", "--due", "today", "Done already"],                                     // 8 done below
        ] {
            #expect(tick.run(arguments).status == 0)
        }
        #expect(tick.run(["done", "8"]).status == 0)
        return tick
    }

    /// The ids of a listing's rows, in order.
    private func ids(_ output: String) -> [Int] {
        output.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") }
    }

    @Test("--due selects a window of due days across lists, by day then highest priority", arguments: [
        ("today", [3, 2]),
        ("overdue", [1]),
        ("tomorrow", [4]),
        ("week", [3, 2, 4, 5]),
        ("2026-12-06", [6]),
        ("sat", [5]),
        ("+7d", [6]),
        ("2026-12-07", []),
    ])
    func dueWindows(word: String, expected: [Int]) throws {
        let tick = try seeded()
        let listed = tick.run(["ls", "--due", word])
        #expect(listed.status == 0, "\(listed.errors)")
        #expect(ids(listed.output) == expected)
    }

    @Test("--agenda prints Overdue, Today, Tomorrow and Next 7 days as groups, leaving out what is empty or later")
    func agendaText() throws {
        let tick = try seeded()
        #expect(tick.output("ls", "--agenda") == """
            Overdue
            1  [ ]       2026-11-20  Inbox  Renew passport

            Today
            3  [ ]  !!!  2026-11-29  Work   Ship it
            2  [ ]       2026-11-29  Inbox  Call mum

            Tomorrow
            4  [ ]       2026-11-30  Inbox  Dentist 歯医者 🦷

            Next 7 days
            5  [ ]       2026-12-05  Work   Report

            """)
        #expect(tick.output("ls", "--agenda", "--list", "Work") == """
            Today
            3  [ ]  !!!  2026-11-29  Work  Ship it

            Next 7 days
            5  [ ]       2026-12-05  Work  Report

            """)
    }

    @Test("--agenda --json is an array of the groups that have todos, each with its todos as ls --json writes them")
    func agendaJSON() throws {
        let tick = try seeded()
        let data = Data(tick.output("ls", "--agenda", "--json").utf8)
        let groups = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["overdue", "today", "tomorrow", "week"])
        #expect(groups.map { $0["title"] as? String } == ["Overdue", "Today", "Tomorrow", "Next 7 days"])
        let todos = groups.map { ($0["todos"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int } }
        #expect(todos == [[1], [3, 2], [4], [5]])
        let empty = try CommandHarness()
        #expect(empty.output("ls", "--agenda", "--json") == "[]\n")
        #expect(empty.output("ls", "--due", "today", "--json") == "[]\n")
        let today = try JSONSerialization.jsonObject(with: Data(tick.output("ls", "--due", "today", "--json").utf8)) as? [[String: Any]]
        #expect(today?.compactMap { $0["title"] as? String } == ["Ship it", "Call mum"])
    }

    @Test("A --due word Tick cannot read, or --due with --all, --done or --agenda, is a usage mistake", arguments: [
        (["ls", "--due", "someday"], "--due takes today, overdue, tomorrow, week or a day (2026-12-24, fri, +3d), not “someday”"),
        (["ls", "--due", "today", "--all"], "--due lists open todos: it does not combine with --all or --done"),
        (["ls", "--agenda", "--done"], "--agenda lists open todos: it does not combine with --all or --done"),
        (["ls", "--agenda", "--due", "today"], "--due and --agenda exclude each other"),
    ])
    func mistakes(arguments: [String], message: String) throws {
        let tick = try seeded()
        let outcome = tick.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errors.hasPrefix("tick ls: \(message)\n") || outcome.errors.hasPrefix("tick: \(message)\n"), "\(outcome.errors)")
    }

    @Test("--due and --agenda with --tag keep only the todos with that tag")
    func dueWithTag() throws {
        let tick = try seeded()
        #expect(tick.run(["add", "--due", "today", "--tag", "Home", "Water plants"]).status == 0)
        #expect(ids(tick.output("ls", "--due", "week", "--tag", "home")) == [9])
        #expect(tick.output("ls", "--agenda", "--tag", "nothing").isEmpty)
    }
}
