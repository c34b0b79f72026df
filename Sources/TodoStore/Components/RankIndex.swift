import FoundationEssentials

/// Reading through the rank index: row i of a list's open or done part is an OFFSET below 2 × 512
/// from the lower bound of the block that holds it, and a todo's row is the rows before its block
/// plus a count inside it. The blocks themselves are kept by triggers (see `Schema.rankIndexSQL`);
/// this part only caches their prefix sums, loaded per list and kind on first use and patched from
/// each committed step's journal rows while `rank_meta.generation` stays the same.
///
/// Dropped and loaded again on first use: when the generation moved (blocks split, merged, added
/// or removed), after a step too big to read its journal (`TodoStore.journalPatchLimit` rows), when
/// another connection committed (`fileDidChangeElsewhere`), and after any failed transaction.
/// Memory is one entry per block, never per todo.
final class RankIndex: StoreComponent {
    let connection: SQLiteConnection
    /// Loaded block prefix sums, per list and kind.
    private var blocks: [RankSet: RankBlocks] = [:] {
        // The waiting todos are counted per block: a block layout dropped drops them (see `+Waiting`).
        didSet { if blocks.isEmpty { waiting.removeAll() } }
    }
    /// Loaded counts of waiting open todos per block, per list and day (`RankIndex+Waiting`).
    var waiting = WaitingTable()
    /// `rank_meta.generation` (the block layout) the prefix sums were loaded at.
    private var generation: Int64 = -1
    /// Told when the index is found not to match the todos, so the store can drop everything derived
    /// (set by the store, which knows every part).
    var didFindMismatch: () -> Void = {}
    private let path: String

    init(connection: SQLiteConnection, path: String) {
        self.connection = connection
        self.path = path
    }

    /// The block prefix sums of one list and kind, loaded on first use.
    func blocks(_ set: RankSet) throws -> RankBlocks {
        if let cached = blocks[set] { return cached }
        if blocks.isEmpty { generation = try readGeneration() }
        let rows = try connection.query(
            "SELECT lo_key, lo_id, size FROM rank_blocks WHERE list_id = ? AND kind = ? ORDER BY lo_key, lo_id",
            [set.listID, set.kind.rawValue]
        ) { (lowerBound: RankKey(key: $0.int64(at: 0), id: $0.int64(at: 1)), size: Int($0.int64(at: 2))) }
        let loaded = RankBlocks(blocks: rows)
        blocks[set] = loaded
        return loaded
    }

    /// The block prefix sums of one list and kind when they are loaded, without reading anything.
    func cachedBlocks(_ set: RankSet) -> RankBlocks? {
        blocks[set]
    }

    /// The todos at `rows` of one list's open part (manual order) or done part (completion order).
    func items(_ set: RankSet, rows requested: Range<Int>) throws -> [TodoItem] {
        let blocks = try self.blocks(set)
        let rows = requested.clamped(to: 0..<max(0, blocks.total))
        guard !rows.isEmpty else { return [] }
        let block = blocks.block(containingRow: rows.lowerBound)
        let lowerBound = blocks.lowerBounds[block]
        let items = try connection.query(
            "SELECT \(TodoStore.itemColumns) FROM todos WHERE list_id = ? AND \(Self.rankedOrder[set.kind]!) LIMIT ? OFFSET ?",
            [set.listID, lowerBound.key, lowerBound.id, rows.count, rows.lowerBound - blocks.starts[block]],
            row: TodoStore.decodeItem)
        // Fewer rows than the blocks promise means the rank index no longer matches the todos.
        guard items.count == rows.count else { throw mismatch() }
        return items
    }

    /// The row of `key` in one list's open or done part.
    func rank(of key: RankKey, in set: RankSet) throws -> Int {
        let blocks = try self.blocks(set)
        guard !blocks.lowerBounds.isEmpty else { throw mismatch() }
        return try rowsBefore(key, in: set, blocks: blocks)
    }

    /// The rows of one list's open or done part below `key`, whether or not a row has it: the rows
    /// before its block plus a count inside the block, from the block's nearer end. A block's size is
    /// known, so the rows from the key to the block's end say as much as those before it; where the
    /// key falls between the block's bounds tells which end is probably nearer (a wrong guess costs
    /// what counting from the start always cost: the whole block).
    func rowsBefore(_ key: RankKey, in set: RankSet, blocks: RankBlocks) throws -> Int {
        let block = blocks.block(containing: key)
        let lowerBound = blocks.lowerBounds[block]
        let column = set.kind == .open ? "position" : "completed_at"
        let state = set.kind == .open ? "" : "NOT "
        // The list's part, and the rows of the key's block before the key (?2, ?3: the key; ?4, ?5: the block's start).
        let part = "list_id = ?1 AND completed_at IS \(state)NULL"
        let beforeKey = "(\(column), id) >= (?4, ?5) AND (\(column), id) < (?2, ?3)"
        if block == blocks.lowerBounds.count - 1 {
            // The last block has no upper bound and holds every row of a list under 1,024, so the
            // row may be far from either end. A short count of the rows from it on settles the
            // common case for free (a todo just completed, or added at the end, has none after
            // it; the end of a collapsed parent's subtree at the end of its list neither); past that
            // many, a short count of the rows before it (a todo added at the top has almost none);
            // only a row far from both ends is counted in full.
            // Both short counts are one statement: the second runs only when the first is cut off.
            let arguments: [any SQLiteBindable] = [set.listID, key.key, key.id, lowerBound.key, lowerBound.id]
            let probe = Self.lastBlockProbe
            let counts = try connection.queryFirst("""
                SELECT fromKey, CASE WHEN fromKey < \(probe) THEN NULL ELSE
                    (SELECT count(*) FROM (SELECT 1 FROM todos WHERE \(part) AND \(beforeKey) LIMIT \(probe))) END
                FROM (SELECT (SELECT count(*) FROM (SELECT 1 FROM todos WHERE \(part)
                      AND (\(column), id) >= (?2, ?3) LIMIT \(probe))) AS fromKey)
                """, arguments) {
                (fromKey: Int($0.int64(at: 0)), before: $0.optionalInt64(at: 1).map(Int.init))
            }
            guard let counts else { throw mismatch() }
            if counts.fromKey < probe { return blocks.total - counts.fromKey }
            if let before = counts.before, before < probe { return blocks.starts[block] + before }
            let before = try connection.scalarInt("SELECT count(*) FROM todos WHERE \(part) AND \(beforeKey)", arguments)
            return blocks.starts[block] + Int(before)
        }
        let upperBound = blocks.lowerBounds[block + 1]
        if Self.isProbablyInUpperHalf(key, from: lowerBound, to: upperBound) {
            let fromKey = try connection.scalarInt(
                "SELECT count(*) FROM todos WHERE \(part) AND (\(column), id) >= (?2, ?3) AND (\(column), id) < (?4, ?5)",
                [set.listID, key.key, key.id, upperBound.key, upperBound.id])
            return blocks.starts[block] + blocks.sizes[block] - Int(fromKey)
        }
        let before = try connection.scalarInt("SELECT count(*) FROM todos WHERE \(part) AND \(beforeKey)",
                                              [set.listID, key.key, key.id, lowerBound.key, lowerBound.id])
        return blocks.starts[block] + Int(before)
    }

    /// Whether `key` probably lies in the upper half of the block between `lower` and `upper` (the next
    /// block's lower bound), judged by where its key value falls between theirs. Only a guess of which
    /// end to count from: the first block (whose lower bound is below every key) counts from its start.
    static func isProbablyInUpperHalf(_ key: RankKey, from lower: RankKey, to upper: RankKey) -> Bool {
        guard lower.key != Schema.sentinelKey, upper.key > lower.key else { return false }
        return (Double(key.key) - Double(lower.key)) * 2 > Double(upper.key) - Double(lower.key)
    }

    /// For each key, the rows of a list's open or done part below it, whether or not a row has it
    /// (placing a step's todos, see `TodoChangeBuilder`): the rows before its block plus a count
    /// inside the block, or, for a block holding many of the keys, the block's keys read once (a
    /// block holds at most about a thousand rows).
    func rows(before keys: [RankKey], in set: RankSet) throws -> [RankKey: Int] {
        let blocks = try self.blocks(set)
        var result: [RankKey: Int] = [:]
        guard !blocks.lowerBounds.isEmpty else {
            for key in keys { result[key] = 0 }
            return result
        }
        let column = set.kind == .open ? "position" : "completed_at"
        let part = "list_id = ?1 AND completed_at IS \(set.kind == .open ? "" : "NOT ")NULL"
        for (block, inBlock) in Dictionary(grouping: keys, by: { blocks.block(containing: $0) }) {
            let lowerBound = blocks.lowerBounds[block], start = blocks.starts[block]
            if inBlock.count <= Self.keysCountedOneByOne {
                // A todo that kept its place (an edit) asks for the same key twice.
                for key in Set(inBlock) { result[key] = try rowsBefore(key, in: set, blocks: blocks) }
                continue
            }
            var arguments: [any SQLiteBindable] = [set.listID, lowerBound.key, lowerBound.id]
            var below = ""
            if block + 1 < blocks.lowerBounds.count {
                below = "AND (\(column), id) < (?4, ?5)"
                arguments += [blocks.lowerBounds[block + 1].key, blocks.lowerBounds[block + 1].id]
            }
            let present = try connection.query("""
                SELECT \(column), id FROM todos WHERE \(part) AND (\(column), id) >= (?2, ?3) \(below) ORDER BY \(column), id
                """, arguments) { RankKey(key: $0.int64(at: 0), id: $0.int64(at: 1)) }
            for key in inBlock { result[key] = start + Self.count(present, below: key) }
        }
        return result
    }

    /// Keys of one block placed by a count each; more are placed by reading the block's keys once.
    private static let keysCountedOneByOne = 8

    /// How many of the sorted `keys` are below `key`.
    static func count(_ keys: [RankKey], below key: RankKey) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Rows counted from the end of the last block before counting from its start instead.
    static let lastBlockProbe = 64

    /// The rank set and key of a todo row, as the triggers compute them.
    static func place(listID: Int64, position: Int64, completedAt: Int64?, id: Int64) -> (set: RankSet, key: RankKey) {
        if let completedAt {
            return (RankSet(listID: listID, kind: .done), RankKey(key: completedAt, id: id))
        }
        return (RankSet(listID: listID, kind: .open), RankKey(key: position, id: id))
    }

    /// The WHERE tail and ORDER BY of each ranked part, starting at a block's lower bound.
    static let rankedOrder: [RankKind: String] = [
        .open: "completed_at IS NULL AND (position, id) >= (?, ?) ORDER BY position, id",
        .done: "completed_at IS NOT NULL AND (completed_at, id) >= (?, ?) ORDER BY completed_at, id",
    ]

    /// `rank_meta.generation`: it moves whenever blocks are split, merged, added or removed.
    private func readGeneration() throws -> Int64 {
        try connection.scalarInt("SELECT generation FROM rank_meta WHERE id = 1")
    }

    /// The store's error for an index that does not match the todos (which drops everything derived).
    func mismatch() -> StoreError {
        blocks.removeAll()
        didFindMismatch()
        return Self.mismatchError(path: path)
    }

    /// The error for a store whose rank index does not match its todos.
    static func mismatchError(path: String) -> StoreError {
        .corrupt(path: path, detail: "has a rank index that does not match its todos")
    }

    /// After one of the store's own steps the prefix sums are brought up to date from its journal
    /// rows instead of being dropped: each row is a todo leaving one place and arriving at another,
    /// exactly what the rank triggers saw, so a toggle, an add or a delete costs no re-read. A new
    /// generation (blocks split, merged, added or removed), a replayed or too big step drops them.
    /// The waiting totals (`+Waiting`) are patched from the same rows, with or without blocks loaded.
    func willCommit(_ step: CommittedStep) throws {
        guard !blocks.isEmpty || !waiting.isEmpty else { return }
        guard let changes = step.todoChanges else {
            blocks.removeAll()
            waiting.removeAll()
            return
        }
        // Dropping the blocks drops the waiting counts with them (see `blocks`).
        if !blocks.isEmpty, try readGeneration() != generation { blocks.removeAll() }
        for change in changes {
            if let old = change.old?.rankPlace { blocks[old.set]?.adjust(by: -1, at: old.key) }
            if let new = change.new?.rankPlace { blocks[new.set]?.adjust(by: 1, at: new.key) }
        }
        patchWaiting(changes)
    }

    func didRollBack() {
        blocks.removeAll()
        waiting.removeAll()
    }
}
