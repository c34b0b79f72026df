/// Where each item of a draw was, for `ScrollTracking.recordDraw` to find the items the next draw
/// shows again: an open-addressing table of indexes into the drawn items, sized to them (twice
/// their number, a power of two) and rebuilt in place each draw, with a multiplicative hash of its own.
///
/// Not a `Dictionary`: the first one keyed by `LayoutItem` cost about 230,000 instructions of type
/// metadata on the first scroll, and every later draw hashed each item twice through `Hasher`.
struct DrawnPositions {
    /// Index + 1 into the drawn items of the item in each slot; 0 for an empty slot.
    private var slots: [Int] = []

    /// Indexes `items`; an item drawn twice is found at its last place, as a dictionary would keep it.
    mutating func index(_ items: [VisibleItem]) {
        var size = 8
        while size < 2 * items.count { size <<= 1 }
        if slots.count == size {
            for slot in slots.indices { slots[slot] = 0 }
        } else {
            slots = [Int](repeating: 0, count: size)
        }
        let mask = size - 1
        for (index, drawn) in items.enumerated() {
            var slot = Self.hash(drawn.item) & mask
            while slots[slot] != 0, items[slots[slot] - 1].item != drawn.item { slot = (slot + 1) & mask }
            slots[slot] = index + 1
        }
    }

    /// The top line `item` had among `items` (those last given to `index(_:)`), or nil when it was not drawn.
    func y(of item: LayoutItem, in items: [VisibleItem]) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(item) & mask
        while slots[slot] != 0 {
            let drawn = items[slots[slot] - 1]
            if drawn.item == item { return drawn.y }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The item's kind, section and row mixed by multiplying (Fibonacci hashing: the high bits,
    /// which neighbouring rows spread over the table).
    private static func hash(_ item: LayoutItem) -> Int {
        let kind: UInt64, section: Int, row: Int
        switch item {
        case .refreshControl: (kind, section, row) = (0, 0, 0)
        case .header(let index): (kind, section, row) = (1, index, 0)
        case .row(let indexPath): (kind, section, row) = (2, indexPath.section, indexPath.row)
        case .footer(let index): (kind, section, row) = (3, index, 0)
        }
        let mixed = (UInt64(truncatingIfNeeded: section) &* 0x9E37_79B9) ^ UInt64(truncatingIfNeeded: row) ^ (kind << 24)
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}
