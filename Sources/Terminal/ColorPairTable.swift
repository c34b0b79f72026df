/// Allocates ncurses color pairs on demand, one per (foreground, background) actually drawn.
///
/// The allocation itself (`init_extended_pair`) is injected so the bookkeeping is testable without
/// curses. Pair 0 is the terminal default and never allocated; when the terminal runs out of
/// pairs, further combinations fall back to it rather than recoloring text already on screen.
public struct ColorPairTable {
    /// Pairs the terminal supports (`COLOR_PAIRS`), including pair 0.
    public let capacity: Int
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private let allocate: (Int32, Int16, Int16) -> Bool

    struct PairKey: Hashable {
        var foreground: Int16
        var background: Int16
    }

    /// Creates a table for `capacity` pairs; `allocate(pair, foreground, background)` defines one.
    public init(capacity: Int, allocate: @escaping (Int32, Int16, Int16) -> Bool) {
        self.capacity = capacity
        self.allocate = allocate
    }

    /// How many pairs have been defined so far.
    public var count: Int { pairs.count }

    /// The pair number showing these colors (0 when both are default or pairs ran out).
    public mutating func pair(foreground: Int16, background: Int16) -> Int32 {
        if foreground < 0 && background < 0 { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        guard Int(nextPair) < capacity, allocate(nextPair, foreground, background) else { return 0 }
        pairs[key] = nextPair
        nextPair += 1
        return nextPair - 1
    }

    /// Forgets every pair (after the terminal was restarted and its pair definitions were reset).
    public mutating func removeAll() {
        pairs.removeAll()
        nextPair = 1
    }
}
