import TodoStore

/// `tick add TITLE…`: adds a todo at the end of a list's open todos, reading `!`/`@when` as the TUI does.
struct AddCommand: Subcommand {
    static let description = CommandDescription(
        name: "add", summary: "Add a todo at the end of a list.",
        arguments: [ArgumentDescription("TITLE", help: "the title (the words are joined with spaces)", repeats: true)],
        options: [OptionDescription("list", short: "l", value: .text("NAME"), help: "the list (default: the config file's list, else Inbox); a new name creates the list")],
        discussion: """
        As when typing in Tick, !, !! and !!! set the priority (low, medium, high) and @today, @tomorrow, \
        @fri, @2026-12-24 or @+3d (also w for weeks, m for months) set the due day; they are taken out of \
        the title. Prints the new todo's id.
        """,
        examples: ["tick add Pay rent !!! @fri", "tick add --list Groceries Oat milk", "tick add -- -20% coupon"])

    let text: String
    let listName: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        text = arguments.positionals.joined(separator: " ")
        listName = arguments.value("list")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let parsed = TitleSyntax.parse(text, today: context.today)
        guard !parsed.title.allSatisfy(\.isWhitespace) else {
            throw UsageError(message: "the title is empty once !, !!, !!! and @dates are taken out")
        }
        let store = try context.openStore()
        defer { store.close() }
        // One transaction finds or creates the list and reads its last open todo: another process
        // adding, deleting or creating that list meanwhile cannot make this add fail.
        let placed = try store.append(title: parsed.title, toListNamed: listName ?? context.configuration.defaultList,
                                      priority: parsed.priority ?? 0, due: parsed.due?.iso)
        context.print("Added \(placed.item.id) to \(TodoTable.safe(placed.list.name).text): \(Describe.todo(placed.item))")
        return 0
    }
}

/// How commands name a todo in their messages.
enum Describe {
    /// The title made safe, with its priority and due day when it has them: `Pay rent (!!!, due 2026-12-04)`.
    static func todo(_ item: TodoItem) -> String {
        var details: [String] = []
        if item.priority > 0 { details.append(String(repeating: "!", count: min(3, item.priority))) }
        if let due = item.due { details.append("due \(due)") }
        if item.isFlagged { details.append("flagged") }
        let title = TodoTable.safe(item.title).text
        return details.isEmpty ? title : "\(title) (\(details.joined(separator: ", ")))"
    }
}
