/// Delta debugging (Zeller's ddmin, complements only) for a failing fuzz script: drops chunks of
/// steps, halving the chunk size while nothing can go, then single steps until no one step can go,
/// keeping each smaller script that still fails. The result is 1-minimal: dropping any one of its
/// steps makes it pass (unless `shouldStop` ended the search early, when it is only smaller).
public struct FuzzShrinker<Element> {
    /// Whether a candidate still fails (the same way as the original).
    let fails: ([Element]) -> Bool
    /// Asked before each try: true ends the search with the smallest failing script found so far.
    let shouldStop: () -> Bool
    /// Candidates tried so far.
    public private(set) var tries = 0

    /// A shrinker keeping candidates for which `fails` is true, stopping early when `shouldStop` says so.
    public init(shouldStop: @escaping () -> Bool = { false }, fails: @escaping ([Element]) -> Bool) {
        self.fails = fails
        self.shouldStop = shouldStop
    }

    /// The smallest subsequence of `input` found that still fails; `input` itself must fail.
    public mutating func shrink(_ input: [Element]) -> [Element] {
        var current = input
        var chunks = 2
        // Whether chunks of one step were tried with nothing dropped: then no single step can go.
        var minimal = false
        while current.count >= 2, !shouldStop() {
            let size = (current.count + chunks - 1) / chunks
            var reduced = false
            // From the end: late steps are after the failure's cause more often than early ones.
            for start in stride(from: (current.count - 1) / size * size, through: 0, by: -size) where !shouldStop() {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + size))
                tries += 1
                if fails(candidate) {
                    current = candidate
                    reduced = true
                }
            }
            if reduced {
                chunks = max(2, chunks - 1)
            } else if size == 1 {
                minimal = true
                break
            } else {
                chunks = min(current.count, chunks * 2)
            }
        }
        // Single steps until none can go (one pass more after any removal).
        var removed = !minimal
        while removed, !shouldStop() {
            removed = false
            var index = current.count - 1
            while index >= 0, !shouldStop() {
                var candidate = current
                candidate.remove(at: index)
                tries += 1
                if fails(candidate) {
                    current = candidate
                    removed = true
                }
                index -= 1
            }
        }
        return current
    }
}
