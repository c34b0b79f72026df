import TermTable
import TodoStore

/// Editing mode: rows show marks, and deleting, completing, flagging, moving and priority changes
/// apply to every marked todo at once, as one store transaction (one undo step) and one table batch.
extension TodoListController {
    /// What a key that acts on the marked rows says when none is marked.
    var nothingMarked: String { keys.nothingMarked }

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

    /// Marks every row of the selected row's list.
    func markAllInCurrentSection() {
        guard let section = tableView.indexPathForSelectedRow?.section, section < sectionCounts.count else { return }
        let query = query(forSection: section)
        let rows = sectionCounts[section]
        do {
            // Read in slices: a long list's todos are not all kept, only their ids.
            for start in stride(from: 0, to: rows, by: 4_096) {
                markedTodoIDs.formUnion(try store.items(query, in: start..<min(rows, start + 4_096)).map(\.id))
            }
        } catch {
            reportReadFailure(error)
            return
        }
        tableView.markRows(at: (0..<rows).map { IndexPath(row: $0, section: section) })
        message = .info(["\(markedIndexPaths.count) marked", keys.editingHints([(.delete, "deletes"), (.toggle, "marks done"), (.moveToList, "moves"),
                                                                              (.flag, "flags"), (.editMode, "leaves")])]
                            .filter { !$0.isEmpty }.joined(separator: " · "),
                       while: .editingMode(marked: markedIndexPaths.count))
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

    /// The answer "yes" to "Delete 3 todos?": deletes the todos that were marked when it was asked,
    /// in one transaction (the table hears of it as one batch), while each is still as it was; when
    /// one is gone or changed meanwhile, nothing is deleted and the status line says which.
    func deleteMarked(_ shown: [TodoItem]) {
        guard !shown.isEmpty, let marked = stillAsShown(shown, .deletion, otherwise: "nothing deleted") else { return }
        mutate({
            let deleted = try store.delete(ids: marked.map(\.id))
            message = .info("Deleted \(marked.count) todo\(marked.count == 1 ? "" : "s")" + keys.undoes, while: .undoable(change: changeCount))
            return deleted
        }, show: { deleted in
            try apply(deleted.change)
        })
    }

    /// Marks every marked todo done (or, when all are done, not done) in one transaction and one batch.
    func toggleMarked() {
        let marked = markedItems()
        guard !marked.isEmpty else { return }
        let done = !marked.allSatisfy { $0.1.isDone }
        mutate({
            let committed = try store.setDoneReportingNext(done, ids: marked.map(\.1.id))
            let next = committed.value.nextOccurrences
            let repeats = next.isEmpty ? "" : next.count == 1 ? " · 1 comes back" : " · \(next.count) come back"
            message = .info("Marked \(marked.count) todo\(marked.count == 1 ? "" : "s") \(done ? "done" : "not done")\(repeats)" + keys.undoes,
                           while: .undoable(change: changeCount))
            return committed
        }, show: { committed in
            // Completed todos move to the end of their lists; the marks stay on the same todos.
            try apply(committed.change)
            remark(marked.map(\.1.id))
        })
    }

    /// Flags every marked todo (or, when all are flagged, removes their flags) in one step.
    func flagMarked() {
        let marked = markedItems()
        guard !marked.isEmpty else { message = .info(nothingMarked); return }
        let flag = !marked.allSatisfy { $0.1.isFlagged }
        changeMarked(marked, {
            let changed = try store.setFlagged(flag, ids: marked.map(\.1.id))
            message = .info("\(flag ? "Flagged" : "Unflagged") \(Self.todos(marked.count))" + keys.undoes,
                            while: .undoable(change: changeCount))
            return changed
        })
    }

    /// Raises (`steps` > 0) or lowers the priority of every marked todo in one step.
    func changePriorityOfMarked(by steps: Int) {
        let marked = markedItems()
        guard !marked.isEmpty else { message = .info(nothingMarked); return }
        changeMarked(marked, {
            let committed = try store.changePriority(by: steps, ids: marked.map(\.1.id))
            let changed = committed.value
            let verb = steps > 0 ? "Raised" : "Lowered"
            let count = zip(marked, changed).filter { $0.1.priority != $1.priority }.count
            message = count == 0 ? .info("No priority changed: the marked todos are already at \(steps > 0 ? "high" : "none")")
                : .info("\(verb) the priority of \(Self.todos(count))" + keys.undoes, while: .undoable(change: changeCount))
            return committed
        })
    }

    /// The answer of the list picker opened on the marked todos `shown`: moves them to the top of a
    /// list, in screen order, in one step, while each is still in the list it was in (and the list
    /// still exists). The selection stays in the list being worked on, on the todo now in its place.
    func moveMarked(_ shown: [TodoItem], toList target: TodoList) {
        guard !shown.isEmpty else { message = .info(nothingMarked); return }
        guard let items = stillAsShown(shown, .list, otherwise: "nothing moved"),
              let list = storedList(target, otherwise: "nothing moved") else { return }
        let listID = list.id, name = list.name
        let marked = items.compactMap { item in indexPath(ofTodo: item.id, inList: item.listID).map { ($0, item) } }.sorted { $0.0 < $1.0 }
        changeMarked(marked, {
            let moved = try store.move(ids: marked.map(\.1.id), toList: listID)
            let count = marked.filter { $0.1.listID != listID }.count
            message = count == 0 ? .info("The marked todos are in \(name) already")
                : .info("Moved \(Self.todos(count)) to \(name)" + keys.undoes, while: .undoable(change: changeCount))
            return moved
        })
    }

    /// "1 todo", "3 todos".
    static func todos(_ count: Int) -> String { "\(count) todo\(count == 1 ? "" : "s")" }

    /// Runs a change of the marked todos, which returns them as they are now, then shows it: their
    /// lists afresh as one batch (a new priority or list moves rows), the marks on the same todos,
    /// and the selection on the same todo, or, when it left its list, on the todo now in its place.
    private func changeMarked(_ marked: [(IndexPath, TodoItem)], _ change: () throws -> Committed<[TodoItem]>) {
        let selected = tableView.indexPathForSelectedRow
        let selectedItem = selected.flatMap { item(at: $0) }
        mutate(change, show: { committed in
            let changed = committed.value
            try apply(committed.change)
            remark(changed.map(\.id))
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
