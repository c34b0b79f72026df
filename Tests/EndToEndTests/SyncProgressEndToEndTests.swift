import Foundation
import Testing

/// `tick sync` in a real terminal: the progress bar shows while a long first sync sends its todos
/// and is erased before the summary line. The real binary in a tmux pane, against a real Radicale.
@Suite("tick sync: progress on a terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct SyncProgressEndToEndTests {
    static let python = RadicaleProcess.python(inRepository: TickEndToEndTests.root)

    /// A Radicale for this test (the user `tester`, password `any`), on a free port, exiting with
    /// the test process; stopped by the caller with `RadicaleProcess.stop`.
    private static func startRadicale(in folder: URL) throws -> (process: Process, port: UInt16) {
        let port = try RadicaleProcess.freePort()
        try "tester:any\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("radicale.conf")
        try RadicaleProcess.configuration(port: port, usersFile: folder.appendingPathComponent("users").path, storage: folder.path + "/collections")
            .write(to: config, atomically: true, encoding: .utf8)
        let process = try RadicaleProcess.start(python: python, configuration: config.path, log: FileHandle.nullDevice)
        try #require(RadicaleProcess.waitUntilListening(process, port: port), "Radicale did not start listening on port \(port)")
        return (process, port)
    }

    @Test("A first sync of 200 todos shows 'Sending [' with the todos and requests on the terminal, then only the summary line")
    func barShowsAndIsErased() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python), "Radicale is not installed: make radicale (make test does)")
        let scratch = try TickEndToEndTests.Scratch()
        let file = scratch.folder.appendingPathComponent("todos.txt")
        try (1...200).map { "Todo number \($0)" }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let imported = try CommandLineTests.run(["--db", scratch.database, "import", file.path])
        try #require(imported.status == 0, "\(imported.errors)")
        let (radicale, port) = try Self.startRadicale(in: scratch.folder)
        defer { RadicaleProcess.stop(radicale) }
        let config = scratch.folder.appendingPathComponent("config")
        try "sync url http://127.0.0.1:\(port)/tester/\nsync user tester\n".write(to: config, atomically: true, encoding: .utf8)
        let command = "env TICK_CONFIG=\(config.path) TICK_SYNC_PASSWORD=any \(TickEndToEndTests.binary) --db \(scratch.database) sync"
        let session = try TmuxSession(command: command, width: 120, height: 6)
        defer { session.kill() }
        let during = try session.waitFor(text: "Sending [", timeout: 120)
        #expect(during.contains { $0.hasPrefix("Sending [") && $0.contains("/200 todos") && $0.contains(" requests") }, "\(during)")
        #expect(try session.waitForExit(timeout: 300) == 0)
        let after = try session.capture()
        #expect(after.contains("↑ 200 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts"), "\(after)")
        #expect(!after.contains { $0.contains("Sending") || $0.contains("[") }, "\(after)")
    }
}
