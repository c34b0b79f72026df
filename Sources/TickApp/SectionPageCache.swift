import TodoStore

/// Todos read from the store around what is on screen, per section query, in a bounded window of
/// rows so memory does not grow with the list.
///
/// The app's own changes patch the cached rows (a toggle moves one row, a delete closes a gap)
/// instead of throwing them away, so a change costs no re-read of the rows around it.
final class SectionPageCache {
    private let store: TodoStore
    /// Rows read per miss.
    let pageSize: Int
    /// Most rows kept over all queries; the rows farthest from the last one read go first.
    let capacity: Int
    private var rows: [SectionQuery: [Int: TodoItem]] = [:]
    /// Rows cached over all queries.
    private var total = 0
    private var lastRead: (query: SectionQuery, row: Int)?
    /// Pages read from the store so far.
    private(set) var reads = 0

    init(store: TodoStore, pageSize: Int = 32, capacity: Int = 512) {
        self.store = store
        self.pageSize = pageSize
        self.capacity = capacity
    }

    /// The todo at a row of a section's query, reading the page around it when needed.
    func item(at row: Int, in query: SectionQuery) throws -> TodoItem? {
        lastRead = (query, row)
        if let item = rows[query]?[row] { return item }
        try load(around: row, in: query)
        return rows[query]?[row]
    }

    /// Reads the rows around these ahead of time.
    func prefetch(rows wanted: [Int], in query: SectionQuery) {
        for row in wanted.sorted() where rows[query]?[row] == nil {
            try? load(around: row, in: query)
        }
    }

    /// Forgets everything (another process changed the store, or the view changed).
    func invalidate() {
        rows.removeAll(keepingCapacity: true)
        total = 0
    }

    /// Forgets one query's rows.
    func invalidate(_ query: SectionQuery) {
        total -= rows.removeValue(forKey: query)?.count ?? 0
    }

    /// A row was removed from a query: the rows after it move up by one.
    func removeRow(_ removed: Int, in query: SectionQuery) {
        guard let cached = rows[query] else { return }
        var shifted: [Int: TodoItem] = [:]
        shifted.reserveCapacity(cached.count)
        for (row, item) in cached where row != removed { shifted[row > removed ? row - 1 : row] = item }
        total += shifted.count - cached.count
        rows[query] = shifted
    }

    /// A row was inserted into a query: the rows from it on move down by one.
    func insertRow(_ inserted: Int, item: TodoItem, in query: SectionQuery) {
        guard let cached = rows[query] else { return }
        var shifted: [Int: TodoItem] = [:]
        shifted.reserveCapacity(cached.count + 1)
        for (row, old) in cached { shifted[row >= inserted ? row + 1 : row] = old }
        shifted[inserted] = item
        total += 1
        rows[query] = shifted
    }

    /// Reads `pageSize` rows including `row`: continuing the cached run that ends just before it (or
    /// starts just after it), so a list that shifted by a row after a change reads one page of new
    /// rows, not the page it already holds; otherwise the aligned page around it.
    private func load(around row: Int, in query: SectionQuery) throws {
        let start = firstRowToRead(around: row, in: query)
        let wanted = start..<(start + pageSize)
        let items: [TodoItem]
        if let previous = rows[query]?[start - 1] {
            // Continuing from a row already held is one index seek in the store, not a count from a block start.
            items = try store.items(query, in: wanted, following: previous)
        } else {
            items = try store.items(query, in: wanted)
        }
        reads += 1
        for (offset, item) in items.enumerated() {
            // In place: copying the query's rows out and back would copy every cached todo.
            let replaced = rows[query, default: [:]].updateValue(item, forKey: start + offset)
            if replaced == nil { total += 1 }
        }
        if total > capacity { trim() }
    }

    private func firstRowToRead(around row: Int, in query: SectionQuery) -> Int {
        let before = rows[query]?[row - 1] != nil, after = rows[query]?[row + 1] != nil
        if before, !after { return row }
        if after, !before { return max(0, row - pageSize + 1) }
        return row / pageSize * pageSize
    }

    /// Brings the cache down to three quarters of `capacity` (so trimming is rare, not once per page),
    /// dropping the rows farthest from the last row read.
    private func trim() {
        let keep = capacity - capacity / 4
        let focus = lastRead
        var scored: [(distance: Int, query: SectionQuery, row: Int)] = []
        for (query, cached) in rows {
            for row in cached.keys {
                let distance = focus.map { $0.query == query ? abs($0.row - row) : Int.max / 2 } ?? row
                scored.append((distance, query, row))
            }
        }
        scored.sort { $0.distance > $1.distance }
        for entry in scored.prefix(total - keep) { rows[entry.query]?[entry.row] = nil }
        total = min(total, keep)
    }
}
