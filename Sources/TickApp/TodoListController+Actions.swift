import TermTable
import TodoStore

/// What the table does with one todo: where its row would move (`J`/`K`), its swipe buttons, the selection
/// after a row went away. The commands themselves are `TodoCommands`' (adding and editing in
/// `TodoCommands+Adding` and `+Editing`).
extension TodoListController {
    /// The title line shown when editing a todo: its title plus its tag, priority, due, recurrence and reminder markers.
    func editableTitle(of item: TodoItem) -> String { TodoEditForm.titleLine(of: item) }

    /// After the selected row went away or moved, selects whatever is now at its place.
    func keepSelection(near indexPath: IndexPath) {
        guard indexPath.section < sectionCounts.count else { return }
        let rows = sectionCounts[indexPath.section]
        if rows > 0 {
            tableView.moveSelection(to: IndexPath(row: min(indexPath.row, rows - 1), section: indexPath.section))
        }
    }

    /// After the selected todo left its list, selects the todo now in its place (the one above
    /// at the list's end); a list left empty keeps its header selected, so `a` adds the next todo there.
    func keepPlace(_ indexPath: IndexPath) {
        guard indexPath.section < sectionCounts.count else { return }
        if sectionCounts[indexPath.section] > 0 {
            selectedHeaderListID = nil
            keepSelection(near: indexPath)
        } else {
            select(section: indexPath.section)
        }
    }

    // MARK: Reordering (J/K ask the table where the selected row would go: `TodoCommands.reorder`)

    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        // An agenda's order is its due dates': there is no place of the user's to move a row to.
        guard agenda == nil, options.sort == .manual, options.filter == nil, let item = item(at: indexPath) else { return false }
        return !item.isDone
    }

    /// Open todos move among open todos only; done todos keep their completion order.
    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposed: IndexPath) -> IndexPath {
        let open = lists[proposed.section].openCount - (proposed.section == sourceIndexPath.section ? 1 : 0)
        // Down from the last open todo, onto the done ones: on into the next list, as past a list's end.
        if proposed.section == sourceIndexPath.section, proposed.row > sourceIndexPath.row, sourceIndexPath.row >= open,
           proposed.section + 1 < lists.count {
            return IndexPath(row: 0, section: proposed.section + 1)
        }
        return IndexPath(row: min(proposed.row, max(0, open)), section: proposed.section)
    }

    /// What moving the row at `source` to `destination` (as the table proposes it:
    /// `TableView.destinationForMovingSelectedRow(by:)`) means for the store: the todo, the list it
    /// goes to and the todo it goes after there (counted without the moving todo itself), for
    /// `TodoCommands.reorder`; nil when its todo cannot be read.
    func rowMove(from source: IndexPath, to destination: IndexPath) -> TodoCommands.RowMove? {
        guard let item = item(at: source), destination.section < lists.count else { return nil }
        var above: Int64?
        if destination.row > 0 {
            var row = destination.row - 1
            if destination.section == source.section, row >= source.row { row += 1 }
            above = self.item(at: IndexPath(row: row, section: destination.section))?.id
        }
        return TodoCommands.RowMove(todo: item, list: lists[destination.section], after: above, inOutline: showsOutline)
    }

    // MARK: Swipe actions

    /// A swipe button pressed on the todo it was revealed on: the button waits in `swipedCommand`
    /// for the app to run (`TickApp.runSwipedCommand`), keeping the place the todo's row has now.
    private func swiped(_ button: TodoCommands.SwipeButton) {
        swipedCommand = SwipedCommand(place: indexPath(ofTodo: button.todo.id, inList: button.todo.listID), button: button)
    }

    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let item = item(at: indexPath), !store.isReadOnly else { return nil }
        // Each button acts on the todo it was revealed on, found again by its id: rows may move under
        // it (another process, the sync) before it is pressed.
        let done = ContextualAction(style: .normal, title: item.isDone ? "Undo" : "Done") { [weak self] _, _, completion in
            self?.swiped(.done(item))
            completion(true)
        }
        done.backgroundColor = item.isDone ? .brightBlack : .green
        return SwipeActionsConfiguration(actions: [done])
    }

    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let item = item(at: indexPath), !store.isReadOnly else { return nil }
        // A recurring one is asked about first.
        let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completion in
            self?.swiped(.delete(item))
            completion(true)
        }
        let flag = ContextualAction(style: .normal, title: item.isFlagged ? "Unflag" : "Flag") { [weak self] _, _, completion in
            self?.swiped(.flag(item))
            completion(true)
        }
        flag.backgroundColor = .yellow
        flag.shortcut = "f"
        let edit = ContextualAction(style: .normal, title: "Edit") { [weak self] _, _, completion in
            self?.swiped(.edit(item))
            completion(true)
        }
        edit.backgroundColor = .blue
        return SwipeActionsConfiguration(actions: [delete, flag, edit])
    }
}
