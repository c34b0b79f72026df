import FoundationEssentials

/// Choosing `position` values for inserts and moves, per list.
///
/// A list's manual order is all its todos, open and done, by position then id; the open part
/// shows the open ones in that order, so a reopened todo returns to where it was. Positions are
/// integers with gaps (`positionGap` apart when fresh), so an insert normally takes the midpoint
/// between its neighbours and writes one row. When neighbours touch, a small window of following
/// rows is spread out (one UPDATE with `row_number()`); the window grows until it has room, so the
/// cost stays proportional to how crowded that spot is, not to the list's length.
///
/// It keeps no state: every answer is read from the file, inside the caller's transaction.
struct Positions {
    let connection: SQLiteConnection
    /// The store's file, for errors.
    let path: String

    /// Windows are accepted once each row in them can be at least this far from the next,
    /// so a freshly spread spot absorbs about ten more inserts before it is spread again.
    static let minimumSpreadStep: UInt64 = 1 << 10

    /// The gap left between neighbours' positions, so most inserts and moves touch one row.
    static var gap: Int64 { TodoStore.positionGap }

    /// A row's place in a list's manual order: position, then id.
    struct Key: Equatable {
        var position: Int64
        var id: Int64
    }

    /// A position in list `listID` right after `previous` (nil: before the first row), ignoring the
    /// row being moved. May renumber rows after `previous` to make room.
    func slot(inList listID: Int64, after previous: Key?, excluding moving: Int64?) throws -> Int64 {
        if let position = try findSlot(inList: listID, after: previous, excluding: moving) {
            return position
        }
        // Only reachable after ~2^47 appends or prepends at one end: start over with fresh gaps.
        try renumber(list: listID)
        let refreshed = try previous.map { try key(ofTodo: $0.id) }
        guard let position = try findSlot(inList: listID, after: refreshed, excluding: moving) else {
            throw StoreError.sqlite(path: path, code: 0, message: "no room for a new position after renumbering")
        }
        return position
    }

    /// A position after every row of the list, for appending.
    func end(ofList listID: Int64) throws -> Int64 {
        let last = try connection.queryFirst(
            "SELECT position, id FROM todos WHERE list_id = ? ORDER BY position DESC, id DESC LIMIT 1", [listID]
        ) { Key(position: $0.int64(at: 0), id: $0.int64(at: 1)) }
        return try slot(inList: listID, after: last, excluding: nil)
    }

    /// The manual-order key of a todo.
    func key(ofTodo id: Int64) throws -> Key {
        guard let key = try connection.queryFirst("SELECT position, id FROM todos WHERE id = ?", [id], row: {
            Key(position: $0.int64(at: 0), id: $0.int64(at: 1))
        }) else { throw StoreError.notFound(id: id) }
        return key
    }

    /// Like `slot(inList:after:excluding:)`, but nil when Int64 arithmetic would overflow.
    private func findSlot(inList listID: Int64, after previous: Key?, excluding moving: Int64?) throws -> Int64? {
        let skip = moving ?? 0  // ids are positive, so 0 excludes nothing
        guard let previous else {
            guard let first = try neighbour(listID, "ORDER BY position, id LIMIT 1", skip, []) else { return 0 }
            let (position, overflow) = first.position.subtractingReportingOverflow(Self.gap)
            return overflow ? nil : position
        }
        guard let next = try neighbour(listID, "AND (position, id) > (?, ?) ORDER BY position, id LIMIT 1", skip,
                                       [previous.position, previous.id]) else {
            let (position, overflow) = previous.position.addingReportingOverflow(Self.gap)
            return overflow ? nil : position
        }
        // next >= previous, so the bit-pattern difference is the exact distance even across zero.
        let distance = UInt64(bitPattern: next.position &- previous.position)
        if distance >= 2 {
            return previous.position &+ Int64(bitPattern: distance / 2)
        }
        return try spread(inList: listID, from: next, after: previous.position, excluding: skip)
    }

    /// Renumbers the rows starting at `next` so that there is room right after `low`, and returns
    /// the freed position.
    private func spread(inList listID: Int64, from next: Key, after low: Int64, excluding skip: Int64) throws -> Int64? {
        var windowSize = 8
        while true {
            let beyond = try connection.queryFirst(
                "SELECT position FROM todos WHERE list_id = ? AND (position, id) >= (?, ?) AND id != ? ORDER BY position, id LIMIT 1 OFFSET ?",
                [listID, next.position, next.id, skip, windowSize]) { $0.int64(at: 0) }
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
                step = UInt64(Self.gap)
                let rows = try connection.scalarInt(
                    "SELECT count(*) FROM todos WHERE list_id = ? AND (position, id) >= (?, ?) AND id != ?",
                    [listID, next.position, next.id, skip])
                let (span, overflow) = Int64(step).multipliedReportingOverflow(by: rows + 2)
                if overflow || low.addingReportingOverflow(span).overflow { return nil }
            }
            try connection.run("""
                UPDATE todos SET position = ?1 + ?2 * (ranked.rn + 1)
                FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM todos
                      WHERE list_id = ?3 AND (position, id) >= (?4, ?5) AND id != ?6 ORDER BY position, id LIMIT ?7) AS ranked
                WHERE todos.id = ranked.id
                """, [low, Int64(step), listID, next.position, next.id, skip, windowSize])
            return low + Int64(step)
        }
    }

    /// Gives every row of the list a fresh position `positionGap` apart, keeping the order.
    func renumber(list listID: Int64) throws {
        try connection.run("""
            UPDATE todos SET position = ?1 * ranked.rn
            FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM todos WHERE list_id = ?2) AS ranked
            WHERE todos.id = ranked.id
            """, [Self.gap, listID])
    }

    /// The first row of the list picked by `clause` among all rows except `skip`.
    private func neighbour(_ listID: Int64, _ clause: String, _ skip: Int64,
                           _ arguments: [any SQLiteBindable]) throws -> Key? {
        try connection.queryFirst("SELECT position, id FROM todos WHERE list_id = ? AND id != ? \(clause)",
                                  [listID, skip] + arguments) {
            Key(position: $0.int64(at: 0), id: $0.int64(at: 1))
        }
    }
}
