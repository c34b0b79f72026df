import TodoStore

/// The commands that change one field of a todo: its flag (`f`), priority (`+`, `-`) and status
/// (`w` starts, `X` cancels).
extension TodoCommands {
    // MARK: Flag (f)

    /// Flags `item` (as stored now), or removes its flag.
    func toggleFlag(_ item: TodoItem) throws -> Outcome {
        let committed = try store.update(id: item.id, isFlagged: !item.isFlagged)
        let updated = committed.value
        return Outcome(change: committed.change,
                       message: .info(updated.isFlagged ? "Flagged \(quoted(updated.title))" : "Unflagged \(quoted(updated.title))"), wrote: true)
    }

    /// The Flag (or Unflag) swipe button of `shown`, while the todo is still unflagged (or flagged) as
    /// the button said.
    func toggleFlag(swiped shown: TodoItem) throws -> Outcome {
        let (current, refusal) = try current(shown, .flag, otherwise: "nothing changed")
        return try current.map { try toggleFlag($0) } ?? refusal
    }

    // MARK: Priority (+, -)

    /// Raises (`steps` > 0) or lowers the priority of `item`, within none…high. In priority order the
    /// todo moves: the selection goes with it.
    func changePriority(by steps: Int, of item: TodoItem) throws -> Outcome {
        let committed = try store.changePriority(by: steps, ids: [item.id]).map { $0[0] }
        let updated = committed.value
        let message = if updated.priority == item.priority {
            "\(quoted(item.title)) " + (steps > 0 ? "has the highest priority already" : "has no priority")
        } else if updated.priority == 0 {
            "No priority: \(quoted(updated.title))"
        } else {
            "Priority \(TodoCommands.priorityName(updated.priority)): \(quoted(updated.title))"
        }
        return Outcome(change: committed.change, selection: .todo(item.id), message: .info(message), wrote: true)
    }

    // MARK: Statuses (w, X)

    /// `w`: starts `item` (IN-PROCESS), or takes a start back; a done or cancelled todo is opened
    /// again, started. The selection stays at the same place.
    func toggleStarted(_ item: TodoItem) throws -> Outcome {
        try setStatus(item.status == .inProcess ? .open : .inProcess, of: item)
    }

    /// `X`: cancels `item`, or opens a cancelled one again.
    func toggleCancelled(_ item: TodoItem) throws -> Outcome {
        try setStatus(item.status == .cancelled ? .open : .cancelled, of: item)
    }

    /// Puts `item` in `status` as one undoable step; the message says so (and when a recurring todo comes back).
    private func setStatus(_ status: TodoStatus, of item: TodoItem) throws -> Outcome {
        let committed = try store.setStatus(status, ids: [item.id])
        let message = if let next = committed.value.nextOccurrences.first {
            "\(StatusChange.verb(status)) — next on \(comesBack(next))\(keys.undoes)"
        } else {
            "\(StatusChange.verb(status)): \(quoted(committed.value.items[0].title))\(keys.undoes)"
        }
        return Outcome(change: committed.change, selection: .keepPlace, message: .info(message), isUndoable: true, wrote: true)
    }
}
