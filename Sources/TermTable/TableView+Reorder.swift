extension TableView {
    /// Moves the selected row by `offset` rows as a user reordering it would (Shift-J / Shift-K):
    /// asks `canMoveRowAt` and the delegate's `targetIndexPathForMoveFromRowAt`, tells the data source
    /// `moveRowAt` (which updates the data), then moves the row on screen; the selection follows.
    /// Returns whether the row moved.
    @discardableResult
    public func moveSelectedRow(by offset: Int) -> Bool {
        guard let move = destinationForMovingSelectedRow(by: offset), let dataSource else { return false }
        dataSource.tableView(self, moveRowAt: move.source, to: move.destination)
        do {
            try moveRow(at: move.source, to: move.destination)
        } catch {
            // The data source did not move the row as announced; show what it holds.
            reloadData()
            return false
        }
        moveSelection(to: move.destination)
        return true
    }

    /// Where moving the selected row by `offset` rows would take it, asking what `moveSelectedRow(by:)`
    /// asks (`canMoveRowAt`, the delegate's `targetIndexPathForMoveFromRowAt`), without moving
    /// anything; nil when it would not move. For a client that changes its data first and then
    /// tells the table in a batch update (`moveRow(at:to:)`), as it tells any other change.
    public func destinationForMovingSelectedRow(by offset: Int) -> (source: IndexPath, destination: IndexPath)? {
        loadDataIfNeeded()
        guard offset != 0, let source = selection.selected, isValid(source),
              let dataSource, dataSource.tableView(self, canMoveRowAt: source) else { return nil }
        let proposed = proposedDestination(from: source, offset: offset)
        guard let proposed else { return nil }
        let destination = delegate?.tableView(self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: proposed) ?? proposed
        guard destination != source, destination.section >= 0, destination.section < sections.rowCounts.count else { return nil }
        let sameSection = destination.section == source.section
        let limit = sections.rowCounts[destination.section] - (sameSection ? 1 : 0)
        guard destination.row >= 0, destination.row <= limit else { return nil }
        return (source, destination)
    }

    /// One row further within the section, or across into the neighbouring section's edge.
    private func proposedDestination(from source: IndexPath, offset: Int) -> IndexPath? {
        let target = source.row + offset
        if target >= 0, target < sections.rowCounts[source.section] {
            return IndexPath(row: target, section: source.section)
        }
        // Past the section's edge: into the next (or previous) section, at its near end.
        let section = source.section + (offset > 0 ? 1 : -1)
        guard section >= 0, section < sections.rowCounts.count else { return nil }
        return IndexPath(row: offset > 0 ? 0 : sections.rowCounts[section], section: section)
    }
}
