import FoundationEssentials

/// Open todos in the orders other than manual. Each has an index (see `Schema.orderIndexesSQL`),
/// so the first and last pages are index seeks; SQLite cannot rank, so a page in the middle walks
/// the index from the nearer end (about 0.1 µs per row skipped), and so does finding a row.
extension TodoStore {
    /// The todos at `rows` of a list's open part in a non-manual order.
    /// With `readyOn` (today) the todos waiting on it are skipped, and `openCount` counts the rest.
    func sortedOpenItems(_ sort: TodoSort, listID: Int64, rows: Range<Int>, openCount: Int, readyOn: String? = nil) throws -> [TodoItem] {
        let order = Self.openOrder(sort)
        let clause = "WHERE list_id = ? AND completed_at IS NULL\(Self.readyTerm(readyOn)) ORDER BY"
        if rows.lowerBound <= openCount - rows.upperBound {
            return try fetchItems("\(clause) \(order.forward) LIMIT ? OFFSET ?", [listID, rows.count, rows.lowerBound])
        }
        return try fetchItems("\(clause) \(order.backward) LIMIT ? OFFSET ?",
                              [listID, rows.count, openCount - rows.upperBound]).reversed()
    }

    /// The row of an open todo in a non-manual order: the open todos sorting before it (with
    /// `readyOn`, those not waiting on that day).
    func sortedRank(of row: RankingRow, sort: TodoSort, readyOn: String? = nil) throws -> Int {
        let open = "list_id = ?1 AND completed_at IS NULL\(Self.readyTerm(readyOn))"
        switch sort {
        case .manual:
            return try rankIndex.rank(of: RankKey(key: row.position, id: row.id), in: RankSet(listID: row.listID, kind: .open))
        case .due:
            return Int(try connection.scalarInt("""
                SELECT (SELECT count(*) FROM todos WHERE \(open) AND ifnull(due, '~') < ?2)
                     + (SELECT count(*) FROM todos WHERE \(open) AND ifnull(due, '~') = ?2 AND (position, id) < (?3, ?4))
                """, [row.listID, row.due ?? "~", row.position, row.id]))
        case .priority:
            return Int(try connection.scalarInt("""
                SELECT (SELECT count(*) FROM todos WHERE \(open) AND priority > ?2)
                     + (SELECT count(*) FROM todos WHERE \(open) AND priority = ?2 AND (position, id) < (?3, ?4))
                """, [row.listID, row.priority, row.position, row.id]))
        case .created:
            return Int(try connection.scalarInt("SELECT count(*) FROM todos WHERE \(open) AND (created_at, id) < (?2, ?3)",
                                                [row.listID, row.createdAt, row.id]))
        }
    }

    /// The SQL term (after an AND) leaving out the todos waiting on `readyOn`; empty without a day.
    static func readyTerm(_ readyOn: String?) -> String {
        guard let readyOn, let after = StartDates.dayAfter(readyOn) else { return "" }
        return " AND " + RankIndex.readyCondition(after: after)
    }

    /// ORDER BY terms of a sort for open todos, and the same order reversed.
    static func openOrder(_ sort: TodoSort) -> (forward: String, backward: String) {
        switch sort {
        case .manual: return ("position, id", "position DESC, id DESC")
        // '~' sorts after every YYYY-MM-DD: todos without a due day come last.
        case .due: return ("ifnull(due, '~'), position, id", "ifnull(due, '~') DESC, position DESC, id DESC")
        case .priority: return ("priority DESC, position, id", "priority, position DESC, id DESC")
        case .created: return ("created_at, id", "created_at DESC, id DESC")
        }
    }
}
