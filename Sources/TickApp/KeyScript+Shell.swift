/// `<Shell tick ls --due today>`: a `tick` command line a key script shows run in a shell, on the
/// script's own store (see `ShellGlimpse` for how it runs and draws).
///
/// Only commands that change nothing may be shown (`tick ls`, `tick show`): the app would not see
/// a change made under it. The line is checked whole when the script is read, as `tick` itself
/// would check it, and as a shell would read it: words split and quoted as `CommandWords` does,
/// and a `#` or `!` that a shell would take for a comment or history must be quoted, so the line
/// shown is one a reader can paste.
public struct ShellCommandLine: Equatable, Sendable {
    /// The line as the tag wrote it, spaces at its ends removed: what the prompt shows.
    public let text: String
    /// The subcommand's name, `ls`.
    public let commandName: String
    /// The words after the subcommand's name, unquoted.
    public let arguments: [String]

    /// The subcommands a script may show: those that only read the store. Each closes its store
    /// through `CommandContext.close(_:)`, which leaves the app's lent store open.
    static let readingCommands: [any Subcommand.Type] = [ListCommand.self, ShowCommand.self]

    /// The names of `readingCommands`, as messages list them.
    static var readingCommandNames: String {
        readingCommands.map { "tick " + $0.description.name }.joined(separator: " or ")
    }

    /// The example every message about the tag ends with.
    static let example = "like <Shell tick ls --due today>"

    /// Reads a tag's argument, or says in one line what is wrong with it (the parser adds where).
    public static func parse(_ text: String) throws(ParseProblem) -> ShellCommandLine {
        guard !text.isEmpty else { throw ParseProblem("<Shell> wants a tick command to show, \(example)") }
        if let character = unquotedShellSigil(in: text) {
            let reading = character == "#" ? "an unquoted # starting a word means a comment" : "! outside single quotes means history"
            throw ParseProblem("<Shell> shows a line to paste into a shell, where \(reading): quote it, like <Shell tick ls '#work' '!!'>")
        }
        let words: [String]
        do {
            words = try CommandWords.split(text)
        } catch {
            throw ParseProblem("<Shell> cannot split \"\(KeyScript.visible(text))\" into words: \(error)")
        }
        guard words.first == "tick", words.count >= 2 else {
            throw ParseProblem("<Shell> shows a tick command, starting with tick and its command, \(example) (got <Shell \(KeyScript.visible(text))>)")
        }
        let name = words[1]
        guard let command = CommandLineTool.command(named: name) else {
            throw ParseProblem("<Shell> knows no command \"\(KeyScript.visible(name))\": it shows \(readingCommandNames), \(example)")
        }
        guard readingCommands.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(command) }) else {
            throw ParseProblem("<Shell> shows only commands that change nothing (\(readingCommandNames)), not tick \(name): the app would not see the change")
        }
        let arguments = Array(words.dropFirst(2))
        if arguments.contains(where: { $0 == "--db" || $0.hasPrefix("--db=") || $0 == "--config" || $0.hasPrefix("--config=") }) {
            throw ParseProblem("<Shell> runs on the script's own store and settings: leave out --db and --config")
        }
        if !ParsedArguments.asksForHelp(arguments) {
            do throws(UsageError) {
                _ = try command.init(try ParsedArguments.parse(arguments, for: command.description))
            } catch {
                throw ParseProblem("<Shell \(KeyScript.visible(text))>: tick \(name): \(TodoTable.safe(error.message).text)")
            }
        }
        return ShellCommandLine(text: text, commandName: name, arguments: arguments)
    }

    /// The first `#` that starts a word outside quotes (a shell reads a comment: `tick ls #work`
    /// lists everything) or `!` outside single quotes (bash reads history, even in double quotes),
    /// or nil.
    private static func unquotedShellSigil(in text: String) -> Character? {
        var quote: Character?
        var atWordStart = true
        var characters = text.makeIterator()
        while let character = characters.next() {
            if quote == "'" {
                if character == "'" { quote = nil }
                continue
            }
            if character == "!" { return "!" }
            if quote == "\"" {
                if character == "\"" { quote = nil } else if character == "\\" { _ = characters.next() }
                continue
            }
            switch character {
            case " ", "\t":
                atWordStart = true
                continue
            case "'", "\"": quote = character
            case "\\": _ = characters.next()
            case "#" where atWordStart: return "#"
            default: break
            }
            atWordStart = false
        }
        return nil
    }

    /// What is wrong with a `<Shell>` tag's argument, in one line.
    public struct ParseProblem: Error, Equatable {
        /// The message, naming the tag.
        public var message: String
        /// A problem saying `message`.
        init(_ message: String) { self.message = message }
    }
}
