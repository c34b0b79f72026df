import Foundation

/// Ordered reads: the list is all todos by `position` ascending, ties by id, read a page at a time.
extension TodoStore {
    static let itemColumns = "id, list_id, title, notes, position, created_at, completed_at, priority, due, flagged"

    /// The todos at rows `offset ..< offset + limit` of the order (fewer at the end).
    ///
    /// OFFSET costs time proportional to the rows skipped, so pages in the back half are read
    /// backwards from the end; for scrolling, prefer the keyset variants.
    public func items(offset: Int, limit: Int) throws -> [TodoItem] {
        guard offset >= 0, limit > 0 else { return [] }
        return try connection.read {
            let total = try readCounts()
            let count = total.open + total.done
            guard offset < count else { return [] }
            let end = min(count, offset + min(limit, count))
            if offset <= count - end {
                return try fetchItems("ORDER BY position, id LIMIT ? OFFSET ?", [end - offset, offset])
            }
            return try fetchItems("ORDER BY position DESC, id DESC LIMIT ? OFFSET ?", [end - offset, count - end]).reversed()
        }
    }

    /// Up to `limit` todos that come after the row with this `position` (and `id`, to break ties),
    /// in order; an index seek, so it costs the same anywhere in a million rows.
    public func items(after position: Int64, id: Int64 = .max, limit: Int) throws -> [TodoItem] {
        guard limit > 0 else { return [] }
        return try fetchItems("WHERE (position, id) > (?, ?) ORDER BY position, id LIMIT ?", [position, id, limit])
    }

    /// Up to `limit` todos that come just before the row with this `position` (and `id`), in order.
    public func items(before position: Int64, id: Int64 = .min, limit: Int) throws -> [TodoItem] {
        guard limit > 0 else { return [] }
        return try fetchItems("WHERE (position, id) < (?, ?) ORDER BY position DESC, id DESC LIMIT ?",
                              [position, id, limit]).reversed()
    }

    /// The todo at row `index` of the order, or nil when out of range; cheap near either end.
    public func item(at index: Int) throws -> TodoItem? {
        guard index >= 0 else { return nil }
        return try connection.read {
            let total = try readCounts()
            let count = total.open + total.done
            guard index < count else { return nil }
            if index <= count - 1 - index {
                return try fetchItems("ORDER BY position, id LIMIT 1 OFFSET ?", [index]).first
            }
            return try fetchItems("ORDER BY position DESC, id DESC LIMIT 1 OFFSET ?", [count - 1 - index]).first
        }
    }

    /// The todo with this id, or nil.
    public func item(id: Int64) throws -> TodoItem? {
        try fetchItems("WHERE id = ?", [id]).first
    }

    /// The row of the todo with this id in the order, or nil when there is none.
    ///
    /// SQLite b-trees cannot rank, so this counts index entries from whichever end the position
    /// is nearer (judged by the position range): at worst half the rows.
    public func index(of id: Int64) throws -> Int? {
        try connection.read {
            guard let found = try item(id: id) else { return nil }
            let range = try connection.queryFirst(
                "SELECT (SELECT min(position) FROM todos), (SELECT max(position) FROM todos)"
            ) { (low: $0.int64(at: 0), high: $0.int64(at: 1)) }
            // Doubles, because the span of positions may exceed Int64 after many prepends and appends.
            let nearStart = range.map { Double(found.position) - Double($0.low) <= Double($0.high) - Double(found.position) } ?? true
            if nearStart {
                return Int(try connection.scalarInt("SELECT count(*) FROM todos WHERE (position, id) < (?, ?)",
                                                    [found.position, found.id]))
            }
            let total = try readCounts()
            let after = try connection.scalarInt("SELECT count(*) FROM todos WHERE (position, id) > (?, ?)",
                                                 [found.position, found.id])
            return total.open + total.done - 1 - Int(after)
        }
    }

    /// Runs `SELECT <columns> FROM todos <clause>` and decodes each row.
    func fetchItems(_ clause: String, _ arguments: [any SQLiteBindable]) throws -> [TodoItem] {
        try connection.query("SELECT \(Self.itemColumns) FROM todos \(clause)", arguments) { row in
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
                isFlagged: row.int64(at: 9) != 0)
        }
    }
}
