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
        at the end of its list (the file is read a piece at a time, twice, so memory stays about \
        the same whatever its size); lists that do not exist yet are created. In todo.txt, the last +project \
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
        let input = path == "-" ? context.standardInput() : try RereadableInput(path: path)
        input.spoolDirectory = context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let name = path == "-" ? "standard input" : TodoTable.safe(path).text  // a file name can hold controls
        // Nothing is open but the file until it has been read and checked: Ctrl-C is noticed between pieces.
        context.interrupts.begin()
        defer { context.interrupts.end() }
        do {
            return try importing(input, named: name, in: context)
        } catch is CommandInterrupted {
            context.writeError("tick import: interrupted; nothing was imported, the store is unchanged\n")
            return 130
        }
    }

    /// Bytes enough to tell the formats apart (see `InteropFormat.detect`).
    private static let detectionSize = 4096

    /// Imports `input`, read twice a piece at a time (`StreamedImport` for todo.txt and JSON,
    /// `StreamedCalendarImport` for iCalendar), drawing progress, stopping at Ctrl-C.
    private func importing(_ input: RereadableInput, named name: String, in context: CommandContext) throws -> Int32 {
        guard input.rewind() else { throw CommandFailure(input.failure ?? "cannot read \(name)") }
        // The first bytes decide the format; they are the first pieces the reading goes on with.
        var head: [[UInt8]] = []
        while head.reduce(0, { $0 + $1.count }) < Self.detectionSize, let piece = input.next() { head.append(piece) }
        if let failure = input.failure { throw CommandFailure(failure) }
        let start = Data(head.joined())
        if isCalendar || (format == nil && CalendarInterop.isCalendar(start)) {
            let calendar = StreamedCalendarImport(input: input, name: name, allowsDuplicates: allowsDuplicates, isQuiet: isQuiet)
            let (summary, index) = try calendar.run(firstPieces: head, in: context)
            report(summary, relativeDueDays: 0, from: name, in: context, calendar: CalendarInterop.summary(of: index, updated: summary.updatedCount))
            return 0
        }
        var streamed = StreamedImport(input: input, format: format ?? InteropFormat.detect(start), name: name,
                                      today: context.today.ordinal, allowsDuplicates: allowsDuplicates, isQuiet: isQuiet)
        let summary = try streamed.run(firstPieces: head, in: context)
        report(summary, relativeDueDays: streamed.relativeDueDayCount, from: name, in: context)
        return 0
    }

    /// The summary line: how many todos went where, duplicates, and what else the file held.
    private func report(_ summary: ImportSummary, relativeDueDays: Int, from name: String, in context: CommandContext,
                        calendar: String = "") {
        let count = summary.addedCount, done = summary.addedDoneCount, lists = summary.addedListIDs.count
        var line = "Imported \(count) todo\(count == 1 ? "" : "s") (\(done) done) into \(lists) list\(lists == 1 ? "" : "s") from \(name)"
        if summary.duplicateCount > 0 {
            let count = "\(summary.duplicateCount) todo\(summary.duplicateCount == 1 ? "" : "s")"
            line += allowsDuplicates
                ? "; \(count) looked like duplicates of todos already there and were added anyway"
                : "; skipped \(count) that looked like duplicates of todos already there (--allow-duplicates adds them)"
        }
        line += calendar
        if relativeDueDays > 0 {
            line += "; \(relativeDueDays) relative due date\(relativeDueDays == 1 ? "" : "s") read as of \(context.today.iso)"
        }
        context.print(line)
    }
}
