/// Schema version 12 (reminders): a todo's reminders, the VALARMs Tick can show (`Reminder`).
///
/// - `todos.reminders`: NULL (none) or the reminders as `Reminder.stored(_:)` writes them
///   (`due-15 2026-12-04T09:00`). Journaled (undo restores them) and a modification (a reminder
///   changed here is synced and wins a merge by its time): the journal triggers and
///   `todos_modified_time` are made again with it.
/// - `todos_with_reminders`: the open todos that have reminders, so finding the reminders coming
///   due reads those todos alone, never every todo.
///
/// Alarms Tick cannot show stay in the VTODO's text on the server (`VTodoRewriter`), never here.
/// It touches only this column and its index, the journal triggers and the modified-time trigger,
/// which it makes again with every column journaled (or modifying) up to version 11 (subtasks) plus
/// its own; a branch combined after it extends `version12JournaledTodoColumns` and
/// `version12ModifyingTodoColumns` the same way.
extension Schema {
    /// The schema version that adds reminders.
    static let remindersVersion = 12
    /// The todo columns the reminders migration adds to the journal (and to the modifications).
    static let reminderColumns = ["reminders"]
    /// The journaled todo columns of version 12: version 11's plus the reminders.
    static let version12JournaledTodoColumns = version11JournaledTodoColumns + reminderColumns
    /// The modifying columns of version 12: version 11's plus the reminders.
    static let version12ModifyingTodoColumns = version11ModifyingTodoColumns + reminderColumns

    static let remindersSQL = """
        ALTER TABLE todos ADD COLUMN reminders TEXT;
        ALTER TABLE history_todos ADD COLUMN old_reminders TEXT;
        ALTER TABLE history_todos ADD COLUMN new_reminders TEXT;
        CREATE INDEX todos_with_reminders ON todos(id) WHERE reminders IS NOT NULL AND completed_at IS NULL;
        \(rebuiltTodoJournalSQL(columns: version12JournaledTodoColumns))
        DROP TRIGGER todos_modified_time;
        \(modifiedTimeTriggerSQL(columns: version12ModifyingTodoColumns))
        """
}
