import Glibc
import FoundationEssentials
import TodoStore
import TodoSync

/// `tick import FILE`: brings in a todo.txt, JSON, iCalendar or taskwarrior file, or a vdir folder,
/// all or nothing.
struct ImportCommand: Subcommand {
    static let description = CommandDescription(
        name: "import", summary: "Add the todos of a todo.txt, JSON, iCalendar (.ics) or taskwarrior file, or of a vdir folder.",
        arguments: [ArgumentDescription("FILE", help: "the file or vdir folder to read (- for standard input)", completion: .file)],
        options: [OptionDescription("format", short: "f", value: .choice("FORMAT", ["auto"] + Format.allCases.map(\.rawValue)),
                                    help: "the file's format (default: auto, JSON when it starts with { or [, taskwarrior when that "
                                        + "JSON holds tasks, ics with BEGIN:VCALENDAR)"),
                  OptionDescription("list", short: "l", value: .text("NAME"), help: "put every todo into this list (created if missing)"),
                  OptionDescription("allow-duplicates", help: "also add todos that look like ones already there"),
                  OptionDescription("quiet", short: "q", help: "no progress bar")],
        discussion: """
        The whole file is read and checked first: a line Tick cannot read stops the import with FILE:LINE: \
        problem, and nothing is added. Then every todo is added in one change (u in Tick takes it back), \
        at the end of its list; lists that do not exist yet are created. In todo.txt, the last +project \
        names the list and todos without one go to the Inbox; relative due days other tools write \
        (due:tod, due:tom, due:fri, due:3d, due:2w, due:1m) are read as of today; t:YYYY-MM-DD (a \
        threshold) is kept in the notes as Starts: YYYY-MM-DD, and h:1 lines (hidden placeholders) are \
        skipped. A todo that looks \
        like one already in the store (same list, title, due day, and open or done) is a duplicate: \
        duplicates are counted and skipped unless --allow-duplicates is given, so importing a file \
        twice adds nothing the second time. On a terminal a progress bar shows on standard error \
        while the import takes more than half a second; Ctrl-C stops it and leaves the store \
        unchanged (exit status 130). In an iCalendar file, every VTODO is a todo (other components, \
        VEVENT and VJOURNAL, are counted and ignored), and a todo whose UID is already in the store \
        is updated rather than added again (left alone when nothing changed). A taskwarrior export \
        (task export) is read a task at a time: a project is a list (Work.Reports becomes \
        Work/Reports), priorities H, M, L are high, medium, low, a recurring task is one recurring \
        todo, deleted tasks are skipped, each UUID is the todo's UID (importing the export again \
        updates instead of adding), and what Tick has no field for (annotations, wait and \
        scheduled dates, dependencies, UDAs) is kept as lines of the notes, which the summary \
        counts. A folder is read as a vdir (as vdirsyncer writes it for todoman and khal): one .ics \
        file per todo, each folder of them a list named by its displayname file, else by the folder.
        """,
        examples: ["tick import ~/todo.txt", "tick import backup.json", "tick import tasks.ics",
                   "task export > tw.json && tick import tw.json", "tick import ~/.local/share/calendars",
                   "tick import --list Work ~/.local/share/calendars/work", "tick export --format json | tick --db new.db import -"])

    /// The formats `--format` names.
    enum Format: String, CaseIterable {
        case todoTxt = "todotxt"
        case json
        case ics
        case taskwarrior
    }

    let path: String
    /// The format `--format` gives, nil for auto.
    let format: Format?
    /// `--list`: the one list every todo goes to.
    let listName: String?
    let allowsDuplicates: Bool
    let isQuiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positionals[0]
        format = arguments.value("format").flatMap(Format.init(rawValue:))
        listName = arguments.value("list")
        allowsDuplicates = arguments.has("allow-duplicates")
        isQuiet = arguments.has("quiet")
        if let listName, listName.allSatisfy(\.isWhitespace) { throw UsageError(message: "--list needs a list name") }
    }

    /// What was read, ready to import.
    struct Decoded {
        var document: InteropDocument
        /// What an iCalendar file or a vdir held besides todos.
        var calendar: CalendarTally?
        /// How the summary names the source: "tw.json (taskwarrior)".
        var source: String
    }

    func run(in context: CommandContext) throws -> Int32 {
        let folder = path == "-" || !Self.isFolder(path) ? nil : try VdirFolder(path: path)
        if folder != nil, let format, format != .ics {
            throw UsageError(message: "\(TodoTable.safe(path).text) is a folder, read as a vdir of .ics files: --format \(format.rawValue) reads a file")
        }
        var input = try folder == nil ? ImportInput(path: path, context: context) : nil
        // Watched once the file is open: Ctrl-C while reading or writing leaves the store as it was.
        context.interrupts.begin()
        defer { context.interrupts.end() }
        do {
            var decoded: Decoded
            if let folder {
                decoded = try readVdir(folder, named: TodoTable.safe(path).text, in: context)
            } else {
                decoded = try read(&input!, in: context)
            }
            if let listName { decoded.document.putEverything(inList: listName) }
            return try importing(decoded, in: context)
        } catch is CommandInterrupted {
            context.writeError("tick import: interrupted; nothing was imported, the store is unchanged\n")
            return 130
        }
    }

    /// Decodes the file in the format given or found, drawing progress, stopping at Ctrl-C.
    private func read(_ input: inout ImportInput, in context: CommandContext) throws -> Decoded {
        let reading = context.progress(ProgressBar(label: "Reading", unit: .bytes), quiet: isQuiet)
        defer { reading.finish() }
        let name = input.name
        let total = input.size
        // Line 0 marks Ctrl-C: an InteropError is all the decoders can carry, told apart below.
        let progress = { (bytesRead: Int) throws(InteropError) in
            if context.interrupts.isRequested() { throw InteropError(line: 0, problem: "interrupted") }
            reading.update(count: bytesRead, total: total ?? bytesRead)
        }
        do {
            switch format ?? Self.detect(input.start) {
            case .taskwarrior:
                return Decoded(document: try readTaskwarrior(&input, progress: progress), source: "\(name) (taskwarrior)")
            case .ics:
                let data = try input.readAll()
                let contents = try CalendarInterop.read(data, progress: progress)
                return Decoded(document: contents.document, calendar: CalendarTally(contents), source: name)
            case .json:
                return Decoded(document: try JSONFormat.decode(try input.readAll()), source: name)
            case .todoTxt:
                let data = try input.readAll()
                return Decoded(document: try TodoTxtFormat.decode(data, today: context.today.ordinal, reportProgress: progress), source: name)
            }
        } catch let error as InteropError {
            if error.line == 0, context.interrupts.isRequested() { throw CommandInterrupted() }
            throw CommandFailure("\(name):\(error.line): \(error.problem) (nothing was imported)")
        }
    }

    /// The format of a file that starts with `start`: iCalendar with BEGIN:VCALENDAR, JSON with a
    /// brace or bracket (taskwarrior's when its first object is a task), else todo.txt.
    static func detect(_ start: Data) -> Format {
        if CalendarInterop.isCalendar(start) { return .ics }
        switch InteropFormat.detect(start) {
        case .todoTxt: return .todoTxt
        case .json: return TaskwarriorReader.isExport(start) ? .taskwarrior : .json
        }
    }

    /// Reads a taskwarrior export a piece at a time.
    private func readTaskwarrior(_ input: inout ImportInput, progress: (Int) throws(InteropError) -> Void) throws -> InteropDocument {
        var reader = TaskwarriorReader()
        var document = InteropDocument(lists: [InteropList(name: "Inbox", isInbox: true)])
        while let piece = try input.nextPiece() {
            document.todos += try reader.read(piece)
            try progress(input.bytesRead)
        }
        document.todos += try reader.finish()
        document.tally = reader.tally
        return document
    }

    /// Imports what was read and says what happened.
    private func importing(_ decoded: Decoded, in context: CommandContext) throws -> Int32 {
        let document = decoded.document
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
        var line = "Imported \(imported.count) todo\(imported.count == 1 ? "" : "s") (\(done) done) into \(lists) list\(lists == 1 ? "" : "s") from \(decoded.source)"
        if summary.duplicateCount > 0 {
            let count = "\(summary.duplicateCount) todo\(summary.duplicateCount == 1 ? "" : "s")"
            line += allowsDuplicates
                ? "; \(count) looked like duplicates of todos already there and were added anyway"
                : "; skipped \(count) that looked like duplicates of todos already there (--allow-duplicates adds them)"
        }
        if !summary.updated.isEmpty {
            line += "; updated \(summary.updated.count) todo\(summary.updated.count == 1 ? "" : "s") already there under the same UID"
        }
        if summary.unchangedCount > 0 {
            let count = summary.unchangedCount
            line += "; \(count) todo\(count == 1 ? "" : "s") already there under the same UID \(count == 1 ? "was" : "were") unchanged"
        }
        if let calendar = decoded.calendar { line += calendar.summary }
        line += document.tally.summary
        if document.relativeDueDayCount > 0 {
            let count = document.relativeDueDayCount
            line += "; \(count) relative due date\(count == 1 ? "" : "s") read as of \(context.today.iso)"
        }
        context.print(line)
        return 0
    }

    /// Whether `path` is a folder (links followed).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}

extension InteropDocument {
    /// Every todo moved into the list `name` (`tick import --list NAME`), which is created if missing.
    mutating func putEverything(inList name: String) {
        lists = lists.filter(\.isInbox)
        if name.lowercased() != lists.first?.name.lowercased() { lists.append(InteropList(name: name)) }
        for index in todos.indices { todos[index].listName = name }
    }
}
