/// Schema version 13 (start dates): the day (or day and time) before which a todo should not bother
/// anyone: iCalendar's DTSTART on a VTODO, taskwarrior's `wait`/`scheduled`, todo.txt's `t:`.
///
/// - `todos.start`: NULL (none) or a date as `due` is written (`YYYY-MM-DD` or
///   `YYYY-MM-DDTHH:MM`, local wall time, see `DueText`). Journaled (undo restores it) and a
///   modification (synced, and a change here wins a merge by its time): the journal triggers and
///   `todos_modified_time` are made again with it.
/// - `todos_waiting`: the open todos that have a start, so "waiting" (`is:waiting`) reads those alone.
/// - `due_start_counts`: for the open todos with both a due date and a start, how many share a due
///   day and a start day (one row per pair, never per todo), kept by triggers like `due_day_counts`;
///   the agenda leaves out the todos still waiting by subtracting these rows from `due_day_counts`,
///   so its counts stay a sum over days whatever "today" is. The triggers fire only for rows with a
///   start, so an import of todos without one pays a test per row.
///
/// A branch combined after it extends `version13JournaledTodoColumns` and
/// `version13ModifyingTodoColumns` the same way.
extension Schema {
    /// The schema version that adds start dates.
    static let startDatesVersion = 13
    /// The todo columns the start-dates migration adds to the journal (and to the modifications).
    static let startColumns = ["start"]
    /// The journaled todo columns of version 13: version 12's plus the start.
    static let version13JournaledTodoColumns = version12JournaledTodoColumns + startColumns
    /// The modifying columns of version 13: version 12's plus the start.
    static let version13ModifyingTodoColumns = version12ModifyingTodoColumns + startColumns

    static let startDatesSQL = """
        ALTER TABLE todos ADD COLUMN start TEXT;
        ALTER TABLE history_todos ADD COLUMN old_start TEXT;
        ALTER TABLE history_todos ADD COLUMN new_start TEXT;
        CREATE INDEX todos_waiting ON todos(start) WHERE start IS NOT NULL AND completed_at IS NULL;
        CREATE TABLE due_start_counts(
            day TEXT NOT NULL,
            start_day TEXT NOT NULL,
            open_count INTEGER NOT NULL,
            PRIMARY KEY(day, start_day)
        ) WITHOUT ROWID;
        CREATE TRIGGER todos_due_start_count_insert AFTER INSERT ON todos
        WHEN NEW.start IS NOT NULL AND NEW.completed_at IS NULL AND NEW.due IS NOT NULL BEGIN
            INSERT INTO due_start_counts(day, start_day, open_count) VALUES (substr(NEW.due, 1, 10), substr(NEW.start, 1, 10), 1)
                ON CONFLICT(day, start_day) DO UPDATE SET open_count = open_count + 1;
        END;
        CREATE TRIGGER todos_due_start_count_delete AFTER DELETE ON todos
        WHEN OLD.start IS NOT NULL AND OLD.completed_at IS NULL AND OLD.due IS NOT NULL BEGIN
            UPDATE due_start_counts SET open_count = open_count - 1
                WHERE day = substr(OLD.due, 1, 10) AND start_day = substr(OLD.start, 1, 10);
            DELETE FROM due_start_counts
                WHERE day = substr(OLD.due, 1, 10) AND start_day = substr(OLD.start, 1, 10) AND open_count <= 0;
        END;
        CREATE TRIGGER todos_due_start_count_update AFTER UPDATE OF due, start, completed_at ON todos
        WHEN (OLD.start IS NOT NULL AND OLD.completed_at IS NULL AND OLD.due IS NOT NULL)
          OR (NEW.start IS NOT NULL AND NEW.completed_at IS NULL AND NEW.due IS NOT NULL) BEGIN
            UPDATE due_start_counts SET open_count = open_count - 1
                WHERE OLD.start IS NOT NULL AND OLD.completed_at IS NULL AND OLD.due IS NOT NULL
                  AND day = substr(OLD.due, 1, 10) AND start_day = substr(OLD.start, 1, 10);
            DELETE FROM due_start_counts
                WHERE OLD.start IS NOT NULL AND OLD.completed_at IS NULL AND OLD.due IS NOT NULL
                  AND day = substr(OLD.due, 1, 10) AND start_day = substr(OLD.start, 1, 10) AND open_count <= 0;
            INSERT INTO due_start_counts(day, start_day, open_count)
                SELECT substr(NEW.due, 1, 10), substr(NEW.start, 1, 10), 1
                WHERE NEW.start IS NOT NULL AND NEW.completed_at IS NULL AND NEW.due IS NOT NULL
                ON CONFLICT(day, start_day) DO UPDATE SET open_count = open_count + 1;
        END;
        \(rebuiltTodoJournalSQL(columns: version13JournaledTodoColumns))
        DROP TRIGGER todos_modified_time;
        \(modifiedTimeTriggerSQL(columns: version13ModifyingTodoColumns))
        """
}
