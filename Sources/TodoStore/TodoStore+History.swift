import FoundationEssentials

/// Undo and redo over the journal kept in the file, so a crash or a restart loses no history.
///
/// Steps are shared by every process that writes the file; undo takes the newest step made on this
/// device and not yet undone, whichever process made it, and passes over changes the sync brought
/// from other devices (see `asRemote` and `HistoryRefusal`). Restoring writes whole rows through
/// ordinary statements, so when another process of this device changed those rows since, the
/// restored values win (last writer wins) while the triggers keep counts, the rank index and the
/// search index right.
extension TodoStore {
    /// Whether there is a step to undo (tests have `canUndo` over it in `TickTesting`).
    public func hasStepToUndo() throws -> Bool {
        try history.hasStep(undone: false)
    }

    /// Whether there is an undone step to redo (a new change drops them); tests have `canRedo`.
    public func hasStepToRedo() throws -> Bool {
        try history.hasStep(undone: true)
    }

    /// Whether the history holds any step, undone or not: whether anything was changed through this
    /// file while its history was kept (a failed read is an error, unlike `canUndo`).
    public func hasHistory() throws -> Bool {
        try !history.isEmpty()
    }

    /// Forgets every undo and redo step (the todos stay as they are), in one transaction: for stores
    /// built in bulk, such as the benchmark's, whose history would otherwise be worked off a chunk
    /// at a time by the next changes.
    public func clearHistory() throws {
        try requireWritable()
        try connection.transaction { try history.removeAll() }
    }

    /// Restores every row the last step made on this device changed to its value before the step, in
    /// one transaction, and returns the step (nil when there is nothing to undo), with the changes from
    /// other devices passed over to reach it. Throws `HistoryRefusal` (and changes no todo) when a
    /// later change from another device touched the step's todos or lists; the step then stays in
    /// effect, and the next undo goes on to older steps.
    @discardableResult
    public func undo() throws -> Committed<HistoryStep?> {
        try replay(towardsOld: true)
    }

    /// Re-applies the last undone step, in one transaction, and returns it (nil when there is none).
    /// Throws `HistoryRefusal` (and changes no todo) when a change from another device touched its
    /// todos or lists since; the redo branch is then dropped.
    @discardableResult
    public func redo() throws -> Committed<HistoryStep?> {
        try replay(towardsOld: false)
    }

    /// The number of steps that can be undone (for tests and diagnostics).
    var undoableStepCount: Int {
        readOrStop("the history", history.undoableStepCount)
    }

    /// Writes the next step's rows back and announces it as a step of its own kind, with the rows
    /// the replay wrote (recorded under a scratch step, see `History.recordingReplay`): they say
    /// where each todo landed, which may differ from the journal (a list deleted meanwhile).
    private func replay(towardsOld: Bool) throws -> Committed<HistoryStep?> {
        try requireWritable()
        var refusal: HistoryRefusal?
        let replayed = try runStep { () -> (HistoryStep?, CommittedStep?) in
            let changesAtStart = connection.totalChanges
            guard let next = try history.nextStep(towardsOld: towardsOld) else { return (nil, nil) }
            // Writing the step back would write over a newer change still in effect: refused, and
            // the history moves past the step, so the same refusal does not come back.
            if let later = try history.laterChange(overlapping: next.id) {
                if towardsOld { try history.supersede(step: next.id) } else { try history.dropRedoBranch(from: next.id) }
                refusal = HistoryRefusal(subject: later.subject, isList: later.isList, byAnotherDevice: later.byAnotherDevice,
                                         isUndo: towardsOld, step: HistoryStep(description: next.summary.description,
                                                                               todoIDs: next.summary.todoIDs))
                return (nil, nil)
            }
            let passedOver = towardsOld ? try history.remoteStepsPassedOver(toUndo: next.id) : 0
            let recorded = try history.recordingReplay(ofStep: next.id) {
                try HistoryReplay(connection: connection, step: next.id, towardsOld: towardsOld, store: self).run()
            }
            let changedRows = connection.totalChanges - changesAtStart
            var step = CommittedStep(id: next.id, kind: towardsOld ? .undo : .redo, summary: next.summary, changedRows: changedRows,
                                     changesAtStart: changesAtStart, todoChanges: nil, listChanges: nil)
            if recorded {
                step = try history.committedStep(next.id, kind: step.kind, journalStep: History.replayScratchStep,
                                                 summary: next.summary, changedRows: changedRows, changesAtStart: changesAtStart)
                try history.discardScratchRows()
            }
            try history.mark(step: next.id, undone: towardsOld)
            return (HistoryStep(description: next.summary.description, todoIDs: next.summary.todoIDs,
                                remoteChangesPassedOver: passedOver), step)
        }
        if let refusal { throw refusal }
        return replayed
    }
}
