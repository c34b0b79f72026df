/// The collapsed parents of one list shown as an outline, and how its rows on screen map to the
/// rows the store reads (ranks in the section's query).
///
/// A parent's open subtasks follow it in the manual order as one run of ranks (the store keeps a
/// subtree together), so a collapsed parent hides that run: a fold is the parent's rank and how
/// many ranks after it are hidden. Only the outermost folds count (a fold inside a collapsed
/// subtree hides nothing more), but every fold is kept, so that collapsing or expanding one parent
/// changes one fold (`adding(_:)`, `removing(parentID:)`) without reading the others again. Mapping a
/// row costs a binary search over the folds, whose number is the number of collapsed parents in the
/// list, never the number of todos.
struct OutlineFolds: Equatable {
    /// One collapsed parent: its rank and the ranks of its open subtasks after it.
    struct Fold: Equatable {
        /// The collapsed parent.
        var parentID: Int64
        /// Its rank in the section's query.
        var rank: Int
        /// How many ranks right after it are its subtasks, hidden.
        var hidden: Int
    }

    /// The outermost folds that hide something, by rank.
    let folds: [Fold]
    /// Every fold given that hides something (those inside another one too), by rank.
    let all: [Fold]
    /// For each fold, the ranks hidden by the folds before it.
    private let hiddenBefore: [Int]
    /// Every rank hidden.
    let hiddenTotal: Int

    /// No fold: rows are ranks.
    static let none = OutlineFolds([])

    /// The folds given, sorted by rank; folds inside another one and folds that hide nothing are dropped.
    init(_ given: [Fold]) {
        all = given.filter { $0.hidden > 0 }.sorted { $0.rank < $1.rank }
        var kept: [Fold] = []
        for fold in all {
            if let last = kept.last, fold.rank <= last.rank + last.hidden { continue }
            kept.append(fold)
        }
        var before: [Int] = []
        var total = 0
        for fold in kept {
            before.append(total)
            total += fold.hidden
        }
        folds = kept
        hiddenBefore = before
        hiddenTotal = total
    }

    /// These folds and `fold` (in place of one of the same parent).
    func adding(_ fold: Fold) -> OutlineFolds {
        OutlineFolds(all.filter { $0.parentID != fold.parentID } + [fold])
    }

    /// These folds less that of `parentID`.
    func removing(parentID: Int64) -> OutlineFolds {
        OutlineFolds(all.filter { $0.parentID != parentID })
    }

    /// Whether no rank is hidden.
    var isEmpty: Bool { folds.isEmpty }

    /// The row on screen of a rank, or nil when a collapsed parent hides it.
    func row(forRank rank: Int) -> Int? {
        guard let index = lastFold(where: { folds[$0].rank < rank }) else { return rank }
        let fold = folds[index]
        if rank <= fold.rank + fold.hidden { return nil }
        return rank - hiddenBefore[index] - fold.hidden
    }

    /// The rows on screen before a rank: the row of that rank when it is shown, else (a collapsed
    /// parent hides it) the row right after that parent's.
    func rows(beforeRank rank: Int) -> Int {
        guard let index = lastFold(where: { folds[$0].rank < rank }) else { return rank }
        let fold = folds[index]
        return rank - hiddenBefore[index] - min(fold.hidden, rank - fold.rank - 1)
    }

    /// The rank of a row on screen.
    func rank(forRow row: Int) -> Int {
        // A fold's parent shows at its rank less what the folds before it hide.
        guard let index = lastFold(where: { folds[$0].rank - hiddenBefore[$0] < row }) else { return row }
        return row + hiddenBefore[index] + folds[index].hidden
    }

    /// The collapsed parent hiding a rank, if any.
    func parentHiding(rank: Int) -> Int64? {
        guard let index = lastFold(where: { folds[$0].rank < rank }) else { return nil }
        return rank <= folds[index].rank + folds[index].hidden ? folds[index].parentID : nil
    }

    /// The index of the last fold for which `isBefore` (given a fold's index) holds, when it holds
    /// for a prefix of the folds: a binary search.
    private func lastFold(where isBefore: (Int) -> Bool) -> Int? {
        var low = 0, high = folds.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
