import TermTable
import TodoStore

extension TodoListController {
    /// After a view switch that hid the selected todo of list `listID` (`R`: it waits for its start day), selects the
    /// nearest todo shown after its place, else the nearest shown before it, as UIKit keeps a
    /// selection near its item. False when its place in the view is unknown (the todo is gone, its
    /// list is collapsed, or the view leaves it out for another reason): the caller falls back.
    func selectNearest(toHidden id: Int64, inList listID: Int64) -> Bool {
        guard agenda == nil, let section = section(ofList: listID),
              section < numberOfShownSections, !lists[section].isCollapsed else { return false }
        let place: Int?
        do {
            place = try store.place(of: id, in: query(forSection: section))
        } catch {
            reportReadFailure(error)
            return false
        }
        guard let place else { return false }
        let row = folds(inSection: section).rows(beforeRank: place)
        let sections = tableView.numberOfSections
        // The first row shown at or after its place, in its list or a later one…
        var after = (section: section, row: row)
        while after.section < sections {
            if after.row < tableView.numberOfRows(inSection: after.section) {
                selectRow(at: IndexPath(row: after.row, section: after.section))
                return true
            }
            after = (after.section + 1, 0)
        }
        // …else the last row shown before it.
        var before = (section: section, row: min(row, tableView.numberOfRows(inSection: section)) - 1)
        while before.section >= 0 {
            if before.row >= 0 {
                selectRow(at: IndexPath(row: before.row, section: before.section))
                return true
            }
            before.section -= 1
            if before.section >= 0 { before.row = tableView.numberOfRows(inSection: before.section) - 1 }
        }
        return false
    }
}
