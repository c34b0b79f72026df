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

    /// Rows per statement of `recordReceived` and of the lookups below; a short chunk repeats its
    /// last row, so one statement text serves every chunk.
    static let receivedChunkSize = 100

    /// `recordReceived`'s first statement, for a chunk of `receivedChunkSize` rows (built once: it is
    /// kilobytes of text).
    static let receivedOthersSQL = """
        WITH received(uid, href, todo_id) AS (VALUES \(rows(of: 3, count: receivedChunkSize)))
        DELETE FROM sync_items WHERE todo_id IN (
            SELECT s.todo_id FROM received AS r JOIN sync_items AS s ON s.uid = r.uid AND s.todo_id != r.todo_id
            UNION SELECT s.todo_id FROM received AS r JOIN sync_items AS s ON s.href = r.href AND s.todo_id != r.todo_id)
        """

    /// `recordReceived`'s second statement, for a chunk of `receivedChunkSize` rows (built once).
    static let receivedRecordSQL = """
        INSERT INTO sync_items(todo_id, uid, href, etag, base, synced_position)
        SELECT v.column1, v.column2, v.column3, v.column4, v.column5,
               CASE WHEN v.column6 THEN (SELECT position FROM todos WHERE id = v.column1) END
        FROM (VALUES \(rows(of: 6, count: receivedChunkSize))) AS v WHERE true
        ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid, href = excluded.href, etag = excluded.etag,
                                           base = excluded.base, synced_position = excluded.synced_position
        """

    /// Records what the server now holds for each of `items` (as `recordSynced` does one), the place
    /// of those without one, and clears the pending changes they settle, in one transaction, a chunk
    /// of rows per statement.
    public func recordReceived(_ items: [ReceivedItem]) throws {
        guard !items.isEmpty else { return }
        try requireWritable()
        try connection.transaction {
            for chunk in Self.paddedRows(items, size: Self.receivedChunkSize) {
                // The rows of other todos under one of these UIDs or hrefs (a todo that came back under a new id) go first.
                try connection.run(Self.receivedOthersSQL, chunk.flatMap { [$0.synced.uid, $0.synced.href, $0.synced.todoID] as [any SQLiteBindable] })
                try connection.run(Self.receivedRecordSQL, chunk.flatMap { item -> [any SQLiteBindable] in
                        let synced = item.synced
                        return [synced.todoID, synced.uid, synced.href, synced.etag, synced.base, item.remembersPosition]
                    })
            }
            try runChunked("DELETE FROM sync_pending WHERE todo_id IN (#)", ids: items.filter(\.clearsPendingChange).map(\.synced.todoID))
        }
    }

    /// The todos holding `uids`, by UID: a chunk of UIDs per query.
    public func items(uids: [String]) throws -> [String: TodoItem] {
        var found: [String: TodoItem] = [:]
        for chunk in Self.paddedRows(uids, size: Self.receivedChunkSize) {
            for item in try fetchItems("WHERE uid IN (\(Self.placeholders(chunk.count)))", chunk) { found[item.uid] = item }
        }
        return found
    }

    /// The synced items at `hrefs`, by href: a chunk of hrefs per query.
    public func syncedItems(hrefs: [String]) throws -> [String: SyncedItem] {
        var found: [String: SyncedItem] = [:]
        for chunk in Self.paddedRows(hrefs, size: Self.receivedChunkSize) {
            let rows = try connection.query("SELECT todo_id, uid, href, etag, base FROM sync_items WHERE href IN (\(Self.placeholders(chunk.count)))",
                                            chunk, row: Self.syncedItem)
            for item in rows { found[item.href] = item }
        }
        return found
    }

    /// The ETags of the synced items at `hrefs` (nil for an item stored without one), by href, without
    /// their texts: what a listing of a collection is compared with.
    public func syncedETags(hrefs: [String]) throws -> [String: String?] {
        var found: [String: String?] = [:]
        for chunk in Self.paddedRows(hrefs, size: Self.receivedChunkSize) {
            let rows = try connection.query("SELECT href, etag FROM sync_items WHERE href IN (\(Self.placeholders(chunk.count)))", chunk) {
                ($0.string(at: 0), $0.optionalString(at: 1))
            }
            for (href, etag) in rows { found[href] = .some(etag) }
        }
        return found
    }

    /// The pending changes of `todoIDs`, by todo id.
    public func pendingSyncChanges(todoIDs: [Int64]) throws -> [Int64: PendingSyncChange] {
        var found: [Int64: PendingSyncChange] = [:]
        for chunk in Self.paddedRows(todoIDs, size: Self.receivedChunkSize) {
            let rows = try connection.query("SELECT todo_id, uid, deleted, revision FROM sync_pending WHERE todo_id IN (\(Self.placeholders(chunk.count)))",
                                            chunk) { row in
                PendingSyncChange(todoID: row.int64(at: 0), uid: row.string(at: 1), isDeletion: row.int64(at: 2) != 0, revision: row.int64(at: 3))
            }
            for change in rows { found[change.todoID] = change }
        }
        return found
    }

    /// `values` in chunks of exactly `size`, the last one padded by repeating its last value
    /// (harmless in these statements), so one statement text serves every chunk.
    static func paddedRows<T>(_ values: [T], size: Int) -> [[T]] {
        stride(from: 0, to: values.count, by: size).map { start in
            var chunk = Array(values[start..<min(start + size, values.count)])
            chunk += Array(repeating: chunk[chunk.count - 1], count: size - chunk.count)
            return chunk
        }
    }

    /// "(?, ?), (?, ?)" for `count` rows of `width` values.
    static func rows(of width: Int, count: Int) -> String {
        Array(repeating: "(" + placeholders(width) + ")", count: count).joined(separator: ", ")
    }
}
