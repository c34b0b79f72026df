import FoundationEssentials

/// Changes to todos. Each is one transaction and one undoable step, refused with `.readOnly` on a
/// read-only store; a change that would alter nothing writes nothing and adds no step. Each returns
/// what it committed (`Committed`): its value and the step's `TodoChange` (none when it changed nothing).
extension TodoStore {
    /// Adds a todo to `listID` right after todo `id` in the manual order (nil: at the top) and returns it.
    /// `expandingList` unfolds the list too, in the same step: one undo takes both back.
    @discardableResult
    public func add(title: String, listID: Int64 = TodoStore.inboxListID, after id: Int64? = nil, notes: String = "",
                    priority: Int = 0, due: String? = nil, recurrence: RecurrenceRule? = nil, tags: [String] = [],
                    reminders: [Reminder] = [], start: String? = nil, expandingList: Bool = false) throws -> Committed<TodoItem> {
        try Validation.title(title)
        try Validation.reminders(reminders)
        try Validation.tags(tags)
        try Validation.notes(notes)
        try Validation.due(due)
        try Validation.start(start)
        return try journaled {
            try requireList(id: listID)
            if expandingList { try expand(listID: listID) }
            let previous = try id.map { try placementKey(of: $0, inList: listID) }
            var item = try insertTodo(title: title, notes: notes, priority: priority, due: due, start: start, tags: TodoTags.unique(tags),
                                      listID: listID, after: previous)
            try completeAddedTodo(&item, parentUID: nil, recurrence: recurrence, reminders: reminders)
            return (item, .todos("add %@", titles: [title], ids: [item.id]))
        }
    }

    /// Writes what `insertTodo` leaves out of a todo just inserted: its parent, its recurrence and
    /// its reminders (each only when it has one), in the same step; `item` says them too.
    func completeAddedTodo(_ item: inout TodoItem, parentUID: String?, recurrence: RecurrenceRule?, reminders: [Reminder]) throws {
        if parentUID != nil || recurrence != nil {
            try connection.run("UPDATE todos SET parent_uid = ?, rrule = ?, rrule_from_completion = ? WHERE id = ?",
                               [parentUID, recurrence?.rrule, recurrence?.countsFromCompletion ?? false, item.id])
            item.parentUID = parentUID
            item.recurrence = recurrence
        }
        if !reminders.isEmpty {
            try connection.run("UPDATE todos SET reminders = ? WHERE id = ?", [Reminder.stored(reminders), item.id])
            item.reminders = Reminder.unique(reminders)
        }
    }

    /// Marks the todos done (stamping one completion time) or open again, all in one transaction, and
    /// returns them (once each). Todos already in that state keep their completion time. A recurring
    /// todo marked done gets its next occurrence in the same step (see `setDoneReportingNext`).
    /// With `subtasks: .subtasksToo` every subtask below them changes too, in the same step.
    @discardableResult
    public func setDone(_ done: Bool, ids: [Int64], subtasks: SubtaskHandling = .onlyThese) throws -> Committed<[TodoItem]> {
        try setDoneReportingNext(done, ids: ids, subtasks: subtasks).map(\.items)
    }

    /// Deletes the todos in one transaction and returns what they were; ids are never reused.
    /// `subtasks` says what happens below them: deleted too, or (by default, so nothing is lost)
    /// lifted one level (see `SubtaskHandling`).
    @discardableResult
    public func delete(ids: [Int64], subtasks: SubtaskHandling = .onlyThese) throws -> Committed<[TodoItem]> {
        try journaled {
            let wanted = subtasks == .subtasksToo ? try withSubtrees(ids) : Self.unique(ids)
            let items = try wanted.map { try requireItem(id: $0) }
            if subtasks == .onlyThese { try liftChildren(ofDeleted: items) }
            try runChunked("DELETE FROM todos WHERE id IN (#)", ids: items.map(\.id))
            return (items, .todos("delete %@", titles: items.map(\.title), ids: items.map(\.id)))
        }
    }

    /// Changes the given fields of a todo (nil leaves a field alone; `due: .some(nil)` clears the
    /// due day, `recurrence: .some(nil)` the rule, `tags: []` every tag, `reminders: []` every
    /// reminder) and returns it.
    @discardableResult
    public func update(id: Int64, title: String? = nil, notes: String? = nil, priority: Int? = nil, due: String?? = nil,
                       isFlagged: Bool? = nil, recurrence: RecurrenceRule?? = nil, tags: [String]? = nil,
                       reminders: [Reminder]? = nil, start: String?? = nil) throws -> Committed<TodoItem> {
        if let reminders { try Validation.reminders(reminders) }
        if let start { try Validation.start(start) }
        if let title { try Validation.title(title) }
        if let tags { try Validation.tags(tags) }
        if let notes { try Validation.notes(notes) }
        if let due { try Validation.due(due) }
        return try journaled {
            let item = try requireItem(id: id)
            var edited = item
            if let title { edited.title = title }
            if let notes { edited.notes = notes }
            if let priority { edited.priority = priority }
            if let due { edited.due = due }
            if let isFlagged { edited.isFlagged = isFlagged }
            if let recurrence { edited.recurrence = recurrence }
            if let tags { edited.tags = TodoTags.unique(tags) }
            if let reminders { edited.reminders = Reminder.unique(reminders) }
            if let start { edited.start = start }
            guard edited != item else { return (item, StepSummary(description: "")) }
            try connection.run("""
                UPDATE todos SET title = ?, notes = ?, priority = ?, due = ?, flagged = ?, rrule = ?, rrule_from_completion = ?,
                                 tags = ?, reminders = ?, start = ?
                WHERE id = ?
                """, [edited.title, edited.notes, edited.priority, edited.due, edited.isFlagged,
                      edited.recurrence?.rrule, edited.recurrence?.countsFromCompletion ?? false, TodoTags.stored(edited.tags),
                      Reminder.stored(edited.reminders), edited.start, id])
            var unflagged = edited
            unflagged.isFlagged = item.isFlagged
            let verb = unflagged == item ? (edited.isFlagged ? "flag %@" : "unflag %@") : "edit %@"
            return (edited, .todos(verb, titles: [item.title], ids: [id]))
        }
    }

    /// Moves a todo right after `otherID` (nil: to the top) in list `listID`'s manual order: a
    /// reorder when it is already there, a move to another list otherwise. It keeps its state.
    /// Its subtasks move with it, and it becomes a sibling of `otherID`: it follows `otherID`'s
    /// subtree and takes its parent (nil: the top level). `otherID` inside its own subtree is refused.
    @discardableResult
    public func move(id: Int64, toList listID: Int64, after otherID: Int64?) throws -> Committed<Void> {
        try journaled {
            let item = try requireItem(id: id)
            try requireList(id: listID)
            let unchanged = StepSummary(description: "")
            if otherID == id {
                guard item.listID == listID else { throw StoreError.invalidPlacement("a todo cannot follow itself") }
                return ((), unchanged)
            }
            let other = try otherID.map { try requireItem(id: $0) }
            let previous = try other.map { other -> Key in
                _ = try placementKey(of: other.id, inList: listID)
                return try subtreeEnd(of: other)
            }
            var parentUID: String? = try other.flatMap { try parentID(of: $0.id) == nil ? nil : $0.parentUID }
            // A relation not in effect here (a parent in another list, kept for the sync) survives a reorder to the top level.
            if parentUID == nil, listID == item.listID, try parentID(of: id) == nil { parentUID = item.parentUID }
            if let parentUID { try requireNoLoop(childUID: item.uid, parentUID: parentUID) }
            let before = try subtreeIDs(of: id).map { try positions.key(ofTodo: $0) }
            try placeSubtree(of: item, inList: listID, after: previous, parentUID: parentUID)
            let after = try subtreeIDs(of: id).map { try positions.key(ofTodo: $0) }
            guard before != after || item.listID != listID || item.parentUID != parentUID else { return ((), unchanged) }
            return ((), .todos("move %@", titles: [item.title], ids: [id]))
        }
    }

    /// Gives `item` the list and a position right after `previous`; false (and no write) when it is
    /// already there.
    func place(_ item: TodoItem, inList listID: Int64, after previous: Key?) throws -> Bool {
        if item.listID == listID {
            let current = try connection.queryFirst("""
                SELECT position, id FROM todos WHERE list_id = ? AND (position, id) < (?, ?)
                ORDER BY position DESC, id DESC LIMIT 1
                """, [listID, item.position, item.id]) { Key(position: $0.int64(at: 0), id: $0.int64(at: 1)) }
            if current == previous { return false }
        }
        let position = try positions.slot(inList: listID, after: previous, excluding: item.id)
        try connection.run("UPDATE todos SET list_id = ?, position = ? WHERE id = ?", [listID, position, item.id])
        return true
    }

    /// Inserts a todo at a fresh position after `previous` and returns it as stored.
    func insertTodo(title: String, notes: String = "", priority: Int = 0, due: String? = nil, start: String? = nil,
                    tags: [String] = [], listID: Int64, after previous: Key?, uid: String? = nil) throws -> TodoItem {
        let position = try positions.slot(inList: listID, after: previous, excluding: nil)
        try connection.run("""
            INSERT INTO todos(list_id, title, notes, position, created_at, priority, due, start, tags, uid)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [listID, title, notes, position, clock(), priority, due, start, TodoTags.stored(tags), uid ?? Self.newUID()])
        return try requireItem(id: connection.lastInsertRowID)
    }

    /// The manual-order key of todo `id`, which must be in list `listID` for something to follow it.
    func placementKey(of id: Int64, inList listID: Int64) throws -> Key {
        let item = try requireItem(id: id)
        guard item.listID == listID else {
            throw StoreError.invalidPlacement("todo \(id) is in another list")
        }
        return Key(position: item.position, id: id)
    }

    /// Throws when changes are refused: read-only, no disk space at open, or damage found in the file.
    func requireWritable() throws {
        if let writeRefusal { throw writeRefusal }
        if let damage = connection.damage { throw damage }
        if checksFileBeforeFirstChange, !fileCheckedIntact {
            try checkFileIntact()
            fileCheckedIntact = true
        }
    }

    /// The ids in their first-seen order, without repeats.
    static func unique(_ ids: [Int64]) -> [Int64] {
        var seen = Set<Int64>()
        return ids.filter { seen.insert($0).inserted }
    }
}
