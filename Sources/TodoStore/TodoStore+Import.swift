import FoundationEssentials

/// How an import goes about its work.
public struct ImportOptions {
    /// Refuse a store that already holds todos.
    public var intoEmptyStoreOnly: Bool
    /// Leave out todos that look like ones already in the store (see `ImportSummary.duplicateCount`).
    public var skipsDuplicates: Bool
    /// Count the todos that look like ones already in the store (`ImportSummary.duplicateCount`)
    /// even when they are imported: a query per todo, which a caller that never says the count
    /// (a sync) turns off. Skipping duplicates looks for them whatever this says.
    public var countsDuplicates: Bool
    /// Leave a todo stored under a UID the file gives alone when the file changes none of its fields
    /// nor its modification time (counted in `ImportSummary.unchangedCount`), so a second `tick import`
    /// of the same file writes nothing. Off, such a todo is written as an update (a sync relies on that).
    public var leavesUnchangedTodosAlone: Bool
    /// Hears how many todos have been written, of how many, now and then while they are written;
    /// throwing stops the import, which then changes nothing.
    public var reportProgress: (_ written: Int, _ total: Int) throws -> Void

    /// Options; by default every todo is imported into any store, silently.
    public init(intoEmptyStoreOnly: Bool = false, skipsDuplicates: Bool = false, countsDuplicates: Bool = true,
                leavesUnchangedTodosAlone: Bool = false,
                reportProgress: @escaping (_ written: Int, _ total: Int) throws -> Void = { _, _ in }) {
        self.intoEmptyStoreOnly = intoEmptyStoreOnly
        self.skipsDuplicates = skipsDuplicates
        self.countsDuplicates = countsDuplicates
        self.leavesUnchangedTodosAlone = leavesUnchangedTodosAlone
        self.reportProgress = reportProgress
    }
}

/// What an import did.
public struct ImportSummary {
    /// The todos added, as stored (empty after `importTodos`, which keeps only the counts below).
    public var imported: [TodoItem] = []
    /// How many todos of the file looked like todos already in the store: the same list, title,
    /// due day and state (open or done). They were left out when the import skipped duplicates.
    public var duplicateCount = 0
    /// The todos already in the store under a UID the file gave (iCalendar), updated with the
    /// file's fields rather than added again, as they are now (empty after `importTodos`).
    public var updated: [TodoItem] = []
    /// How many todos already in the store under a UID the file gave had every field the file
    /// gives already: they were left as they are.
    public var unchangedCount = 0
    /// How many todos were added.
    public var addedCount = 0
    /// How many of those were done.
    public var addedDoneCount = 0
    /// The lists todos were added to.
    public var addedListIDs: Set<Int64> = []
    /// How many todos were updated (see `updated`).
    public var updatedCount = 0
    /// The UIDs of todos whose parent (`NewTodo.parentUID`) was not taken because it would have made
    /// a loop of parents; each keeps the parent it had (none when new).
    public var refusedParents: [String] = []
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
            try ImportSession.check(item)
        }
        try Validation.uids(items.compactMap(\.uid))
        return try importInOneStep(total: items.count, options: options, keepsTodos: true) { add in try add(items) }
    }

    /// Adds the todos `source` hands over, batch after batch (it calls `add` with each), as
    /// `importItems(_:options:)` does: in one transaction and one step, so a throw anywhere (from
    /// `source`, a batch that does not check, the progress report) leaves the store as it was. The
    /// todos are not kept: the summary counts them (`addedCount`, `addedDoneCount`, `addedListIDs`),
    /// so memory stays flat however many there are. `total` is how many `source` will give, for progress.
    public func importTodos(total: Int, options: ImportOptions,
                            from source: (_ add: ([NewTodo]) throws -> Void) throws -> Void) throws -> ImportSummary {
        try importInOneStep(total: total, options: options, keepsTodos: false, from: source)
    }

    /// One step of an import: an `ImportSession` fed by `source`.
    func importInOneStep(total: Int, options: ImportOptions, keepsTodos: Bool,
                         from source: (_ add: ([NewTodo]) throws -> Void) throws -> Void) throws -> ImportSummary {
        try journaled {
            var session = try ImportSession(store: self, total: total, options: options, keepsTodos: keepsTodos)
            try source { batch in try session.add(batch) }
            let summary = session.summary
            let count = summary.addedCount + summary.updatedCount
            let title = count == 1 ? session.firstTitle : nil
            let description = title.map { "import \(StoreError.quoted($0))" } ?? "import \(count) todos"
            return (summary, StepSummary(description: description, todoIDs: session.stepTodoIDs))
        }.value
    }

    /// The indexes of `items` that look like a todo stored before the import began (ids below
    /// `firstImportedID`, so a file's own repeated lines are not duplicates of each other): the same
    /// list, title, due day and state. The day, not the whole due: todo.txt keeps no time, so a todo
    /// due at 18:30 comes back from Tick's own todo.txt export due that day. Items for lists that do
    /// not exist yet have none.
    func findDuplicates(of items: [NewTodo], listIDs: [String: Int64], firstImportedID: Int64,
                        checkpoint: () throws -> Void) throws -> Set<Int> {
        var found: Set<Int> = []
        for (index, item) in items.enumerated() {
            if index % (Self.importChunkSize * Self.chunksPerReport) == Self.importChunkSize * Self.chunksPerReport - 1 { try checkpoint() }
            guard let listID = listIDs[Validation.listNameKey(item.listName)] else { continue }
            // todos_by_title finds the few rows with this title in this list; the rest is checked on them.
            let exists = try connection.scalarInt("""
                SELECT EXISTS(SELECT 1 FROM todos INDEXED BY todos_by_title
                              WHERE list_id = ? AND title = ? AND substr(due, 1, 10) IS ? AND (completed_at IS NULL) = ? AND id < ?)
                """, [listID, item.title, item.due.map { String($0.prefix(10)) }, item.completedAt == nil, firstImportedID])
            if exists != 0 { found.insert(index) }
        }
        return found
    }

    /// One todo of an import as it will be stored, times in raw milliseconds.
    struct ImportRow {
        var id: Int64
        var listID: Int64
        var position: Int64
        var created: Int64
        var completed: Int64?
        var uid: String
        var item: NewTodo

        var values: [any SQLiteBindable] {
            [id, listID, item.title, item.notes, position, created, completed, item.priority, item.due, item.isFlagged,
             item.recurrence?.rrule, item.recurrence?.countsFromCompletion ?? false, TodoTags.stored(TodoTags.unique(item.tags)), uid,
             item.storedStatusMark?.rawValue, item.storedPercentComplete.map { Int64($0) }, Reminder.stored(item.reminders),
             item.start]
        }

        var todoItem: TodoItem {
            TodoItem(id: id, listID: listID, title: item.title, notes: item.notes, position: position,
                     createdAt: Date(unixMilliseconds: created), completedAt: completed.map(Date.init(unixMilliseconds:)),
                     priority: item.priority, due: item.due, isFlagged: item.isFlagged, recurrence: item.recurrence,
                     tags: TodoTags.unique(item.tags), uid: uid, statusMark: item.storedStatusMark,
                     percentComplete: item.storedPercentComplete, parentUID: item.parentUID, reminders: Reminder.unique(item.reminders),
                     start: item.start)
        }
    }

    /// Rows per INSERT of an import.
    static let importChunkSize = 128

    /// Statements of `importChunkSize` rows between two progress reports (about 8,000 rows, a few
    /// hundredths of a second).
    static let chunksPerReport = 64

    /// Writes `rows`, `importChunkSize` per statement (the last one padded with rows it leaves out),
    /// telling `progress` how many of them are written now and then. One statement text is ever
    /// prepared: preparing one costs about as much as writing its rows (SQLite compiles the triggers
    /// into it), and the halving chunks written before (64, 32… 1 rows) cost a first download eight
    /// preparations. One statement per row cost about 140 µs each.
    func insert(_ rows: ArraySlice<ImportRow>, progress: (Int) throws -> Void) throws {
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + Self.importChunkSize, rows.endIndex)
            try connection.run(Self.insertSQL, rows[start..<end].flatMap(\.values) + Self.padding(rows: Self.importChunkSize - (end - start), width: Self.insertColumnCount))
            start = end
            if (start - rows.startIndex) % (Self.importChunkSize * Self.chunksPerReport) == 0 { try progress(start - rows.startIndex) }
        }
        try progress(rows.count)
    }

    /// The columns `insertSQL` writes, and so the values of a row and of a padding row.
    static let insertColumnCount = 18
    /// The columns `datesNotGivenSQL` writes.
    static let datesNotGivenColumnCount = 3

    /// `insert`'s statement, built once (kilobytes of text): `importChunkSize` rows of values, those
    /// whose id is NULL (the padding) left out.
    static let insertSQL = """
        INSERT INTO todos(id, list_id, title, notes, position, created_at, completed_at, priority, due, flagged, rrule,
                          rrule_from_completion, tags, uid, status_mark, percent_complete, reminders, start)
        SELECT * FROM (VALUES \(repeated("(\(placeholders(insertColumnCount)))", importChunkSize)))
        WHERE column1 IS NOT NULL
        """

    /// `noteDatesNotGiven`'s statement, built once, padded as `insertSQL` is.
    static let datesNotGivenSQL = """
        INSERT OR REPLACE INTO todos_without_dates(todo_id, no_creation_date, completed_at_without_date)
        SELECT * FROM (VALUES \(repeated("(\(placeholders(datesNotGivenColumnCount)))", importChunkSize))) WHERE column1 IS NOT NULL
        """

    /// `rows` rows of `width` NULLs, which the padded statements leave out.
    static func padding(rows: Int, width: Int) -> [any SQLiteBindable] {
        Array(repeating: Int64?.none, count: rows * width)
    }

    /// `count` copies of `row`, separated by commas.
    static func repeated(_ row: String, _ count: Int) -> String {
        Array(repeating: row, count: count).joined(separator: ", ")
    }

    /// Notes which `rows` came without a creation or completion date (see `Schema.importFactsSQL`),
    /// in chunks as the rows themselves.
    func noteDatesNotGiven(_ rows: [ImportRow]) throws {
        func values(_ row: ImportRow) -> [any SQLiteBindable] {
            [row.id, !row.item.isCreationDateKnown, row.item.isCompletionDateKnown ? nil : row.completed]
        }
        var start = 0
        while start < rows.count {
            let end = min(start + Self.importChunkSize, rows.count)
            try connection.run(Self.datesNotGivenSQL, rows[start..<end].flatMap(values) + Self.padding(rows: Self.importChunkSize - (end - start), width: Self.datesNotGivenColumnCount))
            start = end
        }
    }

    /// Appends a list named `name` (trimmed) to the list order and returns its id.
    func createList(named name: String) throws -> Int64 {
        let position = try connection.queryFirst("SELECT max(position) FROM lists") { $0.optionalInt64(at: 0) } ?? nil
        let (next, overflow) = (position ?? 0).addingReportingOverflow(Self.positionGap)
        let stored = try Validation.listName(name)
        try connection.run("INSERT INTO lists(name, position) VALUES (?, ?)", [stored, overflow ? Int64.max : next])
        return connection.lastInsertRowID
    }
}
