import CalDAV
import Foundation
import Synchronization
import Testing
import TickApp
import TodoStore
import TodoSync

/// `tick sync`, `tick sync --status` and the open app's sync runner against `hostile_server.py`:
/// what a bad answer costs is named in the summary and in `--status`, the rest syncs, and nothing the
/// server sends reaches the terminal raw.
@Suite("tick sync against a hostile server", .serialized)
struct HostileSyncCommandTests {
    static let tick = RadicaleServer.root.appendingPathComponent(".build/debug/tick").path

    static func config(_ server: HostileServer, _ extra: String = "") -> String {
        "sync url \(server.homeURL.absoluteString)\nsync user \(RadicaleServer.user)\n" + extra
    }

    static let environment = ["TICK_SYNC_PASSWORD": RadicaleServer.password]

    /// A store at `database` with "Water plants" waiting to go up in list Home.
    static func prepare(_ database: String) throws {
        let store = try TodoStore(path: database)
        _ = try store.add(title: "Water plants", listID: try store.addList(named: "Home").value.id)
        store.close()
    }

    /// Runs the built `tick` (or `program`) with `arguments`, and returns its exit status and the bytes it wrote
    /// to standard output and standard error.
    static func runTick(_ arguments: [String], environment: [String: String], program: String = tick) throws
        -> (status: Int32, output: [UInt8], errors: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment.merging(["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]) { first, _ in first }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are read as the process writes, so a long message cannot fill one and block it.
        let collected = Mutex<[UInt8]>([])
        let reader = Thread { collected.withLock { $0 = Array(errors.fileHandleForReading.readDataToEndOfFile()) } }
        reader.start()
        let out = Array(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        while collected.withLock({ $0.isEmpty }) && reader.isExecuting { usleep(10_000) }
        return (process.terminationStatus, out, collected.withLock { $0 })
    }

    /// The control characters in `bytes` other than line breaks: what must never reach a terminal.
    static func controlBytes(_ bytes: [UInt8]) -> [UInt8] {
        bytes.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
    }

    @Test("a huge text node followed by escape sequences (title, clear screen, clipboard): tick sync writes no control byte, names the list, and the rest syncs")
    func hugeTextNodeReachesNoTerminal() throws {
        let tail = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}]52;c;cHduZWQ=\u{07}"
        try withHostileServer(collections: HostileServerTests.collections) { server in
            try server.misbehave(["huge_text": ["path": "/dav/work/", "bytes": 11 << 20, "tail": tail]])
            try SyncCommandTests.withStorePath { database in
                try Self.prepare(database)
                let configPath = database + ".config"
                try Self.config(server).write(toFile: configPath, atomically: true, encoding: .utf8)
                let environment = Self.environment.merging(["TICK_CONFIG": configPath]) { first, _ in first }
                let synced = try Self.runTick(["--db", database, "sync"], environment: environment)
                #expect(Self.controlBytes(synced.output).isEmpty && Self.controlBytes(synced.errors).isEmpty,
                        "\(String(decoding: synced.output + synced.errors, as: UTF8.self).debugDescription.prefix(2000))")
                let text = String(decoding: synced.output, as: UTF8.self)
                #expect(synced.status == 1)
                #expect(text.contains("list “Work” not synced (/dav/work/)"), "\(text.prefix(1000))")
                #expect(try HostileServerTests.wentUpToHome(server))
                let status = try Self.runTick(["--db", database, "sync", "--status"], environment: environment)
                #expect(Self.controlBytes(status.output).isEmpty && Self.controlBytes(status.errors).isEmpty)
                #expect(String(decoding: status.output, as: UTF8.self).contains("list “Work” not synced"))
            }
        }
    }

    @Test("a 250 MB answer within sync max-answer is read as it streams: tick sync's peak memory stays far below its size",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func streamedAnswerMemory() throws {
        try withHostileServer(collections: HostileServerTests.collections) { server in
            try server.misbehave(["pad": ["method": "REPORT", "path": "/dav/work/", "bytes": 250 << 20]])
            try SyncCommandTests.withStorePath { database in
                try Self.prepare(database)
                let configPath = database + ".config"
                try Self.config(server, "sync max-answer 300\n").write(toFile: configPath, atomically: true, encoding: .utf8)
                // GNU time prints the peak resident size in kB as the last line of standard error.
                let environment = Self.environment.merging(["TICK_CONFIG": configPath]) { first, _ in first }
                let synced = try Self.runTick(["-f", "%M", Self.tick, "--db", database, "sync"], environment: environment, program: "/usr/bin/time")
                let errors = String(decoding: synced.errors, as: UTF8.self)
                #expect(synced.status == 0, "\(errors)")
                let peak = try #require(errors.split(separator: "\n").last.flatMap { Int($0) }, "\(errors)")
                // About 35 MB measured; reading the answer whole took gigabytes. The bound leaves room for any build.
                #expect(peak < 150_000, "peak \(peak) kB")
                #expect(try HostileServerTests.wentUpToHome(server))
            }
        }
    }

    @Test("sync max-answer: an answer over it names the size and the list, in the summary and in --status; the other list syncs")
    func maximumAnswerSetting() throws {
        try withHostileServer(collections: HostileServerTests.collections) { server in
            try server.misbehave(["pad": ["method": "REPORT", "path": "/dav/work/", "bytes": 2 << 20]])
            try SyncCommandTests.withStorePath { database in
                try Self.prepare(database)
                let config = Self.config(server, "sync max-answer 1\n")
                let synced = SyncCommandTests.tick(["sync"], database: database, config: config, environment: Self.environment)
                #expect(synced.status == 1)
                #expect(synced.output.contains("list “Work” not synced (/dav/work/): The server sent an answer larger than 1 MB"), "\(synced.output)")
                #expect(try HostileServerTests.wentUpToHome(server))
                let status = SyncCommandTests.tick(["sync", "--status"], database: database, config: config, environment: Self.environment)
                #expect(status.output.contains("list “Work” not synced (/dav/work/): The server sent an answer larger than 1 MB"), "\(status.output)")
            }
        }
    }

    @Test("an item Tick cannot read is named with its list in tick sync's summary and in --status")
    func unreadableItemNamed() throws {
        let withNUL = todoCalendar(uid: "nul-1", summary: "Before\u{0}after")
        try withHostileServer(collections: HostileServerTests.collections, items: ["/dav/work/nul.ics": withNUL]) { server in
            try SyncCommandTests.withStorePath { database in
                try Self.prepare(database)
                let config = Self.config(server)
                let synced = SyncCommandTests.tick(["sync"], database: database, config: config, environment: Self.environment)
                #expect(synced.status == 0, "\(synced.errors)")
                #expect(synced.output.contains("1 item skipped, kept on the server: /dav/work/nul.ics in “Work”"), "\(synced.output)")
                let status = SyncCommandTests.tick(["sync", "--status"], database: database, config: config, environment: Self.environment)
                #expect(status.output.contains("/dav/work/nul.ics in “Work”"), "\(status.output)")
            }
        }
    }

    @Test("the open app's sync runner binds the client to the configured server and its limits: an oversized discovery is a failure to retry later")
    func backgroundRunnerUsesTheLimits() throws {
        try withHostileServer(collections: HostileServerTests.collections) { server in
            try server.misbehave(["pad": ["method": "PROPFIND", "bytes": 2 << 20]])
            try SyncCommandTests.withStorePath { database in
                try Self.prepare(database)
                let settings = Configuration.parse(Self.config(server, "sync max-answer 1\n"), path: "config").sync
                let runner = CalDAVSyncRunner(path: database, historyDepth: 100, durability: .normal, settings: settings,
                                              environment: Self.environment, zone: .fromEnvironment)
                let outcome = Mutex<SyncOutcome?>(nil)
                runner.run { result in outcome.withLock { $0 = result } }
                for _ in 0..<600 where outcome.withLock({ $0 == nil }) { usleep(50_000) }
                #expect(outcome.withLock { $0 } == .failed(SyncFailure(kind: .retryLater(retryAfter: nil),
                                                                         reason: CalDAVError.answerTooLarge(limit: 1 << 20).description)))
            }
        }
    }
}

/// The open app against the hostile server: an item of 300,000 nested VTODOs once crashed it
/// seconds after launch, every time.
@Suite("The open app against a hostile server", .serialized, .enabled(if: TmuxSession.isAvailable))
struct HostileOpenAppTests {
    @Test("an item of 300,000 nested VTODOs: the app syncs the rest, names the item and its list, and goes on running")
    func deeplyNestedItem() throws {
        try withHostileServer(collections: HostileServerTests.collections, items: ["/dav/work/fine.ics": HostileServerTests.fine],
                              nested: ("/dav/work/deep.ics", 300_000)) { server in
            try SyncCommandTests.withStorePath { database in
                try HostileSyncCommandTests.prepare(database)
                let configPath = database + ".config"
                try HostileSyncCommandTests.config(server).write(toFile: configPath, atomically: true, encoding: .utf8)
                let session = try TmuxSession(command: "\(OpenAppSyncTests.tick) --db \(database) --config \(configPath)", width: 250, height: 10,
                                              environment: HostileSyncCommandTests.environment)
                // The message is wider than the status line: it wraps, whole, onto the line above.
                func message(_ screen: [String]) -> String { screen.suffix(2).joined() }
                let screen = try session.waitFor("the sync's message", timeout: 60) { message($0).contains("deep.ics") }
                #expect(message(screen).contains("Synced, not all:"), "\(screen)")
                #expect(message(screen).contains("/dav/work/deep.ics in “Work”: Tick cannot read it"), "\(screen)")
                // Still running: another sync, then quit.
                try session.sendKeys("S")
                try session.waitFor(text: "✓ synced", timeout: 60)
                try session.sendKeys("q")
                #expect(try session.waitForExit(timeout: 10) == 0)
                #expect(try HostileServerTests.wentUpToHome(server))
            }
        }
    }
}
