/// When the run loop tidies the search index. Changes leave the index in small pieces (merging
/// inside each change would cost ~0.8 ms); the loop merges them while the user is idle, in steps
/// short enough (~2 ms at a million todos) that a key pressed meanwhile hardly waits. After the
/// first step, while steps still find pieces, the next one follows after a short pause, so a big
/// import is tidied in seconds rather than minutes.
struct IdleTidying {
    /// How long the loop waits for keys before it counts as idle.
    static let idleMilliseconds = 250
    /// The wait between steps while the index still has pieces to merge.
    static let pauseMilliseconds = 20
    /// Index pages merged per step: 1.6–3 ms at a million todos (64 pages took 4–12 ms).
    static let stepPages = 16

    /// Whether the index may have pieces to merge (true until a step finds none).
    private(set) var mayBeUntidy = true
    /// Whether the last step merged something, so more steps follow soon.
    private(set) var isMerging = false

    /// How long the loop may wait for keys before calling `idle(step:)`; nil once the index is tidy,
    /// when the loop need not wake for it at all.
    var timeoutMilliseconds: Int? {
        guard mayBeUntidy else { return nil }
        return isMerging ? Self.pauseMilliseconds : Self.idleMilliseconds
    }

    /// Something may have changed the index: keys were handled, or another process wrote the store.
    mutating func indexMayHaveChanged() {
        mayBeUntidy = true
    }

    /// No key came within `timeoutMilliseconds`: runs one step when there may be work. `step` merges
    /// up to the given number of pages and says whether it merged anything.
    mutating func idle(step: (_ pages: Int) -> Bool) {
        guard mayBeUntidy else { return }
        mayBeUntidy = step(Self.stepPages)
        isMerging = mayBeUntidy
    }
}
