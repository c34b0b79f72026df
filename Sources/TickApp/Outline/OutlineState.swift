import TodoStore

/// What the list knows of the outline (subtasks) between keys: which parents the user collapsed,
/// what that hides in each list, and the outline facts of the rows shown.
struct OutlineState {
    /// Whether some todo in the store has a parent: only then do rows get a disclosure column.
    var storeHasSubtasks = false
    /// The todos whose subtasks the user collapsed (`z`): remembered in the store's view state
    /// (`ViewState.collapsedTodoIDs`), like `H`, so a restart shows the same.
    var collapsedIDs = Set<Int64>()
    /// Whether `collapsedIDs` changed since it was last written to the store (it is written when the
    /// user is idle or quits, not on every `z`).
    var collapsedIDsUnsaved = false
    /// What the collapsed parents hide, per list id (absent: nothing).
    var folds: [Int64: OutlineFolds] = [:]
    /// The outline facts of todos shown lately, by id: dropped on every change, and when it holds
    /// more than `factsLimit` (so it never grows with the list).
    var facts: [Int64: RowFacts] = [:]

    /// Most facts kept.
    static let factsLimit = 1_024

    /// A todo's place in the outline, read from the store for a row on screen.
    struct RowFacts: Equatable {
        /// The parents above it (0 at the top of its list).
        var depth: Int
        /// Its parent's id, when it has one in effect.
        var parentID: Int64?
        /// Its parent's title (the breadcrumb where the rows are not the outline).
        var parentTitle: String?
        /// Its direct subtasks, done and all.
        var progress: SubtaskProgress
        /// Whether it has subtasks.
        var isParent: Bool { progress.total > 0 }
    }

    /// The folds of a list (none when nothing there is collapsed).
    func folds(ofList listID: Int64) -> OutlineFolds {
        folds[listID] ?? .none
    }

    /// Whether the user collapsed this todo's subtasks.
    func isCollapsed(_ id: Int64) -> Bool {
        collapsedIDs.contains(id)
    }
}
