import FoundationEssentials

/// The CalDAV sync's state in the store (schema 8, `Schema.syncStateSQL`): collections, synced items,
/// local changes waiting to go up, conflicts and finished syncs. These writes are not undo steps:
/// each is its own small transaction, made as soon as the server has answered, so an interrupted
/// sync resumes without sending anything twice.
extension TodoStore {
    /// A list's calendar collection on the server.
    public struct SyncCollection: Equatable, Sendable {
        /// The list that syncs with it.
        public var listID: Int64
        /// The collection's href (a path on the server).
        public var href: String
        /// The sync-collection token of the last pull, nil before the first one or when the server has none.
        public var syncToken: String?

        /// A collection of `listID` at `href`.
        public init(listID: Int64, href: String, syncToken: String? = nil) {
            self.listID = listID
            self.href = href
            self.syncToken = syncToken
        }
    }

    /// A todo as the server last had it.
    public struct SyncedItem: Equatable, Sendable {
        /// The todo's id here (its row may be gone: deleted here, not yet on the server).
        public var todoID: Int64
        /// The todo's iCalendar UID.
        public var uid: String
        /// The item's href on the server.
        public var href: String
        /// Its ETag when last read or written, nil when the server gave none.
        public var etag: String?
        /// The VTODO text last synced: the merge's base, and the other clients' properties.
        public var base: String

        /// An item as the server last had it.
        public init(todoID: Int64, uid: String, href: String, etag: String?, base: String) {
            self.todoID = todoID
            self.uid = uid
            self.href = href
            self.etag = etag
            self.base = base
        }
    }

    /// A local change waiting to go up.
    public struct PendingSyncChange: Equatable, Sendable {
        /// The todo changed.
        public var todoID: Int64
        /// Its UID.
        public var uid: String
        /// Whether it was deleted here (its remote item is to be deleted).
        public var isDeletion: Bool
        /// Grows with each change of the todo: `clearPendingSyncChange` clears only the revision it sent.
        public var revision: Int64
    }

    /// A field that lost a merge.
    public struct SyncConflict: Equatable, Sendable {
        /// When it was recorded.
        public var date: Date
        /// The todo's UID and title (after the merge).
        public var uid: String, title: String
        /// The field that lost (`title`, `due`…) and the value it had on the losing side.
        public var field: String, lostValue: String

        /// A lost field of the todo `uid`.
        public init(date: Date, uid: String, title: String, field: String, lostValue: String) {
            self.date = date
            self.uid = uid
            self.title = title
            self.field = field
            self.lostValue = lostValue
        }
    }

    /// The lists' collections.
    public func syncCollections() throws -> [SyncCollection] {
        try connection.query("SELECT list_id, href, sync_token FROM sync_collections ORDER BY list_id") { row in
            SyncCollection(listID: row.int64(at: 0), href: row.string(at: 1), syncToken: row.optionalString(at: 2))
        }
    }

    /// Records (or replaces) a list's collection and its token.
    public func saveSyncCollection(_ collection: SyncCollection) throws {
        try writeSyncState(
            """
            INSERT INTO sync_collections(list_id, href, sync_token) VALUES (?, ?, ?)
            ON CONFLICT(list_id) DO UPDATE SET href = excluded.href, sync_token = excluded.sync_token
            """, [collection.listID, collection.href, collection.syncToken])
    }

    /// The hrefs of collections whose list was deleted here: not to be adopted or made into a list again.
    public func droppedSyncCollections() throws -> Set<String> {
        Set(try connection.query("SELECT href FROM sync_dropped_collections") { $0.string(at: 0) })
    }

    /// Forgets a list's collection (it was deleted on the server, or the list stays local now).
    public func forgetSyncCollection(listID: Int64) throws {
        try writeSyncState("DELETE FROM sync_collections WHERE list_id = ?", [listID])
    }

    /// The synced item of a todo, by its id.
    public func syncedItem(todoID: Int64) throws -> SyncedItem? {
        try connection.queryFirst("SELECT todo_id, uid, href, etag, base FROM sync_items WHERE todo_id = ?", [todoID], row: Self.syncedItem)
    }

    /// The synced item with an href (what a sync-collection answer names).
    public func syncedItem(href: String) throws -> SyncedItem? {
        try connection.queryFirst("SELECT todo_id, uid, href, etag, base FROM sync_items WHERE href = ?", [href], row: Self.syncedItem)
    }

    /// The synced items whose href is inside `collectionHref` (for an ETag listing).
    public func syncedItems(inCollection collectionHref: String) throws -> [SyncedItem] {
        try connection.query("SELECT todo_id, uid, href, etag, base FROM sync_items WHERE substr(href, 1, length(?)) = ?",
                             [collectionHref, collectionHref], row: Self.syncedItem)
    }

    /// How many synced items have an href inside `collectionHref` (what this device holds of it).
    public func syncedItemCount(inCollection collectionHref: String) throws -> Int {
        Int(try connection.queryFirst("SELECT count(*) FROM sync_items WHERE substr(href, 1, length(?)) = ?",
                                      [collectionHref, collectionHref], row: { $0.int64(at: 0) }) ?? 0)
    }

    static func syncedItem(_ row: SQLiteStatement) -> SyncedItem {
        SyncedItem(todoID: row.int64(at: 0), uid: row.string(at: 1), href: row.string(at: 2),
                   etag: row.optionalString(at: 3), base: row.string(at: 4))
    }

    /// Records what the server now holds for a todo, and clears its pending change if it is still
    /// `revision` (the change that was sent): a change made meanwhile stays pending.
    public func recordSynced(_ item: SyncedItem, clearingRevision revision: Int64?) throws {
        try requireWritable()
        try connection.transaction {
            try connection.run("DELETE FROM sync_items WHERE (uid = ? OR href = ?) AND todo_id != ?", [item.uid, item.href, item.todoID])
            try connection.run(
                """
                INSERT INTO sync_items(todo_id, uid, href, etag, base) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid, href = excluded.href, etag = excluded.etag, base = excluded.base
                """, [item.todoID, item.uid, item.href, item.etag, item.base])
            if let revision { try connection.run("DELETE FROM sync_pending WHERE todo_id = ? AND revision = ?", [item.todoID, revision]) }
        }
    }

    /// Forgets a todo's remote item (deleted on the server, by this sync or another client), and
    /// its pending deletion if it is still `revision`.
    public func forgetSyncedItem(todoID: Int64, clearingRevision revision: Int64?) throws {
        try requireWritable()
        try connection.transaction {
            try connection.run("DELETE FROM sync_items WHERE todo_id = ?", [todoID])
            if let revision { try connection.run("DELETE FROM sync_pending WHERE todo_id = ? AND revision = ?", [todoID, revision]) }
        }
    }

    /// The local changes waiting to go up, oldest todo first.
    public func pendingSyncChanges() throws -> [PendingSyncChange] {
        try connection.query("SELECT todo_id, uid, deleted, revision FROM sync_pending ORDER BY todo_id") { row in
            PendingSyncChange(todoID: row.int64(at: 0), uid: row.string(at: 1), isDeletion: row.int64(at: 2) != 0, revision: row.int64(at: 3))
        }
    }

    /// Marks every todo of `listID` as waiting to go up (a list that just got its collection).
    public func markListPendingForSync(listID: Int64) throws {
        try writeSyncState(
            """
            INSERT INTO sync_pending(todo_id, uid, deleted) SELECT id, uid, 0 FROM todos WHERE list_id = ?
            ON CONFLICT(todo_id) DO UPDATE SET deleted = 0, revision = revision + 1
            """, [listID])
    }

    /// Records the fields that lost a merge.
    public func recordSyncConflicts(_ conflicts: [SyncConflict]) throws {
        guard !conflicts.isEmpty else { return }
        try requireWritable()
        try connection.transaction {
            for conflict in conflicts {
                try connection.run("INSERT INTO sync_conflicts(at, uid, title, field, lost) VALUES (?, ?, ?, ?, ?)",
                                   [Int64(conflict.date.timeIntervalSince1970), conflict.uid, conflict.title, conflict.field, conflict.lostValue])
            }
            // Only the recent ones matter to a person reading --status.
            try connection.run("DELETE FROM sync_conflicts WHERE id <= (SELECT max(id) FROM sync_conflicts) - 100")
        }
    }

    /// The last `limit` conflicts, newest first.
    public func syncConflicts(limit: Int) throws -> [SyncConflict] {
        try connection.query("SELECT at, uid, title, field, lost FROM sync_conflicts ORDER BY id DESC LIMIT ?", [limit]) { row in
            SyncConflict(date: Date(timeIntervalSince1970: Double(row.int64(at: 0))), uid: row.string(at: 1), title: row.string(at: 2),
                         field: row.string(at: 3), lostValue: row.string(at: 4))
        }
    }

    /// Records a finished sync and its summary line.
    public func recordSyncRun(summary: String) throws {
        try requireWritable()
        try connection.transaction {
            try connection.run("INSERT INTO sync_runs(at, summary) VALUES (?, ?)", [Int64(clock().timeIntervalSince1970), summary])
            try connection.run("DELETE FROM sync_runs WHERE id <= (SELECT max(id) FROM sync_runs) - 100")
        }
    }

    /// The last finished sync: when, and its summary; nil before the first.
    public func lastSyncRun() throws -> (date: Date, summary: String)? {
        try connection.queryFirst("SELECT at, summary FROM sync_runs ORDER BY id DESC LIMIT 1") { row in
            (Date(timeIntervalSince1970: Double(row.int64(at: 0))), row.string(at: 1))
        }
    }

    private func writeSyncState(_ sql: String, _ arguments: [any SQLiteBindable]) throws {
        try requireWritable()
        _ = try connection.transaction { try connection.run(sql, arguments) }
    }
}

extension TodoStore {
    /// The local change of one todo waiting to go up, if any.
    public func pendingSyncChange(todoID: Int64) throws -> PendingSyncChange? {
        try connection.queryFirst("SELECT todo_id, uid, deleted, revision FROM sync_pending WHERE todo_id = ?", [todoID]) { row in
            PendingSyncChange(todoID: row.int64(at: 0), uid: row.string(at: 1), isDeletion: row.int64(at: 2) != 0, revision: row.int64(at: 3))
        }
    }
}
