import Foundation
import Testing

/// Issue 17: long imports show a progress bar on a terminal, erase it at the end, print none on a
/// pipe, and stop cleanly at Ctrl-C. The real binary in a tmux pane, Ctrl-C typed by tmux.
@Suite("tick: progress and Ctrl-C of a long import", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ProgressEndToEndTests {
    let e2e = TickEndToEndTests()

    /// A todo.txt file big enough that importing it takes seconds (the bar waits half a second).
    private func bigFile(in scratch: TickEndToEndTests.Scratch, lines: Int = 150_000) throws -> String {
        let path = scratch.folder.appendingPathComponent("big.txt").path
        let text = (0..<lines).map { "(B) 2026-11-\(10 + $0 % 18) Todo number \($0) +List\($0 % 7) due:2026-12-\(10 + $0 % 18)" }
            .joined(separator: "\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func listing(_ database: String) throws -> String {
        let outcome = try CommandLineTests.run(["ls", "--all", "--db", database])
        try #require(outcome.status == 0, "\(outcome.errors)")
        return outcome.output
    }

    @Test("On a terminal the bar shows while the import runs and is erased at the end, leaving only the summary")
    func barShowsAndIsErased() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let file = try bigFile(in: scratch)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database) import \(file)"), width: 200, height: 8)
        defer { session.kill() }
        let during = try session.waitFor(text: "Importing [", timeout: 120)
        #expect(during.contains { $0.hasPrefix("Importing [") && $0.contains("/150,000 todos") }, "\(during)")
        #expect(try session.waitForExit(timeout: 300) == 0)
        let after = try session.capture()
        #expect(after.contains("Imported 150000 todos (0 done) into 7 lists from \(file)"), "\(after)")
        #expect(!after.contains { $0.contains("Importing") || $0.contains("Reading") || $0.contains("[") }, "\(after)")
    }

    @Test("Ctrl-C during the import: exit 130, a message saying nothing was imported, and the store unchanged")
    func ctrlCLeavesTheStoreUnchanged() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let file = try bigFile(in: scratch)
        let added = try CommandLineTests.run(["add", "--db", scratch.database, "Already here"])
        try #require(added.status == 0, "\(added.errors)")
        let before = try listing(scratch.database)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database) import \(file)"), width: 100, height: 8)
        defer { session.kill() }
        try session.waitFor(text: "Importing [", timeout: 120)
        try session.sendKeys("C-c")
        #expect(try session.waitForExit(timeout: 60) == 130)
        let screen = try session.capture()
        #expect(screen.contains("tick import: interrupted; nothing was imported, the store is unchanged"), "\(screen)")
        #expect(try listing(scratch.database) == before)
    }

    @Test("With standard error on a pipe, a long import writes nothing there")
    func nothingOnAPipe() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let file = try bigFile(in: scratch, lines: 50_000)
        let outcome = try CommandLineTests.run(["--db", scratch.database, "import", file])
        #expect(outcome.status == 0)
        #expect(outcome.errors.isEmpty)
        #expect(outcome.output == "Imported 50000 todos (0 done) into 7 lists from \(file)\n")
    }
}
