/// Schema version 15 (waiting counts): what hiding the todos still waiting for their start day
/// (`R`, issue 31) needs from a list without reading its waiting todos.
///
/// - `list_start_counts`: for the open todos with a start, how many of a list share a start day
///   (one row per list and start day, never per todo), kept by triggers as `due_start_counts` is;
///   a list's waiting todos on a day are a sum over its later start days, whatever "today" is.
/// - `todos_list_starts`: `(list_id, position, start, completed_at)` for the open todos with a
///   start, so the waiting todos of a run of a list's rank blocks are counted from the index alone,
///   in the list's manual order (`RankIndex+Waiting` counts only the blocks a read needs).
///   `completed_at`, always NULL there, makes the index cover the count: SQLite does not count the
///   columns of a partial index's WHERE as held by it, and would read each todo's row otherwise.
///
/// The triggers fire only for rows with a start (before or after), so a change to a todo without
/// one pays a test per row. No journaled column changes.
extension Schema {
    /// The schema version that adds the waiting counts.
    static let waitingCountsVersion = 15

    /// Whether a todo row counts: open, with a start (`ROW` is `NEW` or `OLD`).
    private static func counts(_ row: String) -> String {
        "\(row).start IS NOT NULL AND \(row).completed_at IS NULL"
    }

    static let waitingCountsSQL = """
        CREATE INDEX todos_list_starts ON todos(list_id, position, start, completed_at) WHERE start IS NOT NULL AND completed_at IS NULL;
        CREATE TABLE list_start_counts(
            list_id INTEGER NOT NULL,
            start_day TEXT NOT NULL,
            open_count INTEGER NOT NULL,
            PRIMARY KEY(list_id, start_day)
        ) WITHOUT ROWID;
        INSERT INTO list_start_counts(list_id, start_day, open_count)
            SELECT list_id, substr(start, 1, 10), count(*) FROM todos
            WHERE start IS NOT NULL AND completed_at IS NULL GROUP BY list_id, substr(start, 1, 10);
        CREATE TRIGGER todos_list_start_count_insert AFTER INSERT ON todos
        WHEN \(counts("NEW")) BEGIN
            INSERT INTO list_start_counts(list_id, start_day, open_count) VALUES (NEW.list_id, substr(NEW.start, 1, 10), 1)
                ON CONFLICT(list_id, start_day) DO UPDATE SET open_count = open_count + 1;
        END;
        CREATE TRIGGER todos_list_start_count_delete AFTER DELETE ON todos
        WHEN \(counts("OLD")) BEGIN
            UPDATE list_start_counts SET open_count = open_count - 1
                WHERE list_id = OLD.list_id AND start_day = substr(OLD.start, 1, 10);
            DELETE FROM list_start_counts
                WHERE list_id = OLD.list_id AND start_day = substr(OLD.start, 1, 10) AND open_count <= 0;
        END;
        CREATE TRIGGER todos_list_start_count_update AFTER UPDATE OF list_id, start, completed_at ON todos
        WHEN (\(counts("OLD"))) OR (\(counts("NEW"))) BEGIN
            UPDATE list_start_counts SET open_count = open_count - 1
                WHERE \(counts("OLD")) AND list_id = OLD.list_id AND start_day = substr(OLD.start, 1, 10);
            DELETE FROM list_start_counts
                WHERE \(counts("OLD")) AND list_id = OLD.list_id AND start_day = substr(OLD.start, 1, 10) AND open_count <= 0;
            INSERT INTO list_start_counts(list_id, start_day, open_count)
                SELECT NEW.list_id, substr(NEW.start, 1, 10), 1 WHERE \(counts("NEW"))
                ON CONFLICT(list_id, start_day) DO UPDATE SET open_count = open_count + 1;
        END;
        """
}
