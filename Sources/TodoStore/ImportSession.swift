import FoundationEssentials

/// One import step under way (inside `journaled`): what carries from one batch of todos to the next
/// (the lists by name, where each list's end is, the next id, the counts), so an import of any size is
/// written batch by batch in one transaction while holding one batch at a time.
struct ImportSession {
    /// How many todo ids a streamed import's step names (undo and redo select the first still there).
    static let stepTodoIDLimit = 1_000

    private let store: TodoStore
    private let options: ImportOptions
    private let total: Int
    /// Whether the todos and updates are kept in the summary (`importItems`), or only counted.
    private let keepsTodos: Bool
    /// Whether the store held todos when the import began: else no todo is a duplicate or an update.
    private let storeHadTodos: Bool
    /// The first id this import gives: every todo below it was there before.
    private let firstID: Int64
    private var nextID: Int64
    private var listIDs: [String: Int64]
    /// The next free place at the end of each list written to; nil (absent) reads the end again.
    private var nextPosition: [Int64: Int64] = [:]
    private var seenUIDs: Set<String> = []
    /// Todos handed over so far (added, skipped or updated).
    private var processed = 0
    /// What the import did so far.
    private(set) var summary = ImportSummary()
    /// The todos the step names: all of them for `importItems`, the first ones for a streamed import.
    private(set) var stepTodoIDs: [Int64] = []
    /// The title of the first todo added or updated, for a step of one todo ("import “Call Ann”").
    private(set) var firstTitle: String?

    /// Starts an import into `store`, inside its step; refuses a store with todos when `options` say so.
    init(store: TodoStore, total: Int, options: ImportOptions, keepsTodos: Bool) throws {
        self.store = store
        self.total = total
        self.options = options
        self.keepsTodos = keepsTodos
        let counts = try store.readCounts()
        if options.intoEmptyStoreOnly {
            guard counts.open + counts.done == 0 else { throw StoreError.storeNotEmpty(count: counts.open + counts.done) }
        }
        storeHadTodos = counts.open + counts.done > 0
        listIDs = Dictionary(try store.lists().map { (Validation.listNameKey($0.name), $0.id) }, uniquingKeysWith: { first, _ in first })
        // Ids are assigned here, so that rows can be written many per statement.
        nextID = try store.connection.scalarInt("""
            SELECT max(ifnull((SELECT seq FROM sqlite_sequence WHERE name = 'todos'), 0), ifnull((SELECT max(id) FROM todos), 0)) + 1
            """)
        firstID = nextID
    }

    /// The checks every todo of an import passes before it is written: title, notes, due day, tags, list name.
    static func check(_ item: NewTodo) throws {
        try Validation.title(item.title)
        try Validation.notes(item.notes)
        try Validation.due(item.due)
        try Validation.start(item.start)
        try Validation.tags(item.tags)
        try Validation.reminders(item.reminders)
        _ = try Validation.listName(item.listName)
    }

    /// Writes one batch: new todos at the end of their lists (or where they say), todos whose UID is
    /// stored already updated, duplicates of todos stored before the import counted (and skipped
    /// when the options say so).
    mutating func add(_ items: [NewTodo]) throws {
        // `importItems` checked its one batch before the step began.
        if !keepsTodos { for item in items { try Self.check(item) } }
        let uids = items.compactMap(\.uid)
        if !uids.isEmpty {
            try Validation.uids(uids)
            for uid in uids where !seenUIDs.insert(uid).inserted {
                throw StoreError.invalidUID("\(StoreError.quoted(uid)) is given to two todos")
            }
        }
        let reportEvery = TodoStore.importChunkSize * TodoStore.chunksPerReport
        // Todos whose UID is stored already are updated in place, after the new ones are written.
        var existing: [Int: TodoItem] = [:]
        if storeHadTodos, !uids.isEmpty {
            // Asked a chunk of UIDs at a time, not todo by todo.
            let stored = try store.items(uids: uids)
            for (index, item) in items.enumerated() {
                if let uid = item.uid, let found = stored[uid] { existing[index] = found }
            }
        }
        let (processedBefore, total, options) = (processed, total, self.options)
        let looksForDuplicates = storeHadTodos && (options.skipsDuplicates || options.countsDuplicates)
        let duplicates = try !looksForDuplicates ? [] : store.findDuplicates(of: items, listIDs: listIDs, firstImportedID: firstID) {
            // Nothing written for this batch yet, but a report now and then lets a long check be stopped.
            try options.reportProgress(processedBefore, total)
        }.subtracting(existing.keys)
        summary.duplicateCount += duplicates.count
        let now = store.clock().unixMilliseconds
        var rows: [TodoStore.ImportRow] = []
        var written = 0
        let addedBefore = summary.addedCount
        func writeRows() throws {
            try store.insert(rows[written...]) { count in try options.reportProgress(addedBefore + written + count, total) }
            written = rows.count
        }
        for (index, item) in items.enumerated() {
            processed += 1
            if index % reportEvery == reportEvery - 1 { try options.reportProgress(addedBefore + written, total) }
            guard !(options.skipsDuplicates && duplicates.contains(index)), existing[index] == nil else { continue }
            let listID = try list(named: item.listName)
            let position: Int64
            if let given = item.position {
                // Placed where the file says: the appending slots below are not touched.
                position = given
            } else {
                if let next = nextPosition[listID] {
                    position = next
                } else {
                    // The end position is read from the file, so it must see the rows chosen so far.
                    try writeRows()
                    position = try store.positions.end(ofList: listID)
                }
                // Near the top of the range, forget the next slot: finding the end then renumbers the list.
                let (next, overflow) = position.addingReportingOverflow(TodoStore.positionGap)
                nextPosition[listID] = overflow ? nil : next
            }
            rows.append(TodoStore.ImportRow(id: nextID, listID: listID, position: position, created: item.createdAt?.unixMilliseconds ?? now,
                                            completed: item.completedAt?.unixMilliseconds, uid: item.uid ?? TodoStore.newUID(), item: item))
            nextID += 1
        }
        try writeRows()
        try store.noteDatesNotGiven(rows.filter { !$0.item.isCreationDateKnown || !$0.item.isCompletionDateKnown })
        var updates: [ImportUpdate] = []
        for (index, stored) in existing.sorted(by: { $0.key < $1.key }) {
            // A completion time the file only infers leaves the stored one as it is.
            let update = ImportUpdate(stored: stored, item: items[index].keepingCompletionTime(of: stored), listID: try list(named: items[index].listName))
            // Nothing written for it: a second import of the same file changes nothing, not even modification times.
            if try isUnchanged(update) { summary.unchangedCount += 1 } else { updates.append(update) }
        }
        var updated = try store.update(updates)
        let parents = rows.map { (id: $0.id, listID: $0.listID, uid: $0.uid, parentUID: $0.item.parentUID, current: String?.none) }
            + zip(updates, updated).map { (id: $1.id, listID: $1.listID, uid: $1.uid, parentUID: $0.item.parentUID, current: $0.stored.parentUID) }
        // Subtasks go inside their parents' subtrees: those given a parent, those whose parent just
        // arrived or came into their list, and those that changed list.
        var unsettled: [Int64] = []
        let refused = Set(try store.applyImportedParents(parents, unsettled: &unsettled))
        let moved = zip(updates, updated).filter { $0.0.stored.listID != $0.1.listID }.map(\.1)
        unsettled += moved.map(\.id)
        unsettled += try store.waitingChildren(of: rows.map { (uid: $0.uid, listID: $0.listID) } + moved.map { (uid: $0.uid, listID: $0.listID) })
        try store.settle(ids: TodoStore.unique(unsettled))
        summary.refusedParents += refused.sorted()
        for index in rows.indices where refused.contains(rows[index].uid) { rows[index].item.parentUID = nil }
        for index in updated.indices {
            updated[index].parentUID = refused.contains(updated[index].uid) ? updates[index].stored.parentUID : updates[index].item.parentUID
        }
        try store.recordModificationTimes(rows.map { ($0.id, $0.item.modifiedAt) } + updates.map { ($0.stored.id, $0.item.modifiedAt) })
        tally(rows, updated)
    }

    /// Whether `update` is left alone (`ImportOptions.leavesUnchangedTodosAlone`): it changes no
    /// field, and the file gives no modification time or the one stored (to the second, as iCalendar has it).
    private func isUnchanged(_ update: ImportUpdate) throws -> Bool {
        guard options.leavesUnchangedTodosAlone, update.changesNothing else { return false }
        guard let given = update.item.modifiedAt else { return true }
        return try store.modificationDate(ofTodo: update.stored.id).map { ImportUpdate.isSameMoment(given, $0) } ?? false
    }

    /// The id of the list named `name` (ignoring case), created at the end of the list order when missing.
    private mutating func list(named name: String) throws -> Int64 {
        let key = Validation.listNameKey(name)
        if let id = listIDs[key] { return id }
        let id = try store.createList(named: name)
        listIDs[key] = id
        return id
    }

    /// Counts a written batch into the summary and the step's todos.
    private mutating func tally(_ rows: [TodoStore.ImportRow], _ updated: [TodoItem]) {
        summary.addedCount += rows.count
        summary.addedDoneCount += rows.count { $0.completed != nil }
        summary.addedListIDs.formUnion(rows.map(\.listID))
        summary.updatedCount += updated.count
        if keepsTodos {
            summary.imported += rows.map(\.todoItem)
            summary.updated += updated
        }
        let ids = rows.map(\.id) + updated.map(\.id)
        stepTodoIDs += keepsTodos ? ids : Array(ids.prefix(max(0, Self.stepTodoIDLimit - stepTodoIDs.count)))
        if firstTitle == nil { firstTitle = rows.first?.item.title ?? updated.first?.title }
    }
}
