import TodoStore

/// The view as the user left it: the sort (`s`), hidden done todos (`H`), wrapped titles (`W`) and
/// collapsed subtasks (`z` on a parent) are remembered in the store, as collapsed lists (`z`) are, so
/// a restart shows the todos the same way.
extension TodoListController {
    /// Starts with the view remembered in the store; what the user never chose there comes from
    /// `defaults` (the config file's `sort`, `hide-completed` and `wrap`).
    func restoreView(defaults: ViewOptions) {
        var options = defaults
        var collapsed = outline.collapsedIDs
        do {
            let remembered = try store.viewState()
            if let sort = remembered.sort { options.sort = sort }
            if let hides = remembered.hidesCompleted { options.showsCompleted = !hides }
            if let wraps = remembered.wrapsTitles { options.wrapsTitles = wraps }
            collapsed = Set(remembered.collapsedTodoIDs ?? [])
        } catch {
            // Shown as the failure it is; the defaults stand until the store can be read.
            reportReadFailure(error)
        }
        guard options != self.options || collapsed != outline.collapsedIDs else { return }
        let said = message
        self.options = options
        outline.collapsedIDs = collapsed
        reloadFromStore()
        if readFailure == nil { message = said }
    }

    /// Sorts every list by `sort` and remembers it.
    func setSort(_ sort: TodoSort) {
        options.sort = sort
        reloadFromStore()
        message = .info("Sorted by \(sort.label)" + remember(ViewState(sort: sort)))
    }

    /// Shows or hides done todos in every list and remembers it.
    func setShowsCompleted(_ shows: Bool) {
        options.showsCompleted = shows
        reloadFromStore()
        let remembered = remember(ViewState(hidesCompleted: !shows))
        message = shows ? .info("Showing completed todos" + remembered)
            : .info("Hiding completed todos" + keys.offer(.toggleCompleted, "shows them") + remembered, while: .completedHidden)
    }

    /// Wraps long titles onto up to three lines, or cuts them with "…" again, and remembers it. The
    /// selected todo stays on screen: rows above it may grow or shrink, the selection does not move.
    func setWrapsTitles(_ wraps: Bool) {
        options.wrapsTitles = wraps
        // No row is read again: the cells are configured anew from the page cache and measured as shown.
        tableView.reloadData()
        if selectedHeaderListID == nil, let selected = tableView.indexPathForSelectedRow {
            tableView.scrollToRow(at: selected, at: .none)
        }
        let remembered = remember(ViewState(wrapsTitles: wraps))
        message = .info((wraps ? "Wrapping long titles (up to 3 lines)" + keys.offer(.toggleWrap, "cuts them")
                                : "Cutting long titles with …" + keys.offer(.toggleWrap, "wraps them")) + remembered)
    }

    /// Saves a view choice; returns what the message should add when it could not be saved (the
    /// view changes all the same: it is only not remembered).
    private func remember(_ state: ViewState) -> String {
        guard !store.isReadOnly else { return " (not remembered: the store is read-only)" }
        do {
            try store.saveViewState(state)
            return ""
        } catch {
            return " (not remembered: \(error))"
        }
    }
}
