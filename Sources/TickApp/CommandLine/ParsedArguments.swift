/// A subcommand's arguments sorted out by its `CommandDescription`: option values, flags and
/// positional words.
public struct ParsedArguments: Equatable, Sendable {
    /// Values of options that take one, by long name, in the order given.
    public var values: [String: [String]] = [:]
    /// Flags given, by long name.
    public var flags: Set<String> = []
    /// The positional words, in order.
    public var positionals: [String] = []

    /// Creates an empty result.
    public init() {}

    /// The last value given for an option.
    public func value(_ long: String) -> String? { values[long]?.last }

    /// Every value given for an option, in order (empty when it was not given).
    public func allValues(_ long: String) -> [String] { values[long] ?? [] }

    /// Whether a flag was given.
    public func has(_ long: String) -> Bool { flags.contains(long) }

    /// Whether `--help` or `-h` appears before a `--`, which wins over any other mistake.
    public static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// Parses `arguments` (the words after the command name) as `description` says.
    ///
    /// `--name value`, `--name=value`, `-n value`; `--` ends the options, so a title may start
    /// with `-`; a lone `-` is a positional word (standard input or output).
    public static func parse(_ arguments: [String], for description: CommandDescription) throws(UsageError) -> ParsedArguments {
        let options = description.allOptions
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // `-#tag` (a query's excluded tag) is a word: no option starts with `-#`.
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || argument.hasPrefix("-#") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            let option = options.first { name == "--\($0.long)" || ($0.short.map { name == "-\($0)" } ?? false) }
            guard let option else {
                let hint = argument.dropFirst().first?.isNumber == true || description.arguments.contains(where: \.repeats)
                    ? " (to pass a word starting with \"-\", put -- before it)" : ""
                throw UsageError(message: "unknown option \"\(argument)\"\(hint)")
            }
            guard option.takesValue else {
                if inline != nil { throw UsageError(message: "--\(option.long) takes no value") }
                parsed.flags.insert(option.long)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count else { throw UsageError(message: "--\(option.long) needs a value (\(option.placeholder!))") }
                value = arguments[index]
                index += 1
            }
            if case .choice(_, let words) = option.value, !words.contains(value) {
                throw UsageError(message: "--\(option.long) wants one of \(words.joined(separator: ", ")), not \"\(value)\"")
            }
            parsed.values[option.long, default: []].append(value)
        }
        try checkCount(parsed.positionals, against: description.arguments)
        return parsed
    }

    private static func checkCount(_ words: [String], against arguments: [ArgumentDescription]) throws(UsageError) {
        let required = arguments.filter { !$0.isOptional }
        if words.count < required.count {
            throw UsageError(message: "missing \(required[words.count].name)")
        }
        if !arguments.contains(where: \.repeats), words.count > arguments.count {
            throw UsageError(message: "unexpected argument \"\(words[arguments.count])\"")
        }
    }
}

/// A mistake in the arguments (exit code 2): what was wrong, printed before the usage.
public typealias UsageError = LaunchOptions.UsageError
