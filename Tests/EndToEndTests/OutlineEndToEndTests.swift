import Foundation
import Testing

/// Issue 31, subtasks on screen in a real terminal: the outline `tick add --parent` made, collapsed
/// and expanded with `z`, and the collapse remembered across a restart.
@Suite("Subtasks in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct OutlineEndToEndTests {
    let e2e = TickEndToEndTests()

    @Test("z collapses a parent into ▸ with its count of done subtasks and expands it again; a restart keeps the collapse")
    func collapseAndExpand() throws {
        let scratch = try TickEndToEndTests.Scratch()
        for arguments in [["add", "Trip"], ["add", "--parent", "1", "Tickets"], ["add", "--parent", "2", "Train"],
                          ["add", "--parent", "1", "Hotel"], ["add", "Laundry"], ["done", "4"]] {
            let outcome = try CommandLineTests.run(["--db", scratch.database] + arguments)
            try #require(outcome.status == 0, "\(arguments): \(outcome.errors)")
        }
        var session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        defer { session.kill() }
        var screen = try session.waitFor(text: "4 open")
        #expect(screen.prefix(5).map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst() == [
            "▾ [ ] Trip", "▾ [ ] Tickets", "[ ] Train", "[ ] Laundry",
        ])
        #expect(screen[2].hasPrefix("  ▾ [ ] Tickets"))
        #expect(screen[3].hasPrefix("      [ ] Train"))
        try session.sendKeys("z")
        screen = try session.waitFor(text: "▸ [ ] Trip 1/2")
        #expect(screen[2].hasPrefix("  [ ] Laundry"))
        #expect(!screen.contains { $0.contains("Tickets") })
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        session.kill()

        session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        screen = try session.waitFor(text: "▸ [ ] Trip 1/2")
        try session.sendKeys("z")
        screen = try session.waitFor(text: "  ▾ [ ] Tickets")
        #expect(screen[1].hasPrefix("▾ [ ] Trip"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
