import FoundationEssentials

/// A todo's place in one of a list's two ranked orders: open todos by (position, id), done todos
/// by (completed_at, id). Ids break ties, so every row has a distinct key.
struct RankKey: Comparable, Hashable {
    var key: Int64
    var id: Int64

    /// Below every real key: the lower bound of each list's first block.
    static let minimum = RankKey(key: Schema.sentinelKey, id: Schema.sentinelKey)

    static func < (lhs: RankKey, rhs: RankKey) -> Bool {
        (lhs.key, lhs.id) < (rhs.key, rhs.id)
    }
}

/// The two ranked parts of a list.
enum RankKind: Int64 {
    /// Open todos by (position, id).
    case open = 0
    /// Done todos by (completed_at, id).
    case done = 1
}

/// One list's blocks of one kind.
struct RankSet: Hashable {
    var listID: Int64
    var kind: RankKind
}

/// The `rank_blocks` rows of one list and kind as prefix sums, so the block holding row i, and the
/// rows before a block, are found by binary search instead of by walking the index.
///
/// Memory is one entry per block (rows / 512 to rows / 256), never per todo.
struct RankBlocks {
    /// Each block's lower bound, ascending; the first is `RankKey.minimum`.
    private(set) var lowerBounds: [RankKey] = []
    /// Each block's row count.
    private(set) var sizes: [Int] = []
    /// The rows before each block.
    private(set) var starts: [Int] = []
    /// All rows of this list and kind.
    private(set) var total = 0

    init(blocks: [(lowerBound: RankKey, size: Int)]) {
        lowerBounds.reserveCapacity(blocks.count)
        sizes.reserveCapacity(blocks.count)
        starts.reserveCapacity(blocks.count)
        for block in blocks {
            lowerBounds.append(block.lowerBound)
            sizes.append(block.size)
            starts.append(total)
            total += block.size
        }
    }

    /// The block holding row `row` (0 ≤ row < total): the last block starting at or before it.
    /// Empty blocks start where their successor starts, so the last such block is never empty.
    func block(containingRow row: Int) -> Int {
        lastIndex { starts[$0] <= row }
    }

    /// The block whose key range holds `key`: the last block whose lower bound is not above it.
    func block(containing key: RankKey) -> Int {
        lastIndex { lowerBounds[$0] <= key }
    }

    /// Counts a row added (+1) or removed (-1) at `key`, as the triggers did in the file.
    mutating func adjust(by delta: Int, at key: RankKey) {
        guard !lowerBounds.isEmpty else { return }
        let index = block(containing: key)
        sizes[index] += delta
        for later in (index + 1)..<starts.count { starts[later] += delta }
        total += delta
    }

    /// The largest index where `isAtOrBefore` holds, for a predicate true on a prefix (0 if none).
    private func lastIndex(where isAtOrBefore: (Int) -> Bool) -> Int {
        var low = 0, high = lowerBounds.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isAtOrBefore(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// What the store keeps in memory between calls, all of it derived from the file and dropped when
/// another connection commits (`PRAGMA data_version` changes) or when it cannot be patched.
struct StoreCaches {
    /// `PRAGMA data_version` when the caches were last known to match the file.
    var dataVersion: Int64 = -1
    /// `rank_meta.generation` (the block layout) the rank caches were loaded at.
    var rankGeneration: Int64 = -1
    /// Loaded block prefix sums, per list and kind.
    var rankBlocks: [RankSet: RankBlocks] = [:]
    /// Recent search results (at most `searchLimit` ids each), by query.
    var searches: [SectionQuery: SearchResults] = [:]
    /// The lists with their counts, and whether each list has open todos with a priority: read in
    /// a read snapshot and valid while the connection has changed no row since
    /// (`sqlite3_total_changes64`), so keys that change nothing do not read them again.
    var listSummary = ListSummary()
    /// This connection's changes and `PRAGMA data_version` when a search-index tidying step last
    /// found nothing to do: until either moves, the next step has nothing to do either.
    var tidyIndex: (changes: Int64, dataVersion: Int64?)?

    /// Forgets everything derived; the next read reloads what it needs.
    mutating func removeAll() {
        rankBlocks.removeAll()
        searches.removeAll()
        listSummary = ListSummary()
        tidyIndex = nil
        rankGeneration = -1
    }
}

/// The lists and which row columns are needed, as of a number of rows this connection had changed.
struct ListSummary {
    /// `sqlite3_total_changes64` when these were read; any change of ours since makes them stale.
    var changes: Int64 = -1
    /// Every list with its counts, in order.
    var lists: [TodoList]?
    /// Whether any todo has a priority (`RowColumns.priority`); nil when not known.
    var anyPriority: Bool?
    /// Whether any todo is flagged (`RowColumns.flag`); nil when not known.
    var anyFlag: Bool?

    /// Whether the summary still describes the file, after `changes` rows changed in all.
    func isCurrent(changes now: Int64) -> Bool { changes == now }
}

/// The rows of one search, in the section's order, materialized because they are few.
struct SearchResults {
    /// The matching todos' ids in display order.
    var ids: [Int64]
    /// The row of each id.
    var rows: [Int64: Int]

    init(ids: [Int64]) {
        self.ids = ids
        rows = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, $0.offset) })
    }
}
