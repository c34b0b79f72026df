import TermTable
import TodoStore

/// What `tick` was asked to do, parsed from its arguments.
public struct LaunchOptions: Equatable {
    /// The store file (`--db PATH`), else `TICK_DB`, else the default location.
    public var databasePath: String?
    /// A key script to run (`--script FILE`, `-` for standard input).
    public var scriptPath: String?
    /// The canvas size for key scripts (`--size 80x24`).
    public var size = Size(width: 80, height: 24)
    /// Print reuse and drawing statistics after a key script or a session (`--stats`).
    public var printsStatistics = false
    /// Do not ask the terminal for mouse events (`--no-mouse`).
    public var disablesMouse = false
    /// The config file (`--config PATH`), else `TICK_CONFIG`, else the XDG location.
    public var configPath: String?
    /// Ignore the config file (`--no-config`).
    public var ignoresConfig = false
    /// `--help`.
    public var showsHelp = false
    /// `--version`.
    public var showsVersion = false
    /// Print the default store's path and exit (`--default-db`), so a key script can be pointed at
    /// it deliberately: `tick --db "$(tick --default-db)" --script FILE`.
    public var showsDefaultDatabase = false
    /// Check the config file and print every problem in it, then exit (`--check-config`).
    public var checksConfiguration = false
    /// Print every frame of a key script, each under a heading (`--frames`).
    public var printsFrames = false
    /// Show a key script live in the terminal when standard output is one (`--play`).
    public var playsLive = false
    /// The pause after each key when a script plays live (`--delay 150ms`).
    public var delayMilliseconds = 150

    /// Creates default options.
    public init() {}

    /// A mistake in the arguments, with the message to print before the usage.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        /// What was wrong.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// Parses `tick`'s arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        var options = LaunchOptions()
        var index = 0
        var otherFlags: [String] = []  // the options besides --check-config and --config
        func value(for flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func flagValue() throws(UsageError) -> String {
                if let inline { return inline }
                return try value(for: flag)
            }
            switch flag {
            case "--db":
                let path = try flagValue()
                guard !path.isEmpty else { throw UsageError(message: "--db needs a file path") }
                options.databasePath = path
            case "--script": options.scriptPath = try flagValue()
            case "--size":
                let text = try flagValue()
                guard let size = parseSize(text) else {
                    throw UsageError(message: "--size wants WIDTHxHEIGHT between 1x1 and 1000x1000, like 80x24 (got \"\(text)\")")
                }
                options.size = size
            case "--stats": options.printsStatistics = true
            case "--frames": options.printsFrames = true
            case "--play": options.playsLive = true
            case "--delay":
                let text = try flagValue()
                guard let milliseconds = KeyScript.parseDuration(text), milliseconds <= 60_000 else {
                    throw UsageError(message: "--delay wants a duration up to a minute, like 150ms or 1s (got \"\(text)\")")
                }
                options.delayMilliseconds = milliseconds
            case "--config": options.configPath = try flagValue()
            case "--no-config": options.ignoresConfig = true
            case "--no-mouse": options.disablesMouse = true
            case "-h", "--help": options.showsHelp = true
            case "--version": options.showsVersion = true
            case "--default-db": options.showsDefaultDatabase = true
            case "--check-config": options.checksConfiguration = true
            default:
                throw UsageError(message: argument.hasPrefix("-") ? "unknown option \"\(argument)\"" : "unknown command \"\(argument)\"")
            }
            if flag != "--check-config", flag != "--config" { otherFlags.append(flag) }
            index += 1
        }
        // Read as "use the default store" it would be a trap: a script would still run on the throwaway one.
        if options.showsDefaultDatabase, arguments.count > 1 {
            throw UsageError(message: "--default-db only prints the default store's path; to run a key script on that store: "
                             + "tick --db \"$(tick --default-db)\" --script FILE")
        }
        // Anything else beside it would be silently ignored: the check runs nothing and opens no store.
        if options.checksConfiguration, !otherFlags.isEmpty {
            throw UsageError(message: "--check-config only checks a config file (and takes only --config PATH): "
                             + "leave out \(otherFlags.joined(separator: ", "))")
        }
        return options
    }

    /// What `tick` says when standard input is not a terminal and brings no key (`tick < /dev/null`).
    public static let noKeysOnStandardInputNote = "tick: standard input is not a terminal and no keys came from it: "
        + "run tick in a terminal, pipe keys in (echo 'aBuy milk<Enter>' | tick), or use a command (tick ls)"

    /// Whether this run plays a key script rather than opening the terminal UI: `--script`, or keys
    /// arriving on a standard input that is not a terminal.
    public func runsScript(standardInputIsTerminal: Bool) -> Bool {
        scriptPath != nil || !standardInputIsTerminal
    }

    /// The store this run opens: `--db`, else `TICK_DB`, else the default file, except that a key
    /// script given neither `--db` nor `TICK_DB` runs on a throwaway in-memory store, so keys piped in
    /// by accident (`echo dd | tick`, `ls | tick`) can never change the user's todos.
    public func storePath(runsScript: Bool, environment: [String: String]) -> String {
        if let databasePath { return databasePath }
        if runsScript, environment["TICK_DB", default: ""].isEmpty { return TodoStore.inMemoryPath }
        return TodoStore.defaultPath(environment: environment)
    }

    /// Whether the store was picked for the user rather than named: a key script's throwaway store.
    /// Its changes are lost on exit, which `throwawayStoreNote` says when there were any.
    public func usesThrowawayStore(runsScript: Bool, environment: [String: String]) -> Bool {
        databasePath == nil && storePath(runsScript: runsScript, environment: environment) == TodoStore.inMemoryPath
    }

    /// Printed on standard error after a key script changed its throwaway store: those changes are gone.
    public static let throwawayStoreNote = "tick: nothing was saved: the key script ran on a throwaway store (no --db given, "
        + "no TICK_DB set); to change your todos, add --db \"$(tick --default-db)\""

    /// `80x24` as a size, or nil.
    public static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...1000).contains(width), (1...1000).contains(height) else { return nil }
        return Size(width: width, height: height)
    }

    /// The usage text printed by `--help`.
    public static let usage = """
    Usage: tick [--db PATH] [--config PATH | --no-config] [--no-mouse] [--stats]
           tick [--db PATH] --script FILE|- [--size WxH] [--stats] [--frames | --play [--delay 150ms]]
           ... | tick [--db PATH] [--size WxH]
           tick [--db PATH] [--config PATH] COMMAND [ARGUMENTS]
           tick --default-db
           tick --check-config [--config PATH]

    Tick is a todo list for the terminal. With no arguments it opens the list in the terminal.
    When standard input is not a terminal, or with --script, it reads keys in a vim-like
    notation (aBuy milk<Enter>x), runs them on an in-memory screen and prints the final screen
    (and any <Snap>). A key script changes only a store it is given (--db or $TICK_DB); without
    one it runs on a throwaway store and nothing is saved. Commands (tick add, tick ls, …) work
    on the store from the shell.

    Options:
      --db PATH      the store file (default: $TICK_DB, else $XDG_DATA_HOME/tick/tick.db,
                     else ~/.local/share/tick/tick.db; a key script given neither --db
                     nor $TICK_DB runs on a throwaway store)
      --default-db   print the default store's path and exit; run a key script on your
                     todos with: tick --db "$(tick --default-db)" --script FILE
      --script FILE  run the key script in FILE (- for standard input)
      --size WxH     screen size for key scripts (default 80x24)
      --stats        on exit, print cell reuse statistics (and, in a terminal, frames
                     drawn and bytes written)
      --frames       print every frame of the key script, each under a "--- frame N ---" line
      --play         when standard output is a terminal, show the key script live instead
      --delay TIME   pause after each key with --play (default 150ms)
      --config PATH  the config file (default: $TICK_CONFIG, else $XDG_CONFIG_HOME/tick/config,
                     else ~/.config/tick/config)
      --no-config    ignore the config file
      --check-config print every problem in the config file (FILE:LINE: problem) and exit:
                     status 1 when there is any, 0 and "config OK: PATH" when there is none
      --no-mouse     do not ask the terminal for mouse events
      -h, --help     show this help
      --version      show the version
    """
}
