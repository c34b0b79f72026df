import FoundationEssentials

/// One list as stored, with its maintained counts: a value snapshot for the UI.
public struct TodoList: Equatable, Hashable, Sendable, Identifiable {
    /// The stable id; the Inbox is `TodoStore.inboxListID`.
    public var id: Int64
    /// The name as shown, trimmed; unique among lists regardless of case.
    public var name: String
    /// The sort key of the user's list order; gaps are normal.
    public var position: Int64
    /// Whether the user folded the list away; stored for the UI, ignored by queries.
    public var isCollapsed: Bool
    /// Todos of this list not yet completed (maintained, not counted).
    public var openCount: Int
    /// Completed todos of this list (maintained, not counted).
    public var doneCount: Int

    /// Creates a snapshot; the store is the only place that assigns ids and positions.
    public init(id: Int64, name: String, position: Int64, isCollapsed: Bool = false, openCount: Int = 0, doneCount: Int = 0) {
        self.id = id
        self.name = name
        self.position = position
        self.isCollapsed = isCollapsed
        self.openCount = openCount
        self.doneCount = doneCount
    }
}
