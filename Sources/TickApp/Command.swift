/// Something the user asks Tick to do, independent of the key that asked.
public enum Command: String, CaseIterable, Sendable {
    case moveDown, moveUp, moveToTop, moveToBottom
    case pageDown, pageUp, halfPageDown, halfPageUp
    case nextList, previousList
    case add, edit, toggle, start, cancel, delete, flag, raisePriority, lowerPriority, details, openLink, copyTitle
    case swipeRight, swipeLeft
    case moveTodoDown, moveTodoUp, moveToList
    case indent, outdent, addSubtask
    case undo, redo
    case search, nextMatch, previousMatch
    case collapse, collapseList, toggleCompleted, toggleWaiting, cycleSort, toggleWrap, manageLists, toggleAgenda, cycleTheme
    case editMode, mark, markAll
    case help, messages, statistics, redraw, sync, quit

    /// Groups in the help screen.
    public enum Group: String, CaseIterable, Sendable {
        case navigation = "Moving around"
        case todos = "Todos"
        case swipe = "Swiping"
        case lists = "Lists and views"
        case search = "Search"
        case editing = "Editing mode (v)"
        case app = "Tick"
    }

    /// Which help group the command belongs to.
    public var group: Group {
        switch self {
        case .moveDown, .moveUp, .moveToTop, .moveToBottom, .pageDown, .pageUp, .halfPageDown, .halfPageUp: return .navigation
        case .add, .edit, .toggle, .start, .cancel, .delete, .flag, .raisePriority, .lowerPriority, .details, .openLink, .copyTitle, .moveTodoDown, .moveTodoUp, .undo, .redo: return .todos
        case .indent, .outdent, .addSubtask: return .todos
        case .swipeRight, .swipeLeft: return .swipe
        case .nextList, .previousList, .moveToList, .collapse, .collapseList, .toggleCompleted, .toggleWaiting, .cycleSort, .toggleWrap, .manageLists, .toggleAgenda: return .lists
        case .search, .nextMatch, .previousMatch: return .search
        case .editMode: return .todos
        case .mark, .markAll: return .editing
        case .help, .messages, .statistics, .redraw, .sync, .quit, .cycleTheme: return .app
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
        case .nextList: return "first todo of the next list"
        case .previousList: return "first todo of the previous list"
        case .add: return "add a todo after the selected one (!, !!, !!! priority; @tomorrow, @fri 15:00, @2026-12-24, @+3d due; @every week repeats; #word tag)"
        case .edit: return "edit the title (with its !, @ and # markers)"
        case .toggle: return "mark done / not done (a recurring todo comes back on its next date)"
        case .start: return "start / stop the todo (in process: [/], synced as STATUS:IN-PROCESS)"
        case .cancel: return "cancel the todo ([-], hidden with the done ones) / open it again"
        case .delete: return "delete the selected todo (a recurring one asks: skip this one or stop)"
        case .flag: return "flag / unflag the selected todo"
        case .raisePriority: return "raise the priority (none, low !, medium !!, high !!!)"
        case .lowerPriority: return "lower the priority"
        case .details: return "details and notes of the selected todo"
        case .openLink: return "open the first link of the title or notes (http, https, mailto, www.) with $BROWSER or xdg-open"
        case .copyTitle: return "copy the title to the terminal's clipboard (OSC 52; clipboard no in the config file turns it off)"
        case .swipeRight: return "swipe right: reveal Done/Undo; again: do it"
        case .swipeLeft: return "swipe left: reveal Delete, Flag, Edit; again: delete"
        case .moveTodoDown: return "move the todo down (into the next list at the end)"
        case .moveTodoUp: return "move the todo up (into the previous list at the top)"
        case .indent: return "indent: a subtask of the todo above"
        case .outdent: return "outdent: up one level"
        case .addSubtask: return "add a subtask to the selected todo"
        case .moveToList: return "move the todo to another list (type to filter or create)"
        case .undo: return "undo the last change"
        case .redo: return "redo what was undone"
        case .search: return "search (the list filters as you type; Enter keeps the matches, Esc clears)"
        case .nextMatch: return "next match of the search"
        case .previousMatch: return "previous match of the search"
        case .collapse: return "collapse / expand a parent's subtasks, else the current list"
        case .collapseList: return "collapse / expand the current list"
        case .toggleCompleted: return "hide / show completed todos"
        case .toggleWaiting: return "hide / show todos waiting for their start day (^fri)"
        case .cycleSort: return "sort by: manual, due date, priority, creation time"
        case .toggleWrap: return "wrap long titles onto up to 3 lines / cut them with …"
        case .manageLists: return "lists: add, rename, delete, reorder"
        case .toggleAgenda: return "agenda: open todos of every list overdue, due today, tomorrow, next 7 days / back to the lists"
        case .editMode: return "editing mode: mark rows, then d, x, f, m, + or - acts on them all"
        case .mark: return "mark / unmark the selected row (editing mode)"
        case .markAll: return "mark every row of the current list (editing mode)"
        case .help: return "show or hide this help"
        case .messages: return "show the recent messages whole, newest first"
        case .statistics: return "show cell reuse and drawing statistics"
        case .redraw: return "redraw the screen"
        case .cycleTheme: return "theme: dark, light, high-contrast, 16-color (theme NAME in the config file keeps one)"
        case .sync: return "sync with the CalDAV server now (when the config file has sync lines)"
        case .quit: return "quit"
        }
    }
}
