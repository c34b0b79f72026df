import Glibc
import FoundationEssentials
import TodoStore

/// `tick import FILE`: brings in a todo.txt or JSON file, all or nothing.
struct ImportCommand: Subcommand {
    static let description = CommandDescription(
        name: "import", summary: "Add the todos of a todo.txt or JSON file.",
        arguments: [ArgumentDescription("FILE", help: "the file to read (- for standard input)", completion: .file)],
        options: [OptionDescription("format", short: "f", value: .choice("FORMAT", ["auto", "todotxt", "json"]),
                                    help: "the file's format (default: auto, JSON when it starts with { or [)")],
        discussion: """
        The whole file is read and checked first: a line Tick cannot read stops the import with FILE:LINE: \
        problem, and nothing is added. Then every todo is added in one change (u in Tick takes it back), \
        at the end of its list; lists that do not exist yet are created. In todo.txt, the last +project \
        names the list and todos without one go to the Inbox.
        """,
        examples: ["tick import ~/todo.txt", "tick import backup.json", "tick export --format json | tick --db new.db import -"])

    let path: String
    let format: InteropFormat?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positionals[0]
        format = arguments.value("format").flatMap(InteropFormat.init(rawValue:))
    }

    func run(in context: CommandContext) throws -> Int32 {
        let data: Data
        if path == "-" {
            data = context.readStandardInput()
        } else {
            data = try Self.read(path)
        }
        let name = path == "-" ? "standard input" : path
        let document: InteropDocument
        do {
            switch format ?? InteropFormat.detect(data) {
            case .json: document = try JSONFormat.decode(data)
            case .todoTxt: document = try TodoTxtFormat.decode(data)
            }
        } catch {
            throw CommandFailure("\(name):\(error.line): \(error.problem) (nothing was imported)")
        }
        let store = try context.openStore()
        defer { store.close() }
        let imported = try store.importDocument(document)
        let done = imported.filter(\.isDone).count
        let lists = Set(imported.map(\.listID)).count
        context.print("Imported \(imported.count) todo\(imported.count == 1 ? "" : "s") (\(done) done) into \(lists) list\(lists == 1 ? "" : "s") from \(name)")
        return 0
    }

    /// The file's bytes, or a failure with the system's reason ("No such file or directory").
    static func read(_ path: String) throws -> Data {
        guard let stream = FileStream.reading(path) else { throw CommandFailure("cannot read \(path): \(FileStream.lastErrorMessage)") }
        var status = stat()
        if fstat(stream.descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure("cannot read \(path): \(String(cString: strerror(EISDIR)))")
        }
        return stream.readToEnd()
    }
}
