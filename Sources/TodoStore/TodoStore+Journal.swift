import FoundationEssentials

/// What a journaled change says about itself once it has run.
struct StepSummary {
    /// The user-facing description, like "delete 3 todos".
    var description: String
    /// The todos the user acted on.
    var todoIDs: [Int64] = []

    /// "verb “title” rest" for one todo, "verb N todos rest" for several: `template` holds `%@`.
    static func todos(_ template: String, titles: [String], ids: [Int64]) -> StepSummary {
        let subject = titles.count == 1 ? StoreError.quoted(titles[0]) : "\(titles.count) todos"
        return StepSummary(description: TextFormatting.replacing("%@", with: subject, in: template), todoIDs: ids)
    }
}

/// Every mutation runs through `journaled`: one transaction that is also one undoable step,
/// announced to the store's parts through `runStep`.
extension TodoStore {
    /// Runs `body` in one transaction while the journal triggers record every row it changes, then
    /// reads the step's journal rows once into a `CommittedStep` and announces it to every part (the
    /// history files it, dropping the redo branch and pruning to `historyDepth` steps, all in the
    /// same transaction). A step that changed nothing is dropped, announced to no one, and does not
    /// end the redo branch. Returns the body's result with the step's change (none when it changed nothing).
    func journaled<T>(_ body: () throws -> (result: T, summary: StepSummary)) throws -> Committed<T> {
        try requireWritable()
        var changesAtStart: Int64 = 0
        var changedNothing = false
        let result = try runStep { () -> (T, CommittedStep?) in
            changesAtStart = connection.totalChanges
            let id = try history.beginStep(origin: stepOrigin)
            let changesBefore = connection.totalChanges
            let (result, summary) = try body()
            // Every body writes todos or lists, whose triggers journal each changed row: no row
            // changed is exactly no journal row written.
            let changedRows = connection.totalChanges - changesBefore
            try history.stopRecording()
            guard changedRows > 0 else {
                try history.discard(step: id)
                changeTracking.didDiscard(step: id)
                changedNothing = true
                return (result, nil)
            }
            var step = try history.committedStep(id, summary: summary, changedRows: changedRows, changesAtStart: changesAtStart)
            step.isRemote = stepOrigin == .remote
            return (result, step)
        }
        // The step's bookkeeping wrote and removed its own rows: the file is as it was, and so is
        // whatever the parts read before it.
        if changedNothing { connection.treatChangesAsCancelled(since: changesAtStart) }
        return result
    }

    /// Journaled rows read per step at most: a bigger step (an import, a big batch) is cheaper to
    /// reload after than to replay (for the store's parts and for the screen, see `TodoChange`).
    public static let journalPatchLimit = 20_000

    /// The todo rows step `step` journaled, before and after, in the order they changed (at most `limit`).
    func journaledTodoChanges(ofStep step: Int64, limit: Int) throws -> [JournaledTodoChange] {
        try history.journaledTodoChanges(where: "step = ? ORDER BY rowid", [step], limit: limit)
    }
}
