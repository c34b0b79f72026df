import CalDAV
import TodoStore

/// The pull's writes. The items of one multiget answer (up to `receiveBatchSize`) go into the store
/// together: one import by UID, a remote step `u` passes over, in one transaction with what the sync
/// records of them (`sync_items`, the pending changes they settle, the conflicts), so a first
/// download of thousands of todos commits once per answer, not several times per todo.
///
/// A download cut short (a kill, a lost connection) keeps the answers written whole, each with its
/// record; the collection's token is saved only at the end of the pull, so the next sync asks from
/// the old token again, and the items already here are known by their href and ETag and not fetched.
extension SyncEngine {
    /// Items per multiget request, and so per step of the pull at most.
    public static let receiveBatchSize = 200

    /// An item of the server as read, waiting to be written.
    struct Arrival {
        var item: CalendarItem
        var todo: CalendarTodo
    }

    /// What writing an arrival did, for the record and the summary.
    private struct Outcome {
        var arrival: Arrival
        /// The todo holds a merge with a change made here, which goes up at the push.
        var isMerge: Bool
        /// No todo of its UID was here.
        var isNew: Bool
    }

    /// Fetches `hrefs` of the collection at `url` and writes them, `receiveBatchSize` items a step.
    /// When they are most of the collection (a first download, a lost token) and more than one
    /// multiget, the whole collection is read in one `calendar-query` (see
    /// ``wholeCollectionQueryLimit``) and only the items asked for are written; what that answer
    /// lacks, or all of them when the server refuses it or the answer is too large, is fetched by
    /// multiget an answer at a time, each written before the next request.
    func receive(_ hrefs: [String], from url: ServerURL, in collection: TodoStore.SyncCollection, listName: String,
                 serverOffersQuery: Bool?) throws {
        var remaining = hrefs
        if serverOffersQuery != false, try readsWholeCollection(toReceive: hrefs.count, in: collection),
           let whole = try wholeCollection(at: url) {
            let wanted = Set(hrefs)
            let items = whole.items.filter { wanted.contains($0.href) }
            var start = 0
            while start < items.count {
                let batch = items[start..<min(start + Self.receiveBatchSize, items.count)]
                start += batch.count
                var answer = ItemFetch()
                answer.items = Array(batch)
                try write(fetched: answer, listName: listName, in: collection)
            }
            for problem in whole.problems where wanted.contains(problem.href) {
                summary.skippedItems.append(SkippedItem(href: problem.href, listName: listName, reason: problem.reason))
            }
            let answered = Set(items.map(\.href)).union(whole.problems.map(\.href))
            remaining = hrefs.filter { !answered.contains($0) }
        }
        var start = 0
        while start < remaining.count {
            let batch = Array(remaining[start..<min(start + Self.receiveBatchSize, remaining.count)])
            start += batch.count
            try write(fetched: try client.fetchItems(batch, in: url, batchSize: Self.receiveBatchSize), listName: listName, in: collection)
        }
    }

    /// Whether `count` items to receive are better read with the whole collection in one query: more
    /// than one multiget's worth, at least as many as this device holds of the collection already
    /// (so most of what the answer carries is wanted), and a collection of at most
    /// ``wholeCollectionQueryLimit`` items (the answer is held whole in memory).
    private func readsWholeCollection(toReceive count: Int, in collection: TodoStore.SyncCollection) throws -> Bool {
        guard count > Self.receiveBatchSize, count <= wholeCollectionQueryLimit else { return false }
        let held = try store.syncedItemCount(inCollection: collection.href)
        return held <= count && held + count <= wholeCollectionQueryLimit
    }

    /// The whole collection at `url` by one `calendar-query`, or nil when the server refuses the
    /// report or its answer cannot be used whole (too large, unreadable): the items are then fetched
    /// by multiget, which asks again in halves around a bad item.
    private func wholeCollection(at url: ServerURL) throws(CalDAVError) -> ItemFetch? {
        do {
            return try client.collectionItems(in: url)
        } catch where Self.refusesReport(error) || CalDAVClient.isConfinedToItsAnswer(error) {
            return nil
        }
    }

    /// Reads and writes one answer's items (and names its problems), a step per run of distinct UIDs.
    private func write(fetched: ItemFetch, listName: String, in collection: TodoStore.SyncCollection) throws {
        var arrivals: [Arrival] = []
        for item in fetched.items {
            if let todo = try read(item, listName: listName) { arrivals.append(Arrival(item: item, todo: todo)) }
        }
        for problem in fetched.problems {
            summary.skippedItems.append(SkippedItem(href: problem.href, listName: listName, reason: problem.reason))
        }
        // A UID (or an href) in two items of one answer: the later goes in a step after the first, as
        // it did one item at a time.
        var first = 0
        while first < arrivals.count {
            var uids: Set<String> = [], hrefs: Set<String> = []
            var end = first
            while end < arrivals.count, !uids.contains(arrivals[end].todo.uid), !hrefs.contains(arrivals[end].item.href) {
                uids.insert(arrivals[end].todo.uid)
                hrefs.insert(arrivals[end].item.href)
                end += 1
            }
            try write(arrivals[first..<end], in: collection)
            first = end
        }
        for _ in fetched.items { progressDidFinishItem() }
    }

    /// The todo an item carries, or nil when Tick cannot read it (it is then named in the summary).
    private func read(_ item: CalendarItem, listName: String) throws -> CalendarTodo? {
        let todos: [CalendarTodo]
        do {
            todos = try rewriter.read(item.calendarData)
        } catch {
            summary.skippedItems.append(SkippedItem(href: item.href, listName: listName, reason: "Tick cannot read it (line \(error.description))"))
            return nil
        }
        guard let todo = todos.first else {
            let others = try CalendarScan(item.calendarData).otherComponents
            if others.isEmpty {
                summary.skippedItems.append(SkippedItem(href: item.href, listName: listName, reason: "it holds no VTODO"))
            } else {
                // An event (or a journal entry) in a collection that holds todos too: another app's, not a problem.
                summary.leftAlone.merge(others) { $0 + $1 }
            }
            return nil
        }
        return todo
    }

    /// Writes `arrivals` (of distinct UIDs) as one remote step, with their records, in one transaction:
    /// each merged three-way with its todo when both changed, a todo deleted here and edited there
    /// brought back (the edit wins).
    private func write(_ arrivals: ArraySlice<Arrival>, in collection: TodoStore.SyncCollection) throws {
        var received: (new: Int, changed: Int) = (0, 0)
        var places: [ReceivedPlace] = [], occurrences: [Int64] = []
        var notTaken: [String] = []
        try store.inOneTransaction {
            // Read once per answer, inside its transaction: the names the todos are imported by are the lists' names now.
            let names = Dictionary(try store.lists().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            guard let listName = names[collection.listID] else { throw StoreError.listNotFound(id: collection.listID) }
            // What the store holds of these items, asked a chunk at a time rather than item by item.
            let existingTodos = try store.items(uids: arrivals.map(\.todo.uid))
            let syncedItems = try store.syncedItems(hrefs: arrivals.map(\.item.href))
            let pendingChanges = try store.pendingSyncChanges(todoIDs: existingTodos.values.map(\.id) + syncedItems.values.map(\.todoID))
            var todos: [NewTodo] = [], outcomes: [Outcome] = []
            for arrival in arrivals {
                var remote = arrival.todo
                remote.listName = listName
                let existing = existingTodos[remote.uid]
                let synced = syncedItems[arrival.item.href]
                if let existing, synced?.todoID != existing.id, let name = names[existing.listID], localLists.contains(name) {
                    // A todo of a list kept here is never touched by a server, whatever item claims its UID (a
                    // shared calendar someone else writes to, a copy made elsewhere): two todos cannot share a
                    // UID, so the item stays on the server, not taken, and the summary names it. (A todo's own
                    // item, from before it moved into such a list, still merges: the push then removes it.)
                    notTaken.append(arrival.item.href)
                    continue
                }
                if let existing, let pending = pendingChanges[existing.id], !pending.isDeletion {
                    // Changed on both sides: merged; the merge goes up at the push, from the server's text.
                    let base = try synced.flatMap { try rewriter.read($0.base).first }
                    guard let localName = names[existing.listID] else { throw StoreError.listNotFound(id: existing.listID) }
                    let local = CalendarTodo(existing, listName: localName, lastModified: try store.modificationDate(ofTodo: existing.id))
                    var baseTodo = base
                    baseTodo?.listName = listName
                    let merged = TodoMerge.merge(base: baseTodo, local: local, remote: remote)
                    try record(merged.conflicts, title: merged.todo?.title ?? existing.title)
                    guard let todo = merged.todo else { continue }
                    todos.append(try placed(todo, defaultList: listName))
                    outcomes.append(Outcome(arrival: Arrival(item: arrival.item, todo: remote), isMerge: true, isNew: false))
                    continue
                }
                if existing == nil, let synced, let pending = pendingChanges[synced.todoID], pending.isDeletion {
                    // Deleted here, edited there: the edit wins, and the todo comes back.
                    try store.forgetSyncedItem(todoID: synced.todoID, clearingRevision: pending.revision)
                    try record([TodoMerge.Conflict(uid: remote.uid, field: nil, lost: .local)], title: remote.title)
                }
                todos.append(try placed(remote, defaultList: listName))
                outcomes.append(Outcome(arrival: Arrival(item: arrival.item, todo: remote), isMerge: false, isNew: existing == nil))
            }
            let imported = try store.asRemote { try store.importItems(todos, options: ImportOptions(countsDuplicates: false)) }
            let stored = Dictionary((imported.imported + imported.updated).map { ($0.uid, $0) }, uniquingKeysWith: { _, last in last })
            var records: [TodoStore.ReceivedItem] = []
            for outcome in outcomes {
                let (item, remote) = (outcome.arrival.item, outcome.arrival.todo)
                guard let todo = stored[remote.uid] else { continue }
                records.append(TodoStore.ReceivedItem(
                    synced: .init(todoID: todo.id, uid: remote.uid, href: item.href, etag: item.etag, base: item.calendarData),
                    clearsPendingChange: !outcome.isMerge, remembersPosition: remote.sortOrder == nil))
                if outcome.isNew { received.new += 1 } else { received.changed += 1 }
            }
            for new in todos {
                guard let uid = new.uid, let todo = stored[uid] else { continue }
                if let position = new.position { places.append(ReceivedPlace(listID: todo.listID, position: position)) }
                if todo.recurrence != nil, !todo.isDone { occurrences.append(todo.id) }
            }
            try store.recordReceived(records)
        }
        summary.notTakenForLocalUID += notTaken
        summary.receivedNew += received.new
        summary.receivedChanges += received.changed
        receivedPlaces.formUnion(places)
        receivedOccurrences.formUnion(occurrences)
    }
}
