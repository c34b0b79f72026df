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
        guard view == wrapsOnly else { return switchView(to: view) }
        options = view
        tableView.reloadData()
        if selectedHeaderListID == nil, let selected = tableView.indexPathForSelectedRow {
            tableView.scrollToRow(at: selected, at: .none)
        }
    }
}

extension TodoListController {
    /// Shows `view`, which shows other rows than the view now (a sort, a filter, `R`, `H`): only the
    /// view changed, not the store, so the rows and counts read for either view stay
    /// (`SectionPageCache.switchViews`). The selected todo stays selected, found in the view it was
    /// selected in (the row it had may hold another todo in the new one); when the new view hides it
    /// (`R`: it waits), the todo shown nearest after its place is selected, else the nearest before.
    private func switchView(to view: ViewOptions) {
        let leaving = shownQueryCounts()
        // The selected row is on screen, so its todo is a cached row: no read. Nothing in the store
        // changes with the view, so its list is still the one read.
        let selected = selectedItem
        let before = SelectionBeforeChange(selectedID: selected?.id, fallback: tableView.indexPathForSelectedRow)
        options = view
        readEverythingAgain(leaving: leaving)
        if let selected, select(todo: selected.id, inList: selected.listID) || selectNearest(toHidden: selected.id, inList: selected.listID) {
            return
        }
        restoreSelection(before)
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
    /// Reads ahead, once the first frame is out and while nobody waits, what the first `R` would read
    /// on its key, when any list has waiting todos and they are shown: every list's waiting total
    /// (the message and the headers count them; the store keeps it), the selected todo's place in
    /// that view (read for its statements only), and the first page of each list on
    /// screen with waiting todos hidden, parked in the page cache (`SectionPageCache.park(rows:of:)`)
    /// as a view left would be: the first `R` then swaps those rows in and reads none, as every later
    /// `R` does. A change before `R` drops them, as it drops any view left. Changes nothing shown.
    public func prepareForHidingWaiting() {
        guard agenda == nil, options.showsWaiting, readFailure == nil, !lists.isEmpty else { return }
        var hidden = options
        hidden.showsWaiting = false
        hidden.waitingDay = today()
        guard let day = hidden.waitingDay?.iso else { return }
        do {
            var anyWaiting = false
            for list in lists {
                if try store.waitingCount(listID: list.id, on: day) > 0 { anyWaiting = true }
            }
            guard anyWaiting else { return }
            // The selected todo's place is not kept (any change would make it wrong): reading it once
            // prepares the statements `R` finds it with when the todo waits (`selectNearest(toHidden:inList:)`).
            if let selected = selectedItem { _ = try store.place(of: selected.id, in: hidden.query(listID: selected.listID)) }
            let onScreen = Set(tableView.indexPathsForVisibleRows.map(\.section))
            for section in onScreen.sorted() where section < lists.count && !lists[section].isCollapsed {
                try cache.park(rows: 0..<cache.pageSize, of: hidden.query(listID: lists[section].id))
            }
        } catch {
            // A guess ahead of time: the read that fails here fails again, and is said, when R reads.
        }
    }
}
