import TodoStore

/// Reads that tests want as plain values: each stops the program, naming the failure, when the
/// store cannot be read, since answering 0 or false would let a check of an unreadable store pass.
/// Tick itself uses the throwing forms (`totalCounts()`, `hasStepToUndo()`…), which report the failure.
extension TodoStore {
    /// The number of todos in all lists, open and done (from maintained counts, not a scan).
    public var count: Int {
        let counts = readOrStop("the counts", totalCounts)
        return counts.open + counts.done
    }

    /// The number of todos in all lists not yet completed.
    public var openCount: Int { readOrStop("the counts", totalCounts).open }

    /// The number of completed todos in all lists.
    public var doneCount: Int { readOrStop("the counts", totalCounts).done }

    /// Whether there is a step to undo.
    public var canUndo: Bool { readOrStop("the history", hasStepToUndo) }

    /// Whether there is an undone step to redo.
    public var canRedo: Bool { readOrStop("the history", hasStepToRedo) }

    /// Pages in the database file now (for `pageLimit` in fault-injection tests).
    public var pageCount: Int64 { readOrStop("the page count", databasePageCount) }

    /// Todos changed since the search index last caught up (0 when it is current).
    public var todosAwaitingSearchIndex: Int { readOrStop("the search queue", countTodosAwaitingSearchIndex) }

    /// The value of `read`, or a stop naming what could not be read.
    private func readOrStop<T>(_ what: String, _ read: () throws -> T) -> T {
        do {
            return try read()
        } catch {
            preconditionFailure("cannot read \(what) of \(path): \(error)")
        }
    }
}
