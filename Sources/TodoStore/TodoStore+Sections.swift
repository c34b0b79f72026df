import FoundationEssentials

/// What one list shows, read a range of rows at a time: its open todos in the query's order, then
/// (when asked) its done todos in completion order, optionally filtered by a search.
///
/// Costs at a million todos in one list: the manual order and the done part go through the rank
/// index (any page or row in well under a millisecond); the other sorts read their index from the
/// nearer end, so a far jump costs time proportional to the distance from that end; a search
/// materializes its (at most `SectionQuery.searchLimit`) ids once per keystroke, after which its
/// pages and rows cost next to nothing. Reads of a list that does not exist return nothing.
/// Hiding waiting todos (`SectionQuery.readyOn`) keeps these costs: the manual order goes through
/// the rank index less the waiting todos counted per block (`RankIndex+Waiting`), the other sorts
/// walk their index as before, skipping the waiting rows.
extension TodoStore {
    /// Runs several reads against one snapshot of the file: counts and rows read inside `body` agree
    /// even when another process commits meanwhile, and they share one read transaction instead of
    /// opening one each (the app refreshes every list's count this way after a change).
    public func readSnapshot<T>(_ body: () throws -> T) throws -> T {
        try reading(body)
    }

    /// How many rows `query` shows (for a search: how many of its matches are shown, at most 1,000).
    public func count(_ query: SectionQuery) throws -> Int {
        try reading {
            if let window = query.dueWindow { return try openCount(due: window) }
            if query.isSearch { return try searchIndex.results(for: query).ids.count }
            let counts = try listCatalog.counts(ofList: query.listID)
            return try shownOpenCount(query, openCount: counts.open) + (query.includesCompleted ? counts.done : 0)
        }
    }

    /// How many open todos of list `listID` still wait on `day` (`YYYY-MM-DD`: their start day is
    /// after it), which a view hiding waiting todos leaves out: a sum over the list's later start days
    /// in `list_start_counts` (no todo read), then kept up to date by each step, as the rank index is.
    public func waitingCount(listID: Int64, on day: String) throws -> Int {
        try reading { try rankIndex.waitingCount(listID: listID, on: day) }
    }

    /// The open rows `query` shows of a list with `openCount` open todos: less those waiting when it hides them.
    private func shownOpenCount(_ query: SectionQuery, openCount: Int) throws -> Int {
        guard let day = query.hidesWaitingOn else { return openCount }
        return openCount - (try rankIndex.waitingCount(listID: query.listID, on: day))
    }

    /// The todos at `rows` (lower ..< upper) of what `query` shows; fewer past the end.
    public func items(_ query: SectionQuery, in rows: Range<Int>) throws -> [TodoItem] {
        let rows = rows.clamped(to: 0..<Int.max)
        guard !rows.isEmpty else { return [] }
        return try reading {
            if let window = query.dueWindow { return try openItems(due: window, rows: rows) }
            if query.isSearch {
                let ids = try searchIndex.results(for: query).ids
                return try items(ids: ids[rows.clamped(to: ids.indices)])
            }
            let open = try shownOpenCount(query, openCount: try listCatalog.counts(ofList: query.listID).open)
            var result = try openItems(query, rows: rows.clamped(to: 0..<open), openCount: open)
            if query.includesCompleted {
                let done = max(0, rows.lowerBound - open)..<max(0, rows.upperBound - open)
                result += try rankIndex.items(RankSet(listID: query.listID, kind: .done), rows: done)
            }
            return result
        }
    }

    /// The todos at `rows`, read as the continuation of `previous`, the todo shown just before them
    /// (a caller that already holds that row, such as a page cache, knows it): one index seek past it
    /// instead of counting rows from the start of a rank block, which costs about 0.2 µs a row.
    /// Where there is no such shortcut (a search, another sort, the first row, a `previous` that is
    /// not where the counts say it must be) it reads exactly as `items(_:in:)`.
    public func items(_ query: SectionQuery, in rows: Range<Int>, following previous: TodoItem) throws -> [TodoItem] {
        let rows = rows.clamped(to: 0..<Int.max)
        if let window = query.dueWindow, !rows.isEmpty, rows.lowerBound > 0 {
            return try reading { try openItems(due: window, rows: rows, following: previous) }
        }
        guard !rows.isEmpty, rows.lowerBound > 0, !query.isSearch, query.dueWindow == nil, query.sort == .manual,
              query.hidesWaitingOn == nil, previous.listID == query.listID else { return try items(query, in: rows) }
        return try reading {
            let counts = try listCatalog.counts(ofList: query.listID)
            let previousIsOpen = rows.lowerBound - 1 < counts.open
            guard previousIsOpen == !previous.isDone else { return try items(query, in: rows) }
            var result: [TodoItem] = []
            let open = rows.clamped(to: 0..<counts.open)
            if !open.isEmpty {
                result = try fetchItems("WHERE list_id = ? AND \(Self.keysetOrder[.open]!) LIMIT ?",
                                        [query.listID, previous.position, previous.id, open.count])
                guard result.count == open.count else { throw rankIndexMismatch() }
            }
            guard query.includesCompleted else { return result }
            let done = max(0, rows.lowerBound - counts.open)..<max(0, rows.upperBound - counts.open)
            guard !done.isEmpty else { return result }
            if done.lowerBound > 0, let completed = previous.completedAt {
                let rest = try fetchItems("WHERE list_id = ? AND \(Self.keysetOrder[.done]!) LIMIT ?",
                                          [query.listID, completed.unixMilliseconds, previous.id, done.count])
                let expected = min(done.count, max(0, counts.done - done.lowerBound))
                guard rest.count == expected else { throw rankIndexMismatch() }
                return result + rest
            }
            return result + (try rankIndex.items(RankSet(listID: query.listID, kind: .done), rows: done))
        }
    }

    /// The rows strictly after a key, in each part's order.
    static let keysetOrder: [RankKind: String] = [
        .open: "completed_at IS NULL AND (position, id) > (?, ?) ORDER BY position, id",
        .done: "completed_at IS NOT NULL AND (completed_at, id) > (?, ?) ORDER BY completed_at, id",
    ]

    /// The row of todo `id` in what `query` shows, or nil when it is not shown there.
    public func index(of id: Int64, in query: SectionQuery) throws -> Int? {
        try row(of: id, in: query, placingWaiting: false)
    }

    /// Where todo `id` is in what `query` shows: its row when shown; when the query leaves it out
    /// only because it waits for its start day (`SectionQuery.hidesWaitingOn`), the number of rows
    /// shown before its place, which is the row of the first todo shown after it. Nil when the todo
    /// is not in the query's list or is left out for another reason.
    public func place(of id: Int64, in query: SectionQuery) throws -> Int? {
        try row(of: id, in: query, placingWaiting: true)
    }

    private func row(of id: Int64, in query: SectionQuery, placingWaiting: Bool) throws -> Int? {
        try reading {
            if let window = query.dueWindow { return try openRow(of: id, due: window) }
            if query.isSearch { return try searchIndex.results(for: query).rows[id] }
            guard let row = try rankingRow(id: id), row.listID == query.listID else { return nil }
            let place = RankIndex.place(listID: row.listID, position: row.position, completedAt: row.completedAt, id: id)
            if row.completedAt != nil {
                guard query.includesCompleted else { return nil }
                let open = try shownOpenCount(query, openCount: try listCatalog.counts(ofList: query.listID).open)
                return open + (try rankIndex.rank(of: place.key, in: place.set))
            }
            if let day = query.hidesWaitingOn {
                guard placingWaiting || !StartDates.isWaiting(start: row.start, today: day) else { return nil }
                if query.sort == .manual { return try rankIndex.readyRank(of: place.key, listID: row.listID, on: day) }
            }
            if query.sort == .manual { return try rankIndex.rank(of: place.key, in: place.set) }
            return try sortedRank(of: row, sort: query.sort, readyOn: query.hidesWaitingOn)
        }
    }

    private func openItems(_ query: SectionQuery, rows: Range<Int>, openCount: Int) throws -> [TodoItem] {
        guard !rows.isEmpty else { return [] }
        if let day = query.hidesWaitingOn, query.sort == .manual {
            return try rankIndex.readyItems(listID: query.listID, on: day, rows: rows)
        }
        if query.sort == .manual { return try rankIndex.items(RankSet(listID: query.listID, kind: .open), rows: rows) }
        return try sortedOpenItems(query.sort, listID: query.listID, rows: rows, openCount: openCount, readyOn: query.hidesWaitingOn)
    }

    /// A todo's sort keys exactly as stored (no round trip through `Date`).
    struct RankingRow {
        var listID: Int64
        var position: Int64
        var completedAt: Int64?
        var createdAt: Int64
        var priority: Int64
        var due: String?
        var id: Int64
        /// The start (`todos.start`), which says whether the todo waits.
        var start: String? = nil
    }

    func rankingRow(id: Int64) throws -> RankingRow? {
        try connection.queryFirst(
            "SELECT list_id, position, completed_at, created_at, priority, due, start FROM todos WHERE id = ?", [id]
        ) { RankingRow(listID: $0.int64(at: 0), position: $0.int64(at: 1), completedAt: $0.optionalInt64(at: 2),
                       createdAt: $0.int64(at: 3), priority: $0.int64(at: 4), due: $0.optionalString(at: 5), id: id,
                       start: $0.optionalString(at: 6)) }
    }
}
