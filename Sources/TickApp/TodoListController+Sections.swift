import TermTable
import TodoStore

/// Lists as sections: collapsing, jumping between them, and changing the lists themselves.
extension TodoListController {
    /// Collapses the current list, or expands it again (remembered in the store).
    public func toggleCollapsed(section: Int) {
        guard section < lists.count else { return }
        let list = lists[section]
        mutate({
            let folded = try store.setCollapsed(!list.isCollapsed, listID: list.id)
            pendingMessage = !list.isCollapsed ? .info("Collapsed \(list.name)" + keys.offer(.collapse, "expands"), while: .collapsedCurrentList(list.id)) : .info("Expanded \(list.name)")
            return folded
        }, show: { folded in
            // The engine animates nothing: the section's rows go or come back as one batch.
            try apply(folded.change)
            // As in a tree view, the list just folded keeps its header selected, so z unfolds it again.
            let said = pendingMessage
            select(section: section)
            pendingMessage = said
        })
    }

    /// The section new todos, `z` and the lists screen act on: the selected header’s, else the selected row's.
    var currentSection: Int? {
        currentList.flatMap { section(ofList: $0.id) }
    }

    /// Selects the first row of the next (or previous) list, wrapping around; an empty list’s header is    /// selected instead (its header says so), so `a` adds the first todo there.
    public func jumpToSection(offset: Int) {
        if agenda != nil { return jumpToAgendaGroup(offset: offset) }
        guard !lists.isEmpty else { return }
        let current = selectedHeaderListID.flatMap { self.section(ofList: $0) }
            ?? tableView.indexPathForSelectedRow?.section ?? (offset > 0 ? -1 : lists.count)
        select(section: ((current + offset) % lists.count + lists.count) % lists.count)
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
        tableView.scrollToHeader(ofSection: section)
        if sectionCounts[section] == 0 {
            // An empty section has no row to scroll to: bring its header into view.
            let collapsed = "collapsed" + (keys.key(.collapse).map { " (\($0) expands)" } ?? "")
            pendingMessage = .info("\(lists[section].name) is \(lists[section].isCollapsed ? collapsed : "empty")" + keys.offer(.add, "adds a todo to it"),
                           while: .currentList(lists[section].id))
        }
    }

    /// The first row below a list's header (forward) or the last row above it, in the lists around it.
    func row(beside section: Int, forward: Bool) -> IndexPath? {
        let candidates = forward ? Array((section + 1)..<max(section + 1, lists.count)) : Array((0..<section).reversed())
        guard let target = candidates.first(where: { $0 < sectionCounts.count && sectionCounts[$0] > 0 }) else { return nil }
        return IndexPath(row: forward ? 0 : sectionCounts[target] - 1, section: target)
    }

    /// Makes a new list (at the end) and returns it, or nil with a message.
    @discardableResult
    func addList(named name: String) -> TodoList? {
        var created: TodoList?
        mutate({
            let added = try store.addList(named: name)
            created = added.value
            pendingMessage = .info("Created list \(added.value.name)")
            return added
        }, show: { show($0.change) })
        return created
    }

    /// Renames a list; false (with a message) when the name is refused.
    @discardableResult
    func renameList(_ list: TodoList, to name: String) -> Bool {
        mutate({
            let renamed = try store.renameList(id: list.id, to: name)
            pendingMessage = .info("Renamed \(list.name) to \(renamed.value.name)")
            return renamed
        }, show: { show($0.change) })
    }

    /// Deletes a list; its todos go to the Inbox (`movingToInbox`) or are deleted with it.
    func deleteList(_ list: TodoList, movingToInbox: Bool) {
        mutate({
            let deleted = try store.deleteList(id: list.id, movingTodosTo: movingToInbox ? TodoStore.inboxListID : nil)
            let todos = list.openCount + list.doneCount
            pendingMessage = .info("Deleted list \(list.name)" + (todos == 0 ? "" : movingToInbox ? " · its todos are in Inbox" : " and its \(todos) todo\(todos == 1 ? "" : "s")") + keys.undoes, while: .undoable(change: changeCount))
            return deleted
        }, show: { show($0.change) })
    }

    /// Moves a list up or down in the section order.
    func moveList(_ list: TodoList, by offset: Int) {
        guard let index = section(ofList: list.id) else { return }
        let target = index + offset
        guard target >= 0, target < lists.count else { return }
        mutate({ try store.moveList(id: list.id, to: target) }, show: { show($0.change) })
    }
}
