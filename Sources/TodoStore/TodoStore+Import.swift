import FoundationEssentials

/// Bulk import: all or nothing, one transaction and one undoable step.
extension TodoStore {
    /// Adds `items` at the end of their lists (matched by name ignoring case; missing lists are
    /// created at the end of the list order), keeping their creation and completion times, and
    /// returns them as stored. With `intoEmptyStoreOnly`, a store that already holds todos is refused.
    ///
    /// Every title, due day and list name is checked before anything is written. This is also the
    /// fast way to build a big store (about 20 µs per todo, most of it in the triggers).
    @discardableResult
    public func importItems(_ items: [NewTodo], intoEmptyStoreOnly: Bool = false) throws -> [TodoItem] {
        for item in items {
            try Validation.title(item.title)
            try Validation.notes(item.notes)
            try Validation.due(item.due)
            _ = try Validation.listName(item.listName)
        }
        return try journaled {
            if intoEmptyStoreOnly {
                let counts = try readCounts()
                guard counts.open + counts.done == 0 else { throw StoreError.storeNotEmpty(count: counts.open + counts.done) }
            }
            var listIDs = Dictionary(try lists().map { (Validation.listNameKey($0.name), $0.id) }, uniquingKeysWith: { first, _ in first })
            var nextPosition: [Int64: Int64] = [:]
            let now = clock().unixMilliseconds
            // Ids are assigned here, so that rows can be written many per statement.
            var nextID = try connection.scalarInt("""
                SELECT max(ifnull((SELECT seq FROM sqlite_sequence WHERE name = 'todos'), 0), ifnull((SELECT max(id) FROM todos), 0)) + 1
                """)
            var rows: [ImportRow] = []
            rows.reserveCapacity(items.count)
            var written = 0
            for item in items {
                let listKey = Validation.listNameKey(item.listName)
                let listID = try listIDs[listKey] ?? createList(named: item.listName)
                listIDs[listKey] = listID
                let position: Int64
                if let next = nextPosition[listID] {
                    position = next
                } else {
                    // endPosition reads the file, so it must see the rows chosen so far.
                    try insert(rows[written...])
                    written = rows.count
                    position = try endPosition(inList: listID)
                }
                // Near the top of the range, forget the next slot: endPosition then renumbers the list.
                let (next, overflow) = position.addingReportingOverflow(Self.positionGap)
                nextPosition[listID] = overflow ? nil : next
                rows.append(ImportRow(id: nextID, listID: listID, position: position, created: item.createdAt?.unixMilliseconds ?? now,
                                      completed: item.completedAt?.unixMilliseconds, item: item))
                nextID += 1
            }
            try insert(rows[written...])
            let stored = rows.map(\.todoItem)
            let description = stored.count == 1 ? "import \(StoreError.quoted(stored[0].title))" : "import \(stored.count) todos"
            return (stored, StepSummary(description: description, todoIDs: stored.map(\.id)))
        }
    }

    /// One todo of an import as it will be stored, times in raw milliseconds.
    private struct ImportRow {
        var id: Int64
        var listID: Int64
        var position: Int64
        var created: Int64
        var completed: Int64?
        var item: NewTodo

        var values: [any SQLiteBindable] {
            [id, listID, item.title, item.notes, position, created, completed, item.priority, item.due, item.isFlagged]
        }

        var todoItem: TodoItem {
            TodoItem(id: id, listID: listID, title: item.title, notes: item.notes, position: position,
                     createdAt: Date(unixMilliseconds: created), completedAt: completed.map(Date.init(unixMilliseconds:)),
                     priority: item.priority, due: item.due, isFlagged: item.isFlagged)
        }
    }

    /// Rows per INSERT of an import.
    private static let importChunkSize = 128

    /// Writes `rows`, `importChunkSize` per statement (the rest one by one, so only two statement
    /// texts are ever prepared).
    private func insert(_ rows: ArraySlice<ImportRow>) throws {
        let prefix = "INSERT INTO todos(id, list_id, title, notes, position, created_at, completed_at, priority, due, flagged) VALUES "
        let one = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let chunked = prefix + Array(repeating: one, count: Self.importChunkSize).joined(separator: ", ")
        var start = rows.startIndex
        while rows.endIndex - start >= Self.importChunkSize {
            try connection.run(chunked, rows[start..<(start + Self.importChunkSize)].flatMap(\.values))
            start += Self.importChunkSize
        }
        for row in rows[start...] { try connection.run(prefix + one, row.values) }
    }

    /// Appends a list named `name` (trimmed) to the list order and returns its id.
    private func createList(named name: String) throws -> Int64 {
        let position = try connection.queryFirst("SELECT max(position) FROM lists") { $0.optionalInt64(at: 0) } ?? nil
        let (next, overflow) = (position ?? 0).addingReportingOverflow(Self.positionGap)
        let stored = try Validation.listName(name)
        try connection.run("INSERT INTO lists(name, position) VALUES (?, ?)", [stored, overflow ? Int64.max : next])
        return connection.lastInsertRowID
    }
}
