import TermTable
import TodoStore

/// What the table does with one todo: its row moved (`J`/`K`), its swipe buttons, the selection
/// after a row went away. The commands themselves are `TodoCommands`' (adding and editing in
/// `TodoCommands+Adding` and `+Editing`).
extension TodoListController {
    /// When a next occurrence comes back, for the status line: "Thu 10 Dec" ("Thu 10 Dec 2027" in
    /// another year, "Thu 10 Dec 9:00" with a due time).
    static func comesBack(_ next: TodoItem, today: Day) -> String {
        guard let stored = next.due, let due = Due(stored: stored)?.day else { return "no date" }
        let time = Due(stored: stored)?.minutes.map { " " + Due.clock($0) } ?? ""
        let (year, month, day) = due.components
        let weekday = TitleSyntax.weekdays[due.weekday].prefix(3).capitalized
        let monthName = TitleSyntax.months[month - 1].prefix(3).capitalized
        return "\(weekday) \(day) \(monthName)" + (year == today.components.year ? "" : " \(year)") + time
    }

    /// The title line shown when editing a todo: its title plus its tag, priority, due, recurrence and reminder markers.
    func editableTitle(of item: TodoItem) -> String { TodoEditForm.titleLine(of: item) }

    /// A priority in words, as `tick add --priority` takes them.
    static func priorityName(_ priority: Int) -> String {
        switch priority {
        case ...0: return "none"
        case 1: return "low"
        case 2: return "medium"
        default: return "high"
        }
    }

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

    // MARK: Reordering (the table calls moveRowAt after the user moved a row with J/K)

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

    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let item = item(at: sourceIndexPath) else { return }
        let listID = lists[destinationIndexPath.section].id
        // The todo that will sit right above it, counted without the moving todo itself.
        var above: Int64?
        if destinationIndexPath.row > 0 {
            var row = destinationIndexPath.row - 1
            if destinationIndexPath.section == sourceIndexPath.section, row >= sourceIndexPath.row { row += 1 }
            above = self.item(at: IndexPath(row: row, section: destinationIndexPath.section))?.id
        }
        let listName = lists[destinationIndexPath.section].name
        let moved: Committed<Void>
        do {
            moved = try store.move(id: item.id, toList: listID, after: above)
        } catch {
            rowMoveMessage = .error("Not saved: \(error)")
            cache.invalidate()
            refreshLists()
            return
        }
        rowMoveMessage = .info(listID == item.listID ? "Moved \(quoted(item.title))" : "Moved \(quoted(item.title)) to \(listName)")
        // The move is committed: a failed read from here on is reported as such, never as "Not saved".
        // A move in the outline takes the todo's subtasks along and makes it a sibling of the todo
        // above: more rows move than the table moved, so everything is read again once it is done.
        if showsOutline {
            needsReadAfterRowMove = item.id
            return
        }
        // The table has moved the row itself: only the data is brought in step.
        do {
            try apply(moved.change, updatesTable: false)
        } catch {
            readEverythingAgain()
        }
    }

    // MARK: Swipe actions

    /// A swipe button pressed on `shown`: its command waits in `swipedCommand` for the app to run
    /// (`TickApp.runSwipedCommand`), keeping the place the todo's row has now.
    private func swiped(_ shown: TodoItem, _ command: @escaping (TodoCommands, TodoItem) throws -> Outcome) {
        swipedCommand = SwipedCommand(place: indexPath(ofTodo: shown.id, inList: shown.listID)) { try command($0, shown) }
    }

    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let item = item(at: indexPath), !store.isReadOnly else { return nil }
        // Each button acts on the todo it was revealed on, found again by its id: rows may move under
        // it (another process, the sync) before it is pressed.
        let done = ContextualAction(style: .normal, title: item.isDone ? "Undo" : "Done") { [weak self] _, _, completion in
            self?.swiped(item) { commands, item in
                let (current, refusal) = try commands.current(item, .completion, otherwise: "nothing changed")
                return try current.map(commands.toggle) ?? refusal
            }
            completion(true)
        }
        done.backgroundColor = item.isDone ? .brightBlack : .green
        return SwipeActionsConfiguration(actions: [done])
    }

    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let item = item(at: indexPath), !store.isReadOnly else { return nil }
        let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completion in
            // A recurring one is asked about first.
            self?.swiped(item) { commands, item in
                let (current, refusal) = try commands.current(item, .deletion, otherwise: "nothing deleted")
                return try current.map(commands.delete) ?? refusal
            }
            completion(true)
        }
        let flag = ContextualAction(style: .normal, title: item.isFlagged ? "Unflag" : "Flag") { [weak self] _, _, completion in
            self?.swiped(item) { commands, item in try commands.toggleFlag(swiped: item) }
            completion(true)
        }
        flag.backgroundColor = .yellow
        flag.shortcut = "f"
        let edit = ContextualAction(style: .normal, title: "Edit") { [weak self] _, _, completion in
            self?.swiped(item) { commands, item in
                let (current, refusal) = try commands.current(item, [], otherwise: "nothing to edit")
                return current.map { Outcome(presentation: .editor($0)) } ?? refusal
            }
            completion(true)
        }
        edit.backgroundColor = .blue
        return SwipeActionsConfiguration(actions: [delete, flag, edit])
    }
}
