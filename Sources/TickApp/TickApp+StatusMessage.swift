import TermTable
import TodoStore

/// Messages never outlive the state they describe: every message that offers keys for a state (the
/// highlighted search, editing mode, a collapsed list, the last change) says which, and is dropped
/// as soon as that state is gone, however it went (a key, a click, another process, a resize).
extension TickApp {
    /// Shows `message` in the status line: the one way a message gets there. A read failure the list
    /// met before it (`sayReadFailure()`) comes first, so the last said is shown.
    func say(_ message: StatusMessage) {
        sayReadFailure()
        status.show(message)
    }

    /// Clears the status line's message (the recent messages keep it), as if nothing had been said:
    /// a fresh open compared row by row with a running session (the fuzzer's oracle) must not lose a
    /// row of its list to a start-up message that wraps.
    public func clearMessage() {
        sayReadFailure()
        status.clear()
    }

    /// Adds `hint` to the message shown ("… · Enter saves yours over it").
    func appendToMessage(_ hint: String) {
        sayReadFailure()
        status.append(hint)
    }

    /// Says the store read that failed since the last look (`TodoListController.unsaidReadFailure`):
    /// the table reads while it lays out and draws, where nothing can be said.
    func sayReadFailure() {
        guard let failure = list.unsaidReadFailure else { return }
        list.unsaidReadFailure = nil
        status.show(.error(failure))
    }

    /// Whether the state a message depends on still holds.
    func stillHolds(_ condition: StatusMessage.Condition) -> Bool {
        switch condition {
        case .highlightedSearch(let search):
            return list.highlightedSearch == search
        case .editingMode(let marked):
            return list.tableView.isEditing && (marked == nil || marked == list.markedIndexPaths.count)
        case .collapsedCurrentList(let id):
            guard let current = list.currentList else { return false }
            return current.id == id && current.isCollapsed
        case .currentList(let id):
            return list.currentList?.id == id
        case .completedHidden:
            return !list.options.showsCompleted
        case .waitingHidden:
            return !list.options.showsWaiting
        case .undoable(let change):
            return list.changeCount == change
        case .overlay(let id):
            return overlays.contains { ObjectIdentifier($0) == id }
        }
    }

    /// The message the status line shows: the last one, unless the state it describes is gone.
    var shownMessage: StatusMessage? {
        sayReadFailure()
        if list.pendingSearch != nil { return .info("searching…") }
        guard let message = status.message else { return nil }
        guard let condition = message.condition else { return message }
        return stillHolds(condition) ? message : nil
    }

    /// Forgets the message once its state is gone, so it cannot come back when the state happens to
    /// return (four marks, then five again, would bring back a count the user saw go wrong).
    func retireStaleMessage() {
        sayReadFailure()
        if status.message != nil, shownMessage == nil { status.clear() }
    }
}

extension TickApp {
    /// The last message said, whether or not its state still holds (tests, the fuzzer).
    public var lastMessage: StatusMessage? {
        sayReadFailure()
        return status.message
    }
}
