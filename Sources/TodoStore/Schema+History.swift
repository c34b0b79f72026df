import FoundationEssentials

/// The undo journal of schema version 2.
///
/// A mutation opens a step and sets `history_state.recording` to its id for the length of its
/// transaction (since version 16 the connection's `recordingStep`, which the triggers read through
/// `tick_recording_step()`); while it is set, triggers copy every changed todo and list row, before and after,
/// into the journal. Triggers rather than Swift code do the copying so that rows changed on the
/// side (renumbered neighbours, todos of a deleted list) are never missed. Outside our mutations
/// `recording` is NULL, so other writers (and undo itself) are not journaled.
extension Schema {
    /// The columns of a todo row, in the order the journal stores them.
    static let journaledTodoColumns = version13JournaledTodoColumns
    /// The journaled columns after version 7, which its migration's triggers copy (a released
    /// migration, so it keeps making exactly these).
    static let version7JournaledTodoColumns = version2JournaledTodoColumns + recurrenceColumns + tagColumns
    /// The journaled columns when the journal was created (version 2): `historySQL` is a released
    /// migration, so it must keep creating exactly these, and later versions add theirs.
    static let version2JournaledTodoColumns = ["list_id", "title", "notes", "position", "created_at", "completed_at",
                                               "priority", "due", "flagged"]
    /// Version 7's todo journal triggers, made again with its journaled columns once the
    /// migration has added them to `todos` and `history_todos`.
    static var rebuiltTodoJournalSQL: String { rebuiltTodoJournalSQL(columns: version7JournaledTodoColumns) }

    /// The todo journal triggers made again to copy `columns` (a migration that adds journaled columns).
    static func rebuiltTodoJournalSQL(columns: [String]) -> String {
        """
        DROP TRIGGER todos_journal_insert;
        DROP TRIGGER todos_journal_update;
        DROP TRIGGER todos_journal_delete;
        \(journalTriggers(table: "todos", journal: "history_todos", key: "todo_id", columns: columns))
        """
    }
    /// The columns of a list row, in the order the journal stores them.
    static let journaledListColumns = ["name", "position", "collapsed"]

    static let historySQL = """
        -- AUTOINCREMENT: a step id is never reused, even after its journal rows outlive it as garbage.
        CREATE TABLE history_steps(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            description TEXT NOT NULL,
            todo_ids TEXT NOT NULL DEFAULT '',
            undone INTEGER NOT NULL DEFAULT 0   -- 1: undone, waiting for redo
        );
        CREATE TABLE history_state(id INTEGER PRIMARY KEY CHECK (id = 1), recording INTEGER);
        INSERT INTO history_state(id, recording) VALUES (1, NULL);
        CREATE TABLE history_todos(
            step INTEGER NOT NULL,
            todo_id INTEGER NOT NULL,
            old_present INTEGER NOT NULL,
            \(columns(version2JournaledTodoColumns, prefix: "old_")),
            new_present INTEGER NOT NULL,
            \(columns(version2JournaledTodoColumns, prefix: "new_"))
        );
        CREATE INDEX history_todos_by_step ON history_todos(step);
        CREATE TABLE history_lists(
            step INTEGER NOT NULL,
            list_id INTEGER NOT NULL,
            old_present INTEGER NOT NULL,
            \(columns(journaledListColumns, prefix: "old_")),
            new_present INTEGER NOT NULL,
            \(columns(journaledListColumns, prefix: "new_"))
        );
        CREATE INDEX history_lists_by_step ON history_lists(step);
        -- Dropped steps too big to delete at once; later mutations delete their rows a chunk at a time.
        CREATE TABLE history_garbage(step INTEGER PRIMARY KEY);
        \(journalTriggers(table: "todos", journal: "history_todos", key: "todo_id", columns: version2JournaledTodoColumns))
        \(journalTriggers(table: "lists", journal: "history_lists", key: "list_id", columns: journaledListColumns))
        """

    private static func columns(_ names: [String], prefix: String) -> String {
        names.map { prefix + $0 }.joined(separator: ", ")
    }

    /// Where the journal triggers of versions 2 to 15 read the step they record under (released
    /// migrations keep making exactly these; version 16 asks a function instead, `Schema+RecordingStep.swift`).
    static let recordingFromTable = "(SELECT recording FROM history_state WHERE id = 1)"

    /// Insert, update and delete triggers that copy rows of `table` into `journal` while recording
    /// (while `recording`, an SQL expression, is not NULL: the step the rows are recorded under).
    static func journalTriggers(table: String, journal: String, key: String, columns names: [String],
                                recording: String = recordingFromTable) -> String {
        let old = columns(names, prefix: "old_"), new = columns(names, prefix: "new_")
        let oldValues = names.map { "OLD." + $0 }.joined(separator: ", ")
        let newValues = names.map { "NEW." + $0 }.joined(separator: ", ")
        return """
            CREATE TRIGGER \(table)_journal_insert AFTER INSERT ON \(table) WHEN \(recording) IS NOT NULL BEGIN
                INSERT INTO \(journal)(step, \(key), old_present, new_present, \(new))
                VALUES (\(recording), NEW.id, 0, 1, \(newValues));
            END;
            CREATE TRIGGER \(table)_journal_update AFTER UPDATE ON \(table) WHEN \(recording) IS NOT NULL BEGIN
                INSERT INTO \(journal)(step, \(key), old_present, new_present, \(old), \(new))
                VALUES (\(recording), NEW.id, 1, 1, \(oldValues), \(newValues));
            END;
            CREATE TRIGGER \(table)_journal_delete AFTER DELETE ON \(table) WHEN \(recording) IS NOT NULL BEGIN
                INSERT INTO \(journal)(step, \(key), old_present, new_present, \(old))
                VALUES (\(recording), OLD.id, 1, 0, \(oldValues));
            END;
            """
    }
}
