import Foundation

/// Choosing `position` values for inserts and moves.
///
/// Positions are integers with gaps (`positionGap` apart when fresh), so an insert normally takes
/// the midpoint between its neighbours and writes one row. When neighbours touch, a small window
/// of following rows is spread out (one UPDATE with `row_number()`); the window grows until it has
/// room, so the cost stays proportional to how crowded that spot is, not to the list's length.
extension TodoStore {
    /// Windows are accepted once each row in them can be at least this far from the next,
    /// so a freshly spread spot absorbs about ten more inserts before it is spread again.
    static let minimumSpreadStep: UInt64 = 1 << 10

    /// A position that puts a row at `index` among the other `count` rows (all rows except
    /// `excluding`, the row being moved). May renumber rows after `index` to make room.
    func slotPosition(at index: Int, excluding: Int64?, count: Int) throws -> Int64 {
        if let position = try findSlot(at: index, excluding: excluding, count: count) {
            return position
        }
        // Only reachable after ~2^47 appends or prepends at one end: start over with fresh gaps.
        try renumberAll()
        guard let position = try findSlot(at: index, excluding: excluding, count: count) else {
            throw StoreError.sqlite(path: path, code: 0, message: "no room for a new position after renumbering")
        }
        return position
    }

    /// Like `slotPosition`, but nil when Int64 arithmetic would overflow.
    private func findSlot(at index: Int, excluding: Int64?, count: Int) throws -> Int64? {
        let skip = excluding ?? -1  // ids are positive, so -1 excludes nothing
        guard count > 0 else { return 0 }
        if index == 0 {
            let first = try neighbours("ORDER BY position, id LIMIT 1", skip, [], expecting: 1)[0]
            let (position, overflow) = first.position.subtractingReportingOverflow(Self.positionGap)
            return overflow ? nil : position
        }
        if index == count {
            let last = try neighbours("ORDER BY position DESC, id DESC LIMIT 1", skip, [], expecting: 1)[0]
            let (position, overflow) = last.position.addingReportingOverflow(Self.positionGap)
            return overflow ? nil : position
        }
        // Rows index-1 and index, read from the nearer end because OFFSET walks the index.
        let pair: [Key]
        if index - 1 <= count - 1 - index {
            pair = try neighbours("ORDER BY position, id LIMIT 2 OFFSET ?", skip, [index - 1], expecting: 2)
        } else {
            pair = try neighbours("ORDER BY position DESC, id DESC LIMIT 2 OFFSET ?", skip, [count - 1 - index], expecting: 2).reversed()
        }
        let previous = pair[0], next = pair[1]
        // next >= previous, so the bit-pattern difference is the exact distance even across zero.
        let distance = UInt64(bitPattern: next.position &- previous.position)
        if distance >= 2 {
            return previous.position &+ Int64(bitPattern: distance / 2)
        }
        return try spread(from: next, after: previous.position, excluding: skip)
    }

    /// Renumbers the rows starting at `next` so that there is room right after `low`, and returns
    /// the freed position.
    private func spread(from next: Key, after low: Int64, excluding skip: Int64) throws -> Int64? {
        var windowSize = 8
        while true {
            let beyond = try connection.queryFirst(
                "SELECT position FROM todos WHERE (position, id) >= (?, ?) AND id != ? ORDER BY position, id LIMIT 1 OFFSET ?",
                [next.position, next.id, skip, windowSize]) { $0.int64(at: 0) }
            let step: UInt64
            if let high = beyond {
                // Room for the new row plus windowSize rows, with a gap before `high` as well.
                step = UInt64(bitPattern: high &- low) / UInt64(windowSize + 2)
                if step < Self.minimumSpreadStep {
                    windowSize *= 4
                    continue
                }
            } else {
                // The window reaches the end of the list: nothing above limits it.
                windowSize = -1
                step = UInt64(Self.positionGap)
                let rows = try connection.scalarInt(
                    "SELECT count(*) FROM todos WHERE (position, id) >= (?, ?) AND id != ?", [next.position, next.id, skip])
                let (span, overflow) = Int64(step).multipliedReportingOverflow(by: rows + 2)
                if overflow || low.addingReportingOverflow(span).overflow { return nil }
            }
            try connection.run("""
                UPDATE todos SET position = ?1 + ?2 * (ranked.rn + 1)
                FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM todos
                      WHERE (position, id) >= (?3, ?4) AND id != ?5 ORDER BY position, id LIMIT ?6) AS ranked
                WHERE todos.id = ranked.id
                """, [low, Int64(step), next.position, next.id, skip, windowSize])
            return low + Int64(step)
        }
    }

    /// Gives every row a fresh position `positionGap` apart, keeping the order.
    private func renumberAll() throws {
        try connection.run("""
            UPDATE todos SET position = ?1 * ranked.rn
            FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM todos) AS ranked
            WHERE todos.id = ranked.id
            """, [Self.positionGap])
    }

    /// The sort keys of the rows picked by `clause` among all rows except `skip`.
    private func neighbours(_ clause: String, _ skip: Int64, _ arguments: [any SQLiteBindable],
                            expecting expected: Int) throws -> [Key] {
        let keys = try connection.query("SELECT position, id FROM todos WHERE id != ? \(clause)", [skip] + arguments) {
            Key(position: $0.int64(at: 0), id: $0.int64(at: 1))
        }
        // Fewer rows than the maintained count promised means the counts no longer match the table.
        guard keys.count == expected else {
            throw StoreError.corrupt(path: path, detail: "has todo counts that do not match its todos")
        }
        return keys
    }

    /// A row's place in the order: position, then id.
    struct Key {
        var position: Int64
        var id: Int64
    }
}
