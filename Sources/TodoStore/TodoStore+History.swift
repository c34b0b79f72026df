import FoundationEssentials

/// Undo and redo over the journal kept in the file, so a crash or a restart loses no history.
///
/// Steps are shared by every process that writes the file; undo takes the newest step not yet
/// undone, whoever made it. Restoring writes whole rows through ordinary statements, so when
/// another process changed those rows since, the restored values win (last writer wins) while the
/// triggers keep counts, the rank index and the search index right.
extension TodoStore {
    /// Whether there is a step to undo (for tests and tools, as `count`: an unreadable store stops them).
    public var canUndo: Bool {
        readOrStop("the history") { try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM history_steps WHERE undone = 0)") } == 1
    }

    /// Whether there is an undone step to redo (a new change drops them); for tests and tools, as `canUndo`.
    public var canRedo: Bool {
        readOrStop("the history") { try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM history_steps WHERE undone = 1)") } == 1
    }

    /// Whether the history holds any step, undone or not: whether anything was changed through this
    /// file while its history was kept (a failed read is an error, unlike `canUndo`).
    public func hasHistory() throws -> Bool {
        try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM history_steps)") == 1
    }

    /// Forgets every undo and redo step (the todos stay as they are), in one transaction: for stores
    /// built in bulk, such as the benchmark's, whose history would otherwise be worked off a chunk
    /// at a time by the next changes.
    public func clearHistory() throws {
        try requireWritable()
        try connection.transaction {
            for table in ["history_todos", "history_lists", "history_garbage", "history_steps"] {
                try connection.run("DELETE FROM \(table)")
            }
        }
    }

    /// Restores every row the last step changed to its value before the step, in one transaction,
    /// and returns the step (nil when there is nothing to undo).
    @discardableResult
    public func undo() throws -> HistoryStep? {
        try replay(towardsOld: true)
    }

    /// Re-applies the last undone step, in one transaction, and returns it (nil when there is none).
    @discardableResult
    public func redo() throws -> HistoryStep? {
        try replay(towardsOld: false)
    }

    /// The number of steps that can be undone (for tests and diagnostics).
    var undoableStepCount: Int {
        Int(readOrStop("the history") { try connection.scalarInt("SELECT count(*) FROM history_steps WHERE undone = 0") })
    }

    private func replay(towardsOld: Bool) throws -> HistoryStep? {
        try requireWritable()
        // Many rows may have moved between blocks and lists; reloading is simpler than patching.
        defer { caches.removeAll() }
        var change = TodoChange.none
        do {
            let done = try connection.transaction { () -> HistoryStep? in
                let next = towardsOld ? "WHERE undone = 0 ORDER BY id DESC" : "WHERE undone = 1 ORDER BY id"
                guard let step = try connection.queryFirst("SELECT id, description, todo_ids FROM history_steps \(next) LIMIT 1",
                                                           row: { (id: $0.int64(at: 0), description: $0.string(at: 1),
                                                                   ids: $0.string(at: 2)) })
                else { return nil }
                let nothingUnseen = try isUnchangedElsewhere()
                let changesBefore = connection.totalChanges
                change = try recordingReplayChange(ofStep: step.id) {
                    try HistoryReplay(connection: connection, step: step.id, towardsOld: towardsOld, store: self).run()
                }
                // Undoing an import or a batch indexes its todos for search at once, as the change did.
                try indexPendingTodosAfterBigChange(since: changesBefore)
                try connection.run("UPDATE history_steps SET undone = ? WHERE id = ?", [towardsOld, step.id])
                if nothingUnseen { try noteHistorySeen() } else { changeTracking.isLost = true }
                let ids = step.ids.split(separator: ",").compactMap { Int64($0) }
                return HistoryStep(description: step.description, todoIDs: ids)
            }
            changeTracking.last = done == nil ? .none : change
            return done
        } catch {
            changeTracking.isLost = true
            throw error
        }
    }
}
