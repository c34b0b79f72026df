import FoundationEssentials
import TodoStore

/// One `tick COMMAND`: its description, how it reads its parsed arguments, and what it does.
///
/// `init` turns arguments into a value or throws a `UsageError` (exit 2) before anything is
/// opened; `run` does the work, writing through the context, and throws for runtime failures
/// (exit 1) — a store that cannot be opened, a missing todo, a file that cannot be read.
public protocol Subcommand: Sendable {
    /// What the command accepts; the parser, the help and the completions come from it.
    static var description: CommandDescription { get }
    /// Reads the parsed arguments, checking everything that can be checked without the store.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Does the work and returns the exit status (0 on success).
    func run(in context: CommandContext) throws -> Int32
    /// The exit status of a runtime failure, a failed write to standard output among them: 1, except
    /// for a command whose 1 already means something else (`tick remind`: nothing due).
    static var failureStatus: Int32 { get }
}

extension Subcommand {
    /// 1: a runtime failure, as the protocol describes.
    public static var failureStatus: Int32 { 1 }
}

/// A runtime failure with a one-line message (exit code 1).
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for people.
    public var message: String
    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message, as printed after "tick COMMAND: ".
    public var description: String { message }
}

/// Todo ids as typed on the command line.
enum TodoIDs {
    /// Parses ids (`12`, also `#12`), refusing anything else as a usage mistake.
    static func parse(_ words: [String]) throws(UsageError) -> [Int64] {
        var ids: [Int64] = []
        for word in words {
            let digits = word.hasPrefix("#") ? word.dropFirst() : Substring(word)
            guard let id = Int64(digits), id > 0, digits.allSatisfy(\.isASCII) else {
                throw UsageError(message: "\"\(word)\" is not a todo id (ids are the numbers tick ls shows)")
            }
            ids.append(id)
        }
        return ids
    }

    /// The todos with these ids, or a failure naming every id that does not exist.
    static func require(_ ids: [Int64], in store: TodoStore) throws -> [TodoItem] {
        var found: [TodoItem] = []
        var missing: [Int64] = []
        for id in ids {
            if let item = try store.item(id: id) { found.append(item) } else { missing.append(id) }
        }
        guard missing.isEmpty else {
            let names = missing.map(String.init).joined(separator: ", ")
            throw CommandFailure("no todo has id \(names) (tick ls shows the ids); nothing was changed")
        }
        return found
    }
}
