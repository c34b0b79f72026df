import TermTable
import TodoStore

extension TodoListController {
    /// Adds one todo per line (each parsed for `!`/`@date` markers as a typed title) after the
    /// selected one, in their order, as one store step: one `u` takes them all back. False (with
    /// a message, nothing added) when a line holds markers but no title.
    @discardableResult
    func addTodos(titles lines: [String]) -> Bool {
        guard let list = currentList else { return false }
        return addTodos(titles: lines, toList: list)
    }

    /// Adds one todo per line to `list` (the list the input line named), as `addTodos(titles:)` does;
    /// false (with a message, nothing added) when the list was deleted elsewhere meanwhile.
    @discardableResult
    func addTodos(titles lines: [String], toList shown: TodoList) -> Bool {
        let parsed = lines.map { TitleSyntax.parse($0, today: today(), now: timeOfDay()).startingOnFirstOccurrence(today: today()) }
        if let line = parsed.firstIndex(where: { $0.mistake != nil }), let mistake = parsed[line].mistake {
            pendingMessage = .error("Line \(line + 1) has \(mistake): nothing added")
            return false
        }
        if let blank = parsed.firstIndex(where: { $0.title.allSatisfy { $0.isWhitespace || $0.isNewline } }) {
            pendingMessage = .error("Line \(blank + 1) has no title: nothing added")
            return false
        }
        guard let list = storedList(shown, otherwise: "nothing added") else { return false }
        let selected = selectedItem.flatMap { $0.listID == list.id ? $0 : nil }
        return mutate {
            var after = selected?.id
            if let selected, selected.isDone {
                // Done todos sit together at the end: next to one, the new todos go just above them.
                let open = SectionQuery(listID: list.id, sort: .manual, includesCompleted: false)
                after = list.openCount > 0 ? try store.items(open, in: (list.openCount - 1)..<list.openCount).first?.id : nil
            }
            if list.isCollapsed { try store.setCollapsed(false, listID: list.id) }
            let todos = parsed.map { line in
                var todo = NewTodo(title: line.title, priority: line.priority ?? 0, due: line.due?.stored, tags: line.tags)
                todo.reminders = line.reminders
                todo.start = line.start?.stored
                return todo
            }
            let committed = try store.add(todos, toList: list.id, after: after)
            let items = committed.value
            // Unfolding first was a step of its own, which the add's change does not tell.
            if list.isCollapsed { reloadFromStore(selecting: items.last?.id) } else { show(committed.change, selecting: items.last?.id) }
            let hidden = items.contains { indexPath(ofTodo: $0.id, inList: $0.listID) == nil }
            let added = "Added \(items.count) todos" + (hidden ? " (some hidden by the current view)" : "") + keys.undoes
            let hints = [TitleSyntax.hint(parsed.flatMap(\.unreadDates)), TitleSyntax.timeHint(parsed.flatMap(\.unreadTimes))].compactMap { $0 }
            pendingMessage = .info(hints.isEmpty ? added : (hints + [added]).joined(separator: " · "),
                            while: .undoable(change: changeCount))
            return committed
        }
    }
}
