import TodoStore

/// `tick show ID`: everything about one todo, as text or JSON.
struct ShowCommand: Subcommand {
    static let description = CommandDescription(
        name: "show", summary: "Show everything about one todo.",
        arguments: [ArgumentDescription("ID", help: "the todo's id, as tick ls shows it", completion: .source(.ids))],
        options: [OptionDescription("json", help: "print it as a JSON object (as tick ls --json prints each todo)")],
        discussion: "One field a line: id, title, list, parent (a subtask's), state (open, started, done or cancelled, "
            + "with how far along), priority, due, start, flag, recurrence, tags, reminders, created, completed, uid, then the notes.",
        examples: ["tick show 12", "tick show 12 --json"])

    let id: Int64
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        id = try TodoIDs.parse(arguments.positionals)[0]
        json = arguments.has("json")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { context.close(store) }
        let item = try TodoIDs.require([id], in: store)[0]
        let listName = try store.lists().first { $0.id == item.listID }?.name ?? ""
        if json {
            context.print(JSONFormat.todoObject(item, listName: listName))
            return 0
        }
        var lines: [(String, String)] = [
            ("id", String(item.id)),
            ("title", TodoTable.safe(item.title).text),
            ("list", TodoTable.safe(listName).text),
        ]
        if let parentID = try store.parentID(of: item.id), let parent = try store.item(id: parentID) {
            lines.append(("parent", "\(parent.id): \(TodoTable.safe(parent.title).text)"))
        }
        lines += [
            ("state", StatusChange.word(item.status) + (item.percentComplete.map { " (\($0)%)" } ?? "")),
            ("priority", item.priority == 0 ? "none" : String(repeating: "!", count: min(3, item.priority))),
            ("due", item.due.map { Due(stored: $0)?.description ?? $0 } ?? "none"),
            ("start", item.start.map { Due(stored: $0)?.description ?? $0 } ?? "none"),
            ("flag", item.isFlagged ? "⚑ flagged" : "no"),
            ("repeats", item.recurrence.map { "↻ " + RecurrenceWords.describe($0) } ?? "no"),
            ("tags", item.tags.isEmpty ? "none" : item.tags.map { "#" + $0 }.joined(separator: " ")),
            ("reminders", DetailDocument.remindersLine(of: item, zone: context.localTime)),
            ("created", Day.localTime(item.createdAt, in: context.localTime)),
        ]
        if let completed = item.completedAt { lines.append(("completed", Day.localTime(completed, in: context.localTime))) }
        lines.append(("uid", TodoTable.safe(item.uid).text))
        for (name, value) in lines { context.print(name.padded(to: 10) + value) }
        if !item.notes.isEmpty { context.print("\n" + TodoTable.safeLines(item.notes)) }
        return 0
    }
}

/// `tick undo` and `tick redo`: the same persistent history as `u` and `U` in the app.
struct UndoCommand: Subcommand {
    static let description = CommandDescription(
        name: "undo", summary: "Undo the last change, as u in Tick does.",
        discussion: "The history is the store's: a change made by tick add, by the app or by an import is undone alike, "
            + "and tick redo (or U in Tick) does it again.",
        examples: ["tick undo"])

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(in context: CommandContext) throws -> Int32 {
        try HistoryCommand.step(undoing: true, in: context)
    }
}

/// `tick redo`: does again the change `tick undo` (or `u`) undid.
struct RedoCommand: Subcommand {
    static let description = CommandDescription(
        name: "redo", summary: "Redo the last change undone, as U in Tick does.",
        examples: ["tick redo"])

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(in context: CommandContext) throws -> Int32 {
        try HistoryCommand.step(undoing: false, in: context)
    }
}

/// Undo and redo, shared.
enum HistoryCommand {
    static func step(undoing: Bool, in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        guard let step = undoing ? try store.undo().value : try store.redo().value else {
            throw CommandFailure(undoing ? "nothing to undo" : "nothing to redo")
        }
        context.print("\(undoing ? "Undid" : "Redid"): \(TodoTable.safe(step.description).text)")
        if step.remoteChangesPassedOver > 0 {
            context.print("(passed over \(step.remoteChangesPassedOver) change\(step.remoteChangesPassedOver == 1 ? "" : "s") the sync brought)")
        }
        return 0
    }
}

/// `tick note ID TEXT…`: appends a dated note, as taskwarrior's annotate.
struct NoteCommand: Subcommand {
    static let description = CommandDescription(
        name: "note", summary: "Append a line to a todo's notes, under today's date.",
        arguments: [ArgumentDescription("ID", help: "the todo's id, as tick ls shows it", completion: .source(.ids)),
                    ArgumentDescription("TEXT", help: "the note (the words are joined with spaces)", repeats: true)],
        discussion: "The notes get a line with today's date (2026-12-02:) and the text below it, after a blank line "
            + "when there were notes already. u in Tick (or tick undo) takes it back.",
        examples: ["tick note 12 Called, they will call back on Monday"])

    let id: Int64
    let text: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        id = try TodoIDs.parse([arguments.positionals[0]])[0]
        text = arguments.positionals.dropFirst().joined(separator: " ")
        guard !text.isEmpty else { throw UsageError(message: "missing TEXT (the note to append)") }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        let item = try TodoIDs.require([id], in: store)[0]
        let entry = "\(context.today.iso):\n\(text)"
        let notes = item.notes.isEmpty ? entry : item.notes + (item.notes.hasSuffix("\n") ? "\n" : "\n\n") + entry
        let updated = try store.update(id: id, notes: notes).value
        context.print("Noted on \(id): \(Describe.todo(updated))")
        return 0
    }
}

/// `tick purge --done [--before WHEN]`: deletes done todos, as one change.
struct PurgeCommand: Subcommand {
    static let description = CommandDescription(
        name: "purge", summary: "Delete done todos, all in one change.",
        options: [OptionDescription("done", help: "delete the done todos (required: purge deletes nothing else)"),
                  OptionDescription("before", value: .text("WHEN"), help: "only those completed before that day (2026-12-01, mon, -30d is not a day: use a date)"),
                  OptionDescription("list", short: "l", value: .text("NAME"), help: "only in this list (several: any of them)", completes: .lists)],
        discussion: "One change: u in Tick (or tick undo) brings them all back. Open todos are never purged.",
        examples: ["tick purge --done", "tick purge --done --before 2026-11-01"])

    let before: String?
    let listNames: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.has("done") else { throw UsageError(message: "purge deletes done todos only: say so with --done") }
        before = arguments.value("before")
        listNames = arguments.allValues("list")
    }

    func run(in context: CommandContext) throws -> Int32 {
        var day: Day?
        if let before {
            guard let parsed = TitleSyntax.parseDue(Substring(before.hasPrefix("@") ? String(before.dropFirst()) : before), today: context.today) else {
                throw UsageError(message: "--before takes a day (2026-12-01, mon, yesterday), not \(ListCommand.quoted(before))")
            }
            day = parsed
        }
        let store = try context.openStore()
        defer { store.close() }
        var lists = try store.lists()
        if !listNames.isEmpty {
            for name in listNames where try store.list(named: name) == nil {
                throw CommandFailure("there is no list named \(ListCommand.quoted(name))")
            }
            let keys = Set(listNames.map(TodoTags.key))
            lists = lists.filter { keys.contains(TodoTags.key($0.name)) }
        }
        var ids: [Int64] = []
        for list in lists where list.doneCount > 0 {
            let query = SectionQuery(listID: list.id)
            var start = list.openCount
            while start < list.openCount + list.doneCount {
                let page = try store.items(query, in: start..<min(start + 500, list.openCount + list.doneCount))
                if page.isEmpty { break }
                ids += page.filter { item in
                    guard let completed = item.completedAt else { return false }
                    return day.map { Day(completed, in: context.localTime) < $0 } ?? true
                }.map(\.id)
                start += page.count
            }
        }
        guard !ids.isEmpty else {
            context.print("No done todos\(day.map { " completed before \($0.iso)" } ?? ""): nothing was deleted")
            return 0
        }
        let deleted = try store.delete(ids: ids).value
        context.print("Purged \(deleted.count) done todo\(deleted.count == 1 ? "" : "s") (tick undo brings them back)")
        return 0
    }
}
