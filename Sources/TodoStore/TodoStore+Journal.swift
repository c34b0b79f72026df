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

/// Every mutation runs through `journaled`: one transaction that is also one undoable step.
extension TodoStore {
    /// Runs `body` in one transaction while the journal triggers record every row it changes, then
    /// files the step: a step that changed nothing is dropped (and does not end the redo branch);
    /// otherwise the redo branch is dropped and the history is pruned to `historyDepth` steps, all
    /// in the same transaction.
    func journaled<T>(_ body: () throws -> (result: T, summary: StepSummary)) throws -> T {
        try requireWritable()
        var listsAfter: ListSummary?
        var change = TodoChange.none
        do {
            let result = try connection.transaction { () -> T in
                // Read after the transaction began, so another connection's commit has cleared it.
                let listsBefore = currentListSummary()
                // Whether the history this store last saw is still the file's: else another
                // process's change, not yet shown, would be passed over as seen.
                let nothingUnseen = try isUnchangedElsewhere()
                try connection.run("INSERT INTO history_steps(description) VALUES ('')")
                let step = connection.lastInsertRowID
                try connection.run("UPDATE history_state SET recording = ? WHERE id = 1", [step])
                let changesBefore = connection.totalChanges
                let (result, summary) = try body()
                // Every body writes todos or lists, whose triggers journal each changed row: no row
                // changed is exactly no journal row written.
                let changed = connection.totalChanges != changesBefore
                try indexPendingTodosAfterBigChange(since: changesBefore)
                try connection.run("UPDATE history_state SET recording = NULL WHERE id = 1")
                if changed {
                    // The step's journal rows, read once for the caches and for the change the screen is shown.
                    let rows = try journaledTodoChanges(where: "step = ? ORDER BY rowid", [step], limit: Self.journalPatchLimit + 1)
                    let listRows = try journaledListChanges(where: "step = ? ORDER BY rowid", [step])
                    listsAfter = try patchCaches(afterStep: step, listsBefore: listsBefore, changes: rows, listChanges: listRows)
                    change = try self.change(todoRows: rows, listRows: listRows)
                } else {
                    listsAfter = listsBefore
                }
                try file(step: step, summary, changed: changed)
                if nothingUnseen { try noteHistorySeen() } else { changeTracking.isLost = true }
                return result
            }
            changeTracking.last = change
            caches.searches.removeAll()
            // Only now that the step is committed may the patched lists be remembered as current.
            if var lists = listsAfter {
                lists.changes = connection.totalChanges
                caches.listSummary = lists
            }
            return result
        } catch {
            // The transaction rolled back, but caches may have been patched for it already.
            caches.removeAll()
            changeTracking.isLost = true
            throw error
        }
    }

    private func file(step: Int64, _ summary: StepSummary, changed: Bool) throws {
        guard changed else {
            try connection.run("DELETE FROM history_steps WHERE id = ?", [step])
            return
        }
        try connection.run("UPDATE history_steps SET description = ?, todo_ids = ? WHERE id = ?",
                           [summary.description, summary.todoIDs.map(String.init).joined(separator: ","), step])
        // What needs tidying, asked in one statement: a redo branch, steps past the depth, garbage.
        let (hasRedoBranch, cutoff, garbage) = try connection.queryFirst("""
            SELECT EXISTS(SELECT 1 FROM history_steps WHERE undone = 1),
                   (SELECT id FROM history_steps ORDER BY id DESC LIMIT 1 OFFSET ?),
                   (SELECT step FROM history_garbage ORDER BY step LIMIT 1)
            """, [historyDepth]) { ($0.int64(at: 0) != 0, $0.optionalInt64(at: 1), $0.optionalInt64(at: 2)) } ?? (false, nil, nil)
        if hasRedoBranch { try dropSteps("undone = 1", []) }
        if let cutoff { try dropSteps("id <= ?", [cutoff]) }
        // Dropping steps may have made garbage older than what was found before.
        let oldestGarbage = hasRedoBranch || cutoff != nil
            ? try connection.queryFirst("SELECT step FROM history_garbage ORDER BY step LIMIT 1", row: { $0.int64(at: 0) })
            : garbage
        if let oldestGarbage { try collectGarbage(step: oldestGarbage) }
    }

    /// Journal rows deleted at once when a step is dropped; a bigger step (an import, a big batch)
    /// becomes garbage that later mutations delete this many rows at a time, so that no single
    /// mutation pays for forgetting a million-row step.
    static let journalChunk = 64

    /// Deletes the steps matching `condition`, with their journal rows or marked as garbage.
    private func dropSteps(_ condition: String, _ arguments: [any SQLiteBindable]) throws {
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
}
