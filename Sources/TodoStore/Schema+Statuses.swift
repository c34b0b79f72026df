/// Schema version 10 (statuses): a todo may be started or cancelled, and may say how far along it
/// is, as iCalendar's STATUS:IN-PROCESS, STATUS:CANCELLED and PERCENT-COMPLETE say.
///
/// - `todos.status_mark`: NULL, `'in-process'` (only on an open todo) or `'cancelled'` (only on a
///   finished one, which keeps its completion time, so counts, hiding done todos and the agenda
///   treat it as finished without knowing the mark).
/// - `todos.percent_complete`: 0–100 or NULL.
///
/// Both are journaled (undo restores them) and count as modifications (a status change is synced
/// and wins a merge by its time): the journal triggers and `todos_modified_time` are made again
/// with them. Independent of the other version-10 candidates: it touches only these two columns,
/// the journal triggers and the modified-time trigger.
extension Schema {
    /// The todo columns the statuses migration adds to the journal.
    static let statusColumns = ["status_mark", "percent_complete"]

    static let statusesSQL = """
        ALTER TABLE todos ADD COLUMN status_mark TEXT;
        ALTER TABLE todos ADD COLUMN percent_complete INTEGER;
        ALTER TABLE history_todos ADD COLUMN old_status_mark TEXT;
        ALTER TABLE history_todos ADD COLUMN old_percent_complete INTEGER;
        ALTER TABLE history_todos ADD COLUMN new_status_mark TEXT;
        ALTER TABLE history_todos ADD COLUMN new_percent_complete INTEGER;
        \(rebuiltTodoJournalSQL(columns: version7JournaledTodoColumns + uidColumns + statusColumns))
        DROP TRIGGER todos_modified_time;
        \(modifiedTimeTriggerSQL(columns: modifyingTodoColumns + statusColumns))
        """
}
