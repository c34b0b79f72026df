import TermTable
import TodoStore

/// Starting and cancelling todos (`w`, `X`, and both on the marked rows of editing mode): the
/// statuses besides open and done. (No swipe buttons: the leading swipe stays Done, one button.)
extension TodoListController {
    /// `w`: starts the todo at a row (IN-PROCESS), or takes a start back; a done or cancelled todo
    /// is opened again, started. The selection stays at the same place.
    public func toggleStarted(at indexPath: IndexPath) {
        guard let item = item(at: indexPath) else { return }
        setStatus(item.status == .inProcess ? .open : .inProcess, of: item, keepingSelectionNear: indexPath)
    }

    /// `X`: cancels the todo at a row, or opens a cancelled one again.
    public func toggleCancelled(at indexPath: IndexPath) {
        guard let item = item(at: indexPath) else { return }
        setStatus(item.status == .cancelled ? .open : .cancelled, of: item, keepingSelectionNear: indexPath)
    }

    /// Puts `item` (as stored now) in `status` as one undoable step; the status line says so (and
    /// when a recurring todo comes back).
    private func setStatus(_ status: TodoStatus, of item: TodoItem, keepingSelectionNear indexPath: IndexPath?) {
        mutate({
            let result = try store.setStatus(status, ids: [item.id])
            let updated = result.items[0]
            if let next = result.nextOccurrences.first {
                message = .info("\(StatusChange.verb(status)) — next on \(comesBack(next)) · u undoes", while: .undoable(change: changeCount))
            } else {
                message = .info("\(StatusChange.verb(status)): \(quoted(updated.title)) · u undoes", while: .undoable(change: changeCount))
            }
            return updated
        }, show: { _ in
            try apply(store.lastChange)
            if let indexPath { keepSelection(near: indexPath) }
        })
    }

    /// `w` in editing mode: starts every marked todo (or, when all are started, takes the starts back).
    func toggleStartedOfMarked() {
        setStatusOfMarked { marked in marked.allSatisfy { $0.status == .inProcess } ? .open : .inProcess }
    }

    /// `X` in editing mode: cancels every marked todo (or, when all are cancelled, opens them again).
    func toggleCancelledOfMarked() {
        setStatusOfMarked { marked in marked.allSatisfy { $0.status == .cancelled } ? .open : .cancelled }
    }

    private func setStatusOfMarked(_ choose: ([TodoItem]) -> TodoStatus) {
        let marked = markedItems()
        guard !marked.isEmpty else { message = .info(Self.nothingMarked); return }
        let status = choose(marked.map(\.1))
        mutate({
            let next = try store.setStatus(status, ids: marked.map(\.1.id)).nextOccurrences
            let repeats = next.isEmpty ? "" : next.count == 1 ? " · 1 comes back" : " · \(next.count) come back"
            message = .info("\(StatusChange.verb(status)): \(Self.todos(marked.count))\(repeats) · u undoes",
                            while: .undoable(change: changeCount))
        }, show: {
            try apply(store.lastChange)
            remark(marked.map(\.1.id))
        })
    }
}
