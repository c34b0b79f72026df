import FoundationEssentials

/// One undoable change as the user sees it: what it was and which todos it touched.
public struct HistoryStep: Equatable, Hashable, Sendable {
    /// What the step did, for a status line: "add “Buy milk”", "delete 3 todos", "rename list “Work”".
    public var description: String
    /// The todos the user acted on (not neighbours renumbered on the side), so the app can reselect them.
    public var todoIDs: [Int64]
    /// For an undo: the changes from other devices, newer than the step, that it passed over (never
    /// undone) and that no earlier undo passed over, so the app can say why `u` undid an older change.
    public var remoteChangesPassedOver: Int

    /// Creates a step summary.
    public init(description: String, todoIDs: [Int64], remoteChangesPassedOver: Int = 0) {
        self.description = description
        self.todoIDs = todoIDs
        self.remoteChangesPassedOver = remoteChangesPassedOver
    }
}
