import FoundationEssentials

/// The version 1 API, kept for the app until it moves to lists and sections: one flat order made
/// of every list in the user's order, each list's todos by position (open and done mixed, as in
/// version 1, so toggling a todo leaves it in place). With only the Inbox in use this is exactly
/// version 1's order. These reads walk an index from the nearer end (tens of milliseconds in the
/// middle of a million todos); the section API is the fast one. Changes are journaled like any other.
extension TodoStore {
    /// Adds a todo so that it ends up at row `index` (0 = first, `count` = last) of the flat order.
    @discardableResult
    public func add(title: String, at index: Int) throws -> TodoItem {
        try Validation.title(title)
        return try journaled {
            let sections = try flatSections()
            let total = sections.last.map { $0.start + $0.count } ?? 0
            guard (0...total).contains(index),
                  let section = sections.first(where: { index - $0.start <= $0.count }) else {
                throw StoreError.indexOutOfRange(index: index, count: total)
            }
            let local = index - section.start
            let previous = local == 0 ? nil : try mixedItems(listID: section.listID, rows: (local - 1)..<local, count: section.count)
                .first.map { Key(position: $0.position, id: $0.id) }
            let item = try insertTodo(title: title, listID: section.listID, after: previous)
            return (item, .todos("add %@", titles: [title], ids: [item.id]))
        }
    }

    /// Moves a todo so that it ends at row `index` (0..<count) of the flat order; at the boundary
    /// between two lists it stays in its own list.
    public func move(id: Int64, to index: Int) throws {
        try journaled {
            let item = try requireItem(id: id)
            // The flat order without the moving todo, which is where `index` points.
            let sections = try flatSections().reduce(into: [(listID: Int64, start: Int, count: Int)]()) { result, section in
                let count = section.count - (section.listID == item.listID ? 1 : 0)
                result.append((section.listID, (result.last.map { $0.start + $0.count }) ?? 0, count))
            }
            let total = sections.last.map { $0.start + $0.count } ?? 0
            let fits = { (section: (listID: Int64, start: Int, count: Int)) in (section.start...(section.start + section.count)).contains(index) }
            guard (0...total).contains(index),
                  let section = sections.first(where: { $0.listID == item.listID && fits($0) }) ?? sections.first(where: fits) else {
                throw StoreError.indexOutOfRange(index: index, count: total + 1)
            }
            let local = index - section.start
            let previous = local == 0 ? nil : try mixedKey(listID: section.listID, row: local - 1, count: section.count, excluding: id)
            guard try place(item, inList: section.listID, after: previous) else { return ((), StepSummary(description: "")) }
            return ((), .todos("move %@", titles: [item.title], ids: [id]))
        }
    }

    /// Marks one todo done or open again (see `setDone(_:ids:)`).
    @discardableResult
    public func setDone(_ done: Bool, id: Int64) throws -> TodoItem {
        try setDone(done, ids: [id])[0]
    }

    /// Deletes one todo and returns what it was (see `delete(ids:)`).
    @discardableResult
    public func delete(id: Int64) throws -> TodoItem {
        try delete(ids: [id])[0]
    }

    /// Replaces a todo's title (see `update(id:title:)`).
    @discardableResult
    public func setTitle(_ title: String, id: Int64) throws -> TodoItem {
        try update(id: id, title: title)
    }

    /// The todos at rows `offset ..< offset + limit` of the flat order (fewer at the end).
    public func items(offset: Int, limit: Int) throws -> [TodoItem] {
        guard offset >= 0, limit > 0 else { return [] }
        let wanted = offset..<(offset + min(limit, Int.max - offset))
        return try reading {
            try flatSections().flatMap { section -> [TodoItem] in
                let local = wanted.clamped(to: section.start..<(section.start + section.count))
                guard !local.isEmpty else { return [] }
                return try mixedItems(listID: section.listID, rows: (local.lowerBound - section.start)..<(local.upperBound - section.start),
                                      count: section.count)
            }
        }
    }

    /// The todo at row `index` of the flat order, or nil when out of range.
    public func item(at index: Int) throws -> TodoItem? {
        try items(offset: index, limit: 1).first
    }

    /// The row of a todo in the flat order, or nil when there is none.
    public func index(of id: Int64) throws -> Int? {
        try reading {
            guard let row = try rankingRow(id: id),
                  let section = try flatSections().first(where: { $0.listID == row.listID }) else { return nil }
            // Count from whichever end of the list the position is nearer (judged by the position range).
            let range = try connection.queryFirst(
                "SELECT min(position), max(position) FROM todos WHERE list_id = ?", [row.listID]
            ) { (low: Double($0.int64(at: 0)), high: Double($0.int64(at: 1))) }
            let position = Double(row.position)
            if let range, position - range.low > range.high - position {
                let after = try connection.scalarInt("SELECT count(*) FROM todos WHERE list_id = ? AND (position, id) > (?, ?)",
                                                     [row.listID, row.position, id])
                return section.start + section.count - 1 - Int(after)
            }
            let before = try connection.scalarInt("SELECT count(*) FROM todos WHERE list_id = ? AND (position, id) < (?, ?)",
                                                  [row.listID, row.position, id])
            return section.start + Int(before)
        }
    }

    /// Each list's stretch of the flat order.
    private func flatSections() throws -> [(listID: Int64, start: Int, count: Int)] {
        var start = 0
        return try lists().map { list in
            defer { start += list.openCount + list.doneCount }
            return (list.id, start, list.openCount + list.doneCount)
        }
    }

    /// The key of row `row` of one list by position, leaving out todo `skip`, read from the nearer end.
    private func mixedKey(listID: Int64, row: Int, count: Int, excluding skip: Int64) throws -> Key? {
        let forward = row <= count - 1 - row
        let order = forward ? "position, id" : "position DESC, id DESC"
        return try connection.queryFirst("SELECT position, id FROM todos WHERE list_id = ? AND id != ? ORDER BY \(order) LIMIT 1 OFFSET ?",
                                         [listID, skip, forward ? row : count - 1 - row]) {
            Key(position: $0.int64(at: 0), id: $0.int64(at: 1))
        }
    }

    /// Rows of one list by position (open and done mixed), read from the nearer end.
    private func mixedItems(listID: Int64, rows: Range<Int>, count: Int) throws -> [TodoItem] {
        if rows.lowerBound <= count - rows.upperBound {
            return try fetchItems("WHERE list_id = ? ORDER BY position, id LIMIT ? OFFSET ?", [listID, rows.count, rows.lowerBound])
        }
        return try fetchItems("WHERE list_id = ? ORDER BY position DESC, id DESC LIMIT ? OFFSET ?",
                              [listID, rows.count, count - rows.upperBound]).reversed()
    }
}
