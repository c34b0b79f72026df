import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 19: due times on the command line (`--due "fri 15:00"`, `@today 9am`, `tick ls`). Today is
/// Sunday 2026-11-29 for every command.
@Suite("Command line: due times")
struct CommandLineDueTimeTests {
    @Test("add takes a due time in the title or in --due, and says it back", arguments: [
        (["add", "Call", "the", "bank", "@today", "9am"], "Added 1 to Inbox: Call the bank (due 2026-11-29 09:00)", "2026-11-29T09:00"),
        (["add", "--due", "fri 15:00", "Call the bank"], "Added 1 to Inbox: Call the bank (due 2026-12-04 15:00)", "2026-12-04T15:00"),
        (["add", "--due", "2026-12-24T18:30", "Party"], "Added 1 to Inbox: Party (due 2026-12-24 18:30)", "2026-12-24T18:30"),
        (["add", "--due", "@dec 24 6pm", "Party"], "Added 1 to Inbox: Party (due 2026-12-24 18:00)", "2026-12-24T18:00"),
        (["add", "--due", "tomorrow", "Dentist"], "Added 1 to Inbox: Dentist (due 2026-11-30)", "2026-11-30"),
    ])
    func adding(arguments: [String], message: String, due: String) throws {
        let tick = try CommandHarness()
        let added = tick.run(arguments)
        #expect(added.status == 0 && added.errors.isEmpty, "\(added.errors)")
        #expect(added.output == message + "\n")
        #expect(try tick.withStore { try $0.item(id: 1)?.due } == due)
    }

    @Test("A --due value with a time that is not one is a usage error naming the forms; nothing is added", arguments: [
        "fri 25:00", "today 9xm", "fri 15:00 sharp", "2026-12-24T18:61", "15:60", "3pm tomorrow",
    ])
    func badDueTimes(value: String) throws {
        let tick = try CommandHarness()
        let outcome = tick.run(["add", "--due", value, "Call"])
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("cannot read the due date"), "\(outcome.errors)")
        #expect(outcome.errors.contains("2026-12-24T18:30"))
        #expect(try tick.withStore { try $0.todoCount() } == 0)
    }

    @Test("A word after the due day that is not a time stays in the title, with a note on standard error")
    func unreadTimeInTitle() throws {
        let tick = try CommandHarness()
        let outcome = tick.run(["add", "Call @fri 25:00"])
        #expect(outcome.status == 0)
        #expect(outcome.output == "Added 1 to Inbox: Call 25:00 (due 2026-12-04)\n")
        #expect(outcome.errors == "tick add: 25:00 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title\n")
    }

    @Test("edit changes or clears the time with --due, and a title's @when sets it")
    func editing() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--due", "mon", "Standup"])
        #expect(tick.output("edit", "1", "--due", "mon 8:15") == "Edited 1: Standup (due 2026-11-30 08:15)\n")
        #expect(tick.output("edit", "1", "Standup @tue 9:30pm") == "Edited 1: Standup (due 2026-12-01 21:30)\n")
        #expect(tick.output("edit", "1", "--due", "2026-12-02") == "Edited 1: Standup (due 2026-12-02)\n")
        #expect(try tick.withStore { try $0.item(id: 1)?.due } == "2026-12-02")
    }

    @Test("ls widens the due column for times only when some todo has one; --json carries the stored text")
    func listing() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--due", "2026-12-24", "All day"])
        #expect(tick.output("ls") == "1  [ ]  2026-12-24  Inbox  All day\n")
        tick.run(["add", "--due", "2026-12-24T18:30", "Party"])
        #expect(tick.output("ls") == """
            1  [ ]  2026-12-24        Inbox  All day
            2  [ ]  2026-12-24 18:30  Inbox  Party

            """)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(tick.output("ls", "--json").utf8)) as? [[String: Any]])
        #expect(array.map { $0["due"] as? String } == ["2026-12-24", "2026-12-24T18:30"])
    }

    @Test("ls --due groups by day: a time earlier today is still today, ordered by time after the bare day")
    func dueWindowsByDay() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--due", "today 18:00", "Evening"])
        tick.run(["add", "--due", "today 0:05", "Past midnight"])
        tick.run(["add", "--due", "today", "--priority", "high", "Any time"])
        tick.run(["add", "--due", "yesterday 23:59", "Late"])
        #expect(tick.output("ls", "--due", "today") == """
            3  [ ]  !!!  2026-11-29        Inbox  Any time
            2  [ ]       2026-11-29 00:05  Inbox  Past midnight
            1  [ ]       2026-11-29 18:00  Inbox  Evening

            """)
        #expect(tick.output("ls", "--due", "overdue") == "4  [ ]  2026-11-28 23:59  Inbox  Late\n")
    }

    @Test("todo.txt export keeps the day only; JSON export keeps the time")
    func exports() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--due", "2026-12-24T18:30", "Party"])
        #expect(tick.run(["export", "--format", "todotxt", tick.file("todo.txt")]).status == 0)
        let line = try String(contentsOfFile: tick.file("todo.txt"), encoding: .utf8)
        #expect(line.hasSuffix("Party due:2026-12-24\n"), "\(line)")
        #expect(tick.run(["export", "--format", "json", tick.file("tick.json")]).status == 0)
        #expect(try String(contentsOfFile: tick.file("tick.json"), encoding: .utf8).contains(#""due": "2026-12-24T18:30""#))
    }
}

/// The due column of `tick ls` is as wide as what it lists needs, however the rest of the store looks.
@Suite("Command line: the due column's width")
struct CommandLineDueColumnTests {
    @Test("A time in another list, a done todo left out, or a day outside the window does not widen the column")
    func widthFollowsWhatIsListed() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--due", "today", "Plain"])
        tick.run(["add", "--list", "Work", "--due", "today 9:00", "Timed"])
        tick.run(["add", "--due", "tomorrow 9:00", "Done timed"])
        tick.run(["done", "3"])
        #expect(tick.output("ls", "--list", "Inbox") == "1  [ ]  2026-11-29  Inbox  Plain\n")
        #expect(tick.output("ls", "--all", "--list", "Inbox") == """
            1  [ ]  2026-11-29        Inbox  Plain
            3  [x]  2026-11-30 09:00  Inbox  Done timed

            """)
        #expect(tick.output("ls", "--due", "today", "--list", "Work") == "2  [ ]  2026-11-29 09:00  Work  Timed\n")
        tick.run(["edit", "2", "--due", "2026-12-24T09:00"])
        #expect(tick.output("ls", "--due", "today") == "1  [ ]  2026-11-29  Inbox  Plain\n")
        #expect(tick.output("ls", "--due", "2026-12-24") == "2  [ ]  2026-12-24 09:00  Work   Timed\n")
    }
}
