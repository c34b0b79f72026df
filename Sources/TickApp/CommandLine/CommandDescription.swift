/// What a subcommand accepts, written once: the parser, `--help`, the usage line and the shell
/// completion scripts are all generated from it (as swift-argument-parser does from its property wrappers).
public struct CommandDescription: Sendable {
    /// The word after `tick`, like `add`.
    public var name: String
    /// One line saying what the command does, shown in `tick --help`.
    public var summary: String
    /// Positional arguments in order.
    public var arguments: [ArgumentDescription]
    /// Options (`--db`, `--config` and `--help` are added by `allOptions`).
    public var options: [OptionDescription]
    /// More explanation for `--help`, as paragraphs.
    public var discussion: String
    /// Example command lines for `--help`.
    public var examples: [String]
    /// Whether the command works on the store (and so takes `--db`).
    public var usesStore: Bool

    /// Describes a command.
    public init(name: String, summary: String, arguments: [ArgumentDescription] = [], options: [OptionDescription] = [],
                discussion: String = "", examples: [String] = [], usesStore: Bool = true) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.discussion = discussion
        self.examples = examples
        self.usesStore = usesStore
    }

    /// The store option every store command takes.
    public static let databaseOption = OptionDescription("db", value: .file("PATH"),
        help: "the store file (default: $TICK_DB, else $XDG_DATA_HOME/tick/tick.db, else ~/.local/share/tick/tick.db)")
    /// The config file option every store command takes, as the app does.
    public static let configOption = OptionDescription("config", value: .file("PATH"),
        help: "the config file (default: $TICK_CONFIG, else $XDG_CONFIG_HOME/tick/config, else ~/.config/tick/config)")
    /// `-h`, `--help`.
    public static let helpOption = OptionDescription("help", short: "h", help: "show this help")

    /// The command's options followed by `--db` and `--config` (for store commands) and `--help`.
    public var allOptions: [OptionDescription] {
        options + (usesStore ? [Self.databaseOption, Self.configOption] : []) + [Self.helpOption]
    }

    /// `tick add [--list NAME] [--db PATH] TITLE…`
    public var usage: String { usageParts.joined(separator: " ") }

    private var usageParts: [String] {
        let options = allOptions.filter { $0.long != "help" }.map { "[\($0.synopsis)]" }
        let arguments = self.arguments.map { argument in
            let name = argument.repeats ? "\(argument.name)…" : argument.name
            return argument.isOptional ? "[\(name)]" : name
        }
        return ["tick", name] + options + arguments
    }

    /// The usage wrapped at 80 columns, continued lines indented under the first option.
    var wrappedUsage: String {
        let indent = String(repeating: " ", count: "Usage: tick \(name) ".count)
        var lines: [String] = []
        var line = "Usage: tick \(name)"
        for part in usageParts.dropFirst(2) {
            if line.count + 1 + part.count > 80 {
                lines.append(line)
                line = indent + part
            } else {
                line += " " + part
            }
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// The text `tick COMMAND --help` prints.
    public var help: String {
        var text = "\(wrappedUsage)\n\n\(HelpText.wrap(summary, width: 80))\n"
        if !discussion.isEmpty { text += "\n" + HelpText.wrap(discussion, width: 80) + "\n" }
        if !arguments.isEmpty {
            text += "\nArguments:\n" + HelpText.table(arguments.map { ($0.repeats ? "\($0.name)…" : $0.name, $0.help) })
        }
        text += "\nOptions:\n" + HelpText.table(allOptions.map { ($0.label, $0.help) })
        if !examples.isEmpty { text += "\nExamples:\n" + examples.map { "  \($0)\n" }.joined() }
        return text
    }
}

/// A positional argument.
public struct ArgumentDescription: Sendable {
    /// The placeholder shown in usage, like `TITLE`.
    public var name: String
    /// What it is, for `--help`.
    public var help: String
    /// Whether it takes every remaining word (`TITLE…`).
    public var repeats: Bool
    /// Whether it may be left out.
    public var isOptional: Bool
    /// What shells should offer for it.
    public var completion: Completion

    /// Describes a positional argument.
    public init(_ name: String, help: String, repeats: Bool = false, isOptional: Bool = false, completion: Completion = .none) {
        self.name = name
        self.help = help
        self.repeats = repeats
        self.isOptional = isOptional
        self.completion = completion
    }
}

/// A `--name` option, with or without a value.
public struct OptionDescription: Sendable {
    /// What follows the option.
    public enum Value: Sendable, Equatable {
        /// Nothing: the option is a flag.
        case none
        /// Free text, shown as the placeholder.
        case text(String)
        /// A path, shown as the placeholder; shells complete file names.
        case file(String)
        /// One of a few words.
        case choice(String, [String])
    }

    /// The long name without dashes.
    public var long: String
    /// The one-letter name, if any.
    public var short: Character?
    /// What the option takes.
    public var value: Value
    /// What it does, for `--help`.
    public var help: String
    /// What shells complete for its value from the store (list names, tags, `@when` words), when
    /// not just what `value` says.
    public var completes: CompletionSource?

    /// Describes an option.
    public init(_ long: String, short: Character? = nil, value: Value = .none, help: String, completes: CompletionSource? = nil) {
        self.long = long
        self.short = short
        self.value = value
        self.help = help
        self.completes = completes
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { value != .none }

    /// The placeholder for the value (`NAME`, `todotxt|json`), or nil for a flag.
    public var placeholder: String? {
        switch value {
        case .none: return nil
        case .text(let name), .file(let name): return name
        case .choice(_, let words): return words.joined(separator: "|")
        }
    }

    /// `--list NAME` as usage shows it.
    public var synopsis: String { "--\(long)" + (placeholder.map { " \($0)" } ?? "") }

    /// `-l, --list NAME` as the help table shows it.
    var label: String { (short.map { "-\($0), " } ?? "    ") + synopsis }
}

/// What shells complete for an argument.
public enum Completion: Sendable, Equatable {
    /// Nothing in particular.
    case none
    /// File names.
    case file
    /// One of these words.
    case choice([String])
    /// The name of a `tick` command.
    case commandName
    /// Words `tick __complete` prints from the store (ids, list names, tags) or knows (`@when` words).
    case source(CompletionSource)
}

/// What `tick __complete KIND` prints for the completion scripts.
public enum CompletionSource: String, CaseIterable, Sendable {
    /// Open todos' ids, each with its title after a tab (zsh and fish show it as the description).
    case ids
    /// List names, one a line.
    case lists
    /// Tags, one a line, without `#`.
    case tags
    /// The `@when` words, without `@`.
    case when
    /// A word of a title: `#` then tags, `@` then `@when` words; nothing for other words.
    case title
}

/// Layout of help text: word wrapping and two-column tables.
enum HelpText {
    /// Wraps each paragraph (separated by blank lines) at `width` columns, keeping lines that start with spaces as they are.
    static func wrap(_ text: String, width: Int, indent: String = "") -> String {
        text.components(separatedBy: "\n").map { line -> String in
            if line.hasPrefix(" ") || line.isEmpty { return line.isEmpty ? "" : indent + line }
            var lines: [String] = []
            var current = indent
            for word in line.split(separator: " ") {
                if current.count > indent.count && current.count + 1 + word.count > width {
                    lines.append(current)
                    current = indent
                }
                current += (current.count > indent.count ? " " : "") + word
            }
            lines.append(current)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Rows of "  label   text", the text wrapped in its column.
    static func table(_ rows: [(String, String)]) -> String {
        let column = min(26, (rows.map(\.0.count).max() ?? 0) + 4)
        return rows.map { label, help in
            let wrapped = wrap(help, width: 80, indent: String(repeating: " ", count: column))
            let body = wrapped.dropFirst(column)
            if label.count + 4 > column {
                return "  \(label)\n\(wrapped)\n"
            }
            return "  " + label.padded(to: column - 2) + body + "\n"
        }.joined()
    }
}
