import Glibc

/// The command line of a test tool (`tick-stress`, `tick-fuzz`, `tick-bench`): `--name VALUE`
/// options it knows, each value checked, and `--help`. Anything else is a mistake, said with the
/// usage and exit status 2, so `--help` or a misspelt option never starts a long run.
public struct ToolArguments: Equatable, Sendable {
    /// One option a tool takes, with the kind of value it needs.
    public struct Option: Sendable {
        /// The option as typed: `--rounds`.
        public let name: String
        /// What its value must be, for the message: "a whole number".
        let kind: String
        let accepts: @Sendable (String) -> Bool

        /// An option whose value is a whole number from 0 up.
        public static func count(_ name: String) -> Option {
            Option(name: name, kind: "a whole number") { Int($0).map { $0 >= 0 } ?? false }
        }

        /// An option whose value is a seed: a whole number from 0 to 2^64 − 1.
        public static func seed(_ name: String) -> Option {
            Option(name: name, kind: "a whole number from 0 to 18446744073709551615") { UInt64($0) != nil }
        }

        /// An option whose value is a number of seconds, fractions allowed, from 0 up.
        public static func seconds(_ name: String) -> Option {
            Option(name: name, kind: "a number of seconds") { Double($0).map { $0 >= 0 && $0.isFinite } ?? false }
        }

        /// An option whose value is a path (anything not empty).
        public static func path(_ name: String) -> Option {
            Option(name: name, kind: "a path") { !$0.isEmpty }
        }
    }

    /// What a command line asks for.
    public enum Request: Equatable, Sendable {
        /// A run with these options.
        case run(ToolArguments)
        /// `--help` or `-h`: the usage, and nothing else.
        case help
        /// A command line the tool cannot take, and why.
        case mistake(String)
    }

    /// The options given, by name (`--rounds`), each once.
    public let values: [String: String]

    /// Reads `arguments` (without the program's name, nor a subcommand already taken off) against `options`.
    public static func parse(_ arguments: [String], options: [Option]) -> Request {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        var values: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard let option = options.first(where: { $0.name == name }) else {
                return .mistake(name.hasPrefix("-") ? "unknown option \(name)" : "unexpected argument \(name)")
            }
            guard index + 1 < arguments.count else { return .mistake("\(name) needs a value (\(option.kind))") }
            let value = arguments[index + 1]
            guard option.accepts(value) else { return .mistake("\(name) needs \(option.kind), not \(value)") }
            guard values.updateValue(value, forKey: name) == nil else { return .mistake("\(name) is given twice") }
            index += 2
        }
        return .run(ToolArguments(values: values))
    }

    /// `parse`, for a tool's `main`: prints `usage` and exits 0 for `--help`; prints the mistake and
    /// `usage` on standard error and exits 2 for a command line it cannot take.
    public static func parseOrExit(_ arguments: [String], options: [Option], tool: String, usage: String) -> ToolArguments {
        switch parse(arguments, options: options) {
        case .run(let parsed):
            return parsed
        case .help:
            print(usage)
            exit(0)
        case .mistake(let problem):
            let message = Array("\(tool): \(problem)\n\(usage)\n".utf8)
            // Exiting with status 2 says the mistake even if standard error is closed.
            _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(2)
        }
    }

    /// The value of `name` as given, or nil.
    public subscript(_ name: String) -> String? { values[name] }

    /// The value of a `count` option, or `fallback` when it is not given.
    public func count(_ name: String, default fallback: Int) -> Int { values[name].flatMap { Int($0) } ?? fallback }

    /// The value of a `seed` option, or nil when it is not given.
    public func seed(_ name: String) -> UInt64? { values[name].flatMap { UInt64($0) } }

    /// The value of a `seconds` option, or `fallback` when it is not given.
    public func seconds(_ name: String, default fallback: Double) -> Double { values[name].flatMap { Double($0) } ?? fallback }
}
