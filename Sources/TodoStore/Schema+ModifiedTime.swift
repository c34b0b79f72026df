/// Schema version 9 (sync conflicts): when each todo was last changed here, so a field changed on
/// two devices is decided by the later change (`TodoMerge`), as LAST-MODIFIED says in iCalendar.
extension Schema {
    /// The todo columns whose change is a modification: what a person sees and a VTODO carries.
    /// `position` counts, since the place in the manual order is synced (X-APPLE-SORT-ORDER), so a
    /// todo moved on two devices takes the later move; `created_at` and `uid` do not.
    static let modifyingTodoColumns = ["list_id", "title", "notes", "completed_at", "priority", "due", "flagged",
                                       "rrule", "rrule_from_completion", "tags", "position"]

    /// - `todo_modified_times`: a todo's last modification (Unix milliseconds, UTC). A todo without
    ///   a row was not changed since it was added: its time is `created_at` (the upgrade from version
    ///   8 leaves every todo so, which keeps the old rule for them: on the first sync after it, the
    ///   server's LAST-MODIFIED is the later one for any todo edited there since).
    /// - `todos_modified_time` stamps a todo whose modifying columns changed with `tick_clock_ms()`
    ///   (the store's clock), whatever changes it, a key,
    ///   a command, an import, undo or redo (an undo is a new change, so it is dated now: this
    ///   table is not journaled). A sync writing the server's version sets the server's
    ///   LAST-MODIFIED over it in the same step (`NewTodo.modifiedAt`).
    ///
    /// A table of its own rather than a `todos` column: stamping a column from a trigger is a
    /// second UPDATE of the todo, which would write a second journal row per change.
    static let modifiedTimeSQL = """
        CREATE TABLE todo_modified_times(
            todo_id INTEGER PRIMARY KEY,
            at INTEGER NOT NULL
        );
        \(modifiedTimeTriggerSQL(columns: modifyingTodoColumns))
        CREATE TRIGGER todos_modified_time_delete AFTER DELETE ON todos BEGIN
            DELETE FROM todo_modified_times WHERE todo_id = OLD.id;
        END;
        -- Version 8 kept only whose change lost; the text now says the whole outcome ("kept …, … lost").
        UPDATE sync_conflicts SET lost = lost || ' lost';
        """

    /// The trigger that stamps a todo whose `columns` changed (made again by a migration that adds
    /// modifying columns).
    static func modifiedTimeTriggerSQL(columns: [String]) -> String {
        """
        CREATE TRIGGER todos_modified_time AFTER UPDATE OF \(columns.joined(separator: ", ")) ON todos
        WHEN \(columns.map { "NEW.\($0) IS NOT OLD.\($0)" }.joined(separator: " OR ")) BEGIN
            INSERT INTO todo_modified_times(todo_id, at) VALUES (NEW.id, \(SQLiteConnection.clockFunctionName)())
                ON CONFLICT(todo_id) DO UPDATE SET at = excluded.at;
        END;
        """
    }
}
