import TermTable
import TodoStore

/// What can be done to one todo. Keys and swipe buttons run the same code through these.
extension TodoListController {
    /// Marks the todo at a row done, or not done again.
    public func toggle(at indexPath: IndexPath) {
        guard let item = item(at: indexPath.row) else { return }
        mutate {
            let updated = try store.setDone(!item.isDone, id: item.id)
            afterChange()
            try tableView.reconfigureRows(at: [indexPath])
            message = .info(updated.isDone ? "Done: \(quoted(updated.title))" : "Not done: \(quoted(updated.title))")
        }
    }

    /// Deletes the todo at a row; the highlight moves to the next one.
    public func delete(at indexPath: IndexPath) {
        guard let item = item(at: indexPath.row) else { return }
        mutate {
            try store.delete(id: item.id)
            afterChange()
            try tableView.deleteRows(at: [indexPath])
            message = .info("Deleted \(quoted(item.title))")
        }
    }

    /// Replaces the title of the todo at a row; false (with a message) when the title is refused.
    @discardableResult
    public func setTitle(_ title: String, at indexPath: IndexPath) -> Bool {
        guard let item = item(at: indexPath.row) else { return true }
        guard !title.allSatisfy({ $0.isWhitespace || $0.isNewline }) else {
            message = .error("A todo needs a title: type some words, or Esc to cancel")
            return false
        }
        guard title != item.title else { return true }
        return mutate {
            let updated = try store.setTitle(title, id: item.id)
            afterChange()
            try tableView.reconfigureRows(at: [indexPath])
            message = .info("Renamed to \(quoted(updated.title))")
        }
    }

    /// The highlighted todo's row, when there is one.
    var selectedIndexPath: IndexPath? { tableView.indexPathForSelectedRow }

    // MARK: Reordering (the table calls moveRowAt after the user moved a row)

    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let item = item(at: sourceIndexPath.row) else { return }
        do {
            try store.move(id: item.id, to: destinationIndexPath.row)
            afterChange()
            message = .info("Moved \(quoted(item.title))")
        } catch {
            message = .error("Not saved: \(error)")
            afterChange()
        }
    }

    // MARK: Swipe actions

    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let item = item(at: indexPath.row), !store.isReadOnly else { return nil }
        let done = ContextualAction(style: .normal, title: item.isDone ? "Undo" : "Done") { [weak self] _, indexPath, completion in
            self?.toggle(at: indexPath)
            completion(true)
        }
        done.backgroundColor = item.isDone ? .brightBlack : .green
        return SwipeActionsConfiguration(actions: [done])
    }

    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard item(at: indexPath.row) != nil, !store.isReadOnly else { return nil }
        let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, indexPath, completion in
            self?.delete(at: indexPath)
            completion(true)
        }
        let edit = ContextualAction(style: .normal, title: "Edit") { [weak self] _, indexPath, completion in
            self?.requestEdit(indexPath)
            completion(true)
        }
        edit.backgroundColor = .blue
        return SwipeActionsConfiguration(actions: [delete, edit])
    }
}
