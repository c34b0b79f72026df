/// The heights of rows measured so far, as UIKit's table keeps them: a measured row is laid out at its
/// height, every other row at the estimate, until it is measured.
///
/// The cache is bounded (`capacity`): past it, rows that are not on screen are forgotten, so memory stays
/// flat whatever the number of rows scrolled past. A fixed height equal to every estimate is never stored,
/// which keeps the sums over remembered heights (content height, a row's estimated top) short.
///
/// A batch update remaps it (`remapped(by:)`: reloaded and reconfigured rows forget their height);
/// the table drops it whole on `reloadData()`, a new width or `rowHeight`, and on entering or leaving
/// editing mode (the mark narrows every row, and a row is measured with the table's state applied).
struct HeightCache {
    /// How many heights are kept before the ones off screen are forgotten.
    static let capacity = 4096

    /// Measured heights by row.
    private(set) var measured: [IndexPath: Int] = [:]

    /// The remembered height of a row, or nil when it has not been measured.
    subscript(indexPath: IndexPath) -> Int? { measured[indexPath] }

    /// Whether no height is remembered.
    var isEmpty: Bool { measured.isEmpty }

    /// Remembers a row's height; when full, first forgets every row not in `visibleItems`.
    mutating func remember(_ height: Int, for indexPath: IndexPath, keepingRowsIn visibleItems: [VisibleItem]) {
        if measured.count >= Self.capacity {
            let visible = Set(visibleItems.compactMap(\.item.indexPath))
            measured = measured.filter { visible.contains($0.key) }
        }
        measured[indexPath] = height
    }

    /// Forgets one row's height (its content changed: it is measured again when next laid out).
    mutating func forget(_ indexPath: IndexPath) { measured[indexPath] = nil }

    /// Forgets every height (the width or the row height changed, or the data was reloaded).
    mutating func removeAll() { measured.removeAll() }

    /// The same heights under the index paths a batch update gave their rows; rows deleted, reloaded or
    /// reconfigured are forgotten, as their content (and so their height) may have changed.
    func remapped(by plan: UpdatePlan) -> HeightCache {
        guard !measured.isEmpty else { return self }
        var remapped = HeightCache()
        remapped.measured.reserveCapacity(measured.count)
        for (old, height) in measured {
            guard !plan.needsFreshCell(forOld: old), !plan.isReconfigured(old), let new = plan.newIndexPath(forOld: old) else { continue }
            remapped.measured[new] = height
        }
        return remapped
    }
}
