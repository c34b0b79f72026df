/// Something the user asks Tick to do, independent of the key that asked.
public enum Command: String, CaseIterable, Sendable {
    case moveDown, moveUp, moveToTop, moveToBottom
    case pageDown, pageUp, halfPageDown, halfPageUp
    case add, edit, toggle, delete
    case swipeRight, swipeLeft
    case moveTodoDown, moveTodoUp
    case help, statistics, redraw, quit

    /// Groups in the help screen.
    public enum Group: String, CaseIterable, Sendable {
        case navigation = "Moving around"
        case todos = "Todos"
        case swipe = "Swiping"
        case app = "Tick"
    }

    /// Which help group the command belongs to.
    public var group: Group {
        switch self {
        case .moveDown, .moveUp, .moveToTop, .moveToBottom, .pageDown, .pageUp, .halfPageDown, .halfPageUp: return .navigation
        case .add, .edit, .toggle, .delete, .moveTodoDown, .moveTodoUp: return .todos
        case .swipeRight, .swipeLeft: return .swipe
        case .help, .statistics, .redraw, .quit: return .app
        }
    }

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
        case .edit: return "edit the selected todo's title"
        case .toggle: return "mark done / not done"
        case .delete: return "delete the selected todo"
        case .swipeRight: return "swipe right: reveal Done/Undo; again: do it"
        case .swipeLeft: return "swipe left: reveal Delete and Edit; again: delete"
        case .moveTodoDown: return "move the todo down"
        case .moveTodoUp: return "move the todo up"
        case .help: return "show or hide this help"
        case .statistics: return "show cell reuse and drawing statistics"
        case .redraw: return "redraw the screen"
        case .quit: return "quit"
        }
    }
}
