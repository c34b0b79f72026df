/// Schema version 8 (agenda): open todos with a due date counted per due day, so the agenda's
/// groups are counted and paged without counting the due-day index.
extension Schema {
    /// `due_day_counts` holds, for every day some open todo is due on, how many are: one row per
    /// day, never per todo. Counting a group (a range of days) sums a few rows; the row of a todo
    /// inside a group sums the days before its own and counts only inside its day in the index
    /// `todos_open_by_due_day`. `COUNT(*)` over that index costs about 15 ms of CPU for 260,000
    /// overdue todos at a million, on every change: too much for a key.
    ///
    /// The day is the first ten characters of `due`, so a due time (`2026-12-24T18:30`) counts in
    /// its day. Triggers keep the rows in the same transaction as the todo (undo's and another
    /// process's writes included); a day whose count falls to zero is deleted, so the table holds
    /// only days that something is due on. The table is derived, not journaled: undo replays the
    /// todos and the triggers follow.
    static let agendaCountsSQL = """
        CREATE TABLE due_day_counts(
            day TEXT PRIMARY KEY,
            open_count INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO due_day_counts(day, open_count)
            SELECT substr(due, 1, 10), count(*) FROM todos
            WHERE completed_at IS NULL AND due IS NOT NULL GROUP BY substr(due, 1, 10);
        CREATE TRIGGER todos_due_day_count_insert AFTER INSERT ON todos
        WHEN NEW.completed_at IS NULL AND NEW.due IS NOT NULL BEGIN
            INSERT INTO due_day_counts(day, open_count) VALUES (substr(NEW.due, 1, 10), 1)
                ON CONFLICT(day) DO UPDATE SET open_count = open_count + 1;
        END;
        CREATE TRIGGER todos_due_day_count_delete AFTER DELETE ON todos
        WHEN OLD.completed_at IS NULL AND OLD.due IS NOT NULL BEGIN
            UPDATE due_day_counts SET open_count = open_count - 1 WHERE day = substr(OLD.due, 1, 10);
            DELETE FROM due_day_counts WHERE day = substr(OLD.due, 1, 10) AND open_count <= 0;
        END;
        CREATE TRIGGER todos_due_day_count_update AFTER UPDATE OF due, completed_at ON todos
        WHEN (OLD.completed_at IS NULL AND OLD.due IS NOT NULL) OR (NEW.completed_at IS NULL AND NEW.due IS NOT NULL) BEGIN
            UPDATE due_day_counts SET open_count = open_count - 1
                WHERE OLD.completed_at IS NULL AND OLD.due IS NOT NULL AND day = substr(OLD.due, 1, 10);
            DELETE FROM due_day_counts
                WHERE OLD.completed_at IS NULL AND OLD.due IS NOT NULL AND day = substr(OLD.due, 1, 10) AND open_count <= 0;
            INSERT INTO due_day_counts(day, open_count)
                SELECT substr(NEW.due, 1, 10), 1 WHERE NEW.completed_at IS NULL AND NEW.due IS NOT NULL
                ON CONFLICT(day) DO UPDATE SET open_count = open_count + 1;
        END;
        """
}
