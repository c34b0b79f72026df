/// A row swiped open: which row, which side's actions are revealed, and the selected action.
struct SwipeState {
    /// The swiped row.
    var indexPath: IndexPath
    /// True when the leading actions (swipe right) are revealed.
    var isLeading: Bool
    /// The revealed actions, as the delegate gave them when the row was swiped.
    var configuration: SwipeActionsConfiguration
    /// The selected action: the one Enter performs (arrows and Tab move it).
    var selectedAction = 0

    /// The same swipe after a batch update, following its row; nil (the row closes) when the row was deleted or
    /// reloaded, as its actions were asked for the old content.
    func remapped(by plan: UpdatePlan) -> SwipeState? {
        guard !plan.needsFreshCell(forOld: indexPath), let new = plan.newIndexPath(forOld: indexPath) else { return nil }
        var remapped = self
        remapped.indexPath = new
        return remapped
    }
}
