import FoundationEssentials

/// The undo history kept in the file: opening a step for the journal triggers, filing it when it
/// commits, dropping the redo branch and steps past the depth, and deleting big dropped steps a
/// chunk at a time. It remembers nothing in memory; every answer is read from the file.
final class History: StoreComponent {
    let connection: SQLiteConnection
    /// How many undoable steps are kept; older ones are dropped in the transaction that adds a new one.
    let depth: Int

    init(connection: SQLiteConnection, depth: Int) {
        self.connection = connection
        self.depth = depth
    }

    /// Opens a new step of `origin` and points the journal triggers at it (`recordingStep`, which
    /// they read through `tick_recording_step()`; no row is written); inside the step's transaction.
    func beginStep(origin: Origin = .local) throws -> Int64 {
        try connection.run("INSERT INTO history_steps(description, origin) VALUES ('', ?)", [origin.rawValue])
        let step = connection.lastInsertRowID
        connection.recordingStep = step
        return step
    }

    /// Stops the journal triggers recording (before the step is read and filed).
    func stopRecording() throws {
        connection.recordingStep = nil
    }

    /// Forgets a step that changed nothing: it does not end the redo branch.
    func discard(step: Int64) throws {
        try connection.run("DELETE FROM history_steps WHERE id = ?", [step])
    }

    /// Files a change's step: its description and todos, then the redo branch is dropped and the
    /// history pruned to `depth` steps, in the step's transaction. Undo and redo file nothing.
    func willCommit(_ step: CommittedStep) throws {
        guard step.kind == .change else { return }
        try connection.run("UPDATE history_steps SET description = ?, todo_ids = ? WHERE id = ?",
                           [step.summary.description, step.summary.todoIDs.map(String.init).joined(separator: ","), step.id])
        // What needs tidying, asked in one statement: a redo branch, steps past the depth, garbage.
        // A change from another device leaves the redo branch (redo checks it against such changes),
        // unless pruning would take a step of the branch: redo must replay the branch whole, in order.
        let (hasRedoBranch, cutoff, garbage) = try connection.queryFirst("""
            SELECT EXISTS(SELECT 1 FROM history_steps WHERE undone = 1)
                   AND ((SELECT origin FROM history_steps WHERE id = ?1) != \(Origin.remote.rawValue)
                        OR EXISTS(SELECT 1 FROM history_steps WHERE undone = 1
                                  AND id <= (SELECT id FROM history_steps ORDER BY id DESC LIMIT 1 OFFSET ?2))),
                   (SELECT id FROM history_steps ORDER BY id DESC LIMIT 1 OFFSET ?2),
                   (SELECT step FROM history_garbage ORDER BY step LIMIT 1)
            """, [step.id, depth]) { ($0.int64(at: 0) != 0, $0.optionalInt64(at: 1), $0.optionalInt64(at: 2)) } ?? (false, nil, nil)
        if hasRedoBranch { try dropSteps("undone = 1", []) }
        if let cutoff { try dropSteps("id <= ?", [cutoff]) }
        // Dropping steps may have made garbage older than what was found before.
        let oldestGarbage = hasRedoBranch || cutoff != nil
            ? try connection.queryFirst("SELECT step FROM history_garbage ORDER BY step LIMIT 1", row: { $0.int64(at: 0) })
            : garbage
        if let oldestGarbage { try collectGarbage(step: oldestGarbage) }
    }

    /// Nothing is remembered in memory (the recording step ends with the transaction, see
    /// `SQLiteConnection.transaction`), so a rollback leaves nothing to forget.
    func didRollBack() {}

    /// Journal rows deleted at once when a step is dropped; a bigger step (an import, a big batch)
    /// becomes garbage that later mutations delete this many rows at a time, so that no single
    /// mutation pays for forgetting a million-row step.
    static let journalChunk = 64

    /// Deletes the steps matching `condition`, with their journal rows or marked as garbage.
    func dropSteps(_ condition: String, _ arguments: [any SQLiteBindable]) throws {
        let steps = try connection.query("SELECT id FROM history_steps WHERE \(condition)", arguments) { $0.int64(at: 0) }
        for step in steps {
            let rows = try connection.scalarInt("SELECT count(*) FROM (SELECT 1 FROM history_todos WHERE step = ? LIMIT ?)",
                                                [step, Self.journalChunk + 1])
            if rows <= Self.journalChunk {
                try connection.run("DELETE FROM history_todos WHERE step = ?", [step])
                try connection.run("DELETE FROM history_lists WHERE step = ?", [step])
            } else {
                try connection.run("INSERT INTO history_garbage(step) VALUES (?)", [step])
            }
        }
        try connection.run("DELETE FROM history_steps WHERE \(condition)", arguments)
    }

    /// Deletes up to `journalChunk` journal rows of garbage step `step` (the oldest).
    private func collectGarbage(step: Int64) throws {
        let deleted = try connection.run(
            "DELETE FROM history_todos WHERE rowid IN (SELECT rowid FROM history_todos WHERE step = ? LIMIT ?)",
            [step, Self.journalChunk])
        if deleted < Self.journalChunk {
            try connection.run("DELETE FROM history_lists WHERE step = ?", [step])
            try connection.run("DELETE FROM history_garbage WHERE step = ?", [step])
        }
    }

    /// Whether a step is waiting to be undone (`undone` false: a change made here, still undoable) or
    /// redone (`undone` true).
    func hasStep(undone: Bool) throws -> Bool {
        let condition = undone ? "undone = 1" : "undone = 0 AND origin = \(Origin.local.rawValue)"
        return try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM history_steps WHERE \(condition))") == 1
    }

    /// Whether the history holds any step, undone or not.
    func isEmpty() throws -> Bool {
        try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM history_steps)") == 0
    }

    /// The number of steps that can be undone (changes made here, not undone).
    func undoableStepCount() throws -> Int {
        Int(try connection.scalarInt("SELECT count(*) FROM history_steps WHERE undone = 0 AND origin = \(Origin.local.rawValue)"))
    }

    /// Forgets every step and journal row, inside the caller's transaction.
    func removeAll() throws {
        for table in ["history_todos", "history_lists", "history_garbage", "history_steps"] {
            try connection.run("DELETE FROM \(table)")
        }
    }

    /// The step undo (`towardsOld`) or redo would replay next, or nil when there is none: undo takes
    /// the newest change made here, passing over changes from other devices (see `Origin`).
    func nextStep(towardsOld: Bool) throws -> (id: Int64, summary: StepSummary)? {
        let next = towardsOld ? "WHERE undone = 0 AND origin = \(Origin.local.rawValue) ORDER BY id DESC" : "WHERE undone = 1 ORDER BY id"
        return try connection.queryFirst("SELECT id, description, todo_ids FROM history_steps \(next) LIMIT 1") {
            (id: $0.int64(at: 0), summary: StepSummary(description: $0.string(at: 1),
                                                       todoIDs: $0.string(at: 2).split(separator: ",").compactMap { Int64($0) }))
        }
    }

    /// The step id a replay's rows are recorded under: never a real step's (those are positive).
    static let replayScratchStep: Int64 = -1

    /// Runs `replay` of step `step` while the journal triggers record what it writes under
    /// `replayScratchStep`, and returns whether they did: a step too big to describe (more than
    /// `TodoStore.journalPatchLimit` rows) is replayed unrecorded, as recording would double its
    /// writes. The caller reads the scratch rows, then `discardScratchRows()`.
    func recordingReplay(ofStep step: Int64, _ replay: () throws -> Void) throws -> Bool {
        let rows = try connection.scalarInt("SELECT count(*) FROM (SELECT 1 FROM history_todos WHERE step = ? LIMIT ?)",
                                            [step, TodoStore.journalPatchLimit + 1])
        guard rows <= TodoStore.journalPatchLimit else {
            try replay()
            return false
        }
        connection.recordingStep = Self.replayScratchStep
        try replay()
        try stopRecording()
        return true
    }

    /// Deletes the rows a replay recorded, once they are read: they belong to no step.
    func discardScratchRows() throws {
        try connection.run("DELETE FROM history_todos WHERE step = ?", [Self.replayScratchStep])
        try connection.run("DELETE FROM history_lists WHERE step = ?", [Self.replayScratchStep])
    }

    /// Marks a replayed step as undone (after undo) or not (after redo).
    func mark(step: Int64, undone: Bool) throws {
        try connection.run("UPDATE history_steps SET undone = ? WHERE id = ?", [undone, step])
    }
}
