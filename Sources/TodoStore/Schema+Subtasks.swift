/// Schema version 11 (subtasks): a todo may name a parent todo.
///
/// Self-contained like the other per-feature migrations: it adds its columns, then makes the todo
/// journal triggers and `todos_modified_time` again with every column journaled (or modifying) up
/// to version 10 plus its own. A branch combined after it appends its columns to
/// `version11JournaledTodoColumns` / `version11ModifyingTodoColumns` the same way.
extension Schema {
    /// The todo column the subtasks migration adds to the journal and to the modifying columns.
    static let parentColumns = ["parent_uid"]

    /// The journaled todo columns of version 10 (statuses), which this migration's triggers extend.
    static let version10JournaledTodoColumns = version7JournaledTodoColumns + uidColumns + statusColumns
    /// The journaled todo columns of version 11: version 10's plus the parent.
    static let version11JournaledTodoColumns = version10JournaledTodoColumns + parentColumns

    /// The modifying columns of version 10 (`modifyingTodoColumns` plus the statuses).
    static let version10ModifyingTodoColumns = modifyingTodoColumns + statusColumns
    /// Version 10's modifying columns plus the parent: a todo moved under another parent is a
    /// modification the sync dates (RELATED-TO is part of the VTODO).
    static let version11ModifyingTodoColumns = version10ModifyingTodoColumns + parentColumns

    /// `todos.parent_uid` is the iCalendar UID of the todo's parent (RELATED-TO;RELTYPE=PARENT), or
    /// NULL for a todo at the top. It is a UID rather than an id so that a relation can arrive before
    /// its parent (a sync, an import) and survive a parent that is in another list: the relation is
    /// *in effect* only while a todo with that UID is in the same list (`TodoStore+Subtasks`);
    /// otherwise the todo shows at the top and the relation is kept as it is. The store never
    /// writes a chain of parents that loops back (`StoreError.parentCycle`). Journaled, so undo puts
    /// a todo back under its parent; a change of parent is a modification (`todos_modified_time`).
    static let subtasksSQL = """
        ALTER TABLE todos ADD COLUMN parent_uid TEXT;
        CREATE INDEX todos_by_parent_uid ON todos(parent_uid) WHERE parent_uid IS NOT NULL;
        ALTER TABLE history_todos ADD COLUMN old_parent_uid TEXT;
        ALTER TABLE history_todos ADD COLUMN new_parent_uid TEXT;
        \(rebuiltTodoJournalSQL(columns: version11JournaledTodoColumns))
        DROP TRIGGER todos_modified_time;
        \(modifiedTimeTriggerSQL(columns: version11ModifyingTodoColumns))
        """
}
