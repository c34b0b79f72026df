import TodoStore

/// The view as the user left it: the sort (`s`) and hidden done todos (`H`) are remembered in the
/// store, as collapsed lists (`z`) are, so a restart shows the todos the same way.
extension TodoListController {
    /// Starts with the view remembered in the store; what the user never chose there comes from
    /// `defaults` (the config file's `sort` and `hide-completed`).
    func restoreView(defaults: ViewOptions) {
        var options = defaults
        do {
            let remembered = try store.viewState()
            if let sort = remembered.sort { options.sort = sort }
            if let hides = remembered.hidesCompleted { options.showsCompleted = !hides }
        } catch {
            // Shown as the failure it is; the defaults stand until the store can be read.
            reportReadFailure(error)
        }
        guard options != self.options else { return }
        let said = message
        self.options = options
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
            : .info("Hiding completed todos · H shows them" + remembered, while: .completedHidden)
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
