import TodoStore

/// `tick add TITLE…`: adds a todo at the end of a list's open todos, reading `!`/`@when` as the TUI
/// does, or the same from `--priority` and `--due`, which need no quoting in any shell.
struct AddCommand: Subcommand {
    static let description = CommandDescription(
        name: "add", summary: "Add a todo at the end of a list.",
        arguments: [ArgumentDescription("TITLE", help: "the title (the words are joined with spaces)", repeats: true, completion: .source(.title))],
        options: [
            OptionDescription("list", short: "l", value: .text("NAME"), help: "the list (default: the config file's list, else Inbox); a new name creates the list", completes: .lists),
            OptionDescription("parent", value: .text("ID"), help: "add it as the last subtask of todo ID, in that todo's list", completes: .ids),
            TodoFields.priorityOption, TodoFields.dueOption, TodoFields.everyOption, TodoFields.tagOption, TodoFields.remindOption,
            TodoFields.startOption,
        ],
        discussion: """
        As when typing in Tick, !, !! and !!! in the title set the priority (low, medium, high) and @when \
        sets the due day: @today, @tomorrow, @fri, @dec5, @2026-12-24, @+3d, @next-week, @eom and more \
        (docs/using.md lists them all), optionally followed by a time (@fri 15:00, @today 9am, @tomorrow 9:30pm, \
        @2026-12-24T18:30), and #word adds a tag (as --tag word); they are taken out of the title. A word that looks like a date but \
        is not one (@3pm, @2026-02-30) stays in the title, with a note on standard error; two due dates \
        are refused. @every week (or --every) makes it recur: done, it comes back on the next date. \
        @remind 15m before (or --remind "15m before") adds a reminder, before the due or at a day and time \
        (@remind fri 9:00); tick remind prints those coming due. ^when (or --start) is the start date: \
        until that day the todo waits, out of the agenda (^mon, ^2026-12-09, ^fri 9:00).

        In bash and zsh an unquoted ! recalls an earlier command (history expansion): put the title in \
        single quotes, or use --priority and --due. Prints the new todo's id. Once the todo is added the \
        exit status is 0, even when that line cannot be written (a full disk): standard error says so, \
        and a script that retries on failure does not add it twice.
        """,
        examples: ["tick add --priority high --due fri Pay rent", "tick add 'Pay rent !!! @fri'",
                   "tick add --tag home --tag money Pay rent",
                   "tick add --list Groceries Oat milk", "tick add --parent 12 Book flights",
                   "tick add --due mon --every mon,thu Standup", "tick add 'Dentist @fri 9:00 @remind 1h before'",
                   "tick add --start mon --due fri Write the report", "tick add -- -20% coupon"])

    let text: String
    let listName: String?
    let priorityWord: String?
    let dueWord: String?
    let everyWord: String?
    let tagWords: [String]
    /// `--parent`: the todo this one becomes a subtask of.
    let parentID: Int64?
    /// `--remind` values, in order.
    let remindWords: [String]
    /// `--start`: the start date.
    let startWord: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        parentID = try arguments.value("parent").map { word throws(UsageError) in try TodoIDs.parse([word])[0] }
        if parentID != nil, arguments.value("list") != nil {
            throw UsageError(message: "--parent puts the todo in its parent's list: leave out --list")
        }
        text = arguments.positionals.joined(separator: " ")
        everyWord = arguments.value("every")
        listName = arguments.value("list")
        priorityWord = arguments.value("priority")
        dueWord = arguments.value("due")
        tagWords = arguments.values["tag"] ?? []
        remindWords = arguments.values["remind"] ?? []
        startWord = arguments.value("start")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let fields = try TodoFields(text: text, priorityWord: priorityWord, dueWord: dueWord, everyWord: everyWord, tagWords: tagWords,
                                    remindWords: remindWords, startWord: startWord, today: context.today, now: context.timeOfDay)
        try fields.checkStartAndDue()
        let store = try context.openStore()
        defer { store.close() }
        if let parentID {
            _ = try TodoIDs.require([parentID], in: store)
            let item = try store.addSubtask(title: fields.title ?? text, toParent: parentID, priority: fields.priority ?? 0,
                                            due: fields.due??.stored, recurrence: fields.recurrence ?? nil, tags: fields.tags ?? [],
                                            reminders: fields.reminders ?? [], start: fields.start??.stored).value
            let listName = TodoTable.safe(try store.lists().first { $0.id == item.listID }?.name ?? "").text
            context.committedChange = "added \(item.id) to \(listName) under \(parentID)"
            context.print("Added \(item.id) to \(listName) under \(parentID): \(Describe.todo(item))")
            if let hint = fields.hint { context.writeError("tick add: \(hint)\n") }
            return 0
        }
        // One transaction finds or creates the list and reads its last open todo: another process
        // adding, deleting or creating that list meanwhile cannot make this add fail.
        // A recurring todo without a due day starts on its first occurrence.
        let due = fields.due??.stored ?? (fields.recurrence ?? nil).map { Due(day: TitleSyntax.firstOccurrence(of: $0, from: context.today)).stored }
        let placed = try store.append(title: fields.title ?? text, toListNamed: listName ?? context.configuration.defaultList,
                                      priority: fields.priority ?? 0, due: due,
                                      recurrence: fields.recurrence ?? nil, tags: fields.tags ?? [],
                                      reminders: fields.reminders ?? [], start: fields.start??.stored).value
        context.committedChange = "added \(placed.item.id) to \(TodoTable.safe(placed.list.name).text)"
        let newList = placed.createdList ? " (a new list)" : ""
        context.print("Added \(placed.item.id) to \(TodoTable.safe(placed.list.name).text)\(newList): \(Describe.todo(placed.item))")
        if let hint = fields.hint { context.writeError("tick add: \(hint)\n") }
        return 0
    }
}

/// How commands name a todo in their messages.
enum Describe {
    /// The title made safe, with its priority and due date when it has them: `Pay rent (!!!, due 2026-12-04 18:30)`.
    static func todo(_ item: TodoItem) -> String {
        var details: [String] = []
        if item.priority > 0 { details.append(String(repeating: "!", count: min(3, item.priority))) }
        if let due = item.due { details.append("due \(Due(stored: due)?.description ?? due)") }
        if let start = item.start { details.append("starts \(Due(stored: start)?.description ?? start)") }
        if item.isFlagged { details.append("flagged") }
        if item.status == .inProcess { details.append("started") }
        if item.status == .cancelled { details.append("cancelled") }
        if let percent = item.percentComplete, !item.isDone { details.append("\(percent)%") }
        if let rule = item.recurrence { details.append(RecurrenceWords.describe(rule)) }
        details += item.tags.map { "#" + $0 }
        let title = TodoTable.safe(item.title).text
        return details.isEmpty ? title : "\(title) (\(details.joined(separator: ", ")))"
    }
}
