import FoundationEssentials

/// Reading single todos and decoding rows.
extension TodoStore {
    static let itemColumns = "id, list_id, title, notes, position, created_at, completed_at, priority, due, flagged, rrule, rrule_from_completion, tags, uid, status_mark, percent_complete, parent_uid, reminders, start"

    /// `itemColumns` as `c.id, c.list_id, …`, for the subtasks in a join with their parent; built
    /// once: splitting the list on every read cost more than reading a todo without subtasks.
    static let childItemColumns = prefixedItemColumns("c")
    /// `itemColumns` as `todos.id, todos.list_id, …`, for todos joined with another table.
    static let qualifiedItemColumns = prefixedItemColumns("todos")

    private static func prefixedItemColumns(_ table: String) -> String {
        itemColumns.split(separator: ",").map { table + "." + $0.drop { $0 == " " } }.joined(separator: ", ")
    }

    /// The todo with this id, or nil.
    public func item(id: Int64) throws -> TodoItem? {
        try fetchItems("WHERE id = ?", [id]).first
    }

    /// Runs `SELECT <columns> FROM todos <clause>` and decodes each row.
    func fetchItems(_ clause: String, _ arguments: [any SQLiteBindable]) throws -> [TodoItem] {
        try connection.query("SELECT \(Self.itemColumns) FROM todos \(clause)", arguments, row: Self.decodeItem)
    }

    /// Ids read per statement by `items(ids:)`: a page of rows, so a page is one query.
    static let itemChunkSize = 32

    /// The todos with these ids, in the order given (missing ones are skipped): one query per
    /// `itemChunkSize` ids (see `paddedChunks`).
    func items(ids: some Collection<Int64>) throws -> [TodoItem] {
        guard ids.count > 1 else { return try ids.compactMap { try item(id: $0) } }
        let wanted = Array(ids)
        var found: [Int64: TodoItem] = [:]
        found.reserveCapacity(wanted.count)
        let clause = "WHERE id IN (\(Self.placeholders(Self.itemChunkSize)))"
        for chunk in Self.paddedChunks(wanted, size: Self.itemChunkSize) {
            for item in try fetchItems(clause, chunk) { found[item.id] = item }
        }
        return wanted.compactMap { found[$0] }
    }

    func requireItem(id: Int64) throws -> TodoItem {
        guard let item = try item(id: id) else { throw StoreError.notFound(id: id) }
        return item
    }

    /// Decodes a row selected with `itemColumns`.
    static func decodeItem(_ row: SQLiteStatement) -> TodoItem {
        TodoItem(
            id: row.int64(at: 0),
            listID: row.int64(at: 1),
            title: row.string(at: 2),
            notes: row.string(at: 3),
            position: row.int64(at: 4),
            createdAt: Date(unixMilliseconds: row.int64(at: 5)),
            completedAt: row.optionalInt64(at: 6).map(Date.init(unixMilliseconds:)),
            priority: Int(row.int64(at: 7)),
            due: row.optionalString(at: 8),
            isFlagged: row.int64(at: 9) != 0,
            recurrence: row.optionalString(at: 10).map { RecurrenceRule(stored: $0, countsFromCompletion: row.int64(at: 11) != 0) },
            tags: TodoTags.decoded(row.string(at: 12)),
            uid: row.optionalString(at: 13) ?? "",
            statusMark: row.optionalString(at: 14).flatMap(TodoStatusMark.init(rawValue:)),
            percentComplete: row.optionalInt64(at: 15).map { Int($0) },
            parentUID: row.optionalString(at: 16),
            reminders: Reminder.decoded(row.optionalString(at: 17)),
            start: row.optionalString(at: 18))
    }
}
