import TodoStore

/// The view as the store remembers it (`restoreView(defaults:)` reads it at the start) is written
/// when the user is idle or the app goes, not on the key that chose it: the view choices (`s`, `H`,
/// `R`, `W`) and the collapsed parents (`z` on a parent). A choice written on its key cost that key a
/// transaction (about 120,000 instructions of every `R` at a million todos). `TickApp.
/// saveDeferredState()` writes whatever waits in one transaction; the terminal session calls it at
/// the first idle moment and however it ends (`q`, the end of the input, Ctrl-C, SIGTERM, SIGHUP),
/// key scripts and playback at their end.
extension TodoListController {
    /// Notes a view choice to write later; a later choice of the same field replaces an earlier one.
    /// Nothing is noted on a read-only store (the choice's message says it is not remembered).
    func rememberViewChoice(_ choice: ViewState) {
        guard !store.isReadOnly else { return }
        unsavedViewChoices = unsavedViewChoices.updated(with: choice)
    }

    /// Whether a view choice or the collapsed parents wait to be written.
    var hasUnsavedView: Bool {
        !store.isReadOnly && (unsavedViewChoices != ViewState() || outline.collapsedIDsUnsaved)
    }

    /// Writes the view choices and the collapsed parents that changed since the last save, in one
    /// transaction outside the undo history (`u` undoes no view choice); false when nothing waited (or
    /// the store is read-only). A failure leaves them waiting, so the next idle moment or the quit
    /// tries again.
    @discardableResult
    func saveUnsavedView() throws -> Bool {
        guard hasUnsavedView else { return false }
        var state = unsavedViewChoices
        if outline.collapsedIDsUnsaved { state.collapsedTodoIDs = outline.collapsedIDs.sorted() }
        try store.saveViewState(state)
        unsavedViewChoices = ViewState()
        outline.collapsedIDsUnsaved = false
        return true
    }
}

extension ViewState {
    /// These choices with the fields `newer` chose over them.
    func updated(with newer: ViewState) -> ViewState {
        ViewState(sort: newer.sort ?? sort, hidesCompleted: newer.hidesCompleted ?? hidesCompleted,
                  hidesWaiting: newer.hidesWaiting ?? hidesWaiting, wrapsTitles: newer.wrapsTitles ?? wrapsTitles,
                  collapsedTodoIDs: newer.collapsedTodoIDs ?? collapsedTodoIDs)
    }
}
