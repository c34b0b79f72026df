/// Adding several todos at once (a pasted list of lines): one transaction and one undoable step.
extension TodoStore {
    /// Adds `todos` to `listID` in the given order, the first beside todo `id` (nil: at the top) and
    /// each after the one before, and returns them as stored. Beside means what adding one todo beside
    /// another means in an outline (`add(title:besideSubtreeOf:)`): after `id`'s subtasks, with `id`'s
    /// parent in effect, so a paste on a parent never lands between it and its subtasks.
    ///
    /// Each todo's title, notes, priority, due day and tags are used; its list name, flag and times are
    /// not (they go to `listID`, created now). Every title and due day is checked before anything is
    /// written, and one undo takes them all back; `expandingList` unfolds the list too, in the same step.
    @discardableResult
    public func add(_ todos: [NewTodo], toList listID: Int64, after id: Int64? = nil, expandingList: Bool = false) throws -> Committed<[TodoItem]> {
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
            if expandingList { try expand(listID: listID) }
            var previous: Key?
            var parentUID: String?
            if let id {
                let sibling = try requireItem(id: try placementKey(of: id, inList: listID).id)
                previous = try subtreeEnd(of: sibling)
                parentUID = try parentID(of: id) == nil ? nil : sibling.parentUID
            }
            var added: [TodoItem] = []
            added.reserveCapacity(todos.count)
            for todo in todos {
                var item = try insertTodo(title: todo.title, notes: todo.notes, priority: todo.priority, due: todo.due, start: todo.start,
                                          tags: TodoTags.unique(todo.tags), listID: listID, after: previous)
                try completeAddedTodo(&item, parentUID: parentUID, recurrence: nil, reminders: todo.reminders)
                added.append(item)
                previous = Key(position: item.position, id: item.id)
            }
            return (added, .todos("add %@", titles: added.map(\.title), ids: added.map(\.id)))
        }
    }
}
