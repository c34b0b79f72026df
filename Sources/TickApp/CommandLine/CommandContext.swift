import Glibc
import FoundationEssentials
import TodoStore

/// What a subcommand runs against: where the store is, today's date, and where its output goes.
/// `standard` is the real process; tests build one that captures the output.
public final class CommandContext {
    /// The store file from `--db` (before or after the command), else nil for the default rules.
    public var databasePath: String?
    /// The environment (`TICK_DB`, `XDG_DATA_HOME`, `HOME`…).
    public var environment: [String: String]
    /// The day `@tomorrow`, `@fri` and `@+3d` count from.
    public var today: Day
    /// Whether standard output is a terminal (the demo needs one; nothing else changes with it).
    public var outputIsTerminal: Bool
    /// Writes to standard output.
    public var write: (String) -> Void
    /// Writes to standard error.
    public var writeError: (String) -> Void
    /// Reads all of standard input (for `tick import -`).
    public var readStandardInput: () -> Data
    /// The config file's settings the commands honour: the default list and the undo history depth.
    public var configuration = Configuration()

    /// A context; every part can be replaced for tests.
    public init(databasePath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                today: Day = .today, outputIsTerminal: Bool = false,
                write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
                readStandardInput: @escaping () -> Data = { FileStream.standardInput.readToEnd() }) {
        self.databasePath = databasePath
        self.environment = environment
        self.today = today
        self.outputIsTerminal = outputIsTerminal
        self.write = write
        self.writeError = writeError
        self.readStandardInput = readStandardInput
    }

    /// The running process: standard output and error, the real environment and clock.
    public static func standard(databasePath: String?) -> CommandContext {
        let context = CommandContext(databasePath: databasePath, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
                                     write: { FileStream.standardOutput.write($0) },
                                     writeError: { FileStream.standardError.write($0) })
        if let path = Configuration.defaultPath(environment: context.environment) {
            context.configuration = Configuration.load(path: path)
        }
        return context
    }

    /// The store file these rules pick: `--db`, else `TICK_DB`, else the XDG location.
    public var storePath: String { databasePath ?? TodoStore.defaultPath(environment: environment) }

    /// Opens the store (creating it on first use); failures carry the store's one-line message.
    /// A command's first change checks the whole file first, so no command adds to a damaged store.
    public func openStore() throws -> TodoStore {
        let store = try TodoStore(path: storePath, historyDepth: configuration.historyDepth,
                                  durability: TodoStore.Durability(environment: environment))
        store.checksFileBeforeFirstChange = true
        return store
    }

    /// Writes one line to standard output.
    public func print(_ line: String) { write(line + "\n") }

    /// Runs `body` with a writer that gathers output into 64 KiB pieces, so a listing or an export
    /// of a million todos is a few hundred writes rather than a million.
    public func buffered<T>(_ body: ((String) -> Void) throws -> T) rethrows -> T {
        var pending = ""
        defer { if !pending.isEmpty { write(pending) } }
        return try body { text in
            pending += text
            if pending.utf8.count >= 1 << 16 {
                self.write(pending)
                pending = ""
            }
        }
    }
}
