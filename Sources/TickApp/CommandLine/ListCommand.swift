import TodoStore

/// `tick ls`: the todos as aligned columns or JSON, list by list in the order Tick shows them.
struct ListCommand: Subcommand {
    static let description = CommandDescription(
        name: "ls", summary: "List todos with their ids: open ones by default.",
        arguments: [ArgumentDescription("QUERY", help: "only the todos that match: the query language below (the words are joined with spaces)",
                                        repeats: true, isOptional: true, completion: .source(.title))],
        options: [
            OptionDescription("all", short: "a", help: "show done todos too (after each list's open ones)"),
            OptionDescription("done", short: "d", help: "show only done todos"),
            OptionDescription("list", short: "l", value: .text("NAME"), help: "only this list (several: any of them, as list:NAME)", completes: .lists),
            OptionDescription("due", value: .text("WHEN"),
                              help: "only open todos due then, across lists, by due day: today, overdue, tomorrow, week (today and the 6 days after), or a day (2026-12-24, fri, +3d, \"in 3 days\"); several: any of them, list by list (as @WHEN)", completes: .when),
            OptionDescription("waiting", help: "only todos waiting for their start date (is:waiting)"),
            OptionDescription("ready", help: "leave out todos waiting for their start date (is:ready)"),
            OptionDescription("agenda", help: "open todos due soon, across lists, in groups: Overdue, Today, Tomorrow, Next 7 days"),
            OptionDescription("tag", short: "t", value: .text("NAME"), help: "only todos with this tag (#NAME in a title; case of A–Z ignored; several: all of them)", completes: .tags),
            OptionDescription("sort", value: .choice("ORDER", TodoSort.allCases.map(\.rawValue)),
                              help: "the order of each list's open todos: manual (default), due, priority or created"),
            OptionDescription("view", value: .text("NAME"), help: "the saved view NAME (a config line view NAME QUERY); a QUERY given too narrows it"),
            OptionDescription("json", help: "print a JSON array of todos with every field (as tick export --format json writes them)"),
            OptionDescription("quiet", short: "q", help: "no progress bar"),
        ],
        discussion: """
        Columns: id, state ([ ] open, [/] started, [x] done, [-] cancelled), priority (!, !!, !!!; left out when no todo listed has one), due day \
        (left out when no todo listed has one), list and title; a flagged title starts with ⚑, a title followed by ✎ has notes (--json shows them), \
        by ↻ recurs, then how far along an open todo is (40%) when it says, and its tags follow as #tag. Lists come in \
        Tick's order, open todos in their manual order (or --sort's), done todos in the order they were completed. \
        A subtask's title is indented two spaces per level under its parent (past 6 levels the level \
        shows as a number, ‹7›); --json gives it "parent", its parent's id. When a query keeps a \
        subtask but not its parent, the parent is shown above it as context, with · for its id and \
        no state, priority or due, so the indentation reads right (--json lists only the matches). \
        Only open todos in the manual order read as an outline: done todos (in the order they were \
        completed) and other --sort orders are not indented. \
        The ids are what done, undone, rm, edit and mv take; they never change and are never reused. \
        When a listing goes to a file or a pipe and takes more than half a second (a store of a \
        million todos), a progress bar shows on standard error when it is a terminal (not with --quiet). \
        --due and --agenda list open todos by due day, highest priority first within a day, from an \
        index of due days (no scan, whatever the number of todos); --agenda --json prints an array of \
        groups, each {"group": overdue|today|tomorrow|week, "title", "todos": [...]}. A todo whose start \
        date (^fri) is after today is waiting: its title is followed by "starts in 3 d", and the agenda \
        leaves it out until that day.

        A QUERY (the same language as / in the app and saved views) keeps the todos matching every \
        term; terms of one kind combine as said. Quote ! and "…" from the shell: tick ls '!!' '"oat milk"'.
        \(QueryLanguage.helpTable)
        """,
        examples: ["tick ls", "tick ls --all --list Work", "tick ls --tag home", "tick ls --json", "tick ls --due today", "tick ls --agenda",
                   "tick ls milk", "tick ls '#work' report @week", "tick ls '!!!' is:flagged --sort due", "tick ls @2026-12-01..2026-12-24 -#someday",
                   "tick ls --view Focus"])

    enum Filter { case open, all, done }
    /// What `--due` or `--agenda` asked for.
    enum DueView: Equatable { case due(String), agenda }
    let filter: Filter
    let dueView: DueView?
    /// `--list`: the lists shown (all when empty).
    let listNames: [String]
    /// `--tag`: only the todos with every one of these tags.
    let tags: [String]
    /// `--due` given more than once: the todos due in any of them (read as `@WHEN` terms).
    let dueWords: [String]
    /// The query's words, as typed (joined with spaces before they are parsed).
    let queryText: String
    /// `--view`: a saved view's name.
    let viewName: String?
    let sort: TodoSort
    let json: Bool
    let isQuiet: Bool
    /// `--waiting` or `--ready`: only todos still waiting for their start date, or only those not.
    let startFilter: StartFilter?
    enum StartFilter { case waiting, ready }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.has("all") && arguments.has("done") { throw UsageError(message: "--all and --done exclude each other") }
        filter = arguments.has("all") ? .all : arguments.has("done") ? .done : .open
        let dues = arguments.allValues("due")
        if arguments.has("agenda") && !dues.isEmpty { throw UsageError(message: "--due and --agenda exclude each other") }
        queryText = arguments.positionals.joined(separator: " ")
        viewName = arguments.value("view")
        sort = arguments.value("sort").flatMap(TodoSort.init(rawValue:)) ?? .manual
        if arguments.has("waiting") && arguments.has("ready") { throw UsageError(message: "--waiting and --ready exclude each other") }
        startFilter = arguments.has("waiting") ? .waiting : arguments.has("ready") ? .ready : nil
        if startFilter != nil && arguments.has("agenda") {
            throw UsageError(message: "--agenda leaves out the waiting todos already: it does not combine with --waiting or --ready")
        }
        let queried = !queryText.isEmpty || viewName != nil || arguments.value("sort") != nil || startFilter != nil
        if arguments.has("agenda") && queried {
            throw UsageError(message: "--agenda lists its own groups: it does not combine with a query, --view or --sort")
        }
        if dues.count == 1 && !queried {
            dueView = .due(dues[0])
            dueWords = []
        } else {
            dueView = arguments.has("agenda") ? .agenda : nil
            dueWords = dues
        }
        if dueView != nil && filter != .open {
            throw UsageError(message: "\(arguments.has("agenda") ? "--agenda" : "--due") lists open todos: it does not combine with --all or --done")
        }
        listNames = arguments.allValues("list")
        tags = try arguments.allValues("tag").map { word throws(UsageError) -> String in
            let bare = word.hasPrefix("#") ? String(word.dropFirst()) : word
            guard TodoTags.isTag(bare) else {
                throw UsageError(message: "\(Self.quoted(word)) is not a tag: tags are letters, digits, - and _, with at least one letter")
            }
            return bare
        }
        json = arguments.has("json")
        isQuiet = arguments.has("quiet")
    }

    /// The query the arguments ask for (the view's, the words', --tag's and several --due's together),
    /// or nil when they ask for none.
    func query(in context: CommandContext) throws -> TodoQuery? {
        var text = queryText
        if let viewName {
            guard let view = context.configuration.views.first(where: { $0.name.lowercased() == viewName.lowercased() }) else {
                let names = context.configuration.views.map(\.name)
                throw CommandFailure("there is no view named \(Self.quoted(viewName))"
                                     + (names.isEmpty ? " (add one to the config file: view NAME QUERY)" : " (views: \(names.joined(separator: ", ")))"))
            }
            text = view.query + " " + text
        }
        var query: TodoQuery
        do {
            query = try QueryParser.parse(text, today: context.today)
        } catch {
            throw UsageError(message: "in the query: \(error)")
        }
        query.tags += tags
        switch startFilter {
        case .waiting: query.waitingOn = context.today.iso
        case .ready: query.readyOn = context.today.iso
        case nil: break
        }
        for word in dueWords {
            guard let selection = DueSelection(word, today: context.today) else {
                throw UsageError(message: "--due takes \(DueSelection.words.joined(separator: ", ")) or a day (2026-12-24, fri, +3d), not \(Self.quoted(word))")
            }
            query.dueWindows.append(selection.days(today: context.today))
        }
        if filter == .done, query.completion == nil { query.completion = .done }
        if !dueWords.isEmpty, query.completion == nil { query.completion = .open }
        return query.isEmpty && viewName == nil ? nil : query
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { context.close(store) }
        let allLists = try store.lists()
        var lists = allLists
        let query = try self.query(in: context)
        let named = listNames + (query?.listNames ?? [])
        if !named.isEmpty {
            for name in named where try store.list(named: name) == nil {
                throw CommandFailure("there is no list named \(Self.quoted(name)) (lists: \(allLists.map(\.name).joined(separator: ", ")))")
            }
            let keys = Set(named.map { TodoTags.key($0) })
            lists = allLists.filter { keys.contains(TodoTags.key($0.name)) }
        }
        if let dueView { return try runDue(dueView, lists: lists, store: store, context: context) }
        // Only lists with rows to show count for the list column's width.
        let shown = lists.filter { filter == .done ? $0.doneCount > 0 : filter == .open && query?.completion == nil ? $0.openCount > 0 : $0.openCount + $0.doneCount > 0 }
        let (columns, heldMatches) = try optionalColumns(lists: lists, shown: shown, query: query, store: store)
        var table = TodoTable(largestID: try store.largestTodoID(), listNames: shown.map(\.name), showsPriorities: columns.priorities,
                              showsDues: columns.dues, showsDueTimes: columns.dueTimes)
        table.today = context.today
        let total = shown.reduce(0) { $0 + rows(of: $1).count }
        // On the terminal the rows themselves show the progress; into a file or a pipe, the bar does.
        let progress = context.progress(ProgressBar(label: "Listing", unit: .todos), quiet: isQuiet,
                                        sharesTerminalWithOutput: true)
        defer { progress.finish() }
        var count = 0
        // Only a store with subtasks pays for reading each row's place in the outline (a page at a time).
        let hasSubtasks = try store.hasSubtasks()
        try context.buffered { write in
            if json { try write("[") }
            for list in lists {
                var outline = OutlineRows(isOutline: sort == .manual)
                var page: [TodoItem] = []
                func flush() throws {
                    let places = try hasSubtasks ? store.outlinePlaces(of: page) : [:]
                    for item in page {
                        let parentID = places[item.id]?.parentID
                        if json {
                            try write((count == 0 ? "\n" : ",\n") + JSONFormat.todoObject(item, listName: list.name, parentID: parentID))
                        } else {
                            let (context, depth) = try outline.place(item, parentID: parentID, store: store)
                            for (ancestor, level) in context { try write(table.contextRow(ancestor, listName: list.name, depth: level) + "\n") }
                            try write(table.row(item, listName: list.name, depth: depth) + "\n")
                        }
                        count += 1
                        if count % 500 == 0 { progress.update(count: count, total: max(total, count)) }
                    }
                    page.removeAll(keepingCapacity: true)
                }
                func take(_ item: TodoItem) throws {
                    page.append(item)
                    if page.count == Self.pageSize { try flush() }
                }
                if let heldMatches {
                    try heldMatches[list.id, default: []].forEach(take)
                } else {
                    try forEachItem(in: list, query: query, store: store, take)
                }
                try flush()
            }
            if json { try write(count == 0 ? "]\n" : "\n]\n") }
        }
        return 0
    }

    /// Which of the columns a listing may leave out it shows: the priority column when a todo listed
    /// has a priority, the due column when one has a due (16 wide when one has a due time). Without
    /// a query, the store says for the lists `shown` (reading no more than the listing); with one, the matches
    /// themselves are read first, up to the first that needs every column, so a column the matches
    /// leave empty is not printed because other todos of their lists fill it. The matches read are
    /// returned by list when that reading read them all and they are few (`heldMatchLimit`), so the
    /// listing prints them without searching again; else nil, and the listing reads them again.
    private func optionalColumns(lists: [TodoList], shown: [TodoList], query: TodoQuery?, store: TodoStore) throws
        -> (columns: (priorities: Bool, dues: Bool, dueTimes: Bool), matches: [Int64: [TodoItem]]?) {
        // JSON has no columns: nothing to read.
        if json { return ((true, true, false), nil) }
        if let matching = Self.matching(query) {
            var columns = (priorities: false, dues: false, dueTimes: false)
            var held: [Int64: [TodoItem]]? = [:]
            var heldCount = 0
            do {
                for list in lists {
                    try forEachMatch(in: list, matching: matching, store: store) { item in
                        if item.priority > 0 { columns.priorities = true }
                        if let due = item.due {
                            columns.dues = true
                            // A due time follows the day (`2026-12-24T18:30`), as `hasTimedDue(inLists:)` reads it.
                            if due.count > 10 { columns.dueTimes = true }
                        }
                        if held != nil {
                            heldCount += 1
                            if heldCount <= Self.heldMatchLimit { held?[list.id, default: []].append(item) } else { held = nil }
                        }
                        if held == nil, columns.priorities && columns.dueTimes { throw EveryColumnShown() }
                    }
                }
            } catch is EveryColumnShown {}
            return (columns, held)
        }
        // The columns show when a todo of these lists may fill them (a query may keep only todos without).
        let (includesOpen, includesDone) = (filter != .done, filter != .open || query?.completion != nil)
        let ids = shown.map(\.id)
        let dues = try store.hasDue(inLists: ids, includesOpen: includesOpen, includesDone: includesDone)
        return ((try store.hasPriority(inLists: ids, includesOpen: includesOpen, includesDone: includesDone), dues,
                 try dues && store.hasTimedDue(inLists: ids, includesOpen: includesOpen, includesDone: includesDone)), nil)
    }

    /// The most matches the reading for the columns keeps to print (a few megabytes at most): a
    /// query may match a million todos, which are then read again, a page at a time, as they are printed.
    static let heldMatchLimit = 10_000

    /// Stops the first reading of a query's matches: every optional column shows already.
    private struct EveryColumnShown: Error {}

    /// Rows whose places in the outline are read at once.
    static let pageSize = 500

    /// The outline of one list's rows as they are written: the chain of parents above the last row,
    /// so a subtask's depth is where its parent stands in it (no read per row), and a subtask whose
    /// parent was not written (a query left it out, or it is done) gets its missing parents first,
    /// as context. Only open todos in the manual order are an outline; other rows are not indented.
    struct OutlineRows {
        /// Whether the rows come in the manual order.
        let isOutline: Bool
        /// The ids of the last row and its parents, the top first.
        private var chain: [Int64] = []

        init(isOutline: Bool) { self.isOutline = isOutline }

        /// The parents to write before `item` as context, each with its depth, and `item`'s depth.
        mutating func place(_ item: TodoItem, parentID: Int64?, store: TodoStore) throws -> (context: [(TodoItem, Int)], depth: Int) {
            guard isOutline, !item.isDone else {
                chain = []
                return ([], 0)
            }
            guard let parentID else {
                chain = [item.id]
                return ([], 0)
            }
            var context: [(TodoItem, Int)] = []
            if let index = chain.lastIndex(of: parentID) {
                chain.removeSubrange((index + 1)...)
            } else {
                // Its parent was not written: the parents below the last one the chain shares, as context.
                let ancestors = try store.ancestors(of: item.id).reversed()
                let shared = ancestors.prefix { ancestor in chain.contains(ancestor.id) }
                if let last = shared.last, let index = chain.lastIndex(of: last.id) { chain.removeSubrange((index + 1)...) } else { chain = [] }
                for ancestor in ancestors.dropFirst(shared.count) {
                    context.append((ancestor, chain.count))
                    chain.append(ancestor.id)
                }
            }
            chain.append(item.id)
            return (context, chain.count - 1)
        }
    }

    /// The rows of one list the filter asks for, read in pages (a list may hold a million todos):
    /// a query's matches through the store's search (`forEachMatch`), else the list's rows.
    private func forEachItem(in list: TodoList, query: TodoQuery?, store: TodoStore, _ body: (TodoItem) throws -> Void) throws {
        if let matching = Self.matching(query) { return try forEachMatch(in: list, matching: matching, store: store, body) }
        let section = SectionQuery(listID: list.id, sort: sort, includesCompleted: filter != .open)
        let rows = rows(of: list)
        var start = rows.lowerBound
        while start < rows.upperBound {
            let page = try store.items(section, in: start..<min(start + 500, rows.upperBound))
            if page.isEmpty { break }
            try page.forEach(body)
            start += page.count
        }
    }

    /// The query whose matches are listed, without its list names (lists are chosen before; the tag
    /// index finds tags), or nil when it keeps every row of the lists (none, or only list names).
    private static func matching(_ query: TodoQuery?) -> TodoQuery? {
        guard var query else { return nil }
        query.listNames = []
        return query.isEmpty ? nil : query
    }

    /// A query's matches in one list, through the store's search.
    private func forEachMatch(in list: TodoList, matching: TodoQuery, store: TodoStore, _ body: (TodoItem) throws -> Void) throws {
        var section = SectionQuery(listID: list.id, sort: sort, includesCompleted: filter != .open)
        section.matching = matching
        try store.forEachMatch(of: section, body)
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
