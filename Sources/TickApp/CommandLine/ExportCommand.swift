import Glibc
import FoundationEssentials
import TodoStore

/// `tick export`: the whole store as todo.txt or JSON, to standard output or a file.
struct ExportCommand: Subcommand {
    static let description = CommandDescription(
        name: "export", summary: "Write every todo as todo.txt or JSON.",
        arguments: [ArgumentDescription("FILE", help: "where to write (default: standard output); replaced only once complete",
                                        isOptional: true, completion: .file)],
        options: [OptionDescription("format", short: "f", value: .choice("FORMAT", ["todotxt", "json"]),
                                    help: "todotxt or json (default: json for a FILE ending in .json, else todotxt)")],
        discussion: """
        JSON carries every field (title, notes, list, priority, due day, flag, creation and completion times, \
        order) and the lists, so tick import of it into an empty store gives back the same list. todo.txt \
        keeps what the format can hold: done state and dates, priority as (A) (B) (C), the list as +project, \
        due:YYYY-MM-DD. A FILE that is a symbolic link has its target replaced; a device or a FIFO is \
        written through. On a terminal, control characters in titles show as placeholders (␛).
        """,
        examples: ["tick export --format json backup.json", "tick export > todo.txt"])

    let format: InteropFormat
    let path: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        if let name = arguments.value("format") {
            format = InteropFormat(rawValue: name)!
        } else {
            format = path.map(InteropFormat.forFileName) ?? .todoTxt
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        guard let path else {
            try context.buffered { write in
                try Self.export(store, format: format, to: context.outputIsTerminal ? { try write(Self.shownOnTerminal($0)) } : write)
            }
            return 0
        }
        let writer = try ExportFileWriter(path: path)
        let count: Int
        do {
            let write = writer.isTerminal ? { try writer.write(Self.shownOnTerminal($0)) } : writer.write
            count = try Self.export(store, format: format, to: write)
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
        let shownPath = TodoTable.safe(path).text
        context.print("Exported \(count) todo\(count == 1 ? "" : "s") to \(shownPath) (\(format == .json ? "JSON" : "todo.txt"))")
        return 0
    }

    /// Export text as a terminal may show it: each line's control characters as placeholders (␛, ␇),
    /// as `tick ls` shows them, so a title cannot retitle the terminal or set its clipboard. Line
    /// breaks stay; only what reaches a terminal changes, files and pipes get the exact data.
    static func shownOnTerminal(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TodoTable.safe(String($0)).text }.joined(separator: "\n")
    }

    @discardableResult
    static func export(_ store: TodoStore, format: InteropFormat, to write: (String) throws -> Void) throws -> Int {
        switch format {
        case .json: return try JSONFormat.export(store, to: write)
        case .todoTxt: return try TodoTxtFormat.export(store, to: write)
        }
    }
}
