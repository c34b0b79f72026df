import Foundation
import Testing

/// The built `tick` with its standard output on a full disk, a pipe whose reader left, or a terminal.
@Suite("tick's standard output: full disks, closed pipes, terminals")
struct StandardOutputEndToEndTests {
    /// Runs the binary with `arguments`, standard output on /dev/full; returns the status and standard error.
    static func runIntoFullDisk(_ arguments: [String], input: String = "") throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TickEndToEndTests.binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TICK_CONFIG": "/dev/null"]) { _, new in new }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = full
        process.standardError = stderr
        try process.run()
        try full.close()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
    }

    /// Runs a bash script; returns its standard output and error.
    static func bash(_ script: String) throws -> (output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["TICK_CONFIG": "/dev/null"]) { _, new in new }
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    /// A store with a few todos, in a folder removed at the end of the test.
    final class Store {
        let database = CommandLineTests.scratchDatabase()
        init(todos: Int = 3) throws {
            let lines = (1...todos).map { "Todo number \($0) with a title long enough to fill a pipe quickly" }.joined(separator: "\n")
            #expect(try CommandLineTests.run(["--db", database, "import", "-"], input: lines).status == 0)
        }
        deinit { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
    }

    @Test("With standard output on a full disk every way of printing is exit 1 with one message", arguments: [
        (["export"], ""), (["export", "--format", "json"], ""), (["ls"], ""), (["help"], ""),
        (["ls", "--help"], ""), (["completions", "zsh"], ""), (["--help"], ""), (["--version"], ""),
        (["--size", "40x4"], "aBuy milk<Enter>"), (["--size", "40x4", "--frames"], "aBuy milk<Enter>"),
        (["--size", "40x4", "--stats"], "j"),
    ])
    func fullDisk(arguments: [String], keys: String) throws {
        let store = try Store()
        let outcome = try Self.runIntoFullDisk(["--db", store.database] + arguments, input: keys)
        #expect(outcome.status == 1)
        #expect(outcome.errors == "tick: cannot write to standard output: No space left on device\n")
    }

    @Test("tick add > /dev/full adds the todo once and exits 0, saying on standard error that its line was lost")
    func addIntoFullDisk() throws {
        let store = try Store()
        let outcome = try Self.runIntoFullDisk(["--db", store.database, "add", "Another"])
        #expect(outcome.status == 0)
        #expect(outcome.errors == "tick add: added 4 to Inbox, but cannot write to standard output: No space left on device\n")
        let listed = try CommandLineTests.run(["--db", store.database, "ls"]).output
        #expect(listed.components(separatedBy: "Another").count == 2, "\(listed)")
    }

    @Test("When the reader of a pipe leaves early (tick ls | head -1), tick stops quietly with status 141, SIGPIPE ignored or not",
          arguments: ["ls", "export", "export --format json"])
    func brokenPipe(command: String) throws {
        let store = try Store(todos: 5000)
        for ignoresSignal in [true, false] {
            // An ignored SIGPIPE (as some parents leave it) is inherited; then writes fail with EPIPE instead.
            let trap = ignoresSignal ? "trap '' PIPE; " : ""
            let script = "\(trap)\(TickEndToEndTests.binary) --db '\(store.database)' \(command) | head -1 >/dev/null; echo \"${PIPESTATUS[0]}\""
            let outcome = try Self.bash(script)
            #expect(outcome.output == "141\n", "\(ignoresSignal ? "ignored" : "default") SIGPIPE")
            #expect(outcome.errors.isEmpty)
        }
    }

    @Test("An export to a file that fails part way (the file size limit here) is exit 1 and leaves the old file and no temporary file")
    func exportFailingPartWay() throws {
        let store = try Store(todos: 1)
        let lines = (1...2000).map { "Todo \($0) " + String(repeating: "long title ", count: 50) }.joined(separator: "\n")
        #expect(try CommandLineTests.run(["--db", store.database, "import", "-"], input: lines).status == 0)
        let folder = (store.database as NSString).deletingLastPathComponent
        let backup = folder + "/backup.txt"
        try "the old backup\n".write(toFile: backup, atomically: false, encoding: .utf8)
        // ulimit -f 256: writes past 256 KiB (of about 1 MB) fail with EFBIG once SIGXFSZ is ignored.
        let outcome = try Self.bash("trap '' XFSZ; ulimit -f 256; \(TickEndToEndTests.binary) --db '\(store.database)' export '\(backup)'; echo \"status $?\"")
        #expect(outcome.output == "status 1\n")
        #expect(outcome.errors == "tick export: cannot write \(backup): File too large\n")
        #expect(try String(contentsOfFile: backup, encoding: .utf8) == "the old backup\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("backup") } == ["backup.txt"])
    }

    @Test("export /dev/stdout writes into the pipe standard output is, and /dev/stdout stays as it was")
    func exportToDevStdout() throws {
        let store = try Store(todos: 3)
        let before = try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout")
        let expected = try CommandLineTests.run(["--db", store.database, "export"]).output
        let outcome = try Self.bash("\(TickEndToEndTests.binary) --db '\(store.database)' export /dev/stdout | cat; echo \"status ${PIPESTATUS[0]}\"")
        #expect(outcome.output == expected + "Exported 3 todos to /dev/stdout (todo.txt)\nstatus 0\n")
        #expect(outcome.errors.isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout") == before)

        // Standard output on a file opened for appending: the export is added, the file not replaced.
        let log = (store.database as NSString).deletingLastPathComponent + "/log.txt"
        try "an earlier line\n".write(toFile: log, atomically: false, encoding: .utf8)
        let appended = try Self.bash("\(TickEndToEndTests.binary) --db '\(store.database)' export /dev/stdout >> '\(log)'; echo \"status $?\"")
        #expect(appended.output == "status 0\n")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "an earlier line\n" + expected + "Exported 3 todos to /dev/stdout (todo.txt)\n")
    }

    @Test("export to a terminal shows a title's escape sequences as placeholders: the terminal's title stays",
          .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), arguments: ["export", "export /dev/tty"])
    func exportToTerminal(command: String) throws {
        let store = try Store(todos: 1)
        let title = "Pay \u{1B}]2;pwned\u{07}rent \u{1B}]52;c;ZXZpbA==\u{07}"
        #expect(try CommandLineTests.run(["--db", store.database, "add", title]).status == 0)
        let session = try TmuxSession(command: "env TICK_CONFIG=/dev/null \(TickEndToEndTests.binary) --db \(store.database) \(command)",
                                      width: 80, height: 6)
        defer { session.kill() }
        #expect(try session.waitForExit() == 0)
        let screen = try session.capture()
        #expect(screen.contains { $0.hasSuffix("Pay ␛]2;pwned␇rent ␛]52;c;ZXZpbA==␇") }, "\(screen)")
        #expect(try session.query("#{pane_title}") != "pwned")
        // The same export through a pipe is exact.
        let piped = try CommandLineTests.run(["--db", store.database, "export"])
        #expect(piped.output.contains(title))
    }
}
