import Foundation
import Testing

/// The `tick` binary run as a program (no terminal): key scripts, arguments and exit codes.
@Suite("tick on the command line")
struct CommandLineTests {
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the built binary with `arguments`, feeding `input` on standard input.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TickEndToEndTests.binary)
        process.arguments = arguments
        // The user's own config file must not change what tests see.
        let isolated = ["TICK_CONFIG": "/dev/null"].merging(environment) { _, new in new }
        process.environment = ProcessInfo.processInfo.environment.merging(isolated) { _, new in new }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                       errors: String(decoding: errors, as: UTF8.self))
    }

    static func scratchDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tick-cli-\(UUID().uuidString)/tick.db").path
    }

    @Test("Keys piped on standard input are played and the final screen is printed")
    func pipedScript() throws {
        let database = Self.scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let outcome = try Self.run(["--db", database, "--size", "40x4"], input: "aBuy milk<Enter>x")
        #expect(outcome.status == 0)
        #expect(outcome.output == "▾ Inbox · 0 open · 1 done ─────────────\n[✓] Buy milk\n\nDone: “Buy milk”         0 open · 1 done\n")
    }

    @Test("An unknown tag is reported with its position, exit code 2, and the store is never created")
    func unknownTagChangesNothing() throws {
        let database = Self.scratchDatabase()
        let outcome = try Self.run(["--db", database], input: "aBuy milk<Enter>\nx<Bogus>")
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("unknown key <Bogus> at line 2, column 2"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test("--stats prints the table's reuse statistics after the screen")
    func statistics() throws {
        let database = Self.scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let keys = (0..<50).map { "aTodo \($0)<Enter>" }.joined() + "gGgG"
        let outcome = try Self.run(["--db", database, "--size", "30x10", "--stats"], input: keys)
        #expect(outcome.status == 0)
        let line = try #require(outcome.output.split(separator: "\n").last)
        #expect(line.hasPrefix("cells created "))
        let created = Int(line.split(separator: " ")[2].dropLast()) ?? 999
        #expect(created <= 9 + 2)
    }

    @Test("Usage mistakes exit 2 with a message and the usage", arguments: [
        ["--size", "80"], ["--bogus"], ["--db"], ["--size", "0x5"],
    ])
    func usageErrors(arguments: [String]) throws {
        let outcome = try Self.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("tick: "))
        #expect(outcome.errors.contains("Usage: tick"))
    }

    @Test("--help and --version print to standard output and exit 0")
    func helpAndVersion() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0 && help.output.contains("Usage: tick"))
        let version = try Self.run(["--version"])
        #expect(version.status == 0 && version.output.hasPrefix("tick "))
    }

    @Test("A store that is not a Tick store is refused with exit 1 and left untouched")
    func foreignFileIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("tick.db").path
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: database))
        let outcome = try Self.run(["--db", database], input: "aBuy milk<Enter>")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains(database))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == garbage)
    }
}
