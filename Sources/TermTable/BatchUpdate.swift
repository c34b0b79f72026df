/// The operations of one batch update as the caller described them.
///
/// Index semantics are UIKit's: deletes, reloads and reconfigures name rows and sections
/// before the update; inserts name them after; moves go from before to after.
struct BatchUpdate {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var reloadedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var reconfiguredRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && reconfiguredRows.isEmpty
            && movedRows.isEmpty
    }

    /// Whether only row contents change (reloads and reconfigures): every index path stays where it is.
    var changesContentsOnly: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty
    }
}

/// Row changes within one section that survives an update: which old rows leave, which new rows arrive.
struct SectionRowEdits {
    /// Old rows deleted or moved out, sorted.
    var removed: [Int] = []
    /// New rows inserted or moved in, sorted.
    var added: [Int] = []

    /// Where an old row that stays ends up. Survivors keep their order and fill the slots not taken by arrivals.
    func newRow(forOld row: Int) -> Int {
        let rank = row - countLess(than: row, in: removed)
        // The first j with added[j] - j > rank: that many arrivals come before the survivor.
        var low = 0, high = added.count
        while low < high {
            let mid = (low + high) / 2
            if added[mid] - mid <= rank { low = mid + 1 } else { high = mid }
        }
        return rank + low
    }

    /// Whether an old row leaves the section.
    func isRemoved(_ row: Int) -> Bool { contains(removed, row) }

    private func countLess(than value: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func contains(_ sorted: [Int], _ value: Int) -> Bool {
        let index = countLess(than: value, in: sorted)
        return index < sorted.count && sorted[index] == value
    }
}
