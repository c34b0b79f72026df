import TermTable
import TodoStore

extension TickApp {
    /// Columns a drag must cover to reveal a row's actions, and the share of the width for a full swipe.
    static let dragToReveal = 3
    static let fullSwipeShare = 0.5
    /// Lines one notch of the wheel scrolls.
    static let wheelLines = 3

    /// The wheel scrolls, a click selects the row under it (or performs a revealed button, or
    /// collapses or expands a parent when it is on its `▸`/`▾`), and
    /// dragging a row sideways swipes it; far enough is a full swipe. While an overlay is open the
    /// wheel scrolls it (help, the details, the lists screen) and the other buttons do nothing.
    func handleMouse(_ event: MouseEvent) {
        if let overlay = overlays.last {
            switch event.kind {
            case .wheelUp: overlay.scrollByWheel(lines: -Self.wheelLines)
            case .wheelDown: overlay.scrollByWheel(lines: Self.wheelLines)
            default: break
            }
            return
        }
        let table = list.tableView
        let point = Point(x: event.x, y: event.y)
        switch event.kind {
        case .wheelUp: table.scroll(byLines: -Self.wheelLines)
        case .wheelDown: table.scroll(byLines: Self.wheelLines)
        case .press(.left):
            if let index = table.swipeActionIndex(at: point) {
                table.performSwipeAction(at: index)
                return
            }
            guard let indexPath = table.indexPathForRow(at: point) else { return }
            if table.indexPathForSwipedRow != nil, table.indexPathForSwipedRow != indexPath { table.closeSwipe() }
            table.moveSelection(to: indexPath)
            // A click on a parent's ▸ or ▾ collapses or expands its subtasks.
            if let cell = table.cellForRow(at: indexPath) as? TodoCell, let rect = table.rectForRow(at: indexPath),
               cell.isDisclosureMark(atColumn: point.x - rect.origin.x), let item = list.item(at: indexPath) {
                let collapses = !list.outline.isCollapsed(item.id)
                run { $0.fold(item, collapses: collapses) }
                return
            }
            drag = list.item(at: indexPath).map { (point, $0) }
        case .drag(.left):
            guard let drag, !list.store.isReadOnly, let row = draggedRow(drag.todo) else { return }
            let distance = point.x - drag.start.x
            guard abs(distance) >= Self.dragToReveal, table.indexPathForSwipedRow == nil else { return }
            table.revealSwipeActions(at: row, direction: distance > 0 ? .right : .left)
        case .release(.left):
            defer { drag = nil }
            guard let drag, !list.store.isReadOnly, let row = draggedRow(drag.todo) else { return }
            let distance = point.x - drag.start.x
            if Double(abs(distance)) >= Double(table.contentWidth) * Self.fullSwipeShare,
               table.indexPathForSwipedRow == row {
                table.swipeSelectedRow(distance > 0 ? .right : .left)
            }
        default: break
        }
    }

    /// Where the todo a drag started on is shown now (rows may move under a drag: another process,
    /// the sync); nil when it is gone or hidden, which ends the drag's effect.
    private func draggedRow(_ todo: TodoItem) -> IndexPath? {
        guard let now = list.storedItem(id: todo.id) else { return nil }
        return list.indexPath(ofTodo: now.id, inList: now.listID)
    }
}
