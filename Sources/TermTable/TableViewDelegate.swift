/// Answers a table's "what happens when…" questions, as `UITableViewDelegate` does. Every method is optional.
public protocol TableViewDelegate: AnyObject {
    /// The height of a row in lines; return `TableView.automaticDimension` to let the cell size itself.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int
    /// A cheap guess of a row's height, used until the row is measured.
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Int
    /// The height of a section header; `automaticDimension` means one line when there is a header.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Int
    /// The height of a section footer; `automaticDimension` means one line when there is a footer.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Int
    /// A custom header view (default: a plain header showing the data source's title).
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView?
    /// A custom footer view (default: a plain footer showing the data source's title).
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> TableViewHeaderFooterView?

    /// A cell is about to appear on screen.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// A cell left the screen (it goes back to the reuse pool).
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// A header is about to appear.
    func tableView(_ tableView: TableView, willDisplayHeaderView view: TableViewHeaderFooterView, forSection section: Int)
    /// A header left the screen.
    func tableView(_ tableView: TableView, didEndDisplayingHeaderView view: TableViewHeaderFooterView, forSection section: Int)
    /// A footer is about to appear.
    func tableView(_ tableView: TableView, willDisplayFooterView view: TableViewHeaderFooterView, forSection section: Int)
    /// A footer left the screen.
    func tableView(_ tableView: TableView, didEndDisplayingFooterView view: TableViewHeaderFooterView, forSection section: Int)

    /// The row's indentation in levels, as UIKit's `tableView(_:indentationLevelForRowAt:)`: the
    /// table sets it on the row's cell right after the data source configured it, and the cell's
    /// content starts `indentationLevel × indentationWidth` columns in. The default, 0, leaves the
    /// level the cell gave itself (UIKit calls this only when the delegate implements it).
    func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int

    /// Whether the row can be selected; rows that cannot (a "load more" row) are skipped by navigation.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The row about to be selected; return another row to redirect, or nil to refuse.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user selected a row: Enter on the selected row, a click, or a mark in editing mode.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The user removed a row from the selection (unmarked it in editing mode).
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)

    /// The actions revealed when the row is swiped right (shown at its leading edge).
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The actions revealed when the row is swiped left (shown at its trailing edge).
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The editing style of a row (default `.delete`).
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle
    /// Where a row being reordered may go; return the proposal or another index path.
    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath, toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath

    /// The visible part of the content changed.
    func tableViewDidScroll(_ tableView: TableView)
}

extension TableViewDelegate {
    /// The table's `rowHeight`.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int { tableView.rowHeight }
    /// The table's `estimatedRowHeight`.
    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Int { tableView.estimatedRowHeight }
    /// The table's `sectionHeaderHeight`.
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Int { tableView.sectionHeaderHeight }
    /// The table's `sectionFooterHeight`.
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Int { tableView.sectionFooterHeight }
    /// None: the plain header with the data source's title.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView? { nil }
    /// None: the plain footer with the data source's title.
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> TableViewHeaderFooterView? { nil }
    /// Does nothing.
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, willDisplayHeaderView view: TableViewHeaderFooterView, forSection section: Int) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, didEndDisplayingHeaderView view: TableViewHeaderFooterView, forSection section: Int) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, willDisplayFooterView view: TableViewHeaderFooterView, forSection section: Int) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, didEndDisplayingFooterView view: TableViewHeaderFooterView, forSection section: Int) {}
    /// 0: the cell keeps the level it gave itself.
    public func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
    /// Every row can be selected.
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// The proposed row.
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// No leading actions.
    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    /// No trailing actions.
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    /// `.delete`.
    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    /// The proposed destination.
    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath, toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
    /// Does nothing.
    public func tableViewDidScroll(_ tableView: TableView) {}
}
