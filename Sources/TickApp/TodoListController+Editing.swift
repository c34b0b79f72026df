import TermTable
import TodoStore

/// Editing mode: rows show marks, and deletions and completions apply to every marked todo at once,
/// as one store transaction and one table batch.
extension TodoListController {
    /// The marked rows, in screen order.
    var markedIndexPaths: [IndexPath] { tableView.indexPathsForSelectedRows.map { $0 } ?? [] }

    /// Marks every row of the highlighted row's list.
    func markAllInCurrentSection() {
        guard let section = tableView.indexPathForSelectedRow?.section, section < sectionCounts.count else { return }
        tableView.markRows(at: (0..<sectionCounts[section]).map { IndexPath(row: $0, section: section) })
        message = .info("\(markedIndexPaths.count) marked · d deletes · x marks done · Esc leaves",
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
            cache.invalidate()
            refreshLists()
            try tableView.deleteRows(at: marked.map(\.0))
            try refreshVisibleRowsIfNeeded()
        })
    }

    /// Marks every marked todo done (or, when all are done, not done) in one transaction and one batch.
    func toggleMarked() {
        let marked = markedItems()
        guard !marked.isEmpty else { return }
        let done = !marked.allSatisfy { $0.1.isDone }
        mutate({
            try store.setDone(done, ids: marked.map(\.1.id))
            message = .info("Marked \(marked.count) todo\(marked.count == 1 ? "" : "s") \(done ? "done" : "not done") · u undoes",
                           while: .undoable(change: changeCount))
        }, show: {
            cache.invalidate()
            refreshLists()
            // Completed todos move to the end of their lists: their sections are shown afresh, as one batch.
            try tableView.reloadSections(Array(Set(marked.map(\.0.section))).sorted())
            remark(marked.map(\.1))
            try refreshVisibleRowsIfNeeded()
        })
    }
}
