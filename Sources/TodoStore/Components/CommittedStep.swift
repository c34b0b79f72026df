import FoundationEssentials

/// One step as it commits, read once from its journal rows: what every `StoreComponent` hears
/// about it (see `TodoStore.runStep`), and the one value a change for the screen is built from.
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
    /// The todo rows the step journaled, before and after, in the order they changed. Nil when the
    /// step is too big to replay (more than `journalPatchLimit` rows) or was not read (undo and redo,
    /// whose rows land where the file now lets them): parts then drop what they derived instead of patching.
    var todoChanges: [JournaledTodoChange]?
    /// Whether the step changed a list row (a name, an order, a fold, a list added or deleted);
    /// true when not known.
    var changedLists: Bool

    /// Journaled rows read per step at most: a bigger step (an import, a big batch) is cheaper to
    /// reload after than to replay.
    static let journalPatchLimit = 20_000
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
            RankIndex.place(listID: listID, position: position, completedAt: completedAt, id: id)
        }
    }

    /// The row before the change; nil when it was inserted.
    var old: Side?
    /// The row after the change; nil when it was deleted.
    var new: Side?
}

extension History {
    /// The step `id` as `journaled` commits it: its todo rows (up to `journalPatchLimit`) and whether
    /// it touched a list, read in two statements before the step is filed (filing may prune it).
    func committedStep(_ id: Int64, summary: StepSummary, changedRows: Int64, changesAtStart: Int64) throws -> CommittedStep {
        let changedLists = try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM history_lists WHERE step = ?)", [id]) != 0
        let rows = try journaledTodoChanges(ofStep: id, limit: CommittedStep.journalPatchLimit + 1)
        return CommittedStep(id: id, kind: .change, summary: summary, changedRows: changedRows, changesAtStart: changesAtStart,
                             todoChanges: rows.count <= CommittedStep.journalPatchLimit ? rows : nil, changedLists: changedLists)
    }

    /// The todo rows the step journaled, before and after, in the order they changed (at most `limit`).
    func journaledTodoChanges(ofStep step: Int64, limit: Int) throws -> [JournaledTodoChange] {
        try connection.query("""
            SELECT old_present, old_list_id, old_position, old_completed_at, old_priority, old_flagged,
                   new_present, new_list_id, new_position, new_completed_at, new_priority, new_flagged, todo_id
            FROM history_todos WHERE step = ? LIMIT ?
            """, [step, limit]) { row in
            let id = row.int64(at: 12)
            func side(_ first: Int32) -> JournaledTodoChange.Side? {
                guard row.int64(at: first) != 0 else { return nil }
                return .init(id: id, listID: row.int64(at: first + 1), position: row.int64(at: first + 2),
                             completedAt: row.optionalInt64(at: first + 3), priority: row.int64(at: first + 4),
                             isFlagged: row.int64(at: first + 5) != 0)
            }
            return JournaledTodoChange(old: side(0), new: side(6))
        }
    }
}
