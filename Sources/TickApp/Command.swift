/// Something the user asks Tick to do, independent of the key that asked.
public enum Command: String, CaseIterable, Sendable {
    case moveDown, moveUp, moveToTop, moveToBottom
    case pageDown, pageUp, halfPageDown, halfPageUp
    case add, toggle, delete
    case redraw, quit

    /// What the command does, as the help screen says it.
    public var summary: String {
        switch self {
        case .moveDown: return "next todo"
        case .moveUp: return "previous todo"
        case .moveToTop: return "first todo"
        case .moveToBottom: return "last todo"
        case .pageDown: return "page down"
        case .pageUp: return "page up"
        case .halfPageDown: return "half a page down"
        case .halfPageUp: return "half a page up"
        case .add: return "add a todo after the selected one"
        case .toggle: return "mark done / not done"
        case .delete: return "delete the selected todo"
        case .redraw: return "redraw the screen"
        case .quit: return "quit"
        }
    }
}
