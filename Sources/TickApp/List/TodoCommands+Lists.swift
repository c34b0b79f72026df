import TodoStore

/// The commands on lists: making, renaming, deleting and reordering them (the lists screen, `L`, and
/// the list picker's new name), and collapsing one (`z` on a list). A change of lists reads every
/// section again, so the selection is found again afterwards (`.sameSelection`).
extension TodoCommands {
    /// Makes a new list named `name` at the end; the outcome holds it (`list`). A name the store
    /// refuses (empty, taken) throws: nothing is made.
    func addList(named name: String) throws -> Outcome {
        let added = try store.addList(named: name)
        return Outcome(change: added.change, selection: .sameSelection, message: .info("Created list \(added.value.name)"), wrote: true,
                       list: added.value)
    }

    /// The list picker's new name: makes the list `name` for moving `shown` there, while each of them
    /// is still in the list it was shown in (another process, the sync may have moved one); otherwise
    /// nothing is made and the outcome says which moved.
    func addList(named name: String, forMoving shown: [TodoItem]) throws -> Outcome {
        for item in shown {
            let (current, refusal) = try current(item, .list, otherwise: "no list created")
            guard current != nil else { return refusal }
        }
        return try addList(named: name)
    }

    /// Renames the list `shown` (as the lists screen showed it) to `name`, while it is still there under
    /// that name. Renamed elsewhere meanwhile, nothing is renamed and the outcome holds the list as it is
    /// now (`list`), for the answer to rename that one; deleted meanwhile, nothing is renamed and `list`
    /// is nil. A name the store refuses throws.
    func renameList(_ shown: TodoList, to name: String) throws -> Outcome {
        let (current, refusal) = try current(shown, otherwise: "not renamed")
        guard let now = current else { return refusal }
        guard now.name == shown.name else {
            var outcome = Outcome.saying(.error("The list \(shown.name) was renamed to \(now.name) elsewhere meanwhile · not renamed"))
            outcome.list = now
            return outcome
        }
        let renamed = try store.renameList(id: now.id, to: name)
        return Outcome(change: renamed.change, selection: .sameSelection, message: .info("Renamed \(now.name) to \(renamed.value.name)"),
                       wrote: true, list: renamed.value)
    }

    /// Deletes `list` as one undoable step; its todos go to the Inbox (`movingToInbox`) or are deleted with it.
    func deleteList(_ list: TodoList, movingToInbox: Bool) throws -> Outcome {
        let deleted = try store.deleteList(id: list.id, movingTodosTo: movingToInbox ? TodoStore.inboxListID : nil)
        let todos = list.openCount + list.doneCount
        let what = todos == 0 ? "" : movingToInbox ? " · its todos are in Inbox" : " and its \(TodoCommands.todos(todos))"
        return Outcome(change: deleted.change, selection: .sameSelection, message: .info("Deleted list \(list.name)" + what + keys.undoes),
                       isUndoable: true, wrote: true)
    }

    /// The answer to "Delete list Work with 3 todos?": deletes the list `shown`, unless it is gone,
    /// renamed or holds other todos since the question (another process, the sync): then nothing is deleted.
    func deleteList(asked shown: TodoList, movingToInbox: Bool) throws -> Outcome {
        let (current, refusal) = try current(shown, otherwise: "nothing deleted")
        guard let now = current else { return refusal }
        if now.name != shown.name {
            return .saying(.error("The list \(shown.name) was renamed to \(now.name) elsewhere meanwhile · nothing deleted"))
        }
        if now.openCount != shown.openCount || now.doneCount != shown.doneCount {
            let before = shown.openCount + shown.doneCount, after = now.openCount + now.doneCount
            return .saying(.error("\(shown.name) holds \(TodoCommands.todos(after)) now, not \(before), after a change elsewhere · nothing deleted"))
        }
        return try deleteList(now, movingToInbox: movingToInbox)
    }

    /// Moves `list` up (`offset` < 0) or down in the order of the lists; at either end nothing changes.
    func moveList(_ list: TodoList, by offset: Int) throws -> Outcome {
        guard let index = lists.firstIndex(where: { $0.id == list.id }) else { return Outcome() }
        let target = index + offset
        guard target >= 0, target < lists.count else { return Outcome() }
        let moved = try store.moveList(id: list.id, to: target)
        return Outcome(change: moved.change, selection: .sameSelection, wrote: true)
    }

    /// Collapses `list` (`z`), or expands it again; the store remembers it. As in a tree view, the list
    /// keeps its header selected once folded, so `z` unfolds it again; unfolded, its first row is selected.
    func toggleCollapsed(_ list: TodoList) throws -> Outcome {
        let folded = try store.setCollapsed(!list.isCollapsed, listID: list.id)
        let message: StatusMessage = list.isCollapsed ? .info("Expanded \(list.name)")
            : .info("Collapsed \(list.name)" + keys.offer(.collapse, "expands"), while: .collapsedCurrentList(list.id))
        return Outcome(change: folded.change, selection: .listHeader(list.id), message: message, wrote: true)
    }
}
