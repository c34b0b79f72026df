import FoundationEssentials

/// One list's open part on one day, for a view that hides the todos still waiting on it.
struct WaitingSet: Hashable {
    var listID: Int64
    /// Today, `YYYY-MM-DD`: a todo waits while its start day is after it.
    var day: String
}

/// How many open todos of one list wait on one day, per rank block of its open part (the same
/// blocks, in the same order, as the list's `RankBlocks`): one entry per block, never per todo.
struct WaitingBlocks {
    /// Waiting todos in each block.
    var counts: [Int]
    /// Waiting todos in the whole open part.
    var total: Int
}

/// Hiding waiting todos (`SectionQuery.readyOn`) in the manual order: the rows shown are the open
/// part less its waiting todos, so row i is found as the rank index finds it, from blocks whose
/// sizes are less the waiting todos each holds, then an OFFSET under a block's size among the
/// rows not waiting. The waiting todos are counted once per list and day, through the
/// `todos_waiting` index (only the todos waiting then are read, not every todo with a start), and
/// patched from each step's journal rows as the blocks are; they are dropped with the blocks.
extension RankIndex {
    /// The waiting todos of a list on `day`, per block; counted on first use.
    func waitingBlocks(listID: Int64, on day: String) throws -> WaitingBlocks {
        let set = WaitingSet(listID: listID, day: day)
        if let cached = waiting[set] { return cached }
        let blocks = try self.blocks(RankSet(listID: listID, kind: .open))
        var counts = [Int](repeating: 0, count: blocks.lowerBounds.count)
        var total = 0
        if let after = StartDates.dayAfter(day) {
            let keys = try connection.query(
                "SELECT position, id FROM \(Self.waitingRowsSource) WHERE start >= ? AND start IS NOT NULL AND completed_at IS NULL AND list_id = ?",
                [after, listID]) { RankKey(key: $0.int64(at: 0), id: $0.int64(at: 1)) }
            guard keys.isEmpty || !counts.isEmpty else { throw mismatch() }
            for key in keys { counts[blocks.block(containing: key)] += 1 }
            total = keys.count
        }
        // Only today's counts are kept: the day before's are of no use once the day changed.
        if waiting.keys.contains(where: { $0.day != day }) { waiting = waiting.filter { $0.key.day == day } }
        let loaded = WaitingBlocks(counts: counts, total: total)
        waiting[set] = loaded
        return loaded
    }

    /// How many open todos of a list wait on `day`.
    func waitingCount(listID: Int64, on day: String) throws -> Int {
        try waitingBlocks(listID: listID, on: day).total
    }

    /// The todos at `rows` of a list's open part in the manual order, waiting todos left out.
    func readyItems(listID: Int64, on day: String, rows requested: Range<Int>) throws -> [TodoItem] {
        let set = RankSet(listID: listID, kind: .open)
        guard let after = StartDates.dayAfter(day) else { return try items(set, rows: requested) }
        let blocks = try self.blocks(set)
        let waiting = try waitingBlocks(listID: listID, on: day)
        let rows = requested.clamped(to: 0..<max(0, blocks.total - waiting.total))
        guard !rows.isEmpty else { return [] }
        let starts = Self.readyStarts(blocks, waiting)
        let block = Self.lastIndex(in: starts) { $0 <= rows.lowerBound }
        let lowerBound = blocks.lowerBounds[block]
        let items = try connection.query(
            "SELECT \(TodoStore.itemColumns) FROM todos WHERE list_id = ? AND \(Self.readyCondition(after: after)) AND \(Self.rankedOrder[.open]!) LIMIT ? OFFSET ?",
            [listID, lowerBound.key, lowerBound.id, rows.count, rows.lowerBound - starts[block]],
            row: TodoStore.decodeItem)
        guard items.count == rows.count else { throw mismatch() }
        return items
    }

    /// The row of an open todo that is not waiting on `day` among those that are not (manual order).
    func readyRank(of key: RankKey, listID: Int64, on day: String) throws -> Int {
        let set = RankSet(listID: listID, kind: .open)
        guard let after = StartDates.dayAfter(day) else { return try rank(of: key, in: set) }
        let blocks = try self.blocks(set)
        guard !blocks.lowerBounds.isEmpty else { throw mismatch() }
        let waiting = try waitingBlocks(listID: listID, on: day)
        let block = blocks.block(containing: key)
        let lowerBound = blocks.lowerBounds[block]
        // A block holds at most about a thousand rows: counting inside it is bounded.
        let before = try connection.scalarInt("""
            SELECT count(*) FROM todos WHERE list_id = ?1 AND completed_at IS NULL AND \(Self.readyCondition(after: after))
                AND (position, id) >= (?4, ?5) AND (position, id) < (?2, ?3)
            """, [listID, key.key, key.id, lowerBound.key, lowerBound.id])
        return Self.readyStarts(blocks, waiting)[block] + Int(before)
    }

    /// Where the waiting todos are read from: the `todos_waiting` index, named, because SQLite
    /// otherwise prefers an index on the list and reads every open todo of it.
    static let waitingRowsSource = "todos INDEXED BY todos_waiting"

    /// The SQL condition of a todo not waiting on the day before `after` (which `StartDates.dayAfter`
    /// wrote: digits and hyphens only, so it is written into the SQL as it is).
    static func readyCondition(after: String) -> String {
        "(start IS NULL OR start < '\(after)')"
    }

    /// Counts the step's todos that arrive at or leave a waiting place, for every list and day
    /// counted, in the blocks as the step left them (called after the blocks were patched).
    func patchWaiting(_ changes: [JournaledTodoChange]) {
        guard !waiting.isEmpty else { return }
        for set in Array(waiting.keys) {
            guard let blocks = cachedBlocks(RankSet(listID: set.listID, kind: .open)), !blocks.lowerBounds.isEmpty else {
                waiting[set] = nil
                continue
            }
            for change in changes {
                for (side, delta) in [(change.old, -1), (change.new, 1)] {
                    guard let side, side.isOpen, side.listID == set.listID,
                          StartDates.isWaiting(start: side.start, today: set.day) else { continue }
                    let block = blocks.block(containing: RankKey(key: side.position, id: side.id))
                    waiting[set]!.counts[block] += delta
                    waiting[set]!.total += delta
                }
            }
        }
    }

    /// The rows shown before each block: the block's start less the waiting todos before it.
    private static func readyStarts(_ blocks: RankBlocks, _ waiting: WaitingBlocks) -> [Int] {
        var starts = blocks.starts
        var waitingBefore = 0
        for block in starts.indices {
            starts[block] -= waitingBefore
            waitingBefore += waiting.counts[block]
        }
        return starts
    }

    /// The largest index of `values` where `isAtOrBefore` holds, for a predicate true on a prefix (0 if none).
    private static func lastIndex(in values: [Int], where isAtOrBefore: (Int) -> Bool) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isAtOrBefore(values[middle]) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
