import TermTable
import TodoStore

/// Editing mode: rows show marks, and deleting, completing, flagging, moving and priority changes
/// apply to every marked todo at once, as one store transaction (one undo step) and one table batch.
extension TodoListController {
    /// What a key that acts on the marked rows says when none is marked.
    static let nothingMarked = "Nothing marked: Space marks a row, V the whole list"

    /// The marked rows, in screen order.
    var markedIndexPaths: [IndexPath] { tableView.indexPathsForSelectedRows.map { $0 } ?? [] }

    /// Marks every row of the selected row's list.
    func markAllInCurrentSection() {
        guard let section = tableView.indexPathForSelectedRow?.section, section < sectionCounts.count else { return }
        tableView.markRows(at: (0..<sectionCounts[section]).map { IndexPath(row: $0, section: section) })
        message = .info("\(markedIndexPaths.count) marked · d deletes · x marks done · m moves · f flags · Esc leaves",
                       while: .editingMode(marked: markedIndexPaths.count))
    }

    /// The todos behind the marked rows.
    func markedItems() -> [(IndexPath, TodoItem)] {
        markedIndexPaths.compactMap { indexPath in item(at: indexPath).map { (indexPath, $0) } }
    }

    /// Marks these todos again where they are shown now. The user marked todos, not places: after a
    /// reload moved rows (completion, a new sort, an undo) a mark left on its old row would mark
    /// another todo, which `d` would then delete.
    func remark(_ todos: [TodoItem]) {
        tableView.unmarkAllRows()
        tableView.markRows(at: todos.compactMap { indexPath(ofTodo: $0.id, inList: $0.listID) })
    }

    /// Deletes every marked todo in one transaction; the table hears of it as one batch.
    func deleteMarked() {
        let marked = markedItems()
        guard !marked.isEmpty else { return }
        mutate({
            try store.delete(ids: marked.map(\.1.id))
            message = .info("Deleted \(marked.count) todo\(marked.count == 1 ? "" : "s") · u undoes", while: .undoable(change: changeCount))
        }, show: {
            try apply(store.lastChange)
        })
    }

    /// Marks every marked todo done (or, when all are done, not done) in one transaction and one batch.
    func toggleMarked() {
        let marked = markedItems()
        guard !marked.isEmpty else { return }
        let done = !marked.allSatisfy { $0.1.isDone }
        mutate({
            let next = try store.setDoneReportingNext(done, ids: marked.map(\.1.id)).nextOccurrences
            let repeats = next.isEmpty ? "" : next.count == 1 ? " · 1 comes back" : " · \(next.count) come back"
            message = .info("Marked \(marked.count) todo\(marked.count == 1 ? "" : "s") \(done ? "done" : "not done")\(repeats) · u undoes",
                           while: .undoable(change: changeCount))
        }, show: {
            // Completed todos move to the end of their lists; the marks stay on the same todos.
            try apply(store.lastChange)
            remark(marked.map(\.1))
        })
    }

    /// Flags every marked todo (or, when all are flagged, removes their flags) in one step.
    func flagMarked() {
        let marked = markedItems()
        guard !marked.isEmpty else { message = .info(Self.nothingMarked); return }
        let flag = !marked.allSatisfy { $0.1.isFlagged }
        changeMarked(marked, {
            let changed = try store.setFlagged(flag, ids: marked.map(\.1.id))
            message = .info("\(flag ? "Flagged" : "Unflagged") \(Self.todos(marked.count)) · u undoes",
                            while: .undoable(change: changeCount))
            return changed
        })
    }

    /// Raises (`steps` > 0) or lowers the priority of every marked todo in one step.
    func changePriorityOfMarked(by steps: Int) {
        let marked = markedItems()
        guard !marked.isEmpty else { message = .info(Self.nothingMarked); return }
        changeMarked(marked, {
            let changed = try store.changePriority(by: steps, ids: marked.map(\.1.id))
            let verb = steps > 0 ? "Raised" : "Lowered"
            let count = zip(marked, changed).filter { $0.1.priority != $1.priority }.count
            message = count == 0 ? .info("No priority changed: the marked todos are already at \(steps > 0 ? "high" : "none")")
                : .info("\(verb) the priority of \(Self.todos(count)) · u undoes", while: .undoable(change: changeCount))
            return changed
        })
    }

    /// Moves every marked todo to the top of a list, in screen order, in one step. The selection
    /// stays in the list being worked on, on the todo now in its place.
    func moveMarked(toList listID: Int64) {
        let marked = markedItems()
        guard !marked.isEmpty else { message = .info(Self.nothingMarked); return }
        let name = lists.first { $0.id == listID }?.name ?? "?"
        changeMarked(marked, {
            let moved = try store.move(ids: marked.map(\.1.id), toList: listID)
            let count = marked.filter { $0.1.listID != listID }.count
            message = count == 0 ? .info("The marked todos are in \(name) already")
                : .info("Moved \(Self.todos(count)) to \(name) · u undoes", while: .undoable(change: changeCount))
            return moved
        })
    }

    /// "1 todo", "3 todos".
    static func todos(_ count: Int) -> String { "\(count) todo\(count == 1 ? "" : "s")" }

    /// Runs a change of the marked todos, which returns them as they are now, then shows it: their
    /// lists afresh as one batch (a new priority or list moves rows), the marks on the same todos,
    /// and the selection on the same todo, or, when it left its list, on the todo now in its place.
    private func changeMarked(_ marked: [(IndexPath, TodoItem)], _ change: () throws -> [TodoItem]) {
        let selected = tableView.indexPathForSelectedRow
        let selectedItem = selected.flatMap { item(at: $0) }
        mutate(change, show: { changed in
            try apply(store.lastChange)
            remark(changed)
            guard let selected, let selectedItem else { return }
            let now = changed.first { $0.id == selectedItem.id }
            if now == nil || now?.listID == selectedItem.listID {
                select(todo: selectedItem.id)
            } else {
                // The todos that left from above it no longer count.
                let listNow = Dictionary(changed.map { ($0.id, $0.listID) }, uniquingKeysWith: { first, _ in first })
                let gone = marked.filter { $0.0.section == selected.section && $0.0.row < selected.row && listNow[$0.1.id] != $0.1.listID }.count
                keepPlace(IndexPath(row: selected.row - gone, section: selected.section))
            }
        }, reselecting: { _ in selectedItem?.id })
    }
}
