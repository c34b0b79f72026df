import TermTable
import TodoStore

/// What can be done to one todo. Keys and swipe buttons run the same code through these.
extension TodoListController {
    /// Adds a todo after the selected one (in its list), parsing `!`/`@date` markers out of the
    /// title, and selects it; false (with a message) when the title is refused.
    @discardableResult
    public func addTodo(title text: String) -> Bool {
        guard let list = currentList else {
            pendingMessage = .error(readFailure.map { "Not added: \($0)" } ?? "Not added: there is no list to add to")
            return false
        }
        return addTodo(title: text, toList: list)
    }

    /// Adds a todo to `list` (the list the input line named), after the selected todo when it is in
    /// that list; false (with a message, nothing added) when the title is refused or the list was
    /// deleted elsewhere meanwhile.
    @discardableResult
    func addTodo(title text: String, toList shown: TodoList) -> Bool {
        let parsed = TitleSyntax.parse(text, today: today(), now: timeOfDay()).startingOnFirstOccurrence(today: today())
        guard accepts(parsed), let list = storedList(shown, otherwise: "not added") else { return false }
        let selected = selectedItem.flatMap { $0.listID == list.id ? $0 : nil }
        return mutate({
            // Done todos sit together at the end: next to one, the new todo goes just above them.
            let after = try selected.map { $0.isDone ? try lastOpenTodo(inList: list) : $0.id } ?? nil
            if list.isCollapsed { try store.setCollapsed(false, listID: list.id) }
            // In the agenda a title without a due day takes the selected group's day, so it shows there.
            let due = parsed.due?.stored ?? dueDayForAdding?.iso
            let added: Committed<TodoItem>
            if let after, outline.storeHasSubtasks {
                // In an outline a todo goes after the selected one's subtasks, at its level; beside a
                // done todo, after the subtree of the last open todo's topmost parent, at the top.
                let beside = selected?.isDone == true ? try store.ancestorIDs(of: after).last ?? after : after
                added = try store.add(title: parsed.title, besideSubtreeOf: beside, priority: parsed.priority ?? 0, due: due,
                                      recurrence: parsed.recurrence, tags: parsed.tags, reminders: parsed.reminders,
                                      start: parsed.start?.stored)
            } else {
                added = try store.add(title: parsed.title, listID: list.id, after: after,
                                      priority: parsed.priority ?? 0, due: due, recurrence: parsed.recurrence, tags: parsed.tags,
                                      reminders: parsed.reminders, start: parsed.start?.stored)
            }
            pendingMessage = .info(parsed.hinted("Added \(quoted(added.value.title))"))
            return added
        }, show: { added in
            let item = added.value
            let shown: IndexPath?
            if list.isCollapsed {
                reloadFromStore(selecting: item.id)
                shown = indexPath(ofTodo: item.id, inList: item.listID)
            } else {
                shown = try apply(added.change)[item.id]
                if let shown { selectRow(at: shown) }
            }
            if shown == nil { pendingMessage = .info(parsed.hinted("Added \(quoted(item.title)) (hidden by the current view)")) }
        }, reselecting: { $0.id })
    }

    /// The last open todo of a list in manual order, or nil when it has none.
    private func lastOpenTodo(inList list: TodoList) throws -> Int64? {
        guard list.openCount > 0 else { return nil }
        let open = SectionQuery(listID: list.id, sort: .manual, includesCompleted: false)
        return try store.items(open, in: (list.openCount - 1)..<list.openCount).first?.id
    }

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

    /// True when a typed title can be saved; false, with the reason in the status line (the input
    /// line stays open), when it has no words besides its markers or names two due dates.
    private func accepts(_ parsed: TitleSyntax) -> Bool {
        if let mistake = parsed.mistake {
            pendingMessage = .error(mistake.prefix(1).uppercased() + mistake.dropFirst() + ": keep one")
            return false
        }
        guard !parsed.title.allSatisfy({ $0.isWhitespace || $0.isNewline }) else {
            pendingMessage = .error("A todo needs a title: type some words, or Esc to cancel")
            return false
        }
        return true
    }

    /// The title line shown when editing a todo: its title plus its tag, priority, due, recurrence and reminder markers.
    func editableTitle(of item: TodoItem) -> String { TodoEditForm.titleLine(of: item) }

    /// The rule a todo has after its title is edited to `parsed`: the title's `@every`, else none when
    /// the todo's rule was shown in the title (and so taken out), else the rule the title could not show.
    private static func recurrence(after parsed: TitleSyntax, of item: TodoItem) -> RecurrenceRule? {
        if let rule = parsed.recurrence { return rule }
        return item.recurrence.flatMap(RecurrenceWords.marker) == nil ? item.recurrence : nil
    }

    /// Replaces the title (and the priority, due date, recurrence and tags written in it) of the todo at a row; false
    /// (with a message) when the title is refused.
    @discardableResult
    public func setTitle(_ text: String, at indexPath: IndexPath) -> Bool {
        guard let item = item(at: indexPath) else { return true }
        return setTitle(text, of: item)
    }

    /// Replaces the title (and the markers written in it) of `shown`, as stored now; false (with a
    /// message) when the title is refused. `base` is the todo as the editor first showed it: when it
    /// changed elsewhere since, the edit is merged with that change (`TodoListController+EditMerge`).
    @discardableResult
    func setTitle(_ text: String, of shown: TodoItem, editedFrom base: TodoItem? = nil) -> Bool {
        let parsed = TitleSyntax.parse(text, today: today(), now: timeOfDay())
        guard accepts(parsed) else { return false }
        let item: TodoItem
        do {
            // The page cache may not have caught up with a change made elsewhere yet: the store has.
            item = try store.item(id: shown.id) ?? shown
        } catch {
            pendingMessage = .error("Not saved: \(error)")
            return false
        }
        let edited = TitleFields(title: parsed.title, priority: parsed.priority ?? 0, due: parsed.due?.stored,
                                 recurrence: Self.recurrence(after: parsed, of: base ?? item), tags: parsed.tags,
                                 reminders: parsed.reminders, start: parsed.start?.stored)
        let (fields, replaced) = base.map { Self.merge(edited, base: TitleFields($0), current: TitleFields(item)) } ?? (edited, [])
        guard fields != TitleFields(item) else {
            if let hint = parsed.hint { pendingMessage = .info(hint) }
            return true
        }
        return mutate({
            let committed = try store.update(id: item.id, title: fields.title, priority: fields.priority, due: .some(fields.due),
                                             recurrence: .some(fields.recurrence), tags: fields.tags, reminders: fields.reminders,
                                             start: .some(fields.start))
            let updated = committed.value
            if replaced.isEmpty {
                pendingMessage = .info(parsed.hinted("Edited \(quoted(updated.title))"))
            } else {
                pendingMessage = .info(editMergeMessage(title: updated.title, replaced: replaced))
                // The edit is saved whatever happens here: a failure to record is said, not "Not saved".
                do {
                    try recordEditConflicts(uid: updated.uid, title: updated.title, replaced: replaced)
                } catch {
                    pendingMessage = .error("Edited \(quoted(updated.title)), but what it replaced could not be recorded: \(error)")
                }
            }
            return committed
        }, show: { committed in
            if let shown = try apply(committed.change)[item.id] { selectRow(at: shown) }
        }, reselecting: { $0.id })
    }

    /// Saves a todo's notes (from the detail view), edited from `base` (the notes as they were when
    /// the editing started); false, with a message, when they could not be saved (the todo is gone,
    /// its notes were changed elsewhere since `base`, or the store failed), so the editor can keep them.
    @discardableResult
    func setNotes(_ notes: String, of shown: TodoItem, editedFrom base: String) -> Bool {
        var asEdited = shown
        asEdited.notes = base
        guard let item = stillAsShown(asEdited, .notes, otherwise: "notes not saved") else { return false }
        guard item.notes != notes else { return true }
        let id = item.id
        return mutate({
            let saved = try store.update(id: id, notes: notes)
            pendingMessage = .info("Notes saved for \(quoted(item.title))")
            return saved
        }, show: { saved in
            try apply(saved.change)
        }, reselecting: { $0.id })
    }

    /// Saves notes written for a todo that was deleted meanwhile (in another Tick, by a sync) in a new
    /// todo with its title, at the top of its list (the Inbox when that list is gone too), as one step
    /// `u` takes back, and selects it. When even that fails, the message says the text is kept in
    /// `path` and false is returned, so the caller keeps that file.
    func addTodo(keepingNotes notes: String, ofDeleted item: TodoItem, orElseSayingKeptIn path: String) -> Bool {
        let list = lists.first { $0.id == item.listID } ?? lists.first { $0.id == TodoStore.inboxListID }
        let added = mutate({
            let listID = list?.id ?? TodoStore.inboxListID
            let added = try store.add(title: item.title, listID: listID, notes: notes)
            pendingMessage = .info("\(quoted(item.title)) was deleted while you edited its notes: they are saved in a new todo in "
                            + "\(list?.name ?? "the Inbox")" + keys.undoes, while: .undoable(change: changeCount))
            return added
        }, show: { added in
            if let shown = try apply(added.change)[added.value.id] { selectRow(at: shown) }
        }, reselecting: { $0.id })
        if !added {
            let reason = pendingMessage?.text ?? "the store refused it"
            pendingMessage = .error("\(quoted(item.title)) was deleted while you edited its notes, and they could not be saved "
                             + "(\(reason)): your text is kept in \(path)")
        }
        return added
    }

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
            let said = pendingMessage  // the change's own message says more than "Inbox is empty"
            select(section: indexPath.section)
            pendingMessage = said
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
            pendingMessage = .error("Not saved: \(error)")
            cache.invalidate()
            refreshLists()
            return
        }
        pendingMessage = .info(listID == item.listID ? "Moved \(quoted(item.title))" : "Moved \(quoted(item.title)) to \(listName)")
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
