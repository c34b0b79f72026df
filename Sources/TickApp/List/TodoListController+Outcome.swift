import TermTable
import TodoStore

extension TodoListController {
    /// Where the selection and the marks are before a command runs, read before its change (a page
    /// read after it would show the change already): `place` is the row the command's todo has.
    struct PlacesBefore {
        /// The row of the command's todo (by default the selected row).
        var place: IndexPath?
        /// The todo selected, for an outcome that keeps the selection on it (`.sameTodo`).
        var selectedItem: TodoItem?
        /// The rows of the todos an editing-mode batch acts on, in screen order.
        var marked: [(IndexPath, TodoItem)] = []
    }

    /// The places before a command on the todo at `place` (nil: the selected row), or on `marked`.
    func placesBefore(keeping place: IndexPath?, marked: [(IndexPath, TodoItem)] = []) -> PlacesBefore {
        let selected = tableView.indexPathForSelectedRow
        return PlacesBefore(place: place ?? selected, selectedItem: selected.flatMap { item(at: $0) }, marked: marked)
    }

    /// Shows a command's outcome in the table: its change through `apply(_:)` (or everything read
    /// again, when the outcome says so, on the todo it selects), the marks on the todos it names, then
    /// the selection where it says, and what it does to the view alone (a parent's subtasks folded,
    /// a list's rows marked, a failed read reported). The change is committed by then, so a failure here
    /// (another process wrote between the commit and the update) is no failed change: everything is
    /// read again, on the todo the outcome selects, and the outcome's message stands unless the read failed.
    func show(_ outcome: Outcome, before: PlacesBefore) {
        if let error = outcome.failedRead { reportReadFailure(error) }
        if outcome.readsAgain {
            if case .todo(let id) = outcome.selection { return reloadFromStore(selecting: id) }
            return reloadFromStore()
        }
        if case .firstStored(let ids) = outcome.selection {
            return show(outcome.change, selecting: ids.first { storedItem(id: $0) != nil })
        }
        if case .sameSelection = outcome.selection { return show(outcome.change) }
        // Read after the message is said: when the agenda or the lists cannot be read, that says more.
        if let shows = outcome.showsAgenda { setShowsAgenda(shows) }
        do {
            let shown = try apply(outcome.change)
            if let marks = outcome.marks { remark(marks) }
            if let listID = outcome.marksList { markShownRows(ofList: listID) }
            if let fold = outcome.fold { setCollapsed(fold.collapses, todo: fold.todo) }
            switch outcome.selection {
            case .unchanged, .firstStored, .sameSelection: break
            case .agendaGroup(let offset): jumpToAgendaGroup(offset: offset)
            case .keepPlace: if let place = before.place { keepSelection(near: place) }
            case .placeLeft: if let place = before.place { keepPlace(place) }
            case .todo(let id):
                // A change too big to tell row by row was read again in full, and a command that changed
                // nothing (n, N) names a todo the change did not place: the todo's row is looked up.
                if let row = shown[id] { selectRow(at: row) } else if outcome.change.readsEverything || outcome.change.isEmpty { select(todo: id) }
            case .sameTodo(let listsNow): keepSelection(on: before, listsNow: listsNow)
            case .listHeader(let id): if let section = section(ofList: id) { select(section: section) }
            }
        } catch {
            switch outcome.selection {
            case .todo(let id): reloadFromStore(selecting: id)
            case .sameTodo: reloadFromStore(selecting: before.selectedItem?.id)
            default: reloadFromStore()
            }
        }
    }

    /// Where a todo added to `list` from the input line goes, as the screen shows it now: after the
    /// selected todo, with the agenda group's day.
    func addingPlace(in list: TodoList) -> TodoCommands.AddingPlace {
        TodoCommands.AddingPlace(list: list, selected: selectedItem, dueDay: dueDayForAdding, hasSubtasks: outline.storeHasSubtasks)
    }

    /// Whether any of `todos` (added by a command) is not shown now: the view hides it.
    func hidesAny(of todos: [TodoItem]) -> Bool {
        todos.contains { indexPath(ofTodo: $0.id, inList: $0.listID) == nil }
    }

    /// After a batch that may have moved the selected todo to another list: the selection stays on
    /// it, or, when it left its list, goes to the todo now in its place (the todos that left from
    /// above it no longer count).
    private func keepSelection(on before: PlacesBefore, listsNow: [Int64: Int64]) {
        guard let selected = before.place, let selectedItem = before.selectedItem else { return }
        let now = listsNow[selectedItem.id]
        if now == nil || now == selectedItem.listID {
            select(todo: selectedItem.id)
        } else {
            let gone = before.marked.filter { $0.0.section == selected.section && $0.0.row < selected.row && listsNow[$0.1.id] != $0.1.listID }.count
            keepPlace(IndexPath(row: selected.row - gone, section: selected.section))
        }
    }
}
