/// Schema version 10 (subtasks): a todo may name a parent todo.
extension Schema {
    /// The todo column version 10 adds to the journal.
    static let parentColumns = ["parent_uid"]

    /// The journaled columns up to version 8, which later migrations keep making triggers for.
    static let version8JournaledTodoColumns = version7JournaledTodoColumns + uidColumns

    /// The modifying columns of version 9 (`modifyingTodoColumns`) plus the parent: a todo moved
    /// under another parent is a modification the sync dates (RELATED-TO is part of the VTODO).
    static let version10ModifyingTodoColumns = modifyingTodoColumns + parentColumns

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
        DROP TRIGGER todos_modified_time;
        CREATE TRIGGER todos_modified_time AFTER UPDATE OF \(version10ModifyingTodoColumns.joined(separator: ", ")) ON todos
        WHEN \(version10ModifyingTodoColumns.map { "NEW.\($0) IS NOT OLD.\($0)" }.joined(separator: " OR ")) BEGIN
            INSERT INTO todo_modified_times(todo_id, at) VALUES (NEW.id, \(SQLiteConnection.clockFunctionName)())
                ON CONFLICT(todo_id) DO UPDATE SET at = excluded.at;
        END;
        """
}
