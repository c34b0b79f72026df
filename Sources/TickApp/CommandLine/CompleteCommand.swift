import TodoStore

/// `tick __complete KIND [WORD]`: the words the completion scripts offer from the store, one a line.
/// Hidden (not in `--help`, the manual page or the completions), and made for a shell waiting on a
/// key: it opens the store read-only, never creates, migrates or changes it, and when the store is
/// missing, locked, damaged or from another Tick it prints nothing and exits 0, since a completion
/// has no place to say so (every other command says why and exits 1).
struct CompleteCommand: Subcommand {
    static let description = CommandDescription(
        name: "__complete", summary: "Print completion words (for the completion scripts).",
        arguments: [
            ArgumentDescription("KIND", help: CompletionSource.allCases.map(\.rawValue).joined(separator: ", "),
                                completion: .choice(CompletionSource.allCases.map(\.rawValue))),
            ArgumentDescription("WORD", help: "what is typed so far", isOptional: true),
        ],
        discussion: "ids prints \"ID<tab>TITLE\" lines for open todos (the newest first, or those whose id begins with WORD); "
            + "title prints #tags or @when words for a WORD that begins with # or @.")

    /// At most this many ids are printed: a menu of thousands helps no one, and the read stays small.
    static let idLimit = 200

    /// The `@when` words offered (without `@`): the one-word forms of `NaturalDueWords` and `DueWords`.
    static let whenWords = ["today", "tomorrow", "tonight", "noon", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                            "sunday", "next-week", "next-month", "next-year", "next-mon", "next-fri", "eow", "eom", "eoy",
                            "+1d", "+3d", "+1w", "+2w", "+1m", "9am", "3pm", "none"]

    let source: CompletionSource
    let word: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let name = arguments.positionals[0]
        guard let source = CompletionSource(rawValue: name) else {
            throw UsageError(message: "unknown kind \"\(name)\" (\(CompletionSource.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.source = source
        word = arguments.positionals.count > 1 ? arguments.positionals[1] : ""
    }

    func run(in context: CommandContext) throws -> Int32 {
        for line in lines(in: context) { context.print(line) }
        return 0
    }

    /// The lines to print; none when the store cannot be read.
    private func lines(in context: CommandContext) -> [String] {
        switch source {
        case .when: return Self.whenWords
        case .title:
            if word.hasPrefix("@") { return Self.whenWords.filter { $0 != "none" }.map { "@" + $0 } }
            guard word.hasPrefix("#") else { return [] }
            return stored(in: context) { try $0.tagNames() }.map { "#" + $0 }
        case .tags: return stored(in: context) { try $0.tagNames() }
        case .lists: return stored(in: context) { try $0.lists().map { Self.oneLine($0.name) } }
        case .ids:
            let prefix = word.hasPrefix("#") ? String(word.dropFirst()) : word
            return stored(in: context) { store in
                try store.openTodoTitles(idPrefix: prefix, limit: Self.idLimit).map { "\($0.id)\t\(Self.oneLine($0.title))" }
            }
        }
    }

    /// What `read` finds in the store opened read-only, or nothing when it cannot be opened or
    /// read. The one place a failure is not said: a completion script would show it as a candidate.
    private func stored(in context: CommandContext, _ read: (TodoStore) throws -> [String]) -> [String] {
        do {
            // Read-only: a missing store is not created (the open fails), an old one not migrated.
            let store = try TodoStore(path: context.storePath, readOnly: true, historyDepth: 0)
            defer { store.close() }
            // A writer holding the store: answer nothing rather than keep the shell waiting.
            store.waitsForOtherWritersMilliseconds = 200
            return try read(store)
        } catch {
            return []
        }
    }

    /// A title or name on one line of plain text: control characters (tabs, line breaks, escapes)
    /// become spaces, so neither the line format nor the terminal is disturbed.
    static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}
