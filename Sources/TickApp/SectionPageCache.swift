import TodoStore

/// Todos read from the store around what is on screen, per section query, in a bounded window of
/// rows so memory does not grow with the list.
///
/// Each query's rows are kept as a few runs of consecutive rows (the pages around the viewport, the
/// end after `G`), so the app's own changes patch them in place: a toggle moves one row, a delete
/// closes a gap, and the rows after it only change their run's first row number. A change costs
/// neither a re-read of the rows around it nor a pass over every cached todo.
final class SectionPageCache {
    /// Consecutive rows of one query, starting at `start`.
    struct Run {
        /// The first row.
        var start: Int
        /// The todos of rows `start ..< start + items.count`.
        var items: [TodoItem]
        /// One past the last row.
        var end: Int { start + items.count }
    }

    private let store: TodoStore
    /// Rows read per miss.
    let pageSize: Int
    /// Most rows kept over all queries; the rows farthest from the last one read go first.
    let capacity: Int
    /// Each query's runs, in row order, neither overlapping nor touching: the queries the screen
    /// shows, which every change patches.
    private var runs: [SectionQuery: [Run]] = [:]
    /// Rows cached over all queries.
    private(set) var total = 0
    /// The runs of views left since the last change (`switchViews(showing:)`): no change patches
    /// them, so the first change drops them all; until then they are exact, and showing such a view
    /// again (`R`, `A`, `H` and back) reads none of its rows. At most `capacity` rows.
    private var parked: [SectionQuery: [Run]] = [:]
    /// The row counts of the views left (`switchViews(showing:leaving:)`), kept and dropped with `parked`.
    private var parkedCounts: [(query: SectionQuery, count: Int)] = []
    private var lastRead: (query: SectionQuery, row: Int)?
    /// Pages read from the store so far.
    private(set) var reads = 0
    /// Whether a page was read while another connection's commit was still unseen (`TodoStore.
    /// hasUnseenExternalChanges`): such a page may already hold that change, which the app must then
    /// not patch in a second time. Cleared by the app once it has shown the other connection's changes.
    var readAheadOfExternalChanges = false

    init(store: TodoStore, pageSize: Int = 32, capacity: Int = 512) {
        self.store = store
        self.pageSize = pageSize
        self.capacity = capacity
    }

    /// The todo at a row of a section's query, reading the page around it when needed.
    func item(at row: Int, in query: SectionQuery) throws -> TodoItem? {
        lastRead = (query, row)
        if let item = cached(row, in: query) { return item }
        // A view shown again (its query asked for) takes back its parked rows, exact while they are kept.
        if runs[query] == nil, let kept = parked.removeValue(forKey: query) {
            runs[query] = kept
            total += kept.reduce(0) { $0 + $1.items.count }
            if total > capacity { trim() }
            if let item = cached(row, in: query) { return item }
        }
        try load(around: row, in: query)
        return cached(row, in: query)
    }

    /// Reads the rows around these ahead of time.
    func prefetch(rows wanted: [Int], in query: SectionQuery) {
        for row in wanted.sorted() where cached(row, in: query) == nil {
            // A guess ahead of time: a row that fails here is read again, and its failure reported, when shown.
            try? load(around: row, in: query)
        }
    }

    /// The cached todo at `row`, without reading.
    func cached(_ row: Int, in query: SectionQuery) -> TodoItem? {
        guard let list = runs[query], let index = Self.run(containing: row, in: list) else { return nil }
        return list[index].items[row - list[index].start]
    }

    /// The row of a cached todo in a query, without reading (a scan of the cached rows, which are
    /// at most `capacity`); nil when it is not cached.
    func cachedRow(ofTodo id: Int64, in query: SectionQuery) -> Int? {
        for run in runs[query] ?? [] {
            if let index = run.items.firstIndex(where: { $0.id == id }) { return run.start + index }
        }
        return nil
    }

    /// The rows cached for a query.
    func cachedRowCount(in query: SectionQuery) -> Int {
        runs[query]?.reduce(0) { $0 + $1.items.count } ?? 0
    }

    /// Todos arriving in one change that are read one by one and patched in; past this many their
    /// sections' pages are dropped and read again a page at a time as they are shown.
    static let patchLimit = 32

    /// Forgets everything (another process changed the store, or everything is read again).
    func invalidate() {
        runs.removeAll(keepingCapacity: true)
        dropParked()
        total = 0
    }

    /// Forgets one query's rows.
    func invalidate(_ query: SectionQuery) {
        dropParked()
        total -= runs.removeValue(forKey: query)?.reduce(0) { $0 + $1.items.count } ?? 0
    }

    /// A change is about to be patched in: the rows of views not shown, which it does not patch, go.
    func changeWillBeApplied() {
        dropParked()
    }

    /// Forgets the views left: a change came, which their rows and counts do not show.
    private func dropParked() {
        parked.removeAll()
        parkedCounts.removeAll()
    }

    /// Reads rows `rows` of `query`, a view not shown now, and parks them as if that view had been
    /// shown and left (`switchViews`): showing it before any change reads none of them, and any change
    /// drops them. For the app's idle moments (the rows the first `R` shows, read while nobody waits).
    /// Reads nothing when the query has rows held already, or when parking them would pass `capacity`.
    func park(rows: Range<Int>, of query: SectionQuery) throws {
        guard !rows.isEmpty, runs[query] == nil, parked[query] == nil else { return }
        let parkedRows = parked.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.items.count } }
        guard parkedRows + rows.count <= capacity else { return }
        let items = try store.items(query, in: rows)
        reads += 1
        // A page read ahead of another connection's commit holds it already: shown by a view switch
        // before the app looks, it must be read again then, not patched (as `load` pages are).
        if store.hasUnseenExternalChanges { readAheadOfExternalChanges = true }
        guard !items.isEmpty else { return }
        parked[query] = [Run(start: rows.lowerBound, items: items)]
    }

    /// The row count of a query of a view left since the last change, if it was kept.
    func parkedCount(of query: SectionQuery) -> Int? {
        parkedCounts.first { $0.query == query }?.count
    }

    /// The view changed and nothing in the store did (a sort, a filter, waiting or done todos hidden
    /// or shown, the agenda opened or closed): every row held is still exact. The queries `shown`
    /// keeps are the view's (read and patched from now on); the others are parked until the view
    /// is shown again or a change comes.
    func switchViews(showing shown: (SectionQuery) -> Bool, leaving counts: [(query: SectionQuery, count: Int)] = []) {
        // Counts of the view left replace older ones of the same queries (a handful: one per section).
        parkedCounts = counts + parkedCounts.filter { kept in !counts.contains { $0.query == kept.query } }.prefix(64)
        var all = parked
        for (query, list) in runs { all[query] = list }
        runs.removeAll(keepingCapacity: true)
        parked.removeAll()
        total = 0
        var parkedRows = 0
        for (query, list) in all {
            let rows = list.reduce(0) { $0 + $1.items.count }
            if shown(query) {
                runs[query] = list
                total += rows
            } else {
                parked[query] = list
                parkedRows += rows
            }
        }
        if parkedRows > capacity { dropParked() }
        if total > capacity { trim() }
    }

    /// A row was removed from a query: the rows after it move up by one.
    func removeRow(_ removed: Int, in query: SectionQuery) {
        dropParked()
        guard var list = runs.removeValue(forKey: query) else { return }
        for index in list.indices.reversed() {
            if list[index].start > removed {
                list[index].start -= 1
            } else {
                if removed < list[index].end {
                    list[index].items.remove(at: removed - list[index].start)
                    total -= 1
                    if list[index].items.isEmpty { list.remove(at: index) }
                }
                break
            }
        }
        runs[query] = Self.merged(list)
    }

    /// A row was inserted into a query: the rows from it on move down by one.
    func insertRow(_ inserted: Int, item: TodoItem, in query: SectionQuery) {
        dropParked()
        guard var list = runs.removeValue(forKey: query) else { return }
        var placed = false
        for index in list.indices.reversed() {
            if list[index].start > inserted {
                list[index].start += 1
                continue
            }
            if inserted <= list[index].end {
                list[index].items.insert(item, at: inserted - list[index].start)
                placed = true
            }
            break
        }
        if !placed {
            // In a gap: a run of its own, before the first run that moved down.
            let position = list.firstIndex { $0.start > inserted } ?? list.endIndex
            list.insert(Run(start: inserted, items: [item]), at: position)
        }
        total += 1
        runs[query] = Self.merged(list)
    }

    /// Reads `pageSize` rows including `row`: continuing the cached run that ends just before it (or
    /// starts just after it), so a list that shifted by a row after a change reads one page of new
    /// rows, not the page it already holds; otherwise the aligned page around it.
    private func load(around row: Int, in query: SectionQuery) throws {
        let start = firstRowToRead(around: row, in: query)
        let wanted = start..<(start + pageSize)
        let items: [TodoItem]
        if let previous = cached(start - 1, in: query) {
            // Continuing from a row already held is one index seek in the store, not a count from a block start.
            items = try store.items(query, in: wanted, following: previous)
        } else {
            items = try store.items(query, in: wanted)
        }
        reads += 1
        // Checked after the read: a commit before or during it makes the page suspect.
        if store.hasUnseenExternalChanges { readAheadOfExternalChanges = true }
        store(Run(start: start, items: items), in: query)
        if total > capacity { trim() }
    }

    /// Adds freshly read rows, replacing what was cached for them. The run they extend is changed in
    /// place, so scrolling on appends a page to it without copying the rows it already holds.
    private func store(_ fresh: Run, in query: SectionQuery) {
        guard !fresh.items.isEmpty else { return }
        var list = runs.removeValue(forKey: query) ?? []
        let first = list.firstIndex { $0.end >= fresh.start } ?? list.endIndex
        var last = first
        while last < list.endIndex, list[last].start <= fresh.end { last += 1 }
        guard first < last else {
            list.insert(fresh, at: first)
            total += fresh.items.count
            runs[query] = list
            return
        }
        let previousCount = list[first..<last].reduce(0) { $0 + $1.items.count }
        // Taken out of the list, the first run touched is the only owner of its rows.
        var merged = list[first]
        list[first].items = []
        let from = max(0, fresh.start - merged.start)
        let to = min(merged.items.count, fresh.end - merged.start)
        merged.items.replaceSubrange(from..<to, with: fresh.items)
        merged.start = min(merged.start, fresh.start)
        // Fresh rows that reach into later runs: those runs' rows beyond them are kept.
        if last - first > 1, list[last - 1].end > merged.end {
            let after = list[last - 1]
            merged.items += after.items[(merged.end - after.start)...]
        }
        total += merged.items.count - previousCount
        list.replaceSubrange(first..<last, with: [merged])
        runs[query] = list
    }

    private func firstRowToRead(around row: Int, in query: SectionQuery) -> Int {
        let before = cached(row - 1, in: query) != nil, after = cached(row + 1, in: query) != nil
        if before, !after { return row }
        if after, !before { return max(0, row - pageSize + 1) }
        return row / pageSize * pageSize
    }

    /// Brings the cache down to three quarters of `capacity` (so trimming is rare, not once per page),
    /// dropping the rows farthest from the last row read: other queries' rows first, then the far
    /// ends of the last query's runs.
    private func trim() {
        let keep = capacity - capacity / 4
        let last = lastRead
        /// How far a row of `query` is from the last row read.
        func distance(_ row: Int, _ query: SectionQuery) -> Int {
            guard let last else { return row }
            return last.query == query ? abs(last.row - row) : Int.max / 2
        }
        while total > keep {
            // The farthest cached row is the first or the last row of some query's runs.
            var farthest: (query: SectionQuery, fromEnd: Bool, distance: Int)?
            var runnerUp = 0
            for (query, list) in runs {
                guard let low = list.first?.start, let high = list.last.map({ $0.end - 1 }) else { continue }
                for (fromEnd, row) in [(false, low), (true, high)] {
                    let far = distance(row, query)
                    if let best = farthest, far <= best.distance {
                        runnerUp = max(runnerUp, far)
                    } else {
                        if let best = farthest { runnerUp = max(runnerUp, best.distance) }
                        farthest = (query, fromEnd, far)
                    }
                }
            }
            guard let drop = farthest, var list = runs.removeValue(forKey: drop.query) else { return }
            let edge = drop.fromEnd ? list.count - 1 : 0
            // Rows are dropped in one cut down to the distance of the next farthest candidate.
            let margin = drop.distance >= Int.max / 2 ? Int.max : max(1, drop.distance - runnerUp + 1)
            let count = min(total - keep, list[edge].items.count, margin)
            if drop.fromEnd {
                list[edge].items.removeLast(count)
            } else {
                list[edge].items.removeFirst(count)
                list[edge].start += count
            }
            if list[edge].items.isEmpty { list.remove(at: edge) }
            total -= count
            if !list.isEmpty { runs[drop.query] = list }
        }
    }

    /// The index of the run holding `row`, by binary search.
    private static func run(containing row: Int, in list: [Run]) -> Int? {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].end <= row {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < list.count && list[low].start <= row ? low : nil
    }

    /// Joins runs that came to touch after a row was inserted or removed.
    private static func merged(_ list: [Run]) -> [Run] {
        guard list.count > 1 else { return list }
        var result: [Run] = []
        result.reserveCapacity(list.count)
        for run in list {
            if let last = result.last, last.end == run.start {
                result[result.count - 1].items += run.items
            } else {
                result.append(run)
            }
        }
        return result
    }
}
