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
    /// The day `@tomorrow`, `@fri` and `@+3d` count from (in `localTime`).
    public var today: Day
    /// Minutes after local midnight now, which a time alone (`@3pm`) is placed by: today while it has
    /// not passed, else tomorrow. Nil (tests that fix `today`) reads every time alone as today.
    public var timeOfDay: Int?
    /// Whether standard input is a terminal: `tick edit ID` opens an editor only then.
    public var inputIsTerminal = false
    /// Runs an editor (program, arguments, the file last) on the terminal with an environment and
    /// waits for it (`tick edit ID`).
    public var runEditor: ([String], [String: String]) -> ProgramLauncher.Outcome = { command, environment in
        ProgramLauncher.runAndWait(command, environment: environment)
    }
    /// The zone times are shown in and days are read in (`tick show`, `tick purge --before`), that
    /// imports and exports turn times into days in, and the store the command opens counts in. Only
    /// `standard` takes it from the process (`TZ`, else `/etc/localtime`); tests give their own.
    public var localTime: LocalTime
    /// The clock `tick remind` reads the time from (tests give a fixed instant).
    public var clock: () -> Date = { Date() }
    /// Whether standard output is a terminal: export then shows control characters as placeholders.
    public var outputIsTerminal: Bool
    /// Writes to standard output, throwing when the write fails (a full disk, a closed pipe).
    public var write: (String) throws -> Void
    /// The first failed write to standard output (through `print`, `emit` or a buffered writer);
    /// `CommandLineTool.run` turns it into exit status 1 and one message after the command.
    public private(set) var outputFailure: (any Error)?
    /// What the command has done that must not be done twice, once it is committed ("added 12 to
    /// Inbox"): a write to standard output failing after it is then said on standard error with this,
    /// and the status stays the command's, since a script retrying on failure would do it again.
    public var committedChange: String?
    /// Writes to standard error.
    public var writeError: (String) -> Void
    /// Standard input, for `tick import -` to read a piece at a time (twice).
    public var standardInput: () -> RereadableInput
    /// The config file's settings the commands honour: the default list and the undo history depth.
    public var configuration = Configuration()
    /// Whether standard error is a terminal: long commands then draw a progress bar on it.
    public var errorIsTerminal = false
    /// The terminal's width in columns, for the progress bar.
    public var terminalWidth = 80
    /// Seconds a command works before its progress bar shows (none for quick work).
    public var progressDelay = 0.5
    /// How a long command notices Ctrl-C (the process's SIGINT; tests trip their own).
    public var interrupts = InterruptWatch.none

    /// A context whose days are `today` in `localTime`; every part can be replaced for tests.
    public init(databasePath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                today: Day, localTime: LocalTime, outputIsTerminal: Bool = false,
                write: @escaping (String) throws -> Void, writeError: @escaping (String) -> Void,
                standardInput: @escaping () -> RereadableInput = { .standardInput() }) {
        self.databasePath = databasePath
        self.environment = environment
        self.today = today
        self.localTime = localTime
        self.outputIsTerminal = outputIsTerminal
        self.write = write
        self.writeError = writeError
        self.standardInput = standardInput
    }

    /// The running process: standard output and error, the real environment and clock, and the
    /// process's zone (the one place a command reads it: everything else is given `localTime`).
    public static func standard(databasePath: String?) -> CommandContext {
        // Fixed for the whole command, so that today, the time of day and every day an import or an
        // export writes agree even if the zone's file changes meanwhile.
        let zone = LocalTime.fromEnvironment.fixed
        let now = Date()
        let context = CommandContext(databasePath: databasePath, today: Day(now, in: zone), localTime: zone,
                                     outputIsTerminal: isatty(STDOUT_FILENO) == 1,
                                     write: { try FileStream.standardOutput.writeAll($0) },
                                     writeError: { FileStream.standardError.write($0) })
        if let path = Configuration.defaultPath(environment: context.environment) {
            context.configuration = Configuration.load(path: path)
        }
        context.errorIsTerminal = isatty(STDERR_FILENO) == 1
        var size = winsize()
        if context.errorIsTerminal, ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            context.terminalWidth = Int(size.ws_col)
        }
        context.interrupts = .signal
        context.timeOfDay = Due.minutesOfDay(now, in: zone)
        context.inputIsTerminal = isatty(STDIN_FILENO) == 1
        return context
    }

    /// The store file these rules pick: `--db`, else `TICK_DB`, else the XDG location.
    public var storePath: String { databasePath ?? TodoStore.defaultPath(environment: environment) }

    /// Opens the store (creating it on first use); failures carry the store's one-line message.
    /// How long a command's store waits for another process's write (see `openStore`).
    static let otherWritersWaitMilliseconds: Int32 = 15_000

    /// A command's first change checks the whole file first, so no command adds to a damaged store.
    /// A `lentStore` is returned as it is.
    public func openStore() throws -> TodoStore {
        if let lentStore { return lentStore }
        let store = try TodoStore(path: storePath, historyDepth: configuration.historyDepth,
                                  durability: TodoStore.Durability(environment: environment))
        store.checksFileBeforeFirstChange = true
        // A series done by this command continues from the day it was done in the command's zone.
        store.localTime = localTime
        // Another Tick, a sync or another script may be writing: a command waits up to 15 s for it
        // (on a loaded machine 2 s failed concurrent adds) rather than fail with "database is locked".
        store.waitsForOtherWritersMilliseconds = Self.otherWritersWaitMilliseconds
        return store
    }

    /// An open store the commands use instead of opening one, and leave open: the app's, when a key
    /// script's `<Shell>` runs a command in-process on the script's store (`ShellGlimpse`).
    public var lentStore: TodoStore?

    /// Closes a store `openStore()` returned, unless it is the `lentStore`, which stays its owner's.
    public func close(_ store: TodoStore) {
        guard store !== lentStore else { return }
        store.close()
    }

    /// A progress reporter for a long command: drawn on standard error when it is a terminal,
    /// unless `quiet` (or, with `sharesTerminalWithOutput`, when standard output is that terminal
    /// too, where the bar would mix into the output).
    func progress(_ bar: ProgressBar, quiet: Bool, sharesTerminalWithOutput: Bool = false) -> ProgressReporter {
        ProgressReporter(bar, isShown: errorIsTerminal && !quiet && !(sharesTerminalWithOutput && outputIsTerminal),
                         width: terminalWidth, delay: progressDelay, write: writeError)
    }

    /// Writes one line to standard output; a failure is kept in `outputFailure` (and later lines are
    /// not attempted), so the command still finishes what it started and then exits 1.
    public func print(_ line: String) {
        guard outputFailure == nil else { return }
        do {
            try write(line + "\n")
        } catch {
            outputFailure = error
        }
    }

    /// Runs `body` with a writer that gathers output into 64 KiB pieces, so a listing or an export
    /// of a million todos is a few hundred writes rather than a million. A failed write throws out of
    /// `body` at once: there is no point reading on when nothing more can be written.
    @discardableResult
    public func buffered<T>(_ body: ((String) throws -> Void) throws -> T) throws -> T {
        var pending = ""
        let result = try body { text in
            pending += text
            if pending.utf8.count >= 1 << 16 {
                try self.emit(pending)
                pending = ""
            }
        }
        if !pending.isEmpty { try emit(pending) }
        return result
    }

    /// Writes `text` to standard output as it is (no line break added), throwing a failure and keeping
    /// it in `outputFailure` too, so it is reported as standard output's whatever a command makes of it.
    public func emit(_ text: String) throws {
        do {
            try write(text)
        } catch {
            outputFailure = outputFailure ?? error
            throw error
        }
    }
}
