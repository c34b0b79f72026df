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
            let committed = try store.setStatus(status, ids: [item.id])
            let result = committed.value
            let updated = result.items[0]
            if let next = result.nextOccurrences.first {
                message = .info("\(StatusChange.verb(status)) — next on \(Self.comesBack(next, today: today()))\(keys.undoes)", while: .undoable(change: changeCount))
            } else {
                message = .info("\(StatusChange.verb(status)): \(quoted(updated.title))\(keys.undoes)", while: .undoable(change: changeCount))
            }
            return committed.map { $0.items[0] }
        }, show: { committed in
            try apply(committed.change)
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
        guard !marked.isEmpty else { message = .info(nothingMarked); return }
        let status = choose(marked.map(\.1))
        mutate({
            let committed = try store.setStatus(status, ids: marked.map(\.1.id))
            let next = committed.value.nextOccurrences
            let repeats = next.isEmpty ? "" : next.count == 1 ? " · 1 comes back" : " · \(next.count) come back"
            message = .info("\(StatusChange.verb(status)): \(Self.todos(marked.count))\(repeats)\(keys.undoes)",
                            while: .undoable(change: changeCount))
            return committed
        }, show: { committed in
            try apply(committed.change)
            remark(marked.map(\.1.id))
        })
    }
}
