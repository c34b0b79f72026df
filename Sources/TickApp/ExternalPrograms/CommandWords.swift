/// A command line such as `$VISUAL`, `$EDITOR` or `$BROWSER` split into a program and its arguments
/// without a shell, the way git does for simple values (`code --wait`, `vim -f`, `"/opt/My Editor/ed" -w`).
///
/// Words are separated by spaces and tabs; single quotes keep everything up to the next single quote,
/// double quotes keep everything but a backslash-escaped `"` or `\`, and a backslash outside quotes
/// keeps the next character. Anything that needs a shell to mean what it says (`$`, a backquote, `|`,
/// `&`, `;`, `<`, `>`, `(`, `)`, a glob, `~`) is refused rather than passed on literally, because
/// Tick never runs a shell: the user gets a message naming the character instead of a surprise.
public enum CommandWords {
    /// Why a command line could not be split.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// Nothing but spaces.
        case empty
        /// A quote that is never closed.
        case unclosedQuote(Character)
        /// A character that only a shell would understand.
        case needsShell(Character)
        /// A control character (a newline, an escape): never passed to a program.
        case controlCharacter

        /// The problem as a status line says it.
        public var description: String {
            switch self {
            case .empty: return "it is empty"
            case .unclosedQuote(let quote): return "a \(quote) quote is not closed"
            case .needsShell(let character): return "it uses \(character), which needs a shell (Tick runs programs without one)"
            case .controlCharacter: return "it contains a control character"
            }
        }
    }

    /// Characters that mean something to a shell outside quotes.
    private static let shellCharacters: Set<Character> = ["$", "`", "|", "&", ";", "<", ">", "(", ")", "*", "?", "[", "~", "{", "}"]

    /// The words of `line`, or the problem that keeps it from being run without a shell.
    public static func split(_ line: String) throws(Problem) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            if character != "\t" && character.isControlCharacter { throw .controlCharacter }
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw .unclosedQuote("'") }
                    if next == "'" { break }
                    if next.isControlCharacter { throw .controlCharacter }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard var next = characters.next() else { throw .unclosedQuote("\"") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { throw .unclosedQuote("\"") }
                        if escaped != "\"" && escaped != "\\" { word.append("\\") }
                        next = escaped
                    }
                    if next.isControlCharacter { throw .controlCharacter }
                    // Inside double quotes a shell still expands `$` and backquotes.
                    if next == "$" || next == "`" { throw .needsShell(next) }
                    word.append(next)
                }
            case "\\":
                guard let escaped = characters.next() else { throw .needsShell("\\") }
                if escaped.isControlCharacter { throw .controlCharacter }
                word.append(escaped)
                inWord = true
            default:
                if shellCharacters.contains(character) { throw .needsShell(character) }
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        guard !words.isEmpty else { throw .empty }
        return words
    }
}

extension Character {
    /// Whether any scalar is a C0/C1 control character or a format character (bidi overrides):
    /// nothing that reaches a program's arguments or a terminal may carry one.
    var isControlCharacter: Bool {
        unicodeScalars.contains { [.control, .format].contains($0.properties.generalCategory) }
    }
}
