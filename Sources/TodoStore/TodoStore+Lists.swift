import FoundationEssentials

/// Lists: reading them with their maintained counts, and changing them (each change one
/// transaction and one undoable step). There are few lists, so their order is handled in memory.
extension TodoStore {
    /// Every list in the user's order; the Inbox always exists.
    public func lists() throws -> [TodoList] {
        try reading { try listCatalog.lists() }
    }

    /// The list with this id, or nil.
    public func list(id: Int64) throws -> TodoList? {
        try listCatalog.list(id: id)
    }

    /// The list with this name, ignoring case and surrounding spaces, or nil.
    public func list(named name: String) throws -> TodoList? {
        let key = Validation.listNameKey(name)
        return try lists().first { Validation.listNameKey($0.name) == key }
    }

    /// Creates an empty list at `index` of the list order (nil: at the end) and returns it.
    /// Blank names and names already used (in any case) are refused.
    @discardableResult
    public func addList(named name: String, at index: Int? = nil) throws -> Committed<TodoList> {
        let stored = try Validation.listName(name)
        return try journaled {
            let list = try insertList(named: stored, at: index)
            return (list, StepSummary(description: "add list \(StoreError.quoted(stored))"))
        }
    }

    /// Inserts a list named `stored` (already validated) at `index` of the order (nil: at the end),
    /// inside the caller's transaction; a name already used is refused.
    func insertList(named stored: String, at index: Int? = nil) throws -> TodoList {
        let others = try lists()
        try requireUnusedName(stored, among: others)
        let slot = index ?? others.count
        guard (0...others.count).contains(slot) else { throw StoreError.indexOutOfRange(index: slot, count: others.count) }
        let position = try listPosition(at: slot, among: others)
        try connection.run("INSERT INTO lists(name, position) VALUES (?, ?)", [stored, position])
        return try requireList(id: connection.lastInsertRowID)
    }

    /// Renames a list (the Inbox too) and returns it.
    @discardableResult
    public func renameList(id: Int64, to name: String) throws -> Committed<TodoList> {
        let stored = try Validation.listName(name)
        return try journaled {
            let list = try requireList(id: id)
            try requireUnusedName(stored, among: try lists().filter { $0.id != id })
            try connection.run("UPDATE lists SET name = ? WHERE id = ? AND name IS NOT ?", [stored, id, stored])
            var renamed = list
            renamed.name = stored
            return (renamed, StepSummary(description: "rename list \(StoreError.quoted(list.name))"))
        }
    }

    /// Deletes a list, first moving its todos to the end of list `target` (keeping their order) or,
    /// when `target` is nil, deleting them. The Inbox cannot be deleted.
    @discardableResult
    public func deleteList(id: Int64, movingTodosTo target: Int64?) throws -> Committed<Void> {
        guard id != Self.inboxListID else { throw StoreError.cannotDeleteInbox }
        return try journaled {
            let list = try requireList(id: id)
            let todoIDs = try connection.query("SELECT id FROM todos WHERE list_id = ? ORDER BY position, id", [id]) {
                $0.int64(at: 0)
            }
            if let target {
                guard target != id else { throw StoreError.invalidPlacement("a list's todos cannot move into the list itself") }
                try requireList(id: target)
                try appendTodos(ofList: id, to: target)
            } else {
                try connection.run("DELETE FROM todos WHERE list_id = ?", [id])
            }
            try connection.run("DELETE FROM lists WHERE id = ?", [id])
            return ((), StepSummary(description: "delete list \(StoreError.quoted(list.name))", todoIDs: todoIDs))
        }
    }

    /// Moves a list to `index` (0..<count) of the list order.
    @discardableResult
    public func moveList(id: Int64, to index: Int) throws -> Committed<Void> {
        try journaled {
            let all = try lists()
            guard let list = all.first(where: { $0.id == id }) else { throw StoreError.listNotFound(id: id) }
            guard all.indices.contains(index) else { throw StoreError.indexOutOfRange(index: index, count: all.count) }
            let others = all.filter { $0.id != id }
            let unchanged = StepSummary(description: "")
            if all[index].id == id { return ((), unchanged) }
            let position = try listPosition(at: index, among: others)
            try connection.run("UPDATE lists SET position = ? WHERE id = ?", [position, id])
            return ((), StepSummary(description: "move list \(StoreError.quoted(list.name))"))
        }
    }

    /// Folds a list away in the UI or unfolds it; stored so it survives restarts (and undoable).
    @discardableResult
    public func setCollapsed(_ collapsed: Bool, listID: Int64) throws -> Committed<Void> {
        try journaled {
            let list = try requireList(id: listID)
            try connection.run("UPDATE lists SET collapsed = ? WHERE id = ? AND collapsed != ?", [collapsed, listID, collapsed])
            let verb = collapsed ? "collapse" : "expand"
            return ((), StepSummary(description: "\(verb) list \(StoreError.quoted(list.name))"))
        }
    }

    /// Unfolds a list inside the step that runs it (adding a todo to a folded list shows it).
    func expand(listID: Int64) throws {
        try connection.run("UPDATE lists SET collapsed = 0 WHERE id = ? AND collapsed != 0", [listID])
    }

    @discardableResult
    func requireList(id: Int64) throws -> TodoList {
        guard let list = try list(id: id) else { throw StoreError.listNotFound(id: id) }
        return list
    }

    /// Moves every todo of `source` to the end of `target`, keeping their manual order.
    func appendTodos(ofList source: Int64, to target: Int64) throws {
        let moving = try connection.scalarInt("SELECT count(*) FROM todos WHERE list_id = ?", [source])
        guard moving > 0 else { return }
        var start = try positions.end(ofList: target)
        let (span, overflow) = Self.positionGap.multipliedReportingOverflow(by: moving)
        if overflow || start.addingReportingOverflow(span).overflow {
            try positions.renumber(list: target)
            start = try positions.end(ofList: target)
        }
        try connection.run("""
            UPDATE todos SET list_id = ?1, position = ?2 + ?3 * (ranked.rn - 1)
            FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM todos WHERE list_id = ?4) AS ranked
            WHERE todos.id = ranked.id
            """, [target, start, Self.positionGap, source])
    }

    private func requireUnusedName(_ name: String, among lists: [TodoList]) throws {
        let key = Validation.listNameKey(name)
        if let existing = lists.first(where: { Validation.listNameKey($0.name) == key }) {
            throw StoreError.invalidListName("a list named \(StoreError.quoted(existing.name)) already exists")
        }
    }

    /// A position for a list placed at `index` among `others` (in order); renumbers the lists
    /// when neighbours touch, which with a handful of lists is a handful of writes.
    private func listPosition(at index: Int, among others: [TodoList]) throws -> Int64 {
        if let position = Self.gapPosition(at: index, among: others.map(\.position)) { return position }
        for (offset, other) in others.enumerated() {
            try connection.run("UPDATE lists SET position = ? WHERE id = ?", [Self.positionGap * Int64(offset + 1), other.id])
        }
        return Self.positionGap * Int64(index) + Self.positionGap / 2
    }

    /// The midpoint between the neighbours at `index`, or nil when they touch or Int64 would overflow.
    private static func gapPosition(at index: Int, among positions: [Int64]) -> Int64? {
        if positions.isEmpty { return positionGap }
        if index == 0 {
            let (value, overflow) = positions[0].subtractingReportingOverflow(positionGap)
            return overflow ? nil : value
        }
        if index == positions.count {
            let (value, overflow) = positions[index - 1].addingReportingOverflow(positionGap)
            return overflow ? nil : value
        }
        let low = positions[index - 1], high = positions[index]
        let distance = UInt64(bitPattern: high &- low)
        return high > low && distance >= 2 ? low &+ Int64(bitPattern: distance / 2) : nil
    }
}
