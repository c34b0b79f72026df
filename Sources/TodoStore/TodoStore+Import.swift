import FoundationEssentials

/// How an import goes about its work.
public struct ImportOptions {
    /// Refuse a store that already holds todos.
    public var intoEmptyStoreOnly: Bool
    /// Leave out todos that look like ones already in the store (see `ImportSummary.duplicateCount`).
    public var skipsDuplicates: Bool
    /// Hears how many todos have been written, of how many, now and then while they are written;
    /// throwing stops the import, which then changes nothing.
    public var reportProgress: (_ written: Int, _ total: Int) throws -> Void

    /// Options; by default every todo is imported into any store, silently.
    public init(intoEmptyStoreOnly: Bool = false, skipsDuplicates: Bool = false,
                reportProgress: @escaping (_ written: Int, _ total: Int) throws -> Void = { _, _ in }) {
        self.intoEmptyStoreOnly = intoEmptyStoreOnly
        self.skipsDuplicates = skipsDuplicates
        self.reportProgress = reportProgress
    }
}

/// What an import did.
public struct ImportSummary {
    /// The todos added, as stored.
    public var imported: [TodoItem]
    /// How many todos of the file looked like todos already in the store: the same list, title,
    /// due day and state (open or done). They were left out when the import skipped duplicates.
    public var duplicateCount: Int
    /// The todos already in the store under a UID the file gave (iCalendar), updated with the
    /// file's fields rather than added again, as they are now.
    public var updated: [TodoItem] = []
}

/// Bulk import: all or nothing, one transaction and one undoable step.
extension TodoStore {
    /// Adds `items` at the end of their lists (matched by name ignoring case; missing lists are
    /// created at the end of the list order), keeping their creation and completion times, and
    /// returns them as stored. With `intoEmptyStoreOnly`, a store that already holds todos is refused.
    @discardableResult
    public func importItems(_ items: [NewTodo], intoEmptyStoreOnly: Bool = false) throws -> [TodoItem] {
        try importItems(items, options: ImportOptions(intoEmptyStoreOnly: intoEmptyStoreOnly)).imported
    }

    /// Adds `items` as `importItems(_:intoEmptyStoreOnly:)` does, skipping duplicates of todos
    /// already in the store when `options` say so, and reporting progress.
    ///
    /// Every title, due day and list name is checked before anything is written. This is also the
    /// fast way to build a big store (about 20 µs per todo, most of it in the triggers). The
    /// duplicate check is one index lookup per todo (`todos_by_title`), none into an empty store.
    public func importItems(_ items: [NewTodo], options: ImportOptions) throws -> ImportSummary {
        let reportEvery = Self.importChunkSize * Self.chunksPerReport
        for (index, item) in items.enumerated() {
            // Nothing written yet, but a report now and then keeps a long check visible and stoppable.
            if index % reportEvery == reportEvery - 1 { try options.reportProgress(0, items.count) }
            try Validation.title(item.title)
            try Validation.notes(item.notes)
            try Validation.due(item.due)
            try Validation.tags(item.tags)
            _ = try Validation.listName(item.listName)
        }
        try Validation.uids(items.compactMap(\.uid))
        return try journaled {
            let counts = try readCounts()
            if options.intoEmptyStoreOnly {
                guard counts.open + counts.done == 0 else { throw StoreError.storeNotEmpty(count: counts.open + counts.done) }
            }
            var listIDs = Dictionary(try lists().map { (Validation.listNameKey($0.name), $0.id) }, uniquingKeysWith: { first, _ in first })
            // Todos whose UID is stored already are updated in place, after the new ones are written.
            var existing: [Int: TodoItem] = [:]
            if counts.open + counts.done > 0 {
                for (index, item) in items.enumerated() {
                    if let uid = item.uid, let stored = try self.item(uid: uid) { existing[index] = stored }
                }
            }
            // Asked before anything is written, so the file's own repeated lines are not duplicates of each other.
            let duplicates = try counts.open + counts.done == 0 ? [] : findDuplicates(of: items, listIDs: listIDs) {
                // Nothing written yet, but a report now and then lets a long check be stopped.
                try options.reportProgress(0, items.count)
            }.subtracting(existing.keys)
            var nextPosition: [Int64: Int64] = [:]
            let now = clock().unixMilliseconds
            // Ids are assigned here, so that rows can be written many per statement.
            var nextID = try connection.scalarInt("""
                SELECT max(ifnull((SELECT seq FROM sqlite_sequence WHERE name = 'todos'), 0), ifnull((SELECT max(id) FROM todos), 0)) + 1
                """)
            let total = items.count - (options.skipsDuplicates ? duplicates.count : 0) - existing.count
            var rows: [ImportRow] = []
            rows.reserveCapacity(total)
            var written = 0
            let writeRows = { (slice: ArraySlice<ImportRow>) throws in
                try self.insert(slice) { count in try options.reportProgress(written + count, total) }
                written += slice.count
            }
            for (index, item) in items.enumerated() where !(options.skipsDuplicates && duplicates.contains(index)) && existing[index] == nil {
                if index % reportEvery == reportEvery - 1 { try options.reportProgress(written, total) }
                let listKey = Validation.listNameKey(item.listName)
                let listID = try listIDs[listKey] ?? createList(named: item.listName)
                listIDs[listKey] = listID
                let position: Int64
                if let given = item.position {
                    // Placed where the file says: the appending slots below are not touched.
                    rows.append(ImportRow(id: nextID, listID: listID, position: given, created: item.createdAt?.unixMilliseconds ?? now,
                                          completed: item.completedAt?.unixMilliseconds, uid: item.uid ?? Self.newUID(), item: item))
                    nextID += 1
                    continue
                } else if let next = nextPosition[listID] {
                    position = next
                } else {
                    // The end position is read from the file, so it must see the rows chosen so far.
                    try writeRows(rows[written...])
                    position = try positions.end(ofList: listID)
                }
                // Near the top of the range, forget the next slot: finding the end then renumbers the list.
                let (next, overflow) = position.addingReportingOverflow(Self.positionGap)
                nextPosition[listID] = overflow ? nil : next
                rows.append(ImportRow(id: nextID, listID: listID, position: position, created: item.createdAt?.unixMilliseconds ?? now,
                                      completed: item.completedAt?.unixMilliseconds, uid: item.uid ?? Self.newUID(), item: item))
                nextID += 1
            }
            try writeRows(rows[written...])
            try noteDatesNotGiven(rows.filter { !$0.item.isCreationDateKnown || !$0.item.isCompletionDateKnown })
            var updates: [ImportUpdate] = []
            for (index, stored) in existing.sorted(by: { $0.key < $1.key }) {
                let listKey = Validation.listNameKey(items[index].listName)
                let listID = try listIDs[listKey] ?? createList(named: items[index].listName)
                listIDs[listKey] = listID
                updates.append(ImportUpdate(stored: stored, item: items[index], listID: listID))
            }
            let updated = try update(updates)
            try recordModificationTimes(rows.map { ($0.id, $0.item.modifiedAt) } + updates.map { ($0.stored.id, $0.item.modifiedAt) })
            let stored = rows.map(\.todoItem)
            let all = stored + updated
            let description = all.count == 1 ? "import \(StoreError.quoted(all[0].title))" : "import \(all.count) todos"
            return (ImportSummary(imported: stored, duplicateCount: duplicates.count, updated: updated),
                    StepSummary(description: description, todoIDs: all.map(\.id)))
        }
    }

    /// The indexes of `items` that look like a todo already stored: the same list, title, due day
    /// and state. The day, not the whole due: todo.txt keeps no time, so a todo due at 18:30 comes
    /// back from Tick's own todo.txt export due that day. Items for lists that do not exist yet have none.
    private func findDuplicates(of items: [NewTodo], listIDs: [String: Int64], checkpoint: () throws -> Void) throws -> Set<Int> {
        var found: Set<Int> = []
        for (index, item) in items.enumerated() {
            if index % (Self.importChunkSize * Self.chunksPerReport) == Self.importChunkSize * Self.chunksPerReport - 1 { try checkpoint() }
            guard let listID = listIDs[Validation.listNameKey(item.listName)] else { continue }
            // todos_by_title finds the few rows with this title in this list; the rest is checked on them.
            let exists = try connection.scalarInt("""
                SELECT EXISTS(SELECT 1 FROM todos INDEXED BY todos_by_title
                              WHERE list_id = ? AND title = ? AND substr(due, 1, 10) IS ? AND (completed_at IS NULL) = ?)
                """, [listID, item.title, item.due.map { String($0.prefix(10)) }, item.completedAt == nil])
            if exists != 0 { found.insert(index) }
        }
        return found
    }

    /// One todo of an import as it will be stored, times in raw milliseconds.
    private struct ImportRow {
        var id: Int64
        var listID: Int64
        var position: Int64
        var created: Int64
        var completed: Int64?
        var uid: String
        var item: NewTodo

        var values: [any SQLiteBindable] {
            [id, listID, item.title, item.notes, position, created, completed, item.priority, item.due, item.isFlagged,
             item.recurrence?.rrule, item.recurrence?.countsFromCompletion ?? false, TodoTags.stored(TodoTags.unique(item.tags)), uid]
        }

        var todoItem: TodoItem {
            TodoItem(id: id, listID: listID, title: item.title, notes: item.notes, position: position,
                     createdAt: Date(unixMilliseconds: created), completedAt: completed.map(Date.init(unixMilliseconds:)),
                     priority: item.priority, due: item.due, isFlagged: item.isFlagged, recurrence: item.recurrence,
                     tags: TodoTags.unique(item.tags), uid: uid)
        }
    }

    /// Rows per INSERT of an import.
    private static let importChunkSize = 128

    /// Statements of `importChunkSize` rows between two progress reports (about 8,000 rows, a few
    /// hundredths of a second).
    private static let chunksPerReport = 64

    /// Writes `rows`, `importChunkSize` per statement and the rest in halving chunks (64, 32… 1 rows:
    /// a few statement texts are ever prepared), telling `progress` how many of them are written now and
    /// then. One statement per row of the rest cost about 140 µs each (a sync's answer of 200 todos
    /// wrote 72 of them: a fifth of the import's time).
    private func insert(_ rows: ArraySlice<ImportRow>, progress: (Int) throws -> Void) throws {
        let prefix = """
            INSERT INTO todos(id, list_id, title, notes, position, created_at, completed_at, priority, due, flagged, rrule,
                              rrule_from_completion, tags, uid) VALUES\u{20}
            """
        let one = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        var start = rows.startIndex
        while rows.endIndex - start >= Self.importChunkSize {
            try connection.run(prefix + Self.repeated(one, Self.importChunkSize), rows[start..<(start + Self.importChunkSize)].flatMap(\.values))
            start += Self.importChunkSize
            if (start - rows.startIndex) % (Self.importChunkSize * Self.chunksPerReport) == 0 { try progress(start - rows.startIndex) }
        }
        for size in Self.halvingChunks(rows.endIndex - start) {
            try connection.run(prefix + Self.repeated(one, size), rows[start..<(start + size)].flatMap(\.values))
            start += size
        }
        try progress(rows.count)
    }

    /// The chunk sizes, halving from half of `importChunkSize`, that add up to `count` (less than
    /// `importChunkSize`): 72 is 64 and 8.
    static func halvingChunks(_ count: Int) -> [Int] {
        var sizes: [Int] = [], size = importChunkSize / 2, left = count
        while left > 0 {
            if size <= left {
                sizes.append(size)
                left -= size
            }
            size /= 2
        }
        return sizes
    }

    /// `count` copies of `row`, separated by commas.
    static func repeated(_ row: String, _ count: Int) -> String {
        Array(repeating: row, count: count).joined(separator: ", ")
    }

    /// Notes which `rows` came without a creation or completion date (see `Schema.importFactsSQL`),
    /// in chunks as the rows themselves.
    private func noteDatesNotGiven(_ rows: [ImportRow]) throws {
        let prefix = "INSERT OR REPLACE INTO todos_without_dates(todo_id, no_creation_date, completed_at_without_date) VALUES "
        func values(_ row: ImportRow) -> [any SQLiteBindable] {
            [row.id, !row.item.isCreationDateKnown, row.item.isCompletionDateKnown ? nil : row.completed]
        }
        var start = 0
        while rows.count - start >= Self.importChunkSize {
            try connection.run(prefix + Self.repeated("(?, ?, ?)", Self.importChunkSize), rows[start..<(start + Self.importChunkSize)].flatMap(values))
            start += Self.importChunkSize
        }
        for size in Self.halvingChunks(rows.count - start) {
            try connection.run(prefix + Self.repeated("(?, ?, ?)", size), rows[start..<(start + size)].flatMap(values))
            start += size
        }
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
