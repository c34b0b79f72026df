import FoundationEssentials

/// What a sync's pull writes together: the todos of one answer of the server (one remote step) and
/// what the sync records of them, in one transaction, so a download of thousands of todos commits
/// (and waits for the disk) once per answer rather than several times per todo, and a download cut
/// short keeps whole answers, each with its record.
extension TodoStore {
    /// An item of the server just written into the store, as the sync records it.
    public struct ReceivedItem: Equatable, Sendable {
        /// The todo, its UID, and the item's href, ETag and text.
        public var synced: SyncedItem
        /// Whether the todo's pending change (the one writing the item noted) is cleared: false when
        /// the todo holds a merge that is still to go up.
        public var clearsPendingChange: Bool
        /// Whether the item has no place of its own (no X-APPLE-SORT-ORDER): then where the todo is
        /// now is remembered (`syncedPosition(todoID:)`), so that an edit does not add one.
        public var remembersPosition: Bool

        /// An item to record.
        public init(synced: SyncedItem, clearsPendingChange: Bool, remembersPosition: Bool) {
            self.synced = synced
            self.clearsPendingChange = clearsPendingChange
            self.remembersPosition = remembersPosition
        }
    }

    /// Runs `body` in one transaction: the steps it runs are each still a step of their own (undo
    /// takes each back alone, or passes over it when it is remote), but they are written to the disk
    /// together, or, when `body` throws, none of them is.
    public func inOneTransaction<T>(_ body: () throws -> T) throws -> T {
        try requireWritable()
        do {
            return try connection.transaction(body)
        } catch {
            // The steps inside were announced to the parts as they ended; the file has none of them now.
            forgetDerivedState()
            throw error
        }
    }

    /// Records what the server now holds for each of `items` (as `recordSynced` does one), the place
    /// of those without one, and clears the pending changes they settle, in one transaction.
    public func recordReceived(_ items: [ReceivedItem]) throws {
        guard !items.isEmpty else { return }
        try requireWritable()
        try connection.transaction {
            for item in items {
                let synced = item.synced
                try connection.run("DELETE FROM sync_items WHERE (uid = ? OR href = ?) AND todo_id != ?", [synced.uid, synced.href, synced.todoID])
                try connection.run(
                    """
                    INSERT INTO sync_items(todo_id, uid, href, etag, base, synced_position)
                    VALUES (?1, ?2, ?3, ?4, ?5, CASE WHEN ?6 THEN (SELECT position FROM todos WHERE id = ?1) END)
                    ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid, href = excluded.href, etag = excluded.etag,
                                                       base = excluded.base, synced_position = excluded.synced_position
                    """, [synced.todoID, synced.uid, synced.href, synced.etag, synced.base, item.remembersPosition])
                if item.clearsPendingChange { try connection.run("DELETE FROM sync_pending WHERE todo_id = ?", [synced.todoID]) }
            }
        }
    }
}
