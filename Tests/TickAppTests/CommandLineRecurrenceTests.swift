import Foundation
import Testing
@testable import TickApp
import TodoStore

/// `--every` on add and edit, `tick done` printing the next occurrence, `tick rm --skip`.
@Suite("Command line: recurring todos")
struct CommandLineRecurrenceTests {
    @Test("add --every and @every store the rule; done adds the next occurrence and prints it")
    func addAndDone() throws {
        let tick = try CommandHarness()
        let added = tick.run(["add", "--due", "2026-12-07", "--every", "mon,thu", "Standup"])
        #expect(added.output == "Added 1 to Inbox: Standup (due 2026-12-07, every mon, thu)\n")
        #expect(tick.output("add", "Rent", "@2026-12-25", "@every", "month", "on", "the", "last", "friday")
                == "Added 2 to Inbox: Rent (due 2026-12-25, every month on the last fri)\n")
        let done = tick.run(["done", "1"])
        #expect(done.status == 0)
        #expect(done.output == "Done 1: Standup (due 2026-12-07)\nNext 3: Standup (due 2026-12-10, every mon, thu)\n")
        #expect(tick.output("done", "2").hasSuffix("Next 4: Rent (due 2027-01-29, every month on the last fri)\n"))
    }

    @Test("edit --every changes or stops the rule; a rule it cannot read is refused with a message and nothing changes")
    func edit() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Bins"])
        #expect(tick.output("edit", "1", "--every", "+2 weeks") == "Edited 1: Bins (every 2 weeks after done)\n")
        let refused = tick.run(["edit", "1", "--every", "fortnightly"])
        #expect(refused.status != 0 && refused.errors.contains("cannot read --every “fortnightly”"))
        #expect(tick.output("edit", "1", "--every", "none") == "Edited 1: Bins\n")
        let two = tick.run(["add", "X", "@every", "day", "--every", "week"])
        #expect(two.status != 0 && two.errors.contains("two recurrences, @every day and --every week: keep one"))
    }

    @Test("--every with a COUNT beyond the bound is refused with a message that says the bound, and nothing is added")
    func hugeCount() throws {
        let tick = try CommandHarness()
        let refused = tick.run(["add", "--every", "FREQ=DAILY;COUNT=99999999999", "Water"])
        #expect(refused.status != 0 && refused.errors.contains("COUNT=99999999999 is more than Tick follows; COUNT goes up to 100000"),
                "\(refused.errors)")
        #expect(tick.output("ls", "--all") == "")
    }

    @Test("rm stops the series; rm --skip deletes this occurrence and adds the next")
    func remove() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--due", "2026-12-07", "--every", "week", "Standup"])
        #expect(tick.output("rm", "--skip", "1") == "Skipped 1: Standup (due 2026-12-07, every week)\nNext 2: Standup (due 2026-12-14, every week)\n")
        #expect(tick.output("rm", "2") == "Deleted 2: Standup (due 2026-12-14, every week)\n")
        #expect(tick.output("ls", "--all") == "")
        tick.run(["add", "Plain"])
        #expect(tick.run(["rm", "--skip", "3"]).errors.contains("does not recur"))
    }
}
