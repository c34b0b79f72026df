import TodoStore

/// The view as the user left it: the sort (`s`), hidden done todos (`H`), wrapped titles (`W`) and
/// collapsed subtasks (`z` on a parent) are remembered in the store (`TodoCommands+View`), as
/// collapsed lists (`z`) are, so a restart shows the todos the same way.
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
        options = view
        if readsAgain { return reloadFromStore() }
        tableView.reloadData()
        if selectedHeaderListID == nil, let selected = tableView.indexPathForSelectedRow {
            tableView.scrollToRow(at: selected, at: .none)
        }
    }
}
