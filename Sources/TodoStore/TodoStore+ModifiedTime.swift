import FoundationEssentials

/// When a todo was last modified (schema 9, `Schema.modifiedTimeSQL`): the time a CalDAV sync
/// writes as LAST-MODIFIED and compares with the server's when both changed the same field.
extension TodoStore {
    /// When the todo `id` was last changed, to the millisecond (UTC): its last modification by any
    /// writer of this store, or the server's LAST-MODIFIED for a version a sync brought, else its
    /// creation. Nil when there is no such todo.
    public func modificationDate(ofTodo id: Int64) throws -> Date? {
        try connection.queryFirst(
            """
            SELECT ifnull((SELECT at FROM todo_modified_times WHERE todo_id = todos.id), created_at) FROM todos WHERE id = ?
            """, [id]) { Date(unixMilliseconds: $0.int64(at: 0)) }
    }

    /// Sets the given times (an import's `NewTodo.modifiedAt`) over the ones the triggers stamped,
    /// inside the import's transaction; a nil time leaves the trigger's.
    func recordModificationTimes(_ times: [(todoID: Int64, date: Date?)]) throws {
        for (todoID, date) in times {
            guard let date else { continue }
            try connection.run(
                """
                INSERT INTO todo_modified_times(todo_id, at) VALUES (?, ?)
                ON CONFLICT(todo_id) DO UPDATE SET at = excluded.at
                """, [todoID, date.unixMilliseconds])
        }
    }
}
