import FoundationEssentials

/// One step as it commits, read once from its journal rows: what every `StoreComponent` hears
/// about it (see `TodoStore.runStep`), and the one value the step's `TodoChange` is built from.
struct CommittedStep {
    /// How the step came about.
    enum Kind: Equatable {
        /// A mutation through `journaled`: a new undoable step.
        case change
        /// `undo()` wrote the step's old rows back.
        case undo
        /// `redo()` wrote the step's new rows back.
        case redo
    }

    /// The step's id in `history_steps` (a replayed step keeps its own).
    var id: Int64
    var kind: Kind
    /// What the user did and to which todos; filed in the history for a change.
    var summary: StepSummary
    /// Rows the step's statements changed, todos and lists and what their triggers wrote (not the
    /// history bookkeeping): a big step makes the search index catch up at once.
    var changedRows: Int64
    /// `SQLiteConnection.totalChanges` when the step's transaction began, before any bookkeeping:
    /// what was read and current then is what a part may patch.
    var changesAtStart: Int64
    /// The todo rows the step wrote, before and after, in the order they changed: the step's own
    /// journal rows, or for an undo or redo the rows its replay wrote (recorded under
    /// `History.replayScratchStep`, so a todo sent to the Inbox because its list is gone is told as
    /// the triggers saw it). Nil when the step is too big to replay (more than
    /// `TodoStore.journalPatchLimit` rows): parts then drop what they derived instead of patching.
    var todoChanges: [JournaledTodoChange]?
    /// The list rows the step wrote, in the order they changed; nil when not read (with `todoChanges`).
    var listChanges: [JournaledListChange]?
    /// Whether a change came from another device (written by the sync, see `TodoStore.asRemote`): it
    /// leaves the redo branch, so it is not the history's only step in effect above the undone ones.
    var isRemote = false

    /// Whether the step changed a list row (a name, an order, a fold, a list added or deleted);
    /// true when not known.
    var changedLists: Bool { listChanges.map { !$0.isEmpty } ?? true }
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
        /// The start (`todos.start`), for the rows a view hiding waiting todos leaves out.
        var start: String? = nil

        var isOpen: Bool { completedAt == nil }
        /// The ranked part and key the rank triggers counted it in.
        var rankPlace: (set: RankSet, key: RankKey) {
            RankIndex.place(listID: listID, position: position, completedAt: completedAt, id: id)
        }
    }

    /// The row before the change; nil when it was inserted.
    var old: Side?
    /// The row after the change; nil when it was deleted.
    var new: Side?
    /// Whether the row was there before and after and a column other than the list and the
    /// position changed (what a row shows).
    var fieldsChanged = false
    /// Whether the title or the notes changed (what the search index holds; an added or deleted
    /// row always counts as a change of its text).
    var textChanged = true

    /// Whether the change put the todo in `search_pending` (see `Schema.searchQueueSQL`): it was
    /// added, deleted, retitled or its notes edited.
    var queuedForSearch: Bool { old == nil || new == nil || textChanged }
}

/// One list row as a journaled step changed it.
struct JournaledListChange {
    var id: Int64
    var oldPresent: Bool
    var newPresent: Bool
    var renamed: Bool
    var reordered: Bool
    var folded: Bool
}

extension History {
    /// The step `id` as `journaled` or a replay commits it: its todo rows (up to
    /// `TodoStore.journalPatchLimit`) and its list rows, read in two statements before the step is
    /// filed (filing may prune it). `journalStep` is where the rows were recorded (the step itself,
    /// or `replayScratchStep`).
    func committedStep(_ id: Int64, kind: CommittedStep.Kind = .change, journalStep: Int64? = nil, summary: StepSummary,
                       changedRows: Int64, changesAtStart: Int64) throws -> CommittedStep {
        let recorded = journalStep ?? id
        let limit = TodoStore.journalPatchLimit
        let rows = try journaledTodoChanges(where: "step = ? ORDER BY rowid", [recorded], limit: limit + 1)
        let lists = try journaledListChanges(where: "step = ? ORDER BY rowid", [recorded])
        return CommittedStep(id: id, kind: kind, summary: summary, changedRows: changedRows, changesAtStart: changesAtStart,
                             todoChanges: rows.count <= limit ? rows : nil, listChanges: lists)
    }

    /// The todo rows journaled under `condition` (at most `limit`), before and after, in the order
    /// `condition` gives.
    func journaledTodoChanges(where condition: String, _ arguments: [any SQLiteBindable] = [],
                              limit: Int) throws -> [JournaledTodoChange] {
        try connection.query("""
            SELECT old_present, old_list_id, old_position, old_completed_at, old_priority, old_flagged,
                   new_present, new_list_id, new_position, new_completed_at, new_priority, new_flagged, todo_id,
                   old_present AND new_present AND (old_title IS NOT new_title OR old_notes IS NOT new_notes
                   OR old_created_at IS NOT new_created_at OR old_completed_at IS NOT new_completed_at
                   OR old_priority IS NOT new_priority OR old_due IS NOT new_due OR old_flagged IS NOT new_flagged
                   OR old_rrule IS NOT new_rrule OR old_rrule_from_completion IS NOT new_rrule_from_completion
                   OR old_tags IS NOT new_tags OR old_status_mark IS NOT new_status_mark
                   OR old_percent_complete IS NOT new_percent_complete OR old_parent_uid IS NOT new_parent_uid
                   OR old_reminders IS NOT new_reminders OR old_start IS NOT new_start),
                   old_start, new_start, old_title IS NOT new_title OR old_notes IS NOT new_notes
            FROM history_todos WHERE \(condition) LIMIT \(limit)
            """, arguments) { row in
            let id = row.int64(at: 12)
            func side(_ first: Int32, start: Int32) -> JournaledTodoChange.Side? {
                guard row.int64(at: first) != 0 else { return nil }
                return .init(id: id, listID: row.int64(at: first + 1), position: row.int64(at: first + 2),
                             completedAt: row.optionalInt64(at: first + 3), priority: row.int64(at: first + 4),
                             isFlagged: row.int64(at: first + 5) != 0, start: row.optionalString(at: start))
            }
            return JournaledTodoChange(old: side(0, start: 14), new: side(6, start: 15), fieldsChanged: row.int64(at: 13) != 0,
                                       textChanged: row.int64(at: 16) != 0)
        }
    }

    /// The list rows journaled under `condition`, in the order `condition` gives.
    func journaledListChanges(where condition: String, _ arguments: [any SQLiteBindable] = []) throws -> [JournaledListChange] {
        try connection.query("""
            SELECT list_id, old_present, new_present, old_name IS NOT new_name, old_position IS NOT new_position,
                   old_collapsed IS NOT new_collapsed
            FROM history_lists WHERE \(condition)
            """, arguments) { row in
            JournaledListChange(id: row.int64(at: 0), oldPresent: row.int64(at: 1) != 0, newPresent: row.int64(at: 2) != 0,
                                renamed: row.int64(at: 3) != 0, reordered: row.int64(at: 4) != 0, folded: row.int64(at: 5) != 0)
        }
    }
}
