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
