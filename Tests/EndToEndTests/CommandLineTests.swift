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

    /// Runs the built binary (or `executable`, a program that starts it) with `arguments`, feeding
    /// `input` on standard input.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:],
                    currentFolder: String? = nil, executable: String = TickEndToEndTests.binary) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentFolder { process.currentDirectoryURL = URL(fileURLWithPath: currentFolder) }
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
        let scratch = try ScratchFolder("cli")
        let folder = scratch.url
        let database = folder.appendingPathComponent("tick.db").path
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: database))
        let outcome = try Self.run(["--db", database], input: "aBuy milk<Enter>")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains(database))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == garbage)
    }

    @Test("Commands work through pipes: plain text without escape codes, and the exit codes 0, 1 and 2")
    func commandsThroughPipes() throws {
        let database = Self.scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let added = try Self.run(["--db", database, "add", "Renew passport 🛂 !!! @2026-12-24"])
        #expect(added.status == 0 && added.output == "Added 1 to Inbox: Renew passport 🛂 (!!!, due 2026-12-24)\n")
        #expect(try Self.run(["add", "--db", database, "--list", "Work", "Ship \u{1B}[31m"]).status == 0)
        let listed = try Self.run(["--db", database, "ls"], environment: ["TERM": "xterm-256color"])
        #expect(listed.output == "1  [ ]  !!!  2026-12-24  Inbox  Renew passport 🛂\n2  [ ]                   Work   Ship ␛[31m\n")
        #expect(!listed.output.unicodeScalars.contains { $0.value == 0x1B })
        let missing = try Self.run(["--db", database, "done", "9"])
        #expect(missing.status == 1 && missing.errors == "tick done: no todo has id 9 (tick ls shows the ids); nothing was changed\n")
        let usage = try Self.run(["--db", database, "done", "nine"])
        #expect(usage.status == 2 && usage.errors.contains("Usage: tick done"))
        // Standard input is not a key script when a command is given.
        #expect(try Self.run(["--db", database, "ls", "--done"], input: "aIgnored<Enter>").output.isEmpty)
    }

    @Test("export piped into import on another store gives the same list")
    func exportPipedIntoImport() throws {
        let database = Self.scratchDatabase(), copy = Self.scratchDatabase()
        defer {
            for path in [database, copy] { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        }
        _ = try Self.run(["--db", database, "add", "One !! @2026-12-01"])
        _ = try Self.run(["--db", database, "add", "--list", "Work", "Two"])
        let json = try Self.run(["--db", database, "export", "--format", "json"]).output
        let imported = try Self.run(["--db", copy, "import", "-"], input: json)
        #expect(imported.status == 0 && imported.output == "Imported 2 todos (0 done) into 2 lists from standard input\n")
        #expect(try Self.run(["--db", copy, "ls"]).output == Self.run(["--db", database, "ls"]).output)
    }

    @Test("tick demo refuses cleanly without a terminal, and prints its script on request")
    func demoNeedsATerminal() throws {
        let refused = try Self.run(["demo", "--delay", "1ms"])
        #expect(refused.status == 1)
        #expect(refused.errors.hasPrefix("tick demo: Tick needs a terminal"))
        #expect(refused.errors.contains("tick demo --print-script"))
        #expect(refused.output.isEmpty)
        let script = try Self.run(["demo", "--print-script"])
        #expect(script.status == 0 && script.output.contains("<Caption "))
    }

    @Test("--frames prints every frame and <Snap> chooses the screens printed; --play without a terminal prints text")
    func framesAndSnaps() throws {
        let database = Self.scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let frames = try Self.run(["--db", database, "--size", "30x4", "--frames"], input: "aA<Enter>")
        #expect(frames.output.components(separatedBy: "\n").filter { $0.hasPrefix("--- frame ") }.count == 4)
        let snaps = try Self.run(["--db", database, "--size", "30x4", "--play", "--delay", "1ms"],
                                 input: "<Caption Two>aB<Enter><Snap><Resize 20x3><Snap>x")
        #expect(snaps.status == 0)
        let lines = snaps.output.components(separatedBy: "\n")
        #expect(lines.filter { $0.hasPrefix("--- snap ") } == ["--- snap 1: Two ---", "--- snap 2: Two ---"])
        #expect(lines.count == 1 + 4 + 1 + 3 + 1)
    }

    @Test("The bash completion script completes commands, options and their values")
    func bashCompletion() throws {
        let script = try Self.run(["completions", "bash"]).output
        func complete(_ words: [String]) throws -> String {
            let line = "source /dev/stdin; COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _tick; echo \"${COMPREPLY[*]}\""
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", line]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(script.utf8))
            try input.fileHandleForWriting.close()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try complete(["tick", "ex"]) == "export")
        #expect(try complete(["tick", "--db", "x.db", "im"]) == "import")
        #expect(try complete(["tick", "export", "--format", ""]) == "todotxt json ics")
        #expect(try complete(["tick", "ls", "--al"]) == "--all")
        #expect(try complete(["tick", "ls", "--ag"]) == "--agenda")
        #expect(try complete(["tick", "completions", "z"]) == "zsh")
        #expect(try complete(["tick", "--fr"]) == "--frames")
    }

    @Test("The zsh and fish scripts are valid for their shell, and fish completes with them (where the shell is installed)",
          arguments: ["zsh", "fish"])
    func otherShells(shell: String) throws {
        guard let executable = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.isExecutableFile) else { return }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tick-completion-\(UUID().uuidString)").path
        try Self.run(["completions", shell]).output.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        func shellOutput(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        let (status, errors) = try shellOutput(["-n", path])
        #expect(status == 0, "\(errors)")
        if shell == "fish" {
            let (_, text) = try shellOutput(["-c", "source \(path); complete -C 'tick export --format '"])
            #expect(text.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) } == ["ics", "json", "todotxt"])
        }
    }
}
