import Foundation
import Testing

/// Issue 31 part 4 in a real terminal: `w` starts a todo, `X` cancels one, `tick start` from another
/// process shows up, and `tick ls` afterwards says the same.
@Suite("Started and cancelled in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct StatusEndToEndTests {
    let e2e = TickEndToEndTests()

    @Test("w shows [/], X shows [-] at the end of the list, tick start from another process shows [/]; tick ls --all agrees after quitting")
    func statusesInATerminal() throws {
        let scratch = try TickEndToEndTests.Scratch()
        for title in ["Paint the fence", "Renew the old passport", "Call the plumber"] {
            let outcome = try CommandLineTests.run(["--db", scratch.database, "add", title])
            try #require(outcome.status == 0, "\(outcome.errors)")
        }
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "3 open")
        try session.sendKeys("w")
        var screen = try session.waitFor(text: "[/] Paint the fence")
        try session.sendKeys("j")
        try session.sendKeys("X")
        screen = try session.waitFor(text: "[-] Renew the old passport")
        #expect(screen[0].hasPrefix("▾ Inbox · 2 open · 1 done"))
        let started = try CommandLineTests.run(["--db", scratch.database, "start", "3"])
        try #require(started.status == 0, "\(started.errors)")
        screen = try session.waitFor(text: "[/] Call the plumber")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let listed = try CommandLineTests.run(["--db", scratch.database, "ls", "--all"])
        #expect(listed.output == """
            1  [/]  Inbox  Paint the fence
            3  [/]  Inbox  Call the plumber
            2  [-]  Inbox  Renew the old passport

            """)
    }
}
