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
        due:YYYY-MM-DD.
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
            try context.buffered { write in try Self.export(store, format: format, to: write) }
            return 0
        }
        let writer = try ExportFileWriter(path: path)
        let count: Int
        do {
            count = try Self.export(store, format: format, to: writer.write)
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
        context.print("Exported \(count) todo\(count == 1 ? "" : "s") to \(path) (\(format == .json ? "JSON" : "todo.txt"))")
        return 0
    }

    @discardableResult
    static func export(_ store: TodoStore, format: InteropFormat, to write: (String) throws -> Void) throws -> Int {
        switch format {
        case .json: return try JSONFormat.export(store, to: write)
        case .todoTxt: return try TodoTxtFormat.export(store, to: write)
        }
    }
}
