import TermTable
import TodoStore

/// Lists as sections: jumping between them and selecting one (the commands that change lists are
/// `TodoCommands+Lists`).
extension TodoListController {
    /// The section new todos, `z` and the lists screen act on: the selected header’s, else the selected row's.
    var currentSection: Int? {
        currentList.flatMap { section(ofList: $0.id) }
    }

    /// Selects the first row of the next (or previous) list, wrapping around; an empty list’s header is
    /// selected instead (its header says so), so `a` adds the first todo there. Returns what the status
    /// line says about a list that shows no rows.
    @discardableResult
    public func jumpToSection(offset: Int) -> StatusMessage? {
        if agenda != nil {
            jumpToAgendaGroup(offset: offset)
            return nil
        }
        guard !lists.isEmpty else { return nil }
        let current = selectedHeaderListID.flatMap { self.section(ofList: $0) }
            ?? tableView.indexPathForSelectedRow?.section ?? (offset > 0 ? -1 : lists.count)
        let target = ((current + offset) % lists.count + lists.count) % lists.count
        select(section: target)
        return headerMessage(forSection: target)
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

    /// What the status line says when a list that shows no rows is selected by name (Tab, the lists
    /// screen's go, the config file's default list): "Home is empty · a adds a todo to it"; nil for
    /// a list that shows rows.
    func headerMessage(forSection section: Int) -> StatusMessage? {
        guard section < lists.count, section < sectionCounts.count, sectionCounts[section] == 0 else { return nil }
        let collapsed = "collapsed" + (keys.key(.collapse).map { " (\($0) expands)" } ?? "")
        return .info("\(lists[section].name) is \(lists[section].isCollapsed ? collapsed : "empty")" + keys.offer(.add, "adds a todo to it"),
                     while: .currentList(lists[section].id))
    }

    /// The first row below a list's header (forward) or the last row above it, in the lists around it.
    func row(beside section: Int, forward: Bool) -> IndexPath? {
        let candidates = forward ? Array((section + 1)..<max(section + 1, lists.count)) : Array((0..<section).reversed())
        guard let target = candidates.first(where: { $0 < sectionCounts.count && sectionCounts[$0] > 0 }) else { return nil }
        return IndexPath(row: forward ? 0 : sectionCounts[target] - 1, section: target)
    }
}
