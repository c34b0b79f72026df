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
        let list = try ListLookup.list(named: listName ?? context.configuration.defaultList, in: store, creating: true)
        let item = try store.add(title: parsed.title, listID: list.id, after: try ListLookup.lastOpenID(in: list, store: store),
                                 priority: parsed.priority ?? 0, due: parsed.due?.iso)
        context.print("Added \(item.id) to \(TodoTable.safe(list.name).text): \(Describe.todo(item))")
        return 0
    }
}

/// Finding lists by name for the commands that take `--list`.
enum ListLookup {
    /// The list called `name` (ignoring case), the Inbox when nil; a missing one is created when
    /// `creating`, as the TUI's list picker does, else a failure naming the lists there are.
    static func list(named name: String?, in store: TodoStore, creating: Bool) throws -> TodoList {
        guard let name else {
            guard let inbox = try store.list(id: TodoStore.inboxListID) else { throw CommandFailure("the store has no Inbox") }
            return inbox
        }
        if let list = try store.list(named: name) { return list }
        guard creating else {
            let names = try store.lists().map { TodoTable.safe($0.name).text }.joined(separator: ", ")
            throw CommandFailure("there is no list named \(ListCommand.quoted(name)) (lists: \(names))")
        }
        return try store.addList(named: name)
    }

    /// The last open todo of a list in manual order, which new and moved todos follow; nil when it has none.
    static func lastOpenID(in list: TodoList, store: TodoStore, excluding id: Int64? = nil) throws -> Int64? {
        let query = SectionQuery(listID: list.id, includesCompleted: false)
        let open = try store.count(query)
        let tail = try store.items(query, in: max(0, open - 2)..<open)
        return tail.last(where: { $0.id != id })?.id
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
