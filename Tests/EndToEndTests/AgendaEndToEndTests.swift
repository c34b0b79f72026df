import Foundation
import Testing

/// Issue 19, the agenda in a real terminal: `A` shows every list's todos by due group under pinned
/// headers, a row action changes the groups, another process's todo arrives, and `A` goes back.
@Suite("The agenda in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct AgendaEndToEndTests {
    let e2e = TickEndToEndTests()

    @Test("A shows Overdue, Today and Tomorrow from two lists; x on the overdue row leaves its group saying nothing; a todo added by `tick add` appears in Today; A goes back to the lists")
    func agendaInATerminal() throws {
        let scratch = try TickEndToEndTests.Scratch()
        for arguments in [["add", "pay rent @yesterday"], ["add", "--list", "Work", "standup @today 9:00"],
                          ["add", "买牛奶 @tomorrow"], ["add", "someday, no due"]] {
            let outcome = try CommandLineTests.run(["--db", scratch.database] + arguments)
            try #require(outcome.status == 0, "\(outcome.errors)")
        }
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 60, height: 12)
        defer { session.kill() }
        try session.waitFor(text: "4 open")
        try session.sendKeys("A")
        var screen = try session.waitFor(text: "Tomorrow · 1")
        #expect(screen[0].hasPrefix("Overdue · 1 ─"))
        #expect(screen[1].hasPrefix("[ ] pay rent · Inbox"))
        #expect(screen[2].hasPrefix("Today · 1 ─"))
        #expect(screen[3].hasPrefix("[ ] standup · Work"))
        #expect(screen[3].hasSuffix("today 9:00"))
        #expect(screen[5].hasPrefix("[ ] 买牛奶 · Inbox"))
        #expect(!screen.joined().contains("someday"), "a todo with no due day is not in the agenda")

        try session.sendKeys("x")
        screen = try session.waitFor(text: "Overdue · nothing")
        #expect(screen[1].hasPrefix("Today · 1 ─"))
        #expect(screen[2].hasPrefix("[ ] standup · Work"))

        let added = try CommandLineTests.run(["--db", scratch.database, "add", "call mom @today 18:00"])
        try #require(added.status == 0, "\(added.errors)")
        screen = try session.waitFor(text: "Today · 2")
        #expect(screen[2].hasPrefix("[ ] standup · Work"), "9:00 before 18:00")
        #expect(screen[3].hasPrefix("[ ] call mom · Inbox"))

        try session.sendKeys("A")
        screen = try session.waitFor("the lists view again") { $0.first?.hasPrefix("▾ Inbox · 3 open · 1 done") == true }
        #expect(screen.contains { $0.hasPrefix("▾ Work · 1 open") })
        #expect(screen.contains { $0.contains("someday, no due") })
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
