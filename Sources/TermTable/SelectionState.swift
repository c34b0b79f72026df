/// Which rows the keys act on: the selected row, which the keyboard moves (UIKit's `indexPathForSelectedRow`), and,
/// in editing mode, the marked rows (UIKit's multiple selection during editing).
struct SelectionState {
    /// The selected row.
    var selected: IndexPath?
    /// Rows marked in editing mode.
    var marked: Set<IndexPath> = []
    /// Set when an update moved the selection to the row in place of a deleted one, which the table must still
    /// check the delegate lets it select (`shouldHighlightRowAt`, asked once the table holds the new counts).
    var isOnReplacementRow = false

    /// Whether a row is marked.
    func isMarked(_ indexPath: IndexPath) -> Bool { !marked.isEmpty && marked.contains(indexPath) }

    /// The same selection after a batch update: marks follow their rows (deleted ones go), and the selection
    /// follows its row; when that row is deleted, the selection moves to the next row of its section (or the
    /// previous one at the end), and when its whole section went, to the row now at its position counting all rows.
    func remapped(by plan: UpdatePlan) -> SelectionState {
        var remapped = self
        if !marked.isEmpty { remapped.marked = Set(marked.compactMap { plan.newIndexPath(forOld: $0) }) }
        guard let old = selected else { return remapped }
        if let new = plan.newIndexPath(forOld: old) {
            remapped.selected = new
            return remapped
        }
        remapped.selected = plan.replacement(forDeleted: old) ?? Self.row(atFlatIndex: Self.flatIndex(of: old, in: plan.before), in: plan.after)
        remapped.isOnReplacementRow = true
        return remapped
    }

    /// A row's position counting rows of all sections.
    private static func flatIndex(of indexPath: IndexPath, in counts: [Int]) -> Int {
        counts[..<indexPath.section].reduce(0, +) + indexPath.row
    }

    /// The row at a position counting rows of all sections, or the last row when there are fewer; nil when none.
    private static func row(atFlatIndex index: Int, in counts: [Int]) -> IndexPath? {
        var remaining = index
        for (section, count) in counts.enumerated() where count > 0 {
            if remaining < count { return IndexPath(row: remaining, section: section) }
            remaining -= count
        }
        guard let last = counts.lastIndex(where: { $0 > 0 }) else { return nil }
        return IndexPath(row: counts[last] - 1, section: last)
    }
}
