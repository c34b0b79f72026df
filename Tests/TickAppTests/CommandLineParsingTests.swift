import Testing
@testable import TickApp

/// The table-driven parser and the routing between commands and the app.
@Suite("Command line: parsing and routing")
struct CommandLineParsingTests {
    static let sample = CommandDescription(
        name: "sample", summary: "A sample.",
        arguments: [ArgumentDescription("WORD", help: "words", repeats: true)],
        options: [
            OptionDescription("list", short: "l", value: .text("NAME"), help: "a list"),
            OptionDescription("format", value: .choice("F", ["a", "b"]), help: "a format"),
            OptionDescription("all", short: "a", help: "a flag"),
        ])

    struct ParseCase: Sendable {
        var arguments: [String]
        var words: [String]
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
    }

    @Test("Options, flags and words are sorted out as swift-argument-parser would", arguments: [
        ParseCase(arguments: ["x", "--list", "Work", "y"], words: ["x", "y"], values: ["list": ["Work"]]),
        ParseCase(arguments: ["--list=Home", "-a", "x"], words: ["x"], values: ["list": ["Home"]], flags: ["all"]),
        ParseCase(arguments: ["-l", "A", "-l", "B", "x"], words: ["x"], values: ["list": ["A", "B"]]),
        ParseCase(arguments: ["--", "-5", "--all"], words: ["-5", "--all"]),
        ParseCase(arguments: ["-", "--format", "b"], words: ["-"], values: ["format": ["b"]]),
        ParseCase(arguments: ["--db", "/tmp/x.db", "x"], words: ["x"], values: ["db": ["/tmp/x.db"]]),
    ])
    func parses(_ example: ParseCase) throws {
        let parsed = try ParsedArguments.parse(example.arguments, for: Self.sample)
        #expect(parsed.positionals == example.words)
        #expect(parsed.values == example.values)
        #expect(parsed.flags == example.flags)
    }

    @Test("Mistakes are usage errors that say what is wrong", arguments: [
        (["--nope", "x"], "unknown option \"--nope\""), (["-5"], "put -- before it"), (["--list"], "--list needs a value (NAME)"),
        (["--all=1", "x"], "--all takes no value"), (["--format", "c", "x"], "--format wants one of a, b, not \"c\""), ([], "missing WORD"),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect {
            try ParsedArguments.parse(arguments, for: Self.sample)
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test("The usage line comes from the description")
    func usage() {
        #expect(Self.sample.usage == "tick sample [--list NAME] [--format a|b] [--all] [--db PATH] WORD…")
        #expect(CommandLineTool.command(named: "import")?.description.usage == "tick import [--format auto|todotxt|json] [--db PATH] FILE")
        #expect(CommandLineTool.command(named: "export")?.description.usage == "tick export [--format todotxt|json] [--db PATH] [FILE]")
    }

    @Test("The first word names the command; only --db may come before it; no word means the app")
    func routing() {
        guard case .command(let add, let rest, let database) = CommandLineTool.route(["--db", "x.db", "add", "--list", "W", "t"]) else {
            Issue.record("not routed to a command"); return
        }
        #expect(add.description.name == "add" && rest == ["--list", "W", "t"] && database == "x.db")
        guard case .app(let options) = CommandLineTool.route(["--db", "x.db", "--size", "40x10", "--frames"]) else {
            Issue.record("not routed to the app"); return
        }
        #expect(options.databasePath == "x.db" && options.printsFrames && options.size.width == 40)
        guard case .usageError(let message, _) = CommandLineTool.route(["lss"]) else { Issue.record("no error"); return }
        #expect(message == "unknown command \"lss\" (did you mean \"ls\"?)")
        guard case .usageError(let late, _) = CommandLineTool.route(["--no-config", "add", "x"]) else { Issue.record("no error"); return }
        #expect(late.contains("options other than --db go after the command"))
    }

    @Test("Script options: --frames, --play and --delay", arguments: [
        (["--play", "--delay", "1.5s"], 1500), (["--delay=20ms"], 20), (["--delay", "0"], 0),
    ])
    func scriptOptions(arguments: [String], delay: Int) throws {
        let options = try LaunchOptions.parse(arguments)
        #expect(options.delayMilliseconds == delay)
        #expect(throws: UsageError.self) { try LaunchOptions.parse(["--delay", "soon"]) }
        #expect(throws: UsageError.self) { try LaunchOptions.parse(["--delay", "2m"]) }
    }
}
