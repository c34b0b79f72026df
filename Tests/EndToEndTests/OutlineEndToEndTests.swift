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

    /// A store of Trip (Tickets (Train), Hotel) and Laundry, with Trip collapsed by a first session.
    private func collapsedTrip() throws -> TickEndToEndTests.Scratch {
        let scratch = try TickEndToEndTests.Scratch()
        for arguments in [["add", "Trip"], ["add", "--parent", "1", "Tickets"], ["add", "--parent", "2", "Train"],
                          ["add", "--parent", "1", "Hotel"], ["add", "Laundry"]] {
            let outcome = try CommandLineTests.run(["--db", scratch.database] + arguments)
            try #require(outcome.status == 0, "\(arguments): \(outcome.errors)")
        }
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        defer { session.kill() }
        _ = try session.waitFor(text: "5 open")
        try session.sendKeys("z")
        _ = try session.waitFor(text: "▸ [ ] Trip 0/2")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        return scratch
    }

    /// The screen's list rows, trailing blanks trimmed.
    private func rows(_ screen: [String]) -> [String] {
        screen.prefix(6).map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test("z and q in one burst (no idle moment between them): the next open shows the parent expanded, as the session left it")
    func expandThenQuitAtOnce() throws {
        let scratch = try collapsedTrip()
        var session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        defer { session.kill() }
        _ = try session.waitFor(text: "▸ [ ] Trip 0/2")
        // One write: the loop handles both keys before it could count as idle, so only the quit saves.
        try session.sendKeys("zq", literal: true)
        #expect(try session.waitForExit() == 0)
        session.kill()
        session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        let screen = try session.waitFor(text: "  ▾ [ ] Tickets")
        #expect(rows(screen).dropFirst().prefix(4) == ["▾ [ ] Trip", "  ▾ [ ] Tickets", "      [ ] Train", "    [ ] Hotel"])
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test("z then Ctrl-C: the next open shows the same screen the session showed")
    func expandThenInterrupt() throws {
        let scratch = try collapsedTrip()
        var session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        defer { session.kill() }
        _ = try session.waitFor(text: "▸ [ ] Trip 0/2")
        try session.sendKeys("z")
        let before = try session.waitFor(text: "  ▾ [ ] Tickets")
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 130)
        session.kill()
        session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        let after = try session.waitFor(text: "  ▾ [ ] Tickets")
        #expect(rows(after) == rows(before))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
