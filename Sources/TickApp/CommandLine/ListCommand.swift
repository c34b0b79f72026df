import TodoStore

/// `tick ls`: the todos as aligned columns or JSON, list by list in the order Tick shows them.
struct ListCommand: Subcommand {
    static let description = CommandDescription(
        name: "ls", summary: "List todos with their ids: open ones by default.",
        options: [
            OptionDescription("all", short: "a", help: "show done todos too (after each list's open ones)"),
            OptionDescription("done", short: "d", help: "show only done todos"),
            OptionDescription("list", short: "l", value: .text("NAME"), help: "only this list"),
            OptionDescription("due", value: .text("WHEN"),
                              help: "only open todos due then, across lists, by due day: today, overdue, tomorrow, week (today and the 6 days after), or a day (2026-12-24, fri, +3d)"),
            OptionDescription("agenda", help: "open todos due soon, across lists, in groups: Overdue, Today, Tomorrow, Next 7 days"),
            OptionDescription("tag", short: "t", value: .text("NAME"), help: "only todos with this tag (#NAME in a title; case of A–Z ignored)"),
            OptionDescription("json", help: "print a JSON array of todos with every field (as tick export --format json writes them)"),
            OptionDescription("quiet", short: "q", help: "no progress bar"),
        ],
        discussion: """
        Columns: id, state ([ ] open, [x] done), priority (!, !!, !!!), due day, list and title; a title \
        followed by ✎ has notes (--json shows them), and its tags follow as #tag. Lists come in \
        Tick's order, open todos in their manual order, done todos in the order they were completed. \
        A subtask's title is indented two spaces per level under its parent (past 6 levels the level \
        shows as a number, ‹7›); --json gives it "parent", its parent's id. \
        The ids are what done, undone, rm, edit and mv take; they never change and are never reused. \
        When a listing goes to a file or a pipe and takes more than half a second (a store of a \
        million todos), a progress bar shows on standard error when it is a terminal (not with --quiet). \
        --due and --agenda list open todos by due day, highest priority first within a day, from an \
        index of due days (no scan, whatever the number of todos); --agenda --json prints an array of \
        groups, each {"group": overdue|today|tomorrow|week, "title", "todos": [...]}.
        """,
        examples: ["tick ls", "tick ls --all --list Work", "tick ls --tag home", "tick ls --json", "tick ls --due today", "tick ls --agenda"])

    enum Filter { case open, all, done }
    /// What `--due` or `--agenda` asked for.
    enum DueView: Equatable { case due(String), agenda }
    let filter: Filter
    let dueView: DueView?
    let listName: String?
    /// `--tag`: only the todos with this tag, found through the tag index.
    let tag: String?
    let json: Bool
    let isQuiet: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.has("all") && arguments.has("done") { throw UsageError(message: "--all and --done exclude each other") }
        filter = arguments.has("all") ? .all : arguments.has("done") ? .done : .open
        if arguments.has("agenda") && arguments.value("due") != nil { throw UsageError(message: "--due and --agenda exclude each other") }
        if let word = arguments.value("due") {
            dueView = .due(word)
        } else {
            dueView = arguments.has("agenda") ? .agenda : nil
        }
        if dueView != nil && filter != .open {
            throw UsageError(message: "\(arguments.has("agenda") ? "--agenda" : "--due") lists open todos: it does not combine with --all or --done")
        }
        listName = arguments.value("list")
        tag = try arguments.value("tag").map { word throws(UsageError) -> String in
            let bare = word.hasPrefix("#") ? String(word.dropFirst()) : word
            guard TodoTags.isTag(bare) else {
                throw UsageError(message: "\(Self.quoted(word)) is not a tag: tags are letters, digits, - and _, with at least one letter")
            }
            return bare
        }
        json = arguments.has("json")
        isQuiet = arguments.has("quiet")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        var lists = try store.lists()
        if let listName {
            guard let list = try store.list(named: listName) else {
                throw CommandFailure("there is no list named \(Self.quoted(listName)) (lists: \(lists.map(\.name).joined(separator: ", ")))")
            }
            lists = [list]
        }
        if let dueView { return try runDue(dueView, lists: lists, store: store, context: context) }
        // Only lists with rows to show count for the list column's width.
        let shown = lists.filter { filter == .done ? $0.doneCount > 0 : filter == .open ? $0.openCount > 0 : $0.openCount + $0.doneCount > 0 }
        let showsDueTimes = try store.hasTimedDue(inLists: shown.map(\.id), includesOpen: filter != .done, includesDone: filter != .open)
        let table = TodoTable(largestID: try store.largestTodoID(), listNames: shown.map(\.name), showsDueTimes: showsDueTimes)
        let total = shown.reduce(0) { $0 + rows(of: $1).count }
        // On the terminal the rows themselves show the progress; into a file or a pipe, the bar does.
        let progress = context.progress(ProgressBar(label: "Listing", unit: .todos), quiet: isQuiet,
                                        sharesTerminalWithOutput: true)
        defer { progress.finish() }
        var count = 0
        // Only a store with subtasks pays for reading each row's place in the outline.
        let hasSubtasks = try store.hasSubtasks()
        try context.buffered { write in
            if json { try write("[") }
            for list in lists {
                try forEachItem(in: list, store: store) { item in
                    if json {
                        let parentID = hasSubtasks ? try store.parentID(of: item.id) : nil
                        try write((count == 0 ? "\n" : ",\n") + JSONFormat.todoObject(item, listName: list.name, parentID: parentID))
                    } else {
                        let depth = hasSubtasks ? try store.depth(of: item.id) : 0
                        try write(table.row(item, listName: list.name, depth: depth) + "\n")
                    }
                    count += 1
                    if count % 500 == 0 { progress.update(count: count, total: total) }
                }
            }
            if json { try write(count == 0 ? "]\n" : "\n]\n") }
        }
        return 0
    }

    /// The rows of one list the filter asks for, read in pages (a list may hold a million todos).
    private func forEachItem(in list: TodoList, store: TodoStore, _ body: (TodoItem) throws -> Void) throws {
        if let tag {
            try store.items(taggedWith: tag, inList: list.id, includesOpen: filter != .done, includesDone: filter != .open)
                .forEach(body)
            return
        }
        let query = SectionQuery(listID: list.id, includesCompleted: filter != .open)
        let rows = rows(of: list)
        var start = rows.lowerBound
        while start < rows.upperBound {
            let page = try store.items(query, in: start..<min(start + 500, rows.upperBound))
            if page.isEmpty { break }
            try page.forEach(body)
            start += page.count
        }
    }

    /// The rows of a list's section (open todos first, then done ones) that the filter shows.
    private func rows(of list: TodoList) -> Range<Int> {
        switch filter {
        case .open: 0..<list.openCount
        case .all: 0..<(list.openCount + list.doneCount)
        case .done: list.openCount..<(list.openCount + list.doneCount)
        }
    }

    static func quoted(_ text: String) -> String { "“\(TodoTable.safe(text).text)”" }
}
