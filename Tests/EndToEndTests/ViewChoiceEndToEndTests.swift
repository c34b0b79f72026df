import Foundation
import Testing

/// Issue 31, view choices written when the user is idle or Tick ends, not on their key: `R` pressed
/// just before the session ends (no idle moment between them) is remembered at the next open.
@Suite("View choices in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ViewChoiceEndToEndTests {
    let e2e = TickEndToEndTests()

    @Test("R and Ctrl-C in one burst: the next open still hides the waiting todo, as the session left it")
    func hideThenInterrupt() throws {
        let scratch = try TickEndToEndTests.Scratch()
        for arguments in [["add", "Taxes ^2099-01-01"], ["add", "Laundry"]] {
            let outcome = try CommandLineTests.run(["--db", scratch.database] + arguments)
            try #require(outcome.status == 0, "\(arguments): \(outcome.errors)")
        }
        var session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        defer { session.kill() }
        _ = try session.waitFor(text: "2 open")
        try session.sendKeys("R", "C-c")
        #expect(try session.waitForExit() == 130)
        session.kill()
        session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        let screen = try session.waitFor(text: "1 waiting hidden")
        #expect(!screen.contains { $0.contains("Taxes") })
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
