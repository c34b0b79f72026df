import FoundationEssentials

/// Where each step came from, and the rule that keeps undo from destroying another device's change.
///
/// The sync writes what it brings from the server as steps of their own, marked `remote`. Undo and
/// redo pass over them (they are never undone), and a change made here is not undone or redone once
/// a later step still in effect (from another device, or a change here whose undo was refused)
/// touched one of its todos or lists: replaying it would write over that newer change.
extension History {
    /// Where a step's change was made (`history_steps.origin`, see `Schema.remoteStepsSQL`).
    enum Origin: Int64 {
        /// On this device: undoable.
        case local = 0
        /// On another device, brought by the sync: never undone.
        case remote = 1
        /// On this device, but its undo was refused (see `supersede(step:)`): in effect for good.
        case superseded = 2
    }

    /// What stops step `step` from being replayed: the first todo or list it changed that a later
    /// step still in effect changed too, or nil. A todo is the same when its id or its UID is (the
    /// sync brings a todo deleted here back under a new id and the same UID).
    func laterChange(overlapping step: Int64) throws -> (subject: String, isList: Bool, byAnotherDevice: Bool)? {
        // The sets of the step's ids and UIDs are built once (SQLite materializes an IN subquery),
        // and only the later steps' rows are walked: those are few, where the step may be an import.
        let todo = try connection.queryFirst("""
            SELECT coalesce(later.new_title, later.old_title), steps.origin
            FROM history_steps AS steps JOIN history_todos AS later ON later.step = steps.id
            WHERE steps.id > ?1 AND steps.undone = 0
              AND (later.todo_id IN (SELECT todo_id FROM history_todos WHERE step = ?1)
                   OR coalesce(later.new_uid, later.old_uid) IN
                      (SELECT coalesce(new_uid, old_uid) FROM history_todos WHERE step = ?1 AND coalesce(new_uid, old_uid) IS NOT NULL))
            ORDER BY steps.id LIMIT 1
            """, [step]) { (subject: $0.string(at: 0), isList: false, byAnotherDevice: $0.int64(at: 1) == Origin.remote.rawValue) }
        if let todo { return todo }
        return try connection.queryFirst("""
            SELECT coalesce(later.new_name, later.old_name), steps.origin
            FROM history_steps AS steps JOIN history_lists AS later ON later.step = steps.id
            WHERE steps.id > ?1 AND steps.undone = 0 AND later.list_id IN (SELECT list_id FROM history_lists WHERE step = ?1)
            ORDER BY steps.id LIMIT 1
            """, [step]) { (subject: $0.string(at: 0), isList: true, byAnotherDevice: $0.int64(at: 1) == Origin.remote.rawValue) }
    }

    /// The changes from other devices that undo passes over to reach step `step`: those newer than
    /// it and older than the next change made here (the ones above that were passed over by an
    /// earlier undo, and said then).
    func remoteStepsPassedOver(toUndo step: Int64) throws -> Int {
        Int(try connection.scalarInt("""
            SELECT count(*) FROM history_steps
            WHERE id > ?1 AND origin = \(Origin.remote.rawValue)
              AND id < coalesce((SELECT min(id) FROM history_steps WHERE id > ?1 AND origin != \(Origin.remote.rawValue)), 9223372036854775807)
            """, [step]))
    }

    /// Whether a step in effect cannot be undone (it came from another device, or its undo was refused).
    func hasStepNotUndoable() throws -> Bool {
        try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM history_steps WHERE undone = 0 AND origin != \(Origin.local.rawValue))") == 1
    }

    /// Undo refused for step `step`: it stays in effect, and undo goes on to older steps from now on.
    func supersede(step: Int64) throws {
        try connection.run("UPDATE history_steps SET origin = ? WHERE id = ?", [Origin.superseded.rawValue, step])
    }

    /// Redo refused for step `step`: it and the redo branch after it are dropped (redo replays in
    /// order, so nothing after it can be redone either).
    func dropRedoBranch(from step: Int64) throws {
        try dropSteps("undone = 1 AND id >= ?", [step])
    }
}
