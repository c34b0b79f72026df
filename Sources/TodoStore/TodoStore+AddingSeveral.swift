/// Adding several todos at once (a pasted list of lines): one transaction and one undoable step.
extension TodoStore {
    /// Adds `todos` to `listID` in the given order, the first right after todo `id` in the manual
    /// order (nil: at the top) and each after the one before, and returns them as stored.
    ///
    /// Each todo's title, notes, priority, due day and tags are used; its list name, flag and times are
    /// not (they go to `listID`, created now). Every title and due day is checked before anything is
    /// written, and one undo takes them all back.
    @discardableResult
    public func add(_ todos: [NewTodo], toList listID: Int64, after id: Int64? = nil) throws -> Committed<[TodoItem]> {
        for todo in todos {
            try Validation.title(todo.title)
            try Validation.due(todo.due)
            try Validation.start(todo.start)
            try Validation.tags(todo.tags)
            try Validation.reminders(todo.reminders)
        }
        guard !todos.isEmpty else { return Committed(value: [], change: .none) }
        return try journaled {
            try requireList(id: listID)
            var previous = try id.map { try placementKey(of: $0, inList: listID) }
            var added: [TodoItem] = []
            added.reserveCapacity(todos.count)
            for todo in todos {
                var item = try insertTodo(title: todo.title, notes: todo.notes, priority: todo.priority, due: todo.due, start: todo.start,
                                          tags: TodoTags.unique(todo.tags), listID: listID, after: previous)
                if !todo.reminders.isEmpty {
                    try connection.run("UPDATE todos SET reminders = ? WHERE id = ?", [Reminder.stored(todo.reminders), item.id])
                    item.reminders = Reminder.unique(todo.reminders)
                }
                added.append(item)
                previous = Key(position: item.position, id: item.id)
            }
            return (added, .todos("add %@", titles: added.map(\.title), ids: added.map(\.id)))
        }
    }
}
