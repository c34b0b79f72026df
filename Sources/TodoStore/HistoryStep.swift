import FoundationEssentials

/// One undoable change as the user sees it: what it was and which todos it touched.
public struct HistoryStep: Equatable, Hashable, Sendable {
    /// What the step did, for a status line: "add “Buy milk”", "delete 3 todos", "rename list “Work”".
    public var description: String
    /// The todos the user acted on (not neighbours renumbered on the side), so the app can reselect them.
    public var todoIDs: [Int64]

    /// Creates a step summary.
    public init(description: String, todoIDs: [Int64]) {
        self.description = description
        self.todoIDs = todoIDs
    }
}
