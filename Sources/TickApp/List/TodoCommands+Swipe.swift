import TodoStore

/// The swipe buttons (`s` / `S`, a mouse drag): each holds the todo it was revealed on (its id and
/// what the button showed), and its command acts on that todo as stored now, or on nothing when
/// what the button said changed meanwhile (another process, the sync).
extension TodoCommands {
    /// A swipe button pressed, with the todo it was revealed on.
    enum SwipeButton {
        /// Done (or Undo on a done todo): `toggle(_:)`.
        case done(TodoItem)
        /// Delete: `delete(_:)`, which asks first about a recurring todo or a parent.
        case delete(TodoItem)
        /// Flag or Unflag: `toggleFlag(swiped:)`.
        case flag(TodoItem)
        /// Edit: opens the title editor on the todo.
        case edit(TodoItem)

        /// The todo the button was revealed on.
        var todo: TodoItem {
            switch self {
            case .done(let item), .delete(let item), .flag(let item), .edit(let item): item
            }
        }
    }

    /// Runs the command of a swipe button on its todo, while the todo is as the button showed it.
    func swiped(_ button: SwipeButton) throws -> Outcome {
        switch button {
        case .done(let shown):
            let (current, refusal) = try current(shown, .completion, otherwise: "nothing changed")
            return try current.map(toggle) ?? refusal
        case .delete(let shown):
            let (current, refusal) = try current(shown, .deletion, otherwise: "nothing deleted")
            return try current.map(delete) ?? refusal
        case .flag(let shown):
            return try toggleFlag(swiped: shown)
        case .edit(let shown):
            let (current, refusal) = try current(shown, [], otherwise: "nothing to edit")
            return current.map { Outcome(presentation: .editor($0)) } ?? refusal
        }
    }
}
