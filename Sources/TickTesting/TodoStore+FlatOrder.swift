import TodoStore

/// A store seen as one flat order, as tests and the stress run find handy: every list in the user's
/// order, each list's todos by position (open and done mixed, so marking a todo done leaves it in
/// place). This was version 1's only order; the app reads lists and sections instead, so the view
/// lives here, built only on TodoStore's public API, and costs a walk over every todo per call:
/// fine for test-sized stores, not for a million todos.
extension TodoStore {
    /// Every todo in the flat order, read straight from the rows (the export's walk), not through
    /// the kept counts or the rank index: checks of those can compare against it.
    public func flatOrder() throws -> [TodoItem] {
        var items: [TodoItem] = []
        try forEachTodoForExport { item, _ in items.append(item) }
        return items
    }

    /// Adds todos with these titles to list `listID`, one below the other, the first right after
    /// todo `id` (nil: at the top); each is its own step, as typing them one by one would be.
    @discardableResult
    public func add(titles: [String], listID: Int64 = TodoStore.inboxListID, after id: Int64? = nil) throws -> [TodoItem] {
        var previous = id
        return try titles.map { title in
            let item = try add(title: title, listID: listID, after: previous).value
            previous = item.id
            return item
        }
    }

    /// Adds a todo so that it ends up at `row` of the flat order (0: first, the number of todos:
    /// last); at the boundary between two lists it joins the end of the earlier one.
    @discardableResult
    public func add(title: String, atFlatRow row: Int) throws -> TodoItem {
        let order = try flatOrder()
        guard row >= 0, let place = try flatPlace(row, in: order, preferring: nil) else {
            throw StoreError.indexOutOfRange(index: row, count: order.count)
        }
        return try add(title: title, listID: place.listID, after: place.after).value
    }

    /// Moves a todo so that it ends up at `row` (0 ..< the number of todos) of the flat order; at the
    /// boundary between two lists it stays in its own list.
    public func move(id: Int64, toFlatRow row: Int) throws {
        let order = try flatOrder()
        guard let moving = order.first(where: { $0.id == id }) else { throw StoreError.notFound(id: id) }
        // `row` points into the order without the moving todo.
        let others = order.filter { $0.id != id }
        guard row >= 0, let place = try flatPlace(row, in: others, preferring: moving.listID) else {
            throw StoreError.indexOutOfRange(index: row, count: order.count)
        }
        try move(id: id, toList: place.listID, after: place.after)
    }

    /// The list and the todo to follow (nil: the top) that put a todo at `row` of `order`: the first
    /// list whose stretch of the order reaches `row` at either end, or list `listID` when it does;
    /// nil when `row` is past the end. Empty lists have a stretch too (of no todos).
    private func flatPlace(_ row: Int, in order: [TodoItem], preferring listID: Int64?) throws -> (listID: Int64, after: Int64?)? {
        let todos = Dictionary(grouping: order, by: \.listID)
        var start = 0
        let stretches = try lists().map { list in
            defer { start += todos[list.id]?.count ?? 0 }
            return (listID: list.id, start: start, todos: todos[list.id] ?? [])
        }
        let reaching = stretches.filter { ($0.start...($0.start + $0.todos.count)).contains(row) }
        guard let stretch = reaching.first(where: { $0.listID == listID }) ?? reaching.first else { return nil }
        let local = row - stretch.start
        return (stretch.listID, local == 0 ? nil : stretch.todos[local - 1].id)
    }
}
