import FoundationEssentials

/// After one of our own journaled steps the caches are brought up to date from the step's journal
/// rows instead of being dropped: each row is a todo leaving one place and arriving at another,
/// exactly what the count and rank triggers saw. A toggle, an add or a delete then costs no
/// re-read of the lists or of the rank blocks.
extension TodoStore {
    /// Journaled rows read per step at most: a bigger step (an import, a big batch) is cheaper to
    /// reload after than to replay (for the store's caches and for the screen, see `TodoChange`).
    public static let journalPatchLimit = 20_000

    /// Patches the rank caches for `step` (inside its transaction) and returns the list summary as
    /// the step leaves it, or nil when it must be read again: it was not current before the step
    /// (`listsBefore` nil), the step changed a list itself, or it was too big to replay.
    /// `changes` and `listChanges` are the step's journal rows, read once for this and for its `TodoChange`.
    func patchCaches(afterStep step: Int64, listsBefore: ListSummary?, changes: [JournaledTodoChange],
                     listChanges: [JournaledListChange]) throws -> ListSummary? {
        let generation = try rankGeneration()
        // New or removed blocks (a new generation) mean reloading the prefix sums.
        let ranksPatchable = generation == caches.rankGeneration && !caches.rankBlocks.isEmpty
        if !ranksPatchable {
            caches.rankBlocks.removeAll()
            caches.rankGeneration = generation
        }
        let listsPatchable = listsBefore != nil && listChanges.isEmpty
        guard ranksPatchable || listsPatchable else { return nil }
        guard changes.count <= Self.journalPatchLimit else {
            caches.rankBlocks.removeAll()
            return nil
        }
        if ranksPatchable {
            for change in changes {
                if let old = change.old?.rankPlace { caches.rankBlocks[old.set]?.adjust(by: -1, at: old.key) }
                if let new = change.new?.rankPlace { caches.rankBlocks[new.set]?.adjust(by: 1, at: new.key) }
            }
        }
        guard listsPatchable, var lists = listsBefore else { return nil }
        lists.apply(changes)
        return lists
    }

    /// The todo rows journaled under `condition` (at most `limit`), before and after, in the order they changed.
    func journaledTodoChanges(where condition: String, _ arguments: [any SQLiteBindable] = [], limit: Int) throws -> [JournaledTodoChange] {
        try connection.query("""
            SELECT old_present, old_list_id, old_position, old_completed_at, old_priority, old_flagged,
                   new_present, new_list_id, new_position, new_completed_at, new_priority, new_flagged, todo_id,
                   old_present AND new_present AND (old_title IS NOT new_title OR old_notes IS NOT new_notes
                   OR old_created_at IS NOT new_created_at OR old_completed_at IS NOT new_completed_at
                   OR old_priority IS NOT new_priority OR old_due IS NOT new_due OR old_flagged IS NOT new_flagged)
            FROM history_todos WHERE \(condition) LIMIT \(limit)
            """, arguments) { row in
            let id = row.int64(at: 12)
            func side(_ first: Int32) -> JournaledTodoChange.Side? {
                guard row.int64(at: first) != 0 else { return nil }
                return .init(id: id, listID: row.int64(at: first + 1), position: row.int64(at: first + 2),
                             completedAt: row.optionalInt64(at: first + 3), priority: row.int64(at: first + 4),
                             isFlagged: row.int64(at: first + 5) != 0)
            }
            return JournaledTodoChange(old: side(0), new: side(6), fieldsChanged: row.int64(at: 13) != 0)
        }
    }
}

/// One todo row as a journaled step changed it.
struct JournaledTodoChange {
    /// What the triggers keep track of for one side of the change.
    struct Side {
        var id: Int64
        var listID: Int64
        var position: Int64
        var completedAt: Int64?
        var priority: Int64
        var isFlagged: Bool

        var isOpen: Bool { completedAt == nil }
        /// The ranked part and key the rank triggers counted it in.
        var rankPlace: (set: RankSet, key: RankKey) {
            TodoStore.rankPlace(listID: listID, position: position, completedAt: completedAt, id: id)
        }
    }

    /// The row before the change; nil when it was inserted.
    var old: Side?
    /// The row after the change; nil when it was deleted.
    var new: Side?
    /// Whether the row was there before and after and a column other than the list and the
    /// position changed (what a row shows).
    var fieldsChanged = false
}

extension ListSummary {
    /// Applies a step's todo changes the way the count triggers did: each row leaves its old list's
    /// open or done count and joins its new one's. A row that gains a priority or a flag means some
    /// todo has one; a row that loses its own leaves that unknown (the next question reads it again).
    mutating func apply(_ changes: [JournaledTodoChange]) {
        var open: [Int64: Int] = [:], done: [Int64: Int] = [:]
        for change in changes {
            for (side, delta) in [(change.old, -1), (change.new, 1)] {
                guard let side else { continue }
                if side.isOpen { open[side.listID, default: 0] += delta } else { done[side.listID, default: 0] += delta }
            }
            let priorityAfter = (change.new?.priority ?? 0) > 0, flagAfter = change.new?.isFlagged ?? false
            if priorityAfter { anyPriority = true } else if (change.old?.priority ?? 0) > 0 { anyPriority = nil }
            if flagAfter { anyFlag = true } else if change.old?.isFlagged ?? false { anyFlag = nil }
        }
        guard var lists else { return }
        for index in lists.indices {
            lists[index].openCount += open.removeValue(forKey: lists[index].id) ?? 0
            lists[index].doneCount += done.removeValue(forKey: lists[index].id) ?? 0
        }
        // A count for a list the summary does not know: better read everything again.
        self.lists = open.isEmpty && done.isEmpty ? lists : nil
    }
}
