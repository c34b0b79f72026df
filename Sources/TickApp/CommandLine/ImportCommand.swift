import Glibc
import FoundationEssentials
import TodoStore
import TodoSync

/// `tick import FILE`: brings in a todo.txt, JSON or iCalendar file, all or nothing.
struct ImportCommand: Subcommand {
    static let description = CommandDescription(
        name: "import", summary: "Add the todos of a todo.txt, JSON or iCalendar (.ics) file.",
        arguments: [ArgumentDescription("FILE", help: "the file to read (- for standard input)", completion: .file)],
        options: [OptionDescription("format", short: "f", value: .choice("FORMAT", ["auto", "todotxt", "json", CalendarInterop.formatName]),
                                    help: "the file's format (default: auto, JSON when it starts with { or [, ics with BEGIN:VCALENDAR)"),
                  OptionDescription("allow-duplicates", help: "also add todos that look like ones already there"),
                  OptionDescription("quiet", short: "q", help: "no progress bar")],
        discussion: """
        The whole file is read and checked first: a line Tick cannot read stops the import with FILE:LINE: \
        problem, and nothing is added. Then every todo is added in one change (u in Tick takes it back), \
        at the end of its list; lists that do not exist yet are created. In todo.txt, the last +project \
        names the list and todos without one go to the Inbox; relative due days other tools write \
        (due:tod, due:tom, due:fri, due:3d, due:2w, due:1m) are read as of today. A todo that looks \
        like one already in the store (same list, title, due day, and open or done) is a duplicate: \
        duplicates are counted and skipped unless --allow-duplicates is given, so importing a file \
        twice adds nothing the second time. On a terminal a progress bar shows on standard error \
        while the import takes more than half a second; Ctrl-C stops it and leaves the store \
        unchanged (exit status 130). In an iCalendar file, every VTODO is a todo (other components, \
        VEVENT and VJOURNAL, are counted and ignored), and a todo whose UID is already in the store \
        is updated rather than added again.
        """,
        examples: ["tick import ~/todo.txt", "tick import backup.json", "tick import tasks.ics", "tick export --format json | tick --db new.db import -"])

    let path: String
    let format: InteropFormat?
    /// `--format ics`.
    let isCalendar: Bool
    let allowsDuplicates: Bool
    let isQuiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positionals[0]
        format = arguments.value("format").flatMap(InteropFormat.init(rawValue:))
        isCalendar = arguments.value("format") == CalendarInterop.formatName
        allowsDuplicates = arguments.has("allow-duplicates")
        isQuiet = arguments.has("quiet")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let data: Data
        if path == "-" {
            data = context.readStandardInput()
        } else {
            data = try Self.read(path)
        }
        let name = path == "-" ? "standard input" : TodoTable.safe(path).text  // a file name can hold controls
        // Watched only once the file is read: until then Ctrl-C may end the process, nothing is open.
        context.interrupts.begin()
        defer { context.interrupts.end() }
        do {
            return try importing(data, named: name, in: context)
        } catch is CommandInterrupted {
            context.writeError("tick import: interrupted; nothing was imported, the store is unchanged\n")
            return 130
        }
    }

    /// Decodes and imports `data`, drawing progress, stopping at Ctrl-C.
    private func importing(_ data: Data, named name: String, in context: CommandContext) throws -> Int32 {
        let reading = context.progress(ProgressBar(label: "Reading", unit: .bytes), quiet: isQuiet)
        let document: InteropDocument
        var calendar: ICalendarFile.Contents?
        do {
            defer { reading.finish() }
            if isCalendar || (format == nil && CalendarInterop.isCalendar(data)) {
                calendar = try CalendarInterop.read(data) { (bytesRead: Int) throws(InteropError) in
                    // Line 0 marks Ctrl-C, as for todo.txt below.
                    if context.interrupts.isRequested() { throw InteropError(line: 0, problem: "interrupted") }
                    reading.update(count: bytesRead, total: data.count)
                }
                document = calendar!.document
            } else {
                switch format ?? InteropFormat.detect(data) {
                case .json: document = try JSONFormat.decode(data)
                case .todoTxt:
                    document = try TodoTxtFormat.decode(data, today: context.today.ordinal) { (bytesRead: Int) throws(InteropError) in
                        // An InteropError is all decode can carry; line 0 marks this one, told apart below.
                        if context.interrupts.isRequested() { throw InteropError(line: 0, problem: "interrupted") }
                        reading.update(count: bytesRead, total: data.count)
                    }
                }
            }
        } catch {
            if error.line == 0, context.interrupts.isRequested() { throw CommandInterrupted() }
            throw CommandFailure("\(name):\(error.line): \(error.problem) (nothing was imported)")
        }
        let store = try context.openStore()
        defer { store.close() }
        let importing = context.progress(ProgressBar(label: "Importing", unit: .todos), quiet: isQuiet)
        let summary: ImportSummary
        do {
            defer { importing.finish() }
            summary = try store.importDocument(document, options: ImportOptions(skipsDuplicates: !allowsDuplicates) { written, total in
                if context.interrupts.isRequested() { throw CommandInterrupted() }
                importing.update(count: written, total: total)
            })
        }
        let imported = summary.imported
        let done = imported.filter(\.isDone).count
        let lists = Set(imported.map(\.listID)).count
        var line = "Imported \(imported.count) todo\(imported.count == 1 ? "" : "s") (\(done) done) into \(lists) list\(lists == 1 ? "" : "s") from \(name)"
        if summary.duplicateCount > 0 {
            let count = "\(summary.duplicateCount) todo\(summary.duplicateCount == 1 ? "" : "s")"
            line += allowsDuplicates
                ? "; \(count) looked like duplicates of todos already there and were added anyway"
                : "; skipped \(count) that looked like duplicates of todos already there (--allow-duplicates adds them)"
        }
        if let calendar { line += CalendarInterop.summary(of: calendar, updated: summary.updated.count) }
        if document.relativeDueDayCount > 0 {
            let count = document.relativeDueDayCount
            line += "; \(count) relative due date\(count == 1 ? "" : "s") read as of \(context.today.iso)"
        }
        context.print(line)
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
