import FoundationEssentials

/// Adding a todo beside another in an outline: after its subtasks, at its level.
extension TodoStore {
    /// Adds a todo as the next sibling of todo `id`: right after `id`'s subtree in the manual order,
    /// with `id`'s parent when that parent is in effect (a todo at the top gets none), and returns it.
    /// `add(title:listID:after:)` puts a todo right after another, which inside an outline would
    /// split that todo from its subtasks; the app adds beside a selected todo with this one.
    /// `expandingList` unfolds `id`'s list too, in the same step: one undo takes both back.
    public func add(title: String, besideSubtreeOf id: Int64, priority: Int = 0, due: String? = nil,
                    recurrence: RecurrenceRule? = nil, tags: [String] = [], reminders: [Reminder] = [],
                    start: String? = nil, expandingList: Bool = false) throws -> Committed<TodoItem> {
        try Validation.title(title)
        try Validation.reminders(reminders)
        try Validation.tags(tags)
        try Validation.due(due)
        try Validation.start(start)
        return try journaled {
            let sibling = try requireItem(id: id)
            if expandingList { try expand(listID: sibling.listID) }
            let parentUID = try parentID(of: id) == nil ? nil : sibling.parentUID
            var item = try insertTodo(title: title, priority: priority, due: due, start: start, tags: TodoTags.unique(tags),
                                      listID: sibling.listID, after: try subtreeEnd(of: sibling))
            try completeAddedTodo(&item, parentUID: parentUID, recurrence: recurrence, reminders: reminders)
            return (item, .todos("add %@", titles: [title], ids: [item.id]))
        }
    }
}
