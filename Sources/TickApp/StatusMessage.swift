import TodoStore
/// The last thing Tick has to say, shown in the status line.
public struct StatusMessage: Equatable, Sendable {
    /// Whether the message reports a problem.
    public enum Kind: Sendable { case info, error }

    /// The state a message describes or offers keys for ("n next match", "z expands", "u undoes").
    /// The message lives only as long as that state: once it no longer holds, the status line drops
    /// the message, so it never offers a key that would do something else (or nothing) by then.
    public enum Condition: Equatable, Sendable {
        /// The matches of this search are still highlighted (`n`, `N` and `Esc` act on them).
        case highlightedSearch(String)
        /// Editing mode is still on, with this many rows marked when the message counts them.
        case editingMode(marked: Int?)
        /// The list with this id is still the current list and collapsed (`z` expands it).
        case collapsedCurrentList(Int64)
        /// The list with this id is still the current list (`a` adds to it).
        case currentList(Int64)
        /// Completed todos are still hidden (`H` shows them).
        case completedHidden
        /// Todos waiting for their start day are still hidden (`R` shows them).
        case waitingHidden
        /// No change was made since the change with this number (see `TodoListController.changeCount`),
        /// here or by another process: `u` still undoes the change the message reports.
        case undoable(change: Int)
        /// The layer with this identity is still open (a key it offers means something else on the list).
        case overlay(ObjectIdentifier)
    }

    /// The words shown.
    public var text: String
    /// Info or error.
    public var kind: Kind
    /// What must still hold for the message to be shown; nil for a message that stays true.
    public var condition: Condition?

    /// A plain message, shown while `condition` (if any) holds.
    public static func info(_ text: String, while condition: Condition? = nil) -> StatusMessage {
        StatusMessage(text: text, kind: .info, condition: condition)
    }
    /// A message about something that went wrong.
    public static func error(_ text: String) -> StatusMessage { StatusMessage(text: text, kind: .error) }
}

/// A title shortened for a message, quoted: “Buy milk”.
func quoted(_ title: String, limit: Int = 32) -> String { TitleQuoting.quoted(title, limit: limit) }
