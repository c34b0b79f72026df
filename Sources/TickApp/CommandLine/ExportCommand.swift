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
        let writer = try AtomicFileWriter(path: path)
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

/// Writes a file through a temporary sibling and renames it into place, so a failed export never
/// leaves half a file where a good one was.
final class AtomicFileWriter {
    private let path: String
    private let temporaryPath: String
    private let stream: FileStream
    private var buffer = Data()

    init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        temporaryPath = folder + ".\(name).tick-\(getpid()).tmp"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandFailure("cannot write \(path): \(FileStream.lastErrorMessage)")
        }
        stream = FileStream(descriptor: descriptor, closesOnDeinit: false)
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        guard stream.write(buffer) else {
            throw CommandFailure("cannot write \(path): \(FileStream.lastErrorMessage)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func commit() throws {
        try flush()
        fsync(stream.descriptor)
        close(stream.descriptor)
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw CommandFailure("cannot write \(path): \(reason)")
        }
    }

    func discard() {
        close(stream.descriptor)
        unlink(temporaryPath)
    }
}
