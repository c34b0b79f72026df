import Foundation
import Testing

/// Issue 27, point 3, in a real terminal: the screen after keys equals the screen of the same store
/// opened by a new process, with the store made by earlier processes (`tick add`) and the priority,
/// flag, tag, due and wrap columns present.
@Suite("The screen matches the store in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct FreshOpenEndToEndTests {
    let e2e = TickEndToEndTests()

    /// The list's lines of a captured screen: everything above the status line.
    private func listLines(_ screen: [String]) -> [String] {
        Array(screen.dropLast()).map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// A store made by five `tick add` processes, the second todo with a priority.
    private func store(in scratch: TickEndToEndTests.Scratch) throws {
        for title in ["Todo 1", "Todo 2 !!", "Todo 3", "Todo 4", "Todo 5"] {
            let outcome = try CommandLineTests.run(["add", "--db", scratch.database, title])
            try #require(outcome.status == 0, "\(outcome.errors)")
        }
    }

    @Test("G then K as the first keys after opening a store with a priority move the row on screen at once")
    func firstMoveShows() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try store(in: scratch)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 9)
        defer { session.kill() }
        try session.waitFor(text: "5 open")
        try session.sendKeys("G")
        try session.sendKeys("K")
        let screen = try session.waitFor(text: "Moved “Todo 5”")
        #expect(listLines(screen)[1...5] == ["[ ]     Todo 1", "[ ]  !! Todo 2", "[ ]     Todo 3", "[ ]     Todo 5", "[ ]     Todo 4"])
    }

    /// Opens the store in a new `tick` process, waits for its first frame and returns its list's lines.
    private func open(_ scratch: TickEndToEndTests.Scratch) throws -> TmuxSession {
        try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 60, height: 16)
    }

    /// Types keys one at a time, each waiting for the message it should show.
    private func type(_ keys: [(String, String?)], in session: TmuxSession) throws {
        for (key, said) in keys {
            try session.sendKeys(key)
            if let said { try session.waitFor(text: said) }
        }
    }

    @Test("After keys that change the todos and the columns, a new process opening the store shows the same list; a move as its first keys too")
    func reopenShowsTheSame() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try store(in: scratch)
        for arguments in [["add", "--db", scratch.database, "Call the dentist about the appointment on Friday and the insurance card #health @tomorrow"],
                          ["add", "--db", scratch.database, "--list", "Work", "Ship the release @today 15:00"]] {
            let outcome = try CommandLineTests.run(arguments)
            try #require(outcome.status == 0, "\(outcome.errors)")
        }
        // First process: wrap, flag, complete, raise a priority.
        let first = try open(scratch)
        defer { first.kill() }
        try first.waitFor(text: "6 open")
        try type([("W", "Wrapping long titles"), ("f", "Flagged"), ("j", nil), ("x", "Done"), ("+", "Priority")], in: first)
        let afterFirst = listLines(try first.capture())
        try first.sendKeys("q")
        #expect(try first.waitForExit() == 0)
        #expect(afterFirst.contains { $0.contains("⚑") } && afterFirst.contains { $0.hasPrefix("[✓]") } && afterFirst.contains { $0.contains("#health") })

        // Second process: the same list; then titles cut again (remembered), which the first move then meets.
        let second = try open(scratch)
        defer { second.kill() }
        let opened = listLines(try second.waitFor(text: "open ·"))
        #expect(opened == afterFirst, "a new process draws the list the keys left:\n\(afterFirst.joined(separator: "\n"))\n---\n\(opened.joined(separator: "\n"))")
        try type([("W", "Cutting long titles")], in: second)
        try second.sendKeys("q")
        #expect(try second.waitForExit() == 0)

        // Third process: a move of the first todo as its first key.
        let third = try open(scratch)
        defer { third.kill() }
        try third.waitFor(text: "open ·")
        try type([("J", "Moved")], in: third)
        let afterThird = listLines(try third.capture())
        try third.sendKeys("q")
        #expect(try third.waitForExit() == 0)

        // Fourth process: the list the move left.
        let fourth = try open(scratch)
        defer { fourth.kill() }
        let reopened = listLines(try fourth.waitFor(text: "open ·"))
        #expect(reopened == afterThird, "a new process draws the list the move left:\n\(afterThird.joined(separator: "\n"))\n---\n\(reopened.joined(separator: "\n"))")
    }
}
