import FoundationEssentials

/// One list's open part on one day, for a view that hides the todos still waiting on it.
struct WaitingSet: Hashable {
    var listID: Int64
    /// Today, `YYYY-MM-DD`: a todo waits while its start day is after it.
    var day: String
}

/// How many open todos of one list wait on one day: in all (from `list_start_counts`, no todo
/// read) and per rank block of its open part (the same blocks, in the same order, as the list's
/// `RankBlocks`), counted only as far as a read needs them: from the top down to `prefixEnd` and
/// from the bottom up to `suffixStart`, so the waiting todos before any counted block's start are
/// known from one side or from the total. One entry per block, never per todo; no entry at all
/// until a read needs a block (`isSized`): the total alone (a list's header) loads no blocks.
struct WaitingBlocks {
    /// Waiting todos in each block counted (0 in a block not counted yet); empty until sized.
    var counts: [Int]
    /// The blocks `0..<prefixEnd` are counted.
    var prefixEnd: Int
    /// The blocks `suffixStart..<counts.count` are counted.
    var suffixStart: Int
    /// Waiting todos in the whole open part.
    var total: Int
    /// Whether `counts` has one entry per block of the list's open part (`sized(blocks:)`).
    private(set) var isSized: Bool

    /// The total alone: no block known yet.
    init(total: Int) {
        counts = []
        prefixEnd = 0
        suffixStart = 0
        self.total = total
        isSized = false
    }

    /// Counts for `blocks` blocks of which none is counted yet.
    init(blocks: Int, total: Int) {
        counts = [Int](repeating: 0, count: blocks)
        prefixEnd = 0
        suffixStart = blocks
        self.total = total
        isSized = true
    }

    /// These counts with one (uncounted) entry per block of `blocks` blocks, the total kept.
    func sized(blocks: Int) -> WaitingBlocks {
        isSized ? self : WaitingBlocks(blocks: blocks, total: total)
    }

    /// Whether every block is counted.
    var isComplete: Bool { prefixEnd >= suffixStart }

    /// Whether `block`'s own count is known.
    func isCounted(_ block: Int) -> Bool { block < prefixEnd || block >= suffixStart }

    /// The waiting todos in the blocks before `block` (`0...counts.count`), or nil while blocks
    /// between it and both counted ends are not counted.
    func waitingBefore(_ block: Int) -> Int? {
        if block <= prefixEnd || isComplete { return counts[0..<block].reduce(0, +) }
        if block >= suffixStart { return total - counts[block...].reduce(0, +) }
        return nil
    }
}

/// The waiting counts of every list and day loaded, in a small array rather than a dictionary: a
/// handful of lists, and a new dictionary type costs the Swift runtime a scan of every protocol
/// conformance of the binary the first time it is built (about 0.25 M instructions, on the first `R`).
struct WaitingTable {
    private var entries: [(set: WaitingSet, blocks: WaitingBlocks)] = []

    /// The counts of one list and day, if loaded.
    subscript(set: WaitingSet) -> WaitingBlocks? {
        get { entries.first { $0.set == set }?.blocks }
        set {
            let index = entries.firstIndex { $0.set == set }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].blocks = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((set, value))
            case (nil, nil): break
            }
        }
    }

    /// The lists and days loaded.
    var keys: [WaitingSet] { entries.map(\.set) }

    /// Whether nothing is loaded.
    var isEmpty: Bool { entries.isEmpty }

    /// Forgets every count.
    mutating func removeAll() { entries.removeAll() }

    /// Keeps only the counts of `day`.
    mutating func keepOnly(day: String) { entries.removeAll { $0.set.day != day } }
}

/// Hiding waiting todos (`SectionQuery.readyOn`) in the manual order: the rows shown are the open
/// part less its waiting todos, so row i is found as the rank index finds it, from blocks whose
/// sizes are less the waiting todos each holds, then an OFFSET under a block's size among the
/// rows not waiting. A list's waiting todos in all are a sum over `list_start_counts` (schema 15);
/// per block they are counted only for the blocks a read needs, from the nearer counted end,
/// through the `todos_list_starts` index (the first page counts one block), and patched from each
/// step's journal rows as the blocks are; they are dropped with the blocks.
extension RankIndex {
    /// The waiting todos of a list on `day`: the total read from `list_start_counts`, no block
    /// loaded or counted (`waitingBefore(_:listID:on:blocks:)` counts those a read needs).
    func waitingBlocks(listID: Int64, on day: String) throws -> WaitingBlocks {
        let set = WaitingSet(listID: listID, day: day)
        if let cached = waiting[set] { return cached }
        var total = 0
        if let after = StartDates.dayAfter(day) {
            total = Int(try connection.scalarInt(
                "SELECT coalesce(sum(open_count), 0) FROM list_start_counts WHERE list_id = ? AND start_day >= ?", [listID, after]))
            guard total >= 0 else { throw mismatch() }
        }
        // Only today's counts are kept: the day before's are of no use once the day changed.
        waiting.keepOnly(day: day)
        let loaded = WaitingBlocks(total: total)
        waiting[set] = loaded
        return loaded
    }

    /// The waiting todos of a list on `day` with one entry per block of `blocks` (the list's open
    /// part), sized on first use; the total must fit in the blocks' rows.
    private func waitingBlocks(listID: Int64, on day: String, blocks: RankBlocks) throws -> WaitingBlocks {
        let set = WaitingSet(listID: listID, day: day)
        let counted = try waitingBlocks(listID: listID, on: day)
        if counted.isSized {
            guard counted.counts.count == blocks.lowerBounds.count else { throw mismatch() }
            return counted
        }
        guard counted.total <= blocks.total else { throw mismatch() }
        let sized = counted.sized(blocks: blocks.lowerBounds.count)
        waiting[set] = sized
        return sized
    }

    /// The waiting todos of a list on `day` before `block`: the blocks between it and the nearer
    /// counted end are counted first (one read of the index of open todos with a start, over their
    /// rows only).
    private func waitingBefore(_ block: Int, listID: Int64, on day: String, blocks: RankBlocks) throws -> Int {
        let counted = try waitingBlocks(listID: listID, on: day, blocks: blocks)
        if let known = counted.waitingBefore(block) { return known }
        if block - counted.prefixEnd <= counted.suffixStart - block {
            try countBlocks(counted.prefixEnd..<block, fromTop: true, listID: listID, on: day, blocks: blocks)
        } else {
            try countBlocks(block..<counted.suffixStart, fromTop: false, listID: listID, on: day, blocks: blocks)
        }
        guard let known = try waitingBlocks(listID: listID, on: day, blocks: blocks).waitingBefore(block) else { throw mismatch() }
        return known
    }

    /// Counts the blocks `range`, next to the counted blocks at the top (`fromTop`) or at the bottom.
    private func countBlocks(_ range: Range<Int>, fromTop: Bool, listID: Int64, on day: String, blocks: RankBlocks) throws {
        let set = WaitingSet(listID: listID, day: day)
        var counted = try waitingBlocks(listID: listID, on: day, blocks: blocks)
        try count(range, into: &counted, listID: listID, on: day, blocks: blocks)
        if fromTop { counted.prefixEnd = range.upperBound } else { counted.suffixStart = range.lowerBound }
        if counted.isComplete {
            // Every block counted: their sum is the kept total, or the index does not match the todos.
            guard counted.counts.reduce(0, +) == counted.total else { throw mismatch() }
            counted.prefixEnd = counted.counts.count
        }
        waiting[set] = counted
    }

    /// Counts the waiting todos of the blocks `range` into `counted`: one range of the index
    /// `todos_list_starts` (the list's open todos with a start, in manual order), not the todos.
    private func count(_ range: Range<Int>, into counted: inout WaitingBlocks, listID: Int64, on day: String,
                       blocks: RankBlocks) throws {
        guard !range.isEmpty, let after = StartDates.dayAfter(day) else { return }
        let lower = blocks.lowerBounds[range.lowerBound]
        var arguments: [any SQLiteBindable] = [listID, after, lower.key, lower.id]
        var below = ""
        if range.upperBound < blocks.lowerBounds.count {
            let upper = blocks.lowerBounds[range.upperBound]
            // The plain `position` bound lets the index range on it (a row value over position and
            // id is not a prefix of the index's columns).
            below = "AND position <= ?5 AND (position, id) < (?5, ?6)"
            arguments += [upper.key, upper.id]
        }
        let keys = try connection.query("""
            SELECT position, id FROM \(Self.waitingRowsSource) WHERE list_id = ?1 AND start IS NOT NULL AND completed_at IS NULL
                AND start >= ?2 AND position >= ?3 AND (position, id) >= (?3, ?4) \(below)
            """, arguments) { RankKey(key: $0.int64(at: 0), id: $0.int64(at: 1)) }
        for key in keys {
            let block = blocks.block(containing: key)
            guard range.contains(block) else { throw mismatch() }
            counted.counts[block] += 1
        }
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
        let (block, start) = try readyBlock(holding: rows.lowerBound, listID: listID, on: day, blocks: blocks)
        let lowerBound = blocks.lowerBounds[block]
        let items = try connection.query(
            "SELECT \(TodoStore.itemColumns) FROM todos WHERE list_id = ? AND \(Self.readyCondition(after: after)) AND \(Self.rankedOrder[.open]!) LIMIT ? OFFSET ?",
            [listID, lowerBound.key, lowerBound.id, rows.count, rows.lowerBound - start],
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
        let block = blocks.block(containing: key)
        let lowerBound = blocks.lowerBounds[block]
        let waitingBefore = try waitingBefore(block, listID: listID, on: day, blocks: blocks)
        // A block holds at most about a thousand rows: counting inside it is bounded.
        let before = try connection.scalarInt("""
            SELECT count(*) FROM todos WHERE list_id = ?1 AND completed_at IS NULL AND \(Self.readyCondition(after: after))
                AND (position, id) >= (?4, ?5) AND (position, id) < (?2, ?3)
            """, [listID, key.key, key.id, lowerBound.key, lowerBound.id])
        return blocks.starts[block] - waitingBefore + Int(before)
    }

    /// The block holding shown row `row` (waiting todos left out, `row` under the rows shown) and
    /// the shown rows before it: the last block whose shown rows start at or before `row`. Counts
    /// the blocks it needs from the nearer counted end, a run that doubles until it reaches the row.
    private func readyBlock(holding row: Int, listID: Int64, on day: String, blocks: RankBlocks) throws -> (block: Int, start: Int) {
        let count = blocks.lowerBounds.count
        /// The shown rows before `block` (`0...count`), known once `waitingBefore` is.
        func readyStart(_ block: Int, _ counted: WaitingBlocks) -> Int? {
            counted.waitingBefore(block).map { (block < count ? blocks.starts[block] : blocks.total) - $0 }
        }
        var run = 1
        while true {
            let counted = try waitingBlocks(listID: listID, on: day, blocks: blocks)
            let top = counted.isComplete ? count : counted.prefixEnd
            if let topStart = readyStart(top, counted), row < topStart || counted.isComplete {
                return Self.lastBlock(in: 0..<top, startingAtOrBefore: row) { readyStart($0, counted)! }
            }
            let bottom = counted.suffixStart
            if let bottomStart = readyStart(bottom, counted), let topStart = readyStart(top, counted) {
                if row >= bottomStart {
                    return Self.lastBlock(in: bottom..<count, startingAtOrBefore: row) { readyStart($0, counted)! }
                }
                // Between the counted ends: count on from the end the row is probably nearer.
                if row - topStart <= bottomStart - row {
                    try countBlocks(top..<min(bottom, top + run), fromTop: true, listID: listID, on: day, blocks: blocks)
                } else {
                    try countBlocks(max(top, bottom - run)..<bottom, fromTop: false, listID: listID, on: day, blocks: blocks)
                }
                run *= 2
            } else {
                throw mismatch()
            }
        }
    }

    /// The last block of `blocks` whose start (`start`, nondecreasing) is at or before `row`, and
    /// that start; `blocks` is not empty and its first block starts at or before `row`.
    private static func lastBlock(in blocks: Range<Int>, startingAtOrBefore row: Int,
                                  start: (Int) -> Int) -> (block: Int, start: Int) {
        var low = blocks.lowerBound, high = blocks.upperBound - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if start(middle) <= row { low = middle } else { high = middle - 1 }
        }
        return (low, start(low))
    }

    /// Where the waiting todos of a run of blocks are read from: the `todos_list_starts` index, named,
    /// because SQLite otherwise may prefer an index on the list and read every open todo of it.
    static let waitingRowsSource = "todos INDEXED BY todos_list_starts"

    /// The SQL condition of a todo not waiting on the day before `after` (which `StartDates.dayAfter`
    /// wrote: digits and hyphens only, so it is written into the SQL as it is).
    static func readyCondition(after: String) -> String {
        "(start IS NULL OR start < '\(after)')"
    }

    /// Counts the step's todos that arrive at or leave a waiting place, for every list and day
    /// counted, in the blocks as the step left them (called after the blocks were patched): in the
    /// total always, in a block only once it was counted (one counted later is read as it is then).
    func patchWaiting(_ changes: [JournaledTodoChange]) {
        guard !waiting.isEmpty else { return }
        for set in waiting.keys {
            let sized = waiting[set]!.isSized
            // Counts per block follow the blocks; a total alone needs none.
            let blocks = cachedBlocks(RankSet(listID: set.listID, kind: .open))
            if sized, blocks?.lowerBounds.count != waiting[set]!.counts.count {
                waiting[set] = nil
                continue
            }
            for change in changes {
                for (side, delta) in [(change.old, -1), (change.new, 1)] {
                    guard let side, side.isOpen, side.listID == set.listID,
                          StartDates.isWaiting(start: side.start, today: set.day) else { continue }
                    waiting[set]!.total += delta
                    guard sized, let blocks, !blocks.lowerBounds.isEmpty else { continue }
                    let block = blocks.block(containing: RankKey(key: side.position, id: side.id))
                    if waiting[set]!.isCounted(block) { waiting[set]!.counts[block] += delta }
                }
            }
        }
    }
}
