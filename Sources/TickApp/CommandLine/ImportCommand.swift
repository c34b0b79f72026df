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
                  OptionDescription("list", short: "l", value: .text("NAME"), help: "put every todo into this list (created if missing)", completes: .lists),
                  OptionDescription("allow-duplicates", help: "also add todos that look like ones already there"),
                  OptionDescription("quiet", short: "q", help: "no progress bar")],
        discussion: """
        The whole file is read and checked first: a line Tick cannot read stops the import with FILE:LINE: \
        problem, and nothing is added. Then every todo is added in one change (u in Tick takes it back), \
        at the end of its list (the file is read a piece at a time, twice, so memory stays about \
        the same whatever its size); lists that do not exist yet are created. In todo.txt, the last +project \
        names the list and todos without one go to the Inbox; relative due days other tools write \
        (due:tod, due:tom, due:fri, due:3d, due:2w, due:1m) are read as of today; t:YYYY-MM-DD (a \
        threshold) is kept in the notes as Starts: YYYY-MM-DD, and h:1 lines (hidden placeholders) are \
        skipped; a line with p:N is a subtask of the line with id:N, whichever comes first (an id: or p: \
        that no other line matches, or a p: that would make a loop of parents, stays in the title, \
        and the summary counts it). In JSON, a subtask's "parent" is its parent's "id" in the file \
        (before or after it); in iCalendar, RELATED-TO;RELTYPE=PARENT (or without RELTYPE). A todo that looks \
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
        updates instead of adding), a task that depends on others of its project is their parent and \
        they its subtasks (a task several depend on goes under the first of them; the others keep \
        Depends on: UUID in their notes, as for a task of another project), and what Tick has no field for (annotations, wait and \
        scheduled dates, other dependencies, UDAs) is kept as lines of the notes, which the summary \
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
        let input = try folder != nil ? nil : path == "-" ? context.standardInput() : RereadableInput(path: path)
        input?.spoolDirectory = context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let name = path == "-" ? "standard input" : TodoTable.safe(path).text  // a file name can hold controls
        // Nothing is open but the file until it has been read and checked: Ctrl-C is noticed between pieces.
        context.interrupts.begin()
        defer { context.interrupts.end() }
        do {
            if let folder { return try importing(try readVdir(folder, named: name, in: context), in: context) }
            return try importing(input!, named: name, in: context)
        } catch is CommandInterrupted {
            context.writeError("tick import: interrupted; nothing was imported, the store is unchanged\n")
            return 130
        }
    }

    /// Bytes enough to tell the formats apart (see `detect`).
    private static let detectionSize = 4096

    /// Imports `input`, read twice a piece at a time (`StreamedImport` for todo.txt, JSON and
    /// taskwarrior, `StreamedCalendarImport` for iCalendar), drawing progress, stopping at Ctrl-C.
    private func importing(_ input: RereadableInput, named name: String, in context: CommandContext) throws -> Int32 {
        guard input.rewind() else { throw CommandFailure(input.failure ?? "cannot read \(name)") }
        // The first bytes decide the format; they are the first pieces the reading goes on with.
        var head: [[UInt8]] = []
        while head.reduce(0, { $0 + $1.count }) < Self.detectionSize, let piece = input.next() { head.append(piece) }
        if let failure = input.failure { throw CommandFailure(failure) }
        let start = Data(head.joined())
        let format: StreamedImport.Format
        switch self.format ?? Self.detect(start) {
        case .ics:
            let calendar = StreamedCalendarImport(input: input, name: name, listName: listName, allowsDuplicates: allowsDuplicates, isQuiet: isQuiet)
            let (summary, index) = try calendar.run(firstPieces: head, in: context)
            report(summary, from: name, tally: ImportTally(), relativeDueDays: 0, in: context, calendar: CalendarTally(index).summary)
            return 0
        case .todoTxt: format = .todoTxt
        case .json: format = .json
        case .taskwarrior: format = .taskwarrior
        }
        var streamed = StreamedImport(input: input, format: format, name: name, today: context.today.ordinal, listName: listName,
                                      allowsDuplicates: allowsDuplicates, isQuiet: isQuiet)
        let summary = try streamed.run(firstPieces: head, in: context)
        report(summary, from: format == .taskwarrior ? "\(name) (taskwarrior)" : name, tally: streamed.tally,
               relativeDueDays: streamed.relativeDueDayCount, in: context)
        return 0
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

    /// Imports a document read whole (a vdir) and says what happened.
    private func importing(_ decoded: Decoded, in context: CommandContext) throws -> Int32 {
        var document = decoded.document
        if let listName { document.putEverything(inList: listName) }
        let store = try context.openStore()
        defer { store.close() }
        let importing = context.progress(ProgressBar(label: "Importing", unit: .todos), quiet: isQuiet)
        let summary: ImportSummary
        do {
            defer { importing.finish() }
            summary = try store.importDocument(document, options: ImportOptions(skipsDuplicates: !allowsDuplicates, leavesUnchangedTodosAlone: true) { written, total in
                if context.interrupts.isRequested() { throw CommandInterrupted() }
                importing.update(count: written, total: total)
            })
        }
        report(summary, from: decoded.source, tally: document.tally, relativeDueDays: document.relativeDueDayCount, in: context,
               calendar: decoded.calendar?.summary ?? "")
        return 0
    }

    /// The summary line: how many todos went where, duplicates, updates, what else the file held and
    /// what was kept as text.
    private func report(_ summary: ImportSummary, from source: String, tally: ImportTally, relativeDueDays: Int,
                        in context: CommandContext, calendar: String = "") {
        let count = summary.addedCount, done = summary.addedDoneCount, lists = summary.addedListIDs.count
        var line = "Imported \(count) todo\(count == 1 ? "" : "s") (\(done) done) into \(lists) list\(lists == 1 ? "" : "s") from \(source)"
        if summary.duplicateCount > 0 {
            let count = "\(summary.duplicateCount) todo\(summary.duplicateCount == 1 ? "" : "s")"
            line += allowsDuplicates
                ? "; \(count) looked like duplicates of todos already there and were added anyway"
                : "; skipped \(count) that looked like duplicates of todos already there (--allow-duplicates adds them)"
        }
        if summary.updatedCount > 0 {
            line += "; updated \(summary.updatedCount) todo\(summary.updatedCount == 1 ? "" : "s") already there under the same UID"
        }
        if summary.unchangedCount > 0 {
            let count = summary.unchangedCount
            line += "; \(count) todo\(count == 1 ? "" : "s") already there under the same UID \(count == 1 ? "was" : "were") unchanged"
        }
        line += calendar
        line += tally.summary
        if relativeDueDays > 0 {
            line += "; \(relativeDueDays) relative due date\(relativeDueDays == 1 ? "" : "s") read as of \(context.today.iso)"
        }
        context.print(line)
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
        lists = InteropList.lists(puttingEverythingIn: name, from: lists)
        for index in todos.indices { todos[index].listName = name }
    }
}

extension InteropList {
    /// The lists of an import whose todos all go to the list `name` (`--list`): the document's Inbox
    /// (which names this store's Inbox) and that list, unless it is the Inbox.
    static func lists(puttingEverythingIn name: String, from lists: [InteropList]) -> [InteropList] {
        var kept = lists.filter(\.isInbox)
        if name.lowercased() != kept.first?.name.lowercased() { kept.append(InteropList(name: name)) }
        return kept
    }
}
