import FoundationEssentials

/// Adding a todo to, or moving one to, the end of a list the user named, as `tick add --list` and
/// `tick mv` do. Finding the list, creating it when it is new and reading its last open todo all
/// happen inside the change's own transaction: read before it, another process could create that
/// list or delete that todo in between, and the change would fail although nothing was wrong.
extension TodoStore {
    /// Where `append` or `moveToEnd` put a todo.
    public struct EndPlacement: Equatable, Sendable {
        /// The todo as stored after the change.
        public var item: TodoItem
        /// The list it is in now (its counts as they were before the change).
        public var list: TodoList
        /// Whether the list was created by this change (undoing the change removes it again).
        public var createdList: Bool
    }

    /// Adds a todo after the last open todo of the list named `name` (ignoring case; nil: the Inbox),
    /// creating that list at the end of the lists when there is none; one transaction, one undo step.
    @discardableResult
    public func append(title: String, toListNamed name: String?, notes: String = "", priority: Int = 0,
                       due: String? = nil, recurrence: RecurrenceRule? = nil, tags: [String] = [],
                       reminders: [Reminder] = [], start: String? = nil) throws -> Committed<EndPlacement> {
        try Validation.title(title)
        try Validation.reminders(reminders)
        try Validation.tags(tags)
        try Validation.notes(notes)
        try Validation.due(due)
        try Validation.start(start)
        let stored = try name.map(Validation.listName)
        return try journaled {
            let (list, created) = try listForEnd(named: stored)
            var item = try insertTodo(title: title, notes: notes, priority: priority, due: due, start: start, tags: TodoTags.unique(tags),
                                      listID: list.id,
                                      after: try lastOpenKey(inList: list.id, excluding: nil))
            if let recurrence {
                try connection.run("UPDATE todos SET rrule = ?, rrule_from_completion = ? WHERE id = ?",
                                   [recurrence.rrule, recurrence.countsFromCompletion, item.id])
                item.recurrence = recurrence
            }
            if !reminders.isEmpty {
                try connection.run("UPDATE todos SET reminders = ? WHERE id = ?", [Reminder.stored(reminders), item.id])
                item.reminders = Reminder.unique(reminders)
            }
            return (EndPlacement(item: item, list: list, createdList: created),
                    .todos("add %@", titles: [title], ids: [item.id]))
        }
    }

    /// Moves todo `id` after the last open todo of the list named `name` (ignoring case), creating
    /// that list when there is none; one transaction, one undo step. The todo keeps its state.
    @discardableResult
    public func moveToEnd(id: Int64, ofListNamed name: String) throws -> Committed<EndPlacement> {
        let stored = try Validation.listName(name)
        return try journaled {
            let item = try requireItem(id: id)
            let (list, created) = try listForEnd(named: stored)
            let moved = try place(item, inList: list.id, after: try lastOpenKey(inList: list.id, excluding: id))
            let placement = EndPlacement(item: try requireItem(id: id), list: list, createdList: created)
            return (placement, moved ? .todos("move %@", titles: [item.title], ids: [id]) : StepSummary(description: ""))
        }
    }

    /// Several todos placed at the end of a list by one change.
    public struct EndPlacements: Equatable, Sendable {
        /// The todos as stored after the change, in the order given.
        public var items: [TodoItem]
        /// The list they are in now (its counts as they were before the change).
        public var list: TodoList
        /// Whether the list was created by this change (undoing the change removes it again).
        public var createdList: Bool
    }

    /// Moves todos `ids`, in that order, after the last open todo of the list named `name`
    /// (ignoring case), creating that list when there is none; one transaction, one undo step.
    /// Each keeps its state; a todo named twice moves once.
    @discardableResult
    public func moveToEnd(ids: [Int64], ofListNamed name: String) throws -> Committed<EndPlacements> {
        let stored = try Validation.listName(name)
        return try journaled {
            let (list, created) = try listForEnd(named: stored)
            var moved: [TodoItem] = []
            for id in Self.unique(ids) {
                let item = try requireItem(id: id)
                if try place(item, inList: list.id, after: try lastOpenKey(inList: list.id, excluding: id)) { moved.append(item) }
            }
            let placements = EndPlacements(items: try Self.unique(ids).map(requireItem(id:)), list: list, createdList: created)
            return (placements, moved.isEmpty ? StepSummary(description: "")
                        : .todos("move %@", titles: moved.map(\.title), ids: moved.map(\.id)))
        }
    }

    /// The list named `stored` (nil: the Inbox), created when missing; inside a transaction, so a
    /// list another process has just created is found rather than created twice.
    private func listForEnd(named stored: String?) throws -> (list: TodoList, created: Bool) {
        guard let stored else { return (try requireList(id: Self.inboxListID), false) }
        let key = Validation.listNameKey(stored)
        if let existing = try lists().first(where: { Validation.listNameKey($0.name) == key }) { return (existing, false) }
        return (try insertList(named: stored), true)
    }

    /// The manual-order key of the last open todo of a list (other than `excluding`), or nil.
    private func lastOpenKey(inList listID: Int64, excluding id: Int64?) throws -> Key? {
        try connection.queryFirst("""
            SELECT position, id FROM todos WHERE list_id = ? AND completed_at IS NULL AND id IS NOT ?
            ORDER BY position DESC, id DESC LIMIT 1
            """, [listID, id]) { Key(position: $0.int64(at: 0), id: $0.int64(at: 1)) }
    }
}
