import TermTable
import TodoStore

/// Undo and redo: the history lives in the store, so a crash does not lose it.
extension TodoListController {
    /// Undoes the last change (of any kind, batches as one step) and selects what it restored.
    public func undo() {
        runHistory(verb: "Undid") { try store.undo() }
    }

    /// Redoes the last undone change.
    public func redo() {
        runHistory(verb: "Redid") { try store.redo() }
    }

    private func runHistory(verb: String, _ step: () throws -> HistoryStep?) {
        do {
            guard let done = try step() else {
                message = .info(verb == "Undid" ? "Nothing to undo" : "Nothing to redo")
                return
            }
            // The step's rows come back (or go again) as the store says; the selection goes to what it restored.
            message = .info("\(verb) \(done.description)")
            show(store.lastChange, selecting: done.todoIDs.first(where: { storedItem(id: $0) != nil }))
        } catch {
            message = .error("\(verb == "Undid" ? "Undo" : "Redo") failed: \(error)")
            reloadFromStore()
        }
    }
}
