import Foundation
import Testing

/// `tick sync` in a real terminal: the progress bar shows while a long first sync sends its todos
/// and is erased before the summary line. The real binary in a tmux pane, against a real Radicale.
@Suite("tick sync: progress on a terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct SyncProgressEndToEndTests {
    static let python = TickEndToEndTests.root.appendingPathComponent(".build/venv/bin/python").path

    /// A Radicale for this test (no passwords: `[auth] type = none`), on a free port, exiting with
    /// the test process; stopped by the caller.
    private static func startRadicale(in folder: URL) throws -> (process: Process, port: Int) {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
        let portPipe = Pipe()
        probe.standardOutput = portPipe
        try probe.run()
        probe.waitUntilExit()
        let port = try #require(Int(String(decoding: portPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let config = folder.appendingPathComponent("radicale.conf")
        try """
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = none
            [storage]
            filesystem_folder = \(folder.path)/collections
            [web]
            type = none
            [logging]
            level = warning

            """.write(to: config, atomically: true, encoding: .utf8)
        // Children of the test process start with SIGTERM blocked: unblock, and exit with the parent.
        let script = """
            import os, signal, sys, threading, time
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            parent = os.getppid()
            def watch():
                while os.getppid() == parent:
                    time.sleep(0.2)
                os._exit(0)
            threading.Thread(target=watch, daemon=True).start()
            from radicale.__main__ import run
            sys.argv = ["radicale", "--config", sys.argv[1]]
            run()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, config.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
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
        defer {
            radicale.terminate()
            radicale.waitUntilExit()
        }
        let config = scratch.folder.appendingPathComponent("config")
        try "sync url http://127.0.0.1:\(port)/tester/\nsync user tester\n".write(to: config, atomically: true, encoding: .utf8)
        let command = "env TICK_CONFIG=\(config.path) TICK_SYNC_PASSWORD=any \(TickEndToEndTests.binary) --db \(scratch.database) sync"
        // Radicale takes a moment to listen: the first attempt may fail to connect; the sync then runs again.
        let wrapped = "sh -c 'for attempt in 1 2 3 4 5 6 7 8 9 10; do \(command) 2>/dev/null --dry-run >/dev/null && break; sleep 0.5; done; \(command)'"
        let session = try TmuxSession(command: wrapped, width: 120, height: 6)
        defer { session.kill() }
        let during = try session.waitFor(text: "Sending [", timeout: 120)
        #expect(during.contains { $0.hasPrefix("Sending [") && $0.contains("/200 todos") && $0.contains(" requests") }, "\(during)")
        #expect(try session.waitForExit(timeout: 300) == 0)
        let after = try session.capture()
        #expect(after.contains("↑ 200 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts"), "\(after)")
        #expect(!after.contains { $0.contains("Sending") || $0.contains("[") }, "\(after)")
    }
}
