import Foundation
import Testing

/// Issue 19, titles that wrap, in a real terminal: `W` grows the rows, a resize rewraps them, and the
/// choice is there again after a restart.
@Suite("Wrapped titles in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct WrappedTitlesEndToEndTests {
    let e2e = TickEndToEndTests()

    @Test("W wraps a long title under its first column; a narrower terminal rewraps it (three lines, then …); a restart keeps it wrapped")
    func wrapResizeRestart() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let title = "Call the dentist about the appointment on Friday and ask about the insurance card 买牛奶"
        let outcome = try CommandLineTests.run(["add", "--db", scratch.database, title])
        try #require(outcome.status == 0, "\(outcome.errors)")
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 60, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "1 open")
        try session.sendKeys("W")
        var screen = try session.waitFor(text: "Wrapping long titles")
        #expect(screen[1].hasPrefix("[ ] Call the dentist about the appointment on Friday and"))
        #expect(screen[2].hasPrefix("    ask about the insurance card 买牛奶"))
        try session.resize(width: 30, height: 10)
        screen = try session.waitFor("the title rewrapped at 30 columns") { $0.count > 3 && $0[3].hasPrefix("    and ask about the insura…") }
        #expect(screen[1].hasPrefix("[ ] Call the dentist about"))
        #expect(screen[2].hasPrefix("    the appointment on Friday"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)

        let again = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 60, height: 10)
        defer { again.kill() }
        screen = try again.waitFor(text: "1 open")
        #expect(screen[2].hasPrefix("    ask about the insurance card 买牛奶"), "W is remembered in the store")
    }
}
