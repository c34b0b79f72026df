import Glibc
import FoundationEssentials
import TodoStore
import TodoSync

/// `tick export`: the whole store as todo.txt, JSON or iCalendar, to standard output or a file.
struct ExportCommand: Subcommand {
    static let description = CommandDescription(
        name: "export", summary: "Write every todo as todo.txt, JSON or iCalendar (.ics).",
        arguments: [ArgumentDescription("FILE", help: "where to write (default: standard output); replaced only once complete",
                                        isOptional: true, completion: .file)],
        options: [OptionDescription("format", short: "f", value: .choice("FORMAT", ["todotxt", "json", CalendarInterop.formatName]),
                                    help: "todotxt, json or ics (default: json for a FILE ending in .json, ics for .ics, else todotxt)"),
                  OptionDescription("quiet", short: "q", help: "no progress bar")],
        discussion: """
        JSON carries every field (title, notes, list, priority, due date and time, flag, creation and completion times, \
        order) and the lists, so tick import of it into an empty store gives back the same list. todo.txt \
        keeps what the format can hold: done state and dates, priority as (A) (B) (C), the list as +project, \
        due:YYYY-MM-DD (the day only: a due time is dropped, as todo.txt has no standard way to say it); a todo imported from a todo.txt line without a creation date is written without \
        one. Subtasks: in todo.txt a parent gets id:N (N its todo id) and each subtask p:N, as topydo \
        writes them; in JSON a subtask's "parent" is its parent's "id"; in iCalendar it is \
        RELATED-TO;RELTYPE=PARENT. iCalendar writes one VTODO per todo (UID, title, notes, priority, due, state, dates, tags, \
        recurrence, list, order, flag, parent), which tick import and calendar apps read. A FILE that is a symbolic link has its target replaced; a device or a FIFO is \
        written through. On a terminal, control characters in titles show as placeholders (␛). While \
        an export takes more than half a second, a progress bar shows on standard error when it is a \
        terminal (and standard output is not); Ctrl-C stops an export to FILE and leaves FILE as it \
        was (exit status 130).
        """,
        examples: ["tick export --format json backup.json", "tick export > todo.txt", "tick export tasks.ics"])

    let format: InteropFormat
    /// `--format ics`, or a FILE ending in `.ics` without `--format`.
    let isCalendar: Bool
    let path: String?
    let isQuiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        isQuiet = arguments.has("quiet")
        if let name = arguments.value("format") {
            isCalendar = name == CalendarInterop.formatName
            format = InteropFormat(rawValue: name) ?? .todoTxt
        } else {
            isCalendar = path.map(CalendarInterop.isCalendarFileName) ?? false
            format = path.map(InteropFormat.forFileName) ?? .todoTxt
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        let total = try store.todoCount()
        let progress = context.progress(ProgressBar(label: "Exporting", unit: .todos), quiet: isQuiet,
                                        sharesTerminalWithOutput: path == nil)
        defer { progress.finish() }
        var pieces = 0
        /// Every piece written is about one todo (JSON adds a few for its lists); the bar clamps to the total.
        func notePiece() throws {
            pieces += 1
            guard pieces % Self.piecesPerCheck == 0 else { return }
            if context.interrupts.isRequested() { throw CommandInterrupted() }
            progress.update(count: pieces, total: total)
        }
        guard let path else {
            // Ctrl-C is left to end the process here: a write blocked on a pipe nobody reads
            // (`tick export | less`, paused) would otherwise hold it, and there is nothing to clean up.
            try context.buffered { write in
                try export(store, in: context.localTime) { text in
                    try notePiece()
                    try write(context.outputIsTerminal ? shownOnTerminal(text) : text)
                }
            }
            return 0
        }
        // Noticed, so the temporary file is removed and FILE stays as it was.
        context.interrupts.begin()
        defer { context.interrupts.end() }
        let writer = try ExportFileWriter(path: path)
        let count: Int
        let shownPath = TodoTable.safe(path).text
        do {
            let write = writer.isTerminal ? { try writer.write(shownOnTerminal($0)) } : writer.write
            count = try export(store, in: context.localTime) { text in
                try notePiece()
                try write(text)
            }
            try writer.commit()
        } catch is CommandInterrupted {
            writer.discard()
            progress.finish()
            context.writeError("tick export: interrupted; \(shownPath) was left as it was\n")
            return 130
        } catch {
            writer.discard()
            throw error
        }
        progress.finish()
        context.print("Exported \(count) todo\(count == 1 ? "" : "s") to \(shownPath) (\(isCalendar ? "iCalendar" : format == .json ? "JSON" : "todo.txt"))")
        return 0
    }

    /// Pieces written between two looks at Ctrl-C and the clock.
    private static let piecesPerCheck = 1024

    /// Export text as a terminal may show it: each line's control characters as placeholders (␛, ␇),
    /// as `tick ls` shows them, so a title cannot retitle the terminal or set its clipboard. Line
    /// breaks stay; only what reaches a terminal changes, files and pipes get the exact data.
    /// `shownOnTerminal`, where iCalendar's CRLF line breaks show as line breaks rather than as placeholders.
    private func shownOnTerminal(_ text: String) -> String {
        Self.shownOnTerminal(isCalendar ? text.replacing("\r\n", with: "\n") : text)
    }

    static func shownOnTerminal(_ text: String) -> String {
        TodoTable.safeLines(text)
    }

    /// Writes the store in this command's format, its days and times in `zone` (the command's).
    private func export(_ store: TodoStore, in zone: LocalTime, to write: (String) throws -> Void) throws -> Int {
        if isCalendar { return try ICalendarFile.export(store, zone: zone, to: write) }
        return try Self.export(store, format: format, zone: zone, to: write)
    }

    /// Writes the store as JSON or todo.txt (whose creation and completion dates are days in `zone`).
    @discardableResult
    static func export(_ store: TodoStore, format: InteropFormat, zone: LocalTime, to write: (String) throws -> Void) throws -> Int {
        switch format {
        case .json: return try JSONFormat.export(store, to: write)
        case .todoTxt: return try TodoTxtFormat.export(store, zone: zone, to: write)
        }
    }
}
