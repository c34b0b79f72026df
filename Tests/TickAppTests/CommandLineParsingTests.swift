import Testing
@testable import TickApp
import TodoStore

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
        #expect(Self.sample.usage == "tick sample [--list NAME] [--format a|b] [--all] [--db PATH] [--config PATH] WORD…")
        #expect(CommandLineTool.command(named: "import")?.description.usage
            == "tick import [--format auto|todotxt|json|ics|taskwarrior] [--list NAME] [--allow-duplicates] [--quiet] [--db PATH] [--config PATH] FILE")
        #expect(CommandLineTool.command(named: "export")?.description.usage
            == "tick export [--format todotxt|json|ics] [--quiet] [--db PATH] [--config PATH] [FILE]")
    }

    @Test("The first word names the command; only --db and --config may come before it; no word means the app")
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
        #expect(late.contains("options other than --db and --config go after the command"))
    }

    @Test("--config goes before or after a command's name, as --db does, and reaches the command's own options",
          arguments: [["--config", "c.conf", "sync", "--status"], ["--config=c.conf", "sync", "--status"], ["sync", "--config", "c.conf", "--status"],
                      ["--db", "x.db", "--config", "c.conf", "sync", "--status"], ["sync", "--status", "--config=c.conf"]])
    func configBeforeOrAfterTheCommand(arguments: [String]) throws {
        guard case .command(let sync, let rest, _) = CommandLineTool.route(arguments) else {
            Issue.record("not routed to a command"); return
        }
        #expect(sync.description.name == "sync")
        let parsed = try ParsedArguments.parse(rest, for: sync.description)
        #expect(parsed.value("config") == "c.conf" && parsed.has("status"))
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

    struct StoreCase: Sendable {
        var arguments: [String]
        var standardInputIsTerminal: Bool
        var environment: [String: String]
        var store: String
    }

    static let home = ["HOME": "/home/sam"]
    static let homeStore = "/home/sam/.local/share/tick/tick.db"

    @Test("A key script changes only a store it is given (--db or TICK_DB); otherwise it runs on a throwaway one", arguments: [
        // Keys piped in (echo dd | tick, ls | tick) and --script FILE, with no store named: throwaway.
        StoreCase(arguments: [], standardInputIsTerminal: false, environment: home, store: TodoStore.inMemoryPath),
        StoreCase(arguments: ["--script", "x.keys"], standardInputIsTerminal: true, environment: home, store: TodoStore.inMemoryPath),
        StoreCase(arguments: ["--script", "-"], standardInputIsTerminal: false, environment: home.merging(["TICK_DB": ""]) { $1 },
                  store: TodoStore.inMemoryPath),
        StoreCase(arguments: ["--play"], standardInputIsTerminal: false, environment: ["XDG_DATA_HOME": "/data"], store: TodoStore.inMemoryPath),
        // Named stores are used as given.
        StoreCase(arguments: ["--db", "/tmp/x.db"], standardInputIsTerminal: false, environment: home, store: "/tmp/x.db"),
        StoreCase(arguments: ["--script", "x.keys"], standardInputIsTerminal: true, environment: home.merging(["TICK_DB": "/t.db"]) { $1 },
                  store: "/t.db"),
        // The terminal UI opens the default store.
        StoreCase(arguments: [], standardInputIsTerminal: true, environment: home, store: homeStore),
        StoreCase(arguments: ["--no-mouse"], standardInputIsTerminal: true, environment: ["XDG_DATA_HOME": "/data"], store: "/data/tick/tick.db"),
    ])
    func storeChoice(_ example: StoreCase) throws {
        let options = try LaunchOptions.parse(example.arguments)
        let runsScript = options.runsScript(standardInputIsTerminal: example.standardInputIsTerminal)
        #expect(runsScript == (example.arguments.contains("--script") || !example.standardInputIsTerminal))
        #expect(options.storePath(runsScript: runsScript, environment: example.environment) == example.store)
        #expect(options.usesThrowawayStore(runsScript: runsScript, environment: example.environment)
                == (example.store == TodoStore.inMemoryPath))
    }

    @Test("--db :memory: is a throwaway store the user chose, so nothing warns about it")
    func explicitMemoryStore() throws {
        let options = try LaunchOptions.parse(["--db", TodoStore.inMemoryPath])
        #expect(options.storePath(runsScript: true, environment: Self.home) == TodoStore.inMemoryPath)
        #expect(!options.usesThrowawayStore(runsScript: true, environment: Self.home))
    }

    @Test("--default-db stands alone; with anything else it explains how to run a script on the default store")
    func defaultDatabaseFlag() throws {
        #expect(try LaunchOptions.parse(["--default-db"]).showsDefaultDatabase)
        #expect {
            try LaunchOptions.parse(["--default-db", "--script", "x.keys"])
        } throws: { error in
            (error as? LaunchOptions.UsageError)?.message.contains("tick --db \"$(tick --default-db)\" --script FILE") == true
        }
        #expect(LaunchOptions.usage.contains("--default-db"))
        #expect(CompletionScript.script(for: .bash).contains("--default-db"))
    }
}
