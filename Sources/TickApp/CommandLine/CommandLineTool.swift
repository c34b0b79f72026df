import FoundationEssentials
import TodoStore

/// `tick`'s front door: decides between a subcommand (`tick add …`) and the app (the terminal UI or
/// a key script), runs subcommands, and maps their outcomes to exit codes: 0 success, 1 a runtime
/// failure (store, file, terminal), 2 a usage mistake.
public enum CommandLineTool {
    /// Every subcommand, in the order `tick --help` lists them.
    public static let commands: [any Subcommand.Type] = [
        AddCommand.self, ListCommand.self, DoneCommand.self, UndoneCommand.self, StartCommand.self, CancelCommand.self, RemoveCommand.self, EditCommand.self,
        MoveCommand.self, ShowCommand.self, RemindCommand.self, NoteCommand.self, UndoCommand.self, RedoCommand.self, PurgeCommand.self, ExportCommand.self, ImportCommand.self, SyncCommand.self, DemoCommand.self, CompletionsCommand.self, HelpCommand.self,
    ]

    /// Commands for the completion scripts only: routed like the others, but left out of the help,
    /// the manual page, the completions and the "did you mean" suggestions.
    static let hiddenCommands: [any Subcommand.Type] = [CompleteCommand.self]

    /// The subcommand called `name`, if any.
    public static func command(named name: String) -> (any Subcommand.Type)? {
        (commands + hiddenCommands).first { $0.description.name == name }
    }

    /// What the arguments ask for.
    public enum Route {
        /// The app: the terminal UI or a key script, with its options.
        case app(LaunchOptions)
        /// A subcommand with the words after its name, and a `--db` given before it.
        case command(any Subcommand.Type, arguments: [String], databasePath: String?)
        /// A mistake found before anything ran, with the usage to print after it.
        case usageError(String, usage: String)
    }

    /// Routes `arguments` (without the program name). The first word that is not an option names
    /// the command; only `--db` and `--config` may come before it (a `--config` there is passed on
    /// to the command, as if given after its name).
    public static func route(_ arguments: [String]) -> Route {
        var databasePath: String?
        var leadingOptions: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--db", index + 1 < arguments.count {
                databasePath = arguments[index + 1]
                index += 2
            } else if argument.hasPrefix("--db=") {
                databasePath = String(argument.dropFirst(5))
                index += 1
            } else if argument == "--config", index + 1 < arguments.count {
                leadingOptions += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--config=") {
                leadingOptions.append(argument)
                index += 1
            } else {
                break
            }
        }
        if index < arguments.count, !arguments[index].hasPrefix("-") {
            let name = arguments[index]
            guard let command = command(named: name) else {
                return .usageError("unknown command \"\(name)\"\(suggestion(for: name))", usage: shortUsage)
            }
            if databasePath?.isEmpty == true { return .usageError("--db needs a file path", usage: shortUsage) }
            return .command(command, arguments: leadingOptions + arguments[(index + 1)...], databasePath: databasePath)
        }
        do {
            return .app(try LaunchOptions.parse(arguments))
        } catch {
            if let word = arguments.first(where: { command(named: $0) != nil }) {
                return .usageError("\(error.message); options other than --db and --config go after the command: tick \(word) …", usage: shortUsage)
            }
            return .usageError(error.message, usage: shortUsage)
        }
    }

    /// A message as it may reach a terminal: the control characters of what it quotes (arguments,
    /// file names, file contents) as placeholders, line breaks kept.
    public static func shownSafely(_ message: String) -> String {
        TodoTable.safeLines(message)
    }

    /// Parses and runs a subcommand, writing its output and any message through `context`; returns the exit status.
    public static func run(_ command: any Subcommand.Type, arguments: [String], context: CommandContext) -> Int32 {
        let description = command.description
        if ParsedArguments.asksForHelp(arguments) {
            do {
                try context.emit(description.help)
            } catch {
                return outputFailureStatus(context, failureStatus: command.failureStatus) ?? command.failureStatus
            }
            return 0
        }
        let instance: any Subcommand
        do throws(UsageError) {
            let parsed = try ParsedArguments.parse(arguments, for: description)
            if let path = parsed.value("db") {
                guard !path.isEmpty else { throw UsageError(message: "--db needs a file path") }
                context.databasePath = path
            }
            if let path = parsed.value("config") {
                // A named file that is not there is a mistake (a typo would otherwise run without the settings).
                guard !path.isEmpty else { throw UsageError(message: "--config needs a file path") }
                guard FileManager.default.fileExists(atPath: path) else { throw UsageError(message: "--config names no file: \(path)") }
                context.configuration = Configuration.load(path: path)
            }
            instance = try command.init(parsed)
        } catch {
            // Messages quote what was given (arguments, file names, file contents): never raw controls.
            context.writeError("tick \(description.name): \(TodoTable.safeLines(error.message))\n\nUsage: \(description.usage)\n"
                               + "Run \"tick \(description.name) --help\" for more.\n")
            return 2
        }
        do {
            let status = try instance.run(in: context)
            if let change = context.committedChange, let failure = context.outputFailure {
                // Done, and only the confirmation was lost: a failure status would make a retry do it twice.
                if (failure as? WriteFailure)?.isBrokenPipe != true {
                    context.writeError("tick \(description.name): \(change), but cannot write to standard output: \(failure)\n")
                }
                return status
            }
            return outputFailureStatus(context, failureStatus: command.failureStatus) ?? status
        } catch where context.outputFailure != nil {
            // Whatever the command made of it, the output is what failed.
            return outputFailureStatus(context, failureStatus: command.failureStatus) ?? command.failureStatus
        } catch let error as UsageError {
            // Some arguments can only be judged while running (a due day counts from today).
            context.writeError("tick \(description.name): \(TodoTable.safeLines(error.message))\n\nUsage: \(description.usage)\n")
            return 2
        } catch {
            context.writeError("tick \(description.name): \(TodoTable.safeLines(String(describing: error)))\n")
            return command.failureStatus
        }
    }

    /// The status (and message) for a failed write to standard output during a command, nil when none
    /// failed: the command's `failureStatus`, or a broken pipe's.
    private static func outputFailureStatus(_ context: CommandContext, failureStatus: Int32) -> Int32? {
        guard let failure = context.outputFailure else { return nil }
        guard let failure = failure as? WriteFailure else {
            context.writeError("tick: cannot write to standard output: \(failure)\n")
            return failureStatus
        }
        return StandardOutputCheck.status(for: failure, failureStatus: failureStatus, report: context.writeError)
    }

    /// `tick --help`: the app's usage, then every command.
    public static var overview: String {
        let width = commands.map { $0.description.name.count }.max() ?? 0
        let rows = commands.map { command in
            "  " + command.description.name.padded(to: width + 3) + command.description.summary
        }
        return LaunchOptions.usage + "\n\nCommands (tick COMMAND --help tells more):\n" + rows.joined(separator: "\n")
            + "\n\nExit codes: 0 success, 1 a failure (store, file, terminal), 2 a usage mistake."
    }

    /// The usage lines alone, printed after a mistake.
    public static var shortUsage: String {
        let lines = LaunchOptions.usage.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        return lines.joined(separator: "\n") + "\nRun \"tick --help\" for the options and commands."
    }

    /// " (did you mean …?)" for a near miss, else nothing.
    private static func suggestion(for name: String) -> String {
        let names = commands.map { $0.description.name }
        let close = names.filter { distance($0, name) <= max(1, name.count / 3) }
        return close.first.map { " (did you mean \"\($0)\"?)" } ?? " (commands: \(names.joined(separator: ", ")))"
    }

    /// Levenshtein distance, small inputs only.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
