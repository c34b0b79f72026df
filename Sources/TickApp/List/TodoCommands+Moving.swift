import TodoStore

/// Moving a todo to another list (`m`, the list picker's answer) or to another place (`J`, `K`).
extension TodoCommands {
    /// A row move as the table proposed it (`TodoListController.rowMove(from:to:)`): the todo, the
    /// list it goes to, the todo it goes after there (nil: the top), and whether the rows are the
    /// outline (its subtasks go along, and more rows move than the one).
    struct RowMove {
        /// The todo moved, as shown.
        var todo: TodoItem
        /// The list it goes to, as shown.
        var list: TodoList
        /// The todo it goes after in that list, or nil for the top.
        var after: Int64?
        /// Whether the rows shown are the outline.
        var inOutline: Bool
    }

    /// `J` / `K`: moves a todo one row down or up, into the next or previous list past either end,
    /// as one undoable step; the selection stays on it. In the outline its subtasks go along and it
    /// becomes a sibling of the todo above, so the table reads everything again.
    func reorder(_ move: RowMove) throws -> Outcome {
        let moved = try store.move(id: move.todo.id, toList: move.list.id, after: move.after)
        let message = move.list.id == move.todo.listID ? "Moved \(quoted(move.todo.title))" : "Moved \(quoted(move.todo.title)) to \(move.list.name)"
        var outcome = Outcome(change: moved.change, selection: .todo(move.todo.id), message: .info(message), wrote: true)
        outcome.readsAgain = move.inOutline
        return outcome
    }

    /// Moves `shown` to the top of `target`, while the todo is still in the list it was in and the
    /// list still exists. The selection stays in the list being worked on, on the todo now in its
    /// place, so a list can be sorted out with `m` after `m`; the message names where the todo went.
    func move(_ shown: TodoItem, toList target: TodoList) throws -> Outcome {
        let (now, refusal) = try current(shown, .list, otherwise: "not moved")
        guard let item = now else { return refusal }
        let (stored, gone) = try current(target, otherwise: "not moved")
        guard let list = stored else { return gone }
        guard list.id != item.listID else { return Outcome() }
        let moved = try store.move(id: item.id, toList: list.id, after: nil)
        return Outcome(change: moved.change, selection: .placeLeft, message: .info("Moved \(quoted(item.title)) to \(list.name)" + keys.undoes),
                       isUndoable: true, wrote: true)
    }

    /// The list `shown` as stored now when it still exists; otherwise nil and the outcome that says
    /// it was deleted meanwhile, then `otherwise` ("not moved").
    func current(_ shown: TodoList, otherwise: String) throws -> (TodoList?, Outcome) {
        guard let now = try store.lists().first(where: { $0.id == shown.id }) else {
            return (nil, .saying(.error("The list \(shown.name) was deleted elsewhere meanwhile · \(otherwise)")))
        }
        return (now, Outcome())
    }
}
