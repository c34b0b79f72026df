import TodoStore

/// Moving a todo to another list (`m`, the list picker's answer).
extension TodoCommands {
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
