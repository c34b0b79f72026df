import TermTable
import TodoStore

/// Lists as sections: selecting one (Tab is `TodoCommands.jumpToList`; the commands that change
/// lists are `TodoCommands+Lists`).
extension TodoListController {
    /// The section new todos, `z` and the lists screen act on: the selected header’s, else the selected row's.
    var currentSection: Int? {
        currentList.flatMap { section(ofList: $0.id) }
    }

    /// Selects a list's first row, or selects the list’s header when it shows no rows.
    func select(section: Int) {
        guard section < lists.count else { return }
        if sectionCounts[section] > 0 {
            selectedHeaderListID = nil
            tableView.moveSelection(to: IndexPath(row: 0, section: section))
        } else {
            selectedHeaderListID = lists[section].id
            tableView.selectRow(at: nil, scrollPosition: .none)
            tableView.setNeedsLayout()
        }
        // An empty section has no row to scroll to: its header comes into view.
        tableView.scrollToHeader(ofSection: section)
    }

    /// The first row below a list's header (forward) or the last row above it, in the lists around it.
    func row(beside section: Int, forward: Bool) -> IndexPath? {
        let candidates = forward ? Array((section + 1)..<max(section + 1, lists.count)) : Array((0..<section).reversed())
        guard let target = candidates.first(where: { $0 < sectionCounts.count && sectionCounts[$0] > 0 }) else { return nil }
        return IndexPath(row: forward ? 0 : sectionCounts[target] - 1, section: target)
    }
}
