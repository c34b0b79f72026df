import TodoStore

/// The view as the user left it: the sort (`s`), hidden done todos (`H`), hidden waiting todos
/// (`R`), wrapped titles (`W`) and collapsed subtasks (`z` on a parent) are remembered in the store
/// (`TodoCommands+View`), as collapsed lists (`z`) are, so a restart shows the todos the same way.
extension TodoListController {
    /// Starts with the view remembered in the store; what the user never chose there comes from
    /// `defaults` (the config file's `sort`, `hide-completed`, `hide-waiting` and `wrap`).
    func restoreView(defaults: ViewOptions) {
        var options = defaults
        var collapsed = outline.collapsedIDs
        do {
            let remembered = try store.viewState()
            if let sort = remembered.sort { options.sort = sort }
            if let hides = remembered.hidesCompleted { options.showsCompleted = !hides }
            if let hides = remembered.hidesWaiting { options.showsWaiting = !hides }
            if let wraps = remembered.wrapsTitles { options.wrapsTitles = wraps }
            collapsed = Set(remembered.collapsedTodoIDs ?? [])
        } catch {
            // Shown as the failure it is; the defaults stand until the store can be read.
            reportReadFailure(error)
        }
        options.waitingDay = options.showsWaiting ? nil : today()
        guard options != self.options || collapsed != outline.collapsedIDs else { return }
        self.options = options
        outline.collapsedIDs = collapsed
        reloadFromStore()
    }

    /// Shows the todos with `view` (an outcome's new options): a new sort or filter reads everything
    /// again, keeping the selection on its todo; wrapped titles read no row again (the cells are
    /// configured anew from the page cache and measured as shown), and the selected todo stays on
    /// screen: rows above it may grow or shrink, the selection does not move.
    func show(view: ViewOptions) {
        var wrapsOnly = options
        wrapsOnly.wrapsTitles = view.wrapsTitles
        let readsAgain = view != wrapsOnly
        let leaving = readsAgain ? shownQueryCounts() : []
        options = view
        if readsAgain { return reloadFromStore(preferring: nil, leaving: leaving) }
        tableView.reloadData()
        if selectedHeaderListID == nil, let selected = tableView.indexPathForSelectedRow {
            tableView.scrollToRow(at: selected, at: .none)
        }
    }
}

extension TodoListController {
    /// Moves the day waiting todos are judged against on to today when midnight passed while they
    /// are hidden (`R`): the todos starting today appear, each list read again and the selection
    /// kept on its todo. In the agenda (which never shows waiting todos) only the day moves, and the
    /// lists are read with it when they are shown again. Returns whether it read anything.
    @discardableResult
    public func refreshWaitingDayIfNeeded() -> Bool {
        let day = options.showsWaiting ? nil : today()
        guard options.waitingDay != day else { return false }
        guard agenda == nil, !lists.isEmpty else {
            options.waitingDay = day
            return false
        }
        let before = selectionBeforeChange(preferring: nil)
        options.waitingDay = day
        readEverythingAgain()
        restoreSelection(before)
        return true
    }
}

extension TodoListController {
    /// Reads ahead, once the first frame is out, the first row of the first list with waiting todos
    /// hidden, when any list has waiting todos and they are shown: the store prepares the statements
    /// `R` reads through (the waiting totals, a block's waiting todos, the rows not waiting) while
    /// nobody waits, so the first `R` costs what the next ones do. Changes nothing shown.
    public func prepareForHidingWaiting() {
        guard agenda == nil, options.showsWaiting, readFailure == nil, let list = lists.first(where: { !$0.isCollapsed }) else { return }
        var hidden = options
        hidden.showsWaiting = false
        hidden.waitingDay = today()
        guard let day = hidden.waitingDay?.iso else { return }
        do {
            guard try lists.contains(where: { try store.waitingCount(listID: $0.id, on: day) > 0 }) else { return }
            _ = try store.items(hidden.query(listID: list.id), in: 0..<1)
        } catch {
            // A guess ahead of time: the read that fails here fails again, and is said, when R reads.
        }
    }
}
