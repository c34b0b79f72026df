/// Recurring todos (version 7).
///
/// `rrule` is an RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=MO,TH`), NULL for a todo that does not recur;
/// `rrule_from_completion` 1 counts the next date from the completion day (todo.txt's `rec:+`).
/// Both are journaled, so undo restores them: the journal gains their `old_`/`new_` columns and the
/// todo journal triggers are recreated with the full column list.
extension Schema {
    /// The todo columns version 7 adds to the journal.
    static let recurrenceColumns = ["rrule", "rrule_from_completion"]

    static let recurrenceSQL = """
        ALTER TABLE todos ADD COLUMN rrule TEXT;
        ALTER TABLE todos ADD COLUMN rrule_from_completion INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE history_todos ADD COLUMN old_rrule TEXT;
        ALTER TABLE history_todos ADD COLUMN old_rrule_from_completion INTEGER;
        ALTER TABLE history_todos ADD COLUMN new_rrule TEXT;
        ALTER TABLE history_todos ADD COLUMN new_rrule_from_completion INTEGER;
        """
}
