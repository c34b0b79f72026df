import TodoStore

/// What a key changes but the store need not hear at once: the view choices (`s`, `H`, `R`, `W`) and
/// the collapsed parents (`z` on a parent), written when the user is idle and before the app goes
/// (quit, end of input, a termination signal, the end of a key script), so a key costs no transaction
/// and a restart still shows the same (`TodoListController.saveUnsavedView()`).
extension TickApp {
    /// Writes what the list put off (the view choices, the collapsed parents), if anything. Returns the
    /// failure's message when the write failed, after saying it in the status line (it stays unsaved,
    /// so the next idle moment or the quit tries again); nil when it was written or there was nothing to write.
    @discardableResult
    public func saveDeferredState() -> String? {
        let collapsedOnly = list.unsavedViewChoices == ViewState()
        do {
            try list.saveUnsavedView()
            return nil
        } catch {
            let message = (collapsedOnly ? "The collapsed subtasks are not remembered: " : "The view is not remembered: ") + "\(error)"
            say(.error(message))
            return message
        }
    }

    /// Whether something is waiting for `saveDeferredState()`.
    public var hasDeferredState: Bool {
        list.hasUnsavedView
    }
}
