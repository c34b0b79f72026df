/// Schema version 16 (the recording step): the journal triggers read the step they record under
/// from the connection (`tick_recording_step()`, `SQLiteConnection.recordingStep`) instead of from
/// `history_state.recording`.
///
/// Opening a step used to write `recording` and closing it to write NULL back: two statements and
/// one page of the write-ahead log on every change (issue 29), for a value no other connection may
/// ever see (it is set only inside the writer's transaction). The value now lives in memory for the
/// length of the transaction, and a transaction that rolls back puts back what it found
/// (`SQLiteConnection.transaction`). `history_state` stays, always NULL: older files have it and the
/// integrity check still reads it.
///
/// Only the six journal triggers change, made again with the same columns as version 13's; no
/// table, no row and nothing journaled changes. Every connection Tick opens registers the function
/// before any migration runs, as it does `tick_clock_ms()`.
extension Schema {
    /// The schema version whose journal triggers ask the connection for the recording step.
    static let recordingStepVersion = 16

    /// The expression the triggers of version 16 record under.
    static let recordingFromConnection = "\(SQLiteConnection.recordingFunctionName)()"

    /// Drops the six journal triggers (of `todos` and `lists`), which a migration then writes again.
    static let dropJournalTriggersSQL = """
        DROP TRIGGER todos_journal_insert;
        DROP TRIGGER todos_journal_update;
        DROP TRIGGER todos_journal_delete;
        DROP TRIGGER lists_journal_insert;
        DROP TRIGGER lists_journal_update;
        DROP TRIGGER lists_journal_delete;
        """

    static let recordingStepSQL = """
        \(dropJournalTriggersSQL)
        \(journalTriggers(table: "todos", journal: "history_todos", key: "todo_id", columns: version13JournaledTodoColumns,
                          recording: recordingFromConnection))
        \(journalTriggers(table: "lists", journal: "history_lists", key: "list_id", columns: journaledListColumns,
                          recording: recordingFromConnection))
        """
}
