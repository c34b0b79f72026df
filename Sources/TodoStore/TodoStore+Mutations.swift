import Foundation

/// Changes to todos. Each is one transaction, refused with `.readOnly` on a read-only store.
extension TodoStore {
    /// Adds a todo so that it ends up at row `index` (0 = first, `count` = last) and returns it.
    @discardableResult
    public func add(title: String, at index: Int) throws -> TodoItem {
        try requireWritable()
        try Self.validate(title: title)
        return try connection.transaction {
            let total = try readCounts()
            let count = total.open + total.done
            guard (0...count).contains(index) else { throw StoreError.indexOutOfRange(index: index, count: count) }
            let position = try slotPosition(at: index, excluding: nil, count: count)
            try connection.run("INSERT INTO todos(list_id, title, position, created_at) VALUES (?, ?, ?, ?)",
                               [Schema.inboxListID, title, position, clock()])
            return try requireItem(id: connection.lastInsertRowID)
        }
    }

    /// Marks the todo done (stamping the completion time) or open again, and returns it.
    /// Marking an already-done todo done keeps its original completion time.
    @discardableResult
    public func setDone(_ done: Bool, id: Int64) throws -> TodoItem {
        try requireWritable()
        return try connection.transaction {
            let item = try requireItem(id: id)
            guard item.isDone != done else { return item }
            try connection.run("UPDATE todos SET completed_at = ? WHERE id = ?", [done ? clock() : nil, id])
            return try requireItem(id: id)
        }
    }

    /// Deletes the todo and returns what it was (for undo); its id is never reused.
    @discardableResult
    public func delete(id: Int64) throws -> TodoItem {
        try requireWritable()
        return try connection.transaction {
            let item = try requireItem(id: id)
            try connection.run("DELETE FROM todos WHERE id = ?", [id])
            return item
        }
    }

    /// Moves the todo so that it ends at row `index` (0..<count) of the new order.
    public func move(id: Int64, to index: Int) throws {
        try requireWritable()
        try connection.transaction {
            _ = try requireItem(id: id)
            let total = try readCounts()
            let count = total.open + total.done
            guard (0..<count).contains(index) else { throw StoreError.indexOutOfRange(index: index, count: count) }
            let position = try slotPosition(at: index, excluding: id, count: count - 1)
            try connection.run("UPDATE todos SET position = ? WHERE id = ?", [position, id])
        }
    }

    /// Replaces the todo's title (stored exactly, like `add`) and returns the todo.
    @discardableResult
    public func setTitle(_ title: String, id: Int64) throws -> TodoItem {
        try requireWritable()
        try Self.validate(title: title)
        return try connection.transaction {
            guard try connection.run("UPDATE todos SET title = ? WHERE id = ?", [title, id]) > 0 else {
                throw StoreError.notFound(id: id)
            }
            return try requireItem(id: id)
        }
    }

    /// Titles must contain something visible; everything else is the user's text and kept as is.
    static func validate(title: String) throws {
        if title.isEmpty { throw StoreError.invalidTitle("a todo needs a title") }
        if title.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw StoreError.invalidTitle("a title cannot be only spaces or blank lines")
        }
    }

    func requireWritable() throws {
        if isReadOnly { throw StoreError.readOnly(path: path) }
    }

    func requireItem(id: Int64) throws -> TodoItem {
        guard let item = try item(id: id) else { throw StoreError.notFound(id: id) }
        return item
    }
}
