import TodoStore

/// `tick edit ID TITLE…`: changes a todo's title and, through options, its other fields.
struct EditCommand: Subcommand {
    static let description = CommandDescription(
        name: "edit", summary: "Change a todo's title, priority, due day, flag, notes or status.",
        arguments: [
            ArgumentDescription("ID", help: "the todo's id, as tick ls shows it", completion: .source(.ids)),
            ArgumentDescription("TITLE", help: "the new title; !, !! or !!!, @when and #tags in it set the priority, due day and tags",
                                repeats: true, isOptional: true, completion: .source(.title)),
        ],
        options: [
            TodoFields.priorityOption, TodoFields.dueOption, TodoFields.everyOption, TodoFields.tagOption, TodoFields.remindOption,
            TodoFields.startOption,
            OptionDescription("notes", value: .text("TEXT"), help: "replace the notes (\"\" clears them)"),
            OptionDescription("flag", help: "flag the todo"),
            OptionDescription("unflag", help: "remove the flag"),
            OptionDescription("status", value: .text("WORD"), help: "open, started (in-process), done or cancelled"),
            OptionDescription("percent", value: .text("N"), help: "how far along it is, 0 to 100 (none clears it)"),
        ],
        discussion: """
        Given only an ID, the todo opens in $VISUAL (else $EDITOR) as a small form: the title line with its \
        markers (!!, @fri 15:00, #tag, @every week), a blank line, then the notes. Saved, it is one change \
        (u or tick undo takes it back); a marker taken out clears that field. Nothing is saved when the \
        editor fails or the todo was changed elsewhere meanwhile: then your text is kept in a file the message names.

        What is not given stays as it was: a new title without markers keeps the priority, due day and \
        recurrence (--every none stops it); #tags in the title or --tag replace all the tags, and @remind \
        in the title or --remind replace all the reminders (--remind none removes them); ^when or --start \
        sets the start date (--start none removes it). \
        As with tick add, a title with ! needs single quotes in bash and zsh.
        """,
        examples: ["tick edit 12", "tick edit 12 'Pay the rent !! @+2d'", "tick edit 12 --remind '15m before' --remind 'fri 9:00'", "tick edit 12 --remind none", "tick edit 12 --priority medium --due none --flag", "tick edit 12 --every none", "tick edit 12 --status started --percent 40",
                   "tick edit 12 --notes $'line 1\\nline 2'"])

    let id: Int64
    let text: String?
    let priorityWord: String?
    let dueWord: String?
    let everyWord: String?
    let tagWords: [String]
    /// `--remind` values, in order.
    let remindWords: [String]
    /// `--start`: the start date (`none` removes it).
    let startWord: String?
    let notes: String?
    let flag: Bool?
    let status: TodoStatus?
    let percent: Int??

    init(_ arguments: ParsedArguments) throws(UsageError) {
        id = try TodoIDs.parse([arguments.positionals[0]])[0]
        let words = arguments.positionals.dropFirst()
        text = words.isEmpty ? nil : words.joined(separator: " ")
        priorityWord = arguments.value("priority")
        dueWord = arguments.value("due")
        everyWord = arguments.value("every")
        tagWords = arguments.values["tag"] ?? []
        remindWords = arguments.values["remind"] ?? []
        startWord = arguments.value("start")
        notes = arguments.value("notes")
        if arguments.has("flag") && arguments.has("unflag") { throw UsageError(message: "--flag and --unflag exclude each other") }
        flag = arguments.has("flag") ? true : arguments.has("unflag") ? false : nil
        status = try arguments.value("status").map(StatusChange.status(named:))
        percent = try arguments.value("percent").map(StatusChange.percent(named:))
        opensEditor = text == nil && priorityWord == nil && dueWord == nil && everyWord == nil && tagWords.isEmpty && remindWords.isEmpty && startWord == nil && notes == nil
            && flag == nil && status == nil && percent == nil
    }

    /// Whether no change was given, so the todo opens in `$VISUAL` or `$EDITOR` (`EditCommand+Editor`).
    let opensEditor: Bool

    func run(in context: CommandContext) throws -> Int32 {
        if opensEditor { return try editInEditor(in: context) }
        let fields = try TodoFields(text: text, priorityWord: priorityWord, dueWord: dueWord, everyWord: everyWord, tagWords: tagWords,
                                    remindWords: remindWords, startWord: startWord, today: context.today, now: context.timeOfDay)
        let store = try context.openStore()
        defer { store.close() }
        let before = try TodoIDs.require([id], in: store)[0]
        try fields.checkStartAndDue(keeping: before.due, before.start)
        var item = try store.update(id: id, title: fields.title, notes: notes, priority: fields.priority,
                                    due: fields.due.map { $0?.stored }, isFlagged: flag, recurrence: fields.recurrence, tags: fields.tags,
                                    reminders: fields.reminders, start: fields.start.map { $0?.stored }).value
        var next: TodoItem?
        if let status {
            let result = try store.setStatus(status, ids: [id]).value
            item = result.items[0]
            next = result.nextOccurrences.first
        }
        if let percent { item = try store.setPercentComplete(percent, id: id).value }
        context.print("Edited \(item.id): \(Describe.todo(item))")
        if let next { context.print("Next \(next.id): \(Describe.todo(next))") }
        if let hint = fields.hint { context.writeError("tick edit: \(hint)\n") }
        return 0
    }
}

/// `tick mv ID… --list NAME`: moves todos to the end of another list, as one change.
struct MoveCommand: Subcommand {
    static let description = CommandDescription(
        name: "mv", summary: "Move todos to another list.",
        arguments: [ArgumentDescription("ID", help: "ids as tick ls shows them", repeats: true, completion: .source(.ids))],
        options: [OptionDescription("list", short: "l", value: .text("NAME"), help: "the list to move them to; a new name creates the list", completes: .lists)],
        discussion: "The todos go after the list's open todos, in the order given, and keep their state, priority and due day. "
            + "All of them move together (one change: u in Tick or tick undo moves them back), or none when an id does not exist.",
        examples: ["tick mv 12 --list Work", "tick mv 3 4 5 --list Later"])

    let ids: [Int64]
    let listName: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        ids = try TodoIDs.parse(arguments.positionals)
        guard let listName = arguments.value("list") else { throw UsageError(message: "missing --list NAME (where to move the todos)") }
        self.listName = listName
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        _ = try TodoIDs.require(ids, in: store)
        // As for add: the list and its last open todo are read inside the move's own transaction.
        let placed = try store.moveToEnd(ids: ids, ofListNamed: listName).value
        let newList = placed.createdList ? " (a new list)" : ""
        for item in placed.items {
            context.print("Moved \(item.id) to \(TodoTable.safe(placed.list.name).text)\(newList): \(Describe.todo(item))")
        }
        return 0
    }
}
