import TodoStore

/// The commands that change what is selected or shown, not what is stored: Tab and Shift-Tab
/// (moving between lists), `n` and `N` (moving through the highlighted search's matches), `V`
/// (marking a whole list in editing mode) and `z` on a todo of the outline (collapsing or expanding
/// a parent's subtasks). Each returns where the selection goes by identity (a todo's id, a list's
/// id) and what the status line says; the table does the rest (`TodoListController.show(_:before:)`).
extension TodoCommands {
    // MARK: Between lists (Tab, Shift-Tab)

    /// Selects the list `offset` lists on from `section` (the current list's, nil: none), wrapping:
    /// its first row, or its header when it shows no rows (`rowCounts`, the rows each list shows,
    /// by section), which the status line then names ("Home is empty · a adds a todo to it"). In
    /// the agenda it goes to the next group that shows rows.
    func jumpToList(offset: Int, from section: Int?, rowCounts: [Int], inAgenda: Bool) -> Outcome {
        if inAgenda { return Outcome(selection: .agendaGroup(offset: offset)) }
        guard !lists.isEmpty else { return Outcome() }
        let current = section ?? (offset > 0 ? -1 : lists.count)
        let target = ((current + offset) % lists.count + lists.count) % lists.count
        return selectList(lists[target], rowsShown: target < rowCounts.count ? rowCounts[target] : 0)
    }

    /// Selects `list` (which shows `rowsShown` rows) by name, as Tab does: its first row, or its
    /// header when it shows none, which the status line then names (the lists screen's go, the
    /// config file's default list, a restored view).
    func selectList(_ list: TodoList, rowsShown: Int) -> Outcome {
        Outcome(selection: .listHeader(list.id), message: headerMessage(for: list, rowsShown: rowsShown))
    }

    /// What the status line says when a list that shows no rows is selected by name (Tab, the lists
    /// screen's go, the config file's default list): "Home is empty · a adds a todo to it"; nil for
    /// a list that shows rows.
    func headerMessage(for list: TodoList, rowsShown: Int) -> StatusMessage? {
        guard rowsShown == 0 else { return nil }
        let collapsed = "collapsed" + (keys.key(.collapse).map { " (\($0) expands)" } ?? "")
        return .info("\(list.name) is \(list.isCollapsed ? collapsed : "empty")" + keys.offer(.add, "adds a todo to it"),
                     while: .currentList(list.id))
    }

    // MARK: Search matches (n, N)

    /// Selects the next (or previous) todo matching `search` (the highlighted search) after
    /// `selected` in screen order, wrapping, by id: "Match 2 of 5 for “milk”". Collapsed lists
    /// are passed over. A failed read of the matches is reported as one, never as "no match".
    func jumpToMatch(forward: Bool, search: String?, from selected: TodoItem?) -> Outcome {
        guard let search else { return .saying(.info("No search: / searches")) }
        // Each match as (list's section, rank in the list's order), in screen order.
        var matches: [(place: (Int, Int), id: Int64)] = []
        var current: (Int, Int)?
        do {
            for (section, list) in lists.enumerated() where !list.isCollapsed {
                let shown = options.query(listID: list.id)
                var query = shown
                query.search = search
                query.matching = Self.searchQuery(for: search, today: today)
                let count = try store.count(query)
                if let selected, selected.listID == list.id, let rank = try store.index(of: selected.id, in: shown) {
                    current = (section, rank)
                }
                guard count > 0 else { continue }
                for item in try store.items(query, in: 0..<count) {
                    if let rank = try store.index(of: item.id, in: shown) { matches.append(((section, rank), item.id)) }
                }
            }
        } catch {
            return Outcome(failedRead: error)
        }
        guard !matches.isEmpty else { return .saying(.info("No todo matches “\(search)”")) }
        let from = current ?? (forward ? (-1, -1) : (Int.max, Int.max))
        let target = forward
            ? matches.firstIndex { $0.place > from } ?? 0
            : matches.lastIndex { $0.place < from } ?? matches.count - 1
        return Outcome(selection: .todo(matches[target].id),
                       message: .info("Match \(target + 1) of \(matches.count) for “\(search)”", while: .highlightedSearch(search)))
    }

    /// A search closed with Enter, its matches left highlighted: "“milk” · n next match · N previous · Esc clears".
    func highlighted(_ search: String) -> Outcome {
        .saying(.info("“\(search)”" + keys.offer(.nextMatch, "next match") + keys.offer(.previousMatch, "previous") + " · Esc clears",
                      while: .highlightedSearch(search)))
    }

    /// What typed search text asks for, read against `today`. Text that is not a query yet (an open
    /// quote, `@` and half a date) is searched as plain text meanwhile.
    static func searchQuery(for text: String, today: Day) -> TodoQuery {
        do {
            return try QueryParser.parse(text, today: today)
        } catch {
            return TodoQuery(searchText: text)
        }
    }

    // MARK: A whole list marked (V)

    /// Marks every row `list` shows (`rowsShown` of them) besides the `markedElsewhere` todos
    /// marked in other lists: "5 marked · d deletes · x marks done · …".
    func markAll(_ list: TodoList, rowsShown: Int, markedElsewhere: Int) -> Outcome {
        let marked = rowsShown + markedElsewhere
        var outcome = Outcome(message: .info(["\(marked) marked", keys.editingHints([(.delete, "deletes"), (.toggle, "marks done"),
                                                                                    (.moveToList, "moves"), (.flag, "flags"), (.editMode, "leaves")])]
                                                .filter { !$0.isEmpty }.joined(separator: " · "),
                                             while: .editingMode(marked: marked)))
        outcome.marksList = list.id
        return outcome
    }

    // MARK: Subtasks collapsed or expanded (z on a todo)

    /// `z` on `item`, a todo the outline shows with `facts`: collapses or expands its subtasks
    /// (`isCollapsed`: whether they are hidden now), and on a subtask collapses its parent, which
    /// is selected. A todo with neither (or whose parent is done) collapses or expands `list`, the
    /// current list, as `z` on a list header does.
    func toggleFold(of item: TodoItem, facts: OutlineState.RowFacts, isCollapsed: Bool, orList list: TodoList?) throws -> Outcome {
        if facts.isParent { return fold(item, collapses: !isCollapsed) }
        if let parentID = facts.parentID {
            let parent: TodoItem?
            do {
                parent = try store.item(id: parentID)
            } catch {
                return Outcome(failedRead: error)
            }
            if let parent, !parent.isDone { return fold(parent, collapses: true) }
        }
        guard !store.isReadOnly else { return .saying(Self.readOnlyRefusal) }
        guard let list else { return Outcome() }
        return try toggleCollapsed(list)
    }

    /// What a key that would change a read-only store says.
    static let readOnlyRefusal = StatusMessage.error("Read-only store: changes are disabled")

    /// Collapses (or expands) the subtasks of `parent`: "Collapsed the subtasks of “Trip” · z expands".
    /// Not a step of the store: `u` does not undo it, and the choice is written when the user is idle.
    func fold(_ parent: TodoItem, collapses: Bool) -> Outcome {
        var outcome = Outcome(selection: .unchanged, message: .info("\(collapses ? "Collapsed" : "Expanded") the subtasks of \(quoted(parent.title))"
                                                                     + keys.offer(.collapse, collapses ? "expands" : "collapses")))
        outcome.fold = .init(todo: parent, collapses: collapses)
        return outcome
    }
}
