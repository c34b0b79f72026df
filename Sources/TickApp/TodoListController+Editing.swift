import TermTable
import TodoStore

/// Editing mode: rows show marks, and deleting, completing, flagging, moving and priority changes
/// apply to every marked todo at once, as one store transaction (one undo step) and one table batch
/// (the commands are `TodoCommands+Marked`).
extension TodoListController {
    /// The marked rows, in screen order.
    var markedIndexPaths: [IndexPath] { tableView.indexPathsForSelectedRows.map { $0 } ?? [] }

    /// Enters or leaves editing mode; leaving it forgets the marks.
    func setEditing(_ editing: Bool) {
        tableView.setEditing(editing)
        if !editing { markedTodoIDs.removeAll() }
    }

    /// Marks the todo at a row, or unmarks it (Space in editing mode).
    func toggleMark(at indexPath: IndexPath) {
        guard tableView.isEditing, let item = item(at: indexPath) else { return }
        tableView.toggleMark(at: indexPath)
        if markedIndexPaths.contains(indexPath) { markedTodoIDs.insert(item.id) } else { markedTodoIDs.remove(item.id) }
    }

    /// Marks every row the list `listID` shows (`V`: `TodoCommands.markAll`): its todos' ids are
    /// read in slices (a long list's todos are not all kept), leaving out those a collapsed parent
    /// hides. A failed read marks nothing and is reported.
    func markShownRows(ofList listID: Int64) {
        guard let section = section(ofList: listID), section < sectionCounts.count else { return }
        let query = query(forSection: section)
        let folds = folds(inSection: section)
        let rows = sectionCounts[section]
        var ids: [Int64] = []
        do {
            let total = folds.isEmpty ? rows : try store.count(query)
            for start in stride(from: 0, to: total, by: 4_096) {
                for (offset, item) in try store.items(query, in: start..<min(total, start + 4_096)).enumerated()
                where folds.row(forRank: start + offset) != nil {
                    ids.append(item.id)
                }
            }
        } catch {
            reportReadFailure(error)
            return
        }
        markedTodoIDs.formUnion(ids)
        tableView.markRows(at: (0..<rows).map { IndexPath(row: $0, section: section) })
    }

    /// The marked todos as stored now, with their rows, in screen order. A marked todo deleted or no
    /// longer shown (moved into a folded list, filtered out) is left out: no key acts on a todo
    /// the screen does not show marked.
    func markedItems() -> [(IndexPath, TodoItem)] {
        markedTodoIDs.compactMap { id in
            guard let item = storedItem(id: id), let indexPath = indexPath(ofTodo: id, inList: item.listID) else { return nil }
            return (indexPath, item)
        }.sorted { $0.0 < $1.0 }
    }

    /// Marks these todos (and only these) where they are shown now. The user marked todos, not
    /// places: after a change moved rows (completion, a new sort, an undo, another process) a mark
    /// left on its old row would mark another todo, which `d` would then delete.
    func remark(_ ids: some Sequence<Int64>) {
        markedTodoIDs = Set(ids)
        remarkTodos()
    }

    /// Puts the table's marks on the marked todos' rows as they are now; marked todos no longer
    /// shown are forgotten.
    func remarkTodos() {
        guard tableView.isEditing else { return }
        let shown = markedItems()
        markedTodoIDs = Set(shown.map(\.1.id))
        let wanted = Set(shown.map(\.0))
        guard Set(markedIndexPaths) != wanted else { return }
        tableView.unmarkAllRows()
        tableView.markRows(at: wanted.sorted())
    }
}
