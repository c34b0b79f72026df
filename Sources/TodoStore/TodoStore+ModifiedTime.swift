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
        // Many rows per statement (a sync writes one per item that has LAST-MODIFIED): a short chunk
        // repeats its last row, which writes the same time again.
        let given = times.compactMap { time in time.date.map { (time.todoID, $0.unixMilliseconds) } }
        for chunk in Self.paddedRows(given, size: Self.receivedChunkSize) {
            try connection.run(
                """
                INSERT INTO todo_modified_times(todo_id, at) SELECT column1, column2 FROM (VALUES \(Self.rows(of: 2, count: chunk.count))) WHERE true
                ON CONFLICT(todo_id) DO UPDATE SET at = excluded.at
                """, chunk.flatMap { [$0.0, $0.1] as [any SQLiteBindable] })
        }
    }
}
