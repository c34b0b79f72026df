import FoundationEssentials

/// The SQL that finds a search's matches, on whichever connection it is given: the store's own
/// (`SearchIndex`, which caches the answers) or the background search's (`BackgroundSearch`).
/// See `SearchIndex` for what matches and how it is found.
final class MatchFinder {
    private let connection: SQLiteConnection
    /// A list's open and done counts, which decide how wide a window scan may grow.
    private let rowCounts: (Int64) throws -> (open: Int, done: Int)

    init(connection: SQLiteConnection, rowCounts: @escaping (Int64) throws -> (open: Int, done: Int)) {
        self.connection = connection
        self.rowCounts = rowCounts
    }

    /// Rows first scanned in display order for matches (about 1 µs each).
    static let denseSearchWindow = 4_096
    /// The widest such scan before a search uses the trigram index or a full pass instead.
    static let maximumSearchWindow = 65_536

    /// The ids `query` shows: at most `limit` (`SectionQuery.searchLimit` on screen; `Int.max` for
    /// `tick ls`), the first ones in display order, open ones first.
    func results(for query: SectionQuery, limit: Int = SectionQuery.searchLimit) throws -> SearchResults {
        SearchResults(ids: try matchingIDs(for: query, limit: limit))
    }

    /// The ids of `results(for:limit:)`, without the row of each.
    func matchingIDs(for query: SectionQuery, limit: Int) throws -> [Int64] {
        guard let match = query.activeQuery, try listMatches(match, listID: query.listID) else { return [] }
        // Whether lagging todos sit in the temporary index: filled once per search, for both parts.
        var recent: Bool?
        var ids: [Int64] = []
        if match.readsOpen() {
            ids = try searchIDs(match, listID: query.listID, done: false, order: TodoStore.openOrder(query.sort).forward,
                                limit: limit, recent: &recent)
        }
        if match.readsDone(whenViewShowsDone: query.includesCompleted), ids.count < limit {
            ids += try searchIDs(match, listID: query.listID, done: true, order: "completed_at, id", limit: limit - ids.count,
                                 recent: &recent)
        }
        return ids
    }

    /// The matches among the first `denseSearchWindow` open rows of `query`'s list, in display
    /// order: a prefix of `results(for:)`, found in milliseconds at any size, so the first screen
    /// of a rare match can show before the full pass ends. Nil for a query the window cannot test
    /// exactly like the full search (letters with case outside ASCII) or that reads no open todos.
    /// Complete (the whole of `results(for:)`, so no full pass need follow) when the window held
    /// `SectionQuery.searchLimit` matches, or the whole list and the query reads no done todos.
    func firstMatches(for query: SectionQuery) throws -> SearchResults? {
        guard let match = query.activeQuery, match.readsOpen() else { return nil }
        guard try listMatches(match, listID: query.listID) else { return SearchResults(ids: []) }
        var sql = QueryConditions(listID: query.listID)
        let test = sql.condition(for: match, table: "t")
        guard test.exact else { return nil }
        let scan = try firstRows(matching: test.sql, sql, done: false, order: TodoStore.openOrder(query.sort).forward,
                                 limit: SectionQuery.searchLimit, window: Self.denseSearchWindow, reach: Self.denseSearchWindow) { _, _ in nil }
        let complete = scan.ids.count == SectionQuery.searchLimit
            || (scan.readWholePart && !match.readsDone(whenViewShowsDone: query.includesCompleted))
        return SearchResults(ids: scan.ids, isComplete: complete)
    }

    /// What a scan of a part's first rows found: the first matches, the window it ended at, and
    /// whether it read every row of the part.
    private struct FirstRowsScan {
        var ids: [Int64] = []
        var window: Int
        var readWholePart = false
    }

    /// The first `limit` matches of `test` among the first `window` rows of one part of a list (open
    /// or done, in `order`), read row by row with the test as a column: the scan stops at the
    /// `limit`th match, so a common query ("e") reads about `limit` rows, not the whole window.
    /// When the window's rows are read without `limit` matches, `widen(window, found)` may name a
    /// wider window (at most `reach`), and the same pass reads on into it instead of starting over.
    private func firstRows(matching test: String, _ conditions: QueryConditions, done: Bool, order: String, limit: Int,
                           window: Int, reach: Int, widen: (_ window: Int, _ found: Int) -> Int?) throws -> FirstRowsScan {
        var sql = conditions
        let reachPlaceholder = sql.bind(Int64(reach))
        var scan = FirstRowsScan(window: window)
        var read = 0
        try connection.withStatement("""
            SELECT t.id, CASE WHEN \(test) THEN 1 ELSE 0 END FROM todos AS t
            WHERE t.list_id = ?1 AND t.completed_at IS \(done ? "NOT " : "")NULL ORDER BY \(order) LIMIT \(reachPlaceholder)
            """, sql.arguments) { statement in
            while scan.ids.count < limit {
                if read == scan.window {
                    guard let wider = widen(scan.window, scan.ids.count), wider > scan.window, wider <= reach else { return }
                    scan.window = wider
                }
                guard try statement.step() else {
                    scan.readWholePart = true
                    return
                }
                read += 1
                if statement.int64(at: 1) != 0 { scan.ids.append(statement.int64(at: 0)) }
            }
        }
        return scan
    }

    /// Whether the list passes the query's `list:` terms (always, without them).
    private func listMatches(_ query: TodoQuery, listID: Int64) throws -> Bool {
        guard !query.listNames.isEmpty else { return true }
        let names = query.listNames.map { _ in "?" }.joined(separator: ", ")
        return try connection.scalarInt("SELECT count(*) FROM lists WHERE id = ? AND name COLLATE NOCASE IN (\(names))",
                                        [listID as any SQLiteBindable] + query.listNames.map { $0 as any SQLiteBindable }) > 0
    }

    /// The first `limit` ids of one part of a list (open or done, in `order`) that match `query`.
    /// `recent` says whether `indexRecentTodos` has run for this search and found todos (nil: not yet).
    ///
    /// Which index decides the rows read: a tag on few todos (the tag index); else the first rows in
    /// display order when the base-table test is exact; else a word of three or more characters (the
    /// trigram index, and the tag index for a tag equal to it), a tag on many todos, the due-day
    /// index for due windows of open todos; only a query with none of these reads the whole list.
    private func searchIDs(_ query: TodoQuery, listID: Int64, done: Bool, order: String, limit: Int,
                           recent: inout Bool?) throws -> [Int64] {
        let part = "todos.list_id = ?1 AND todos.completed_at IS \(done ? "NOT " : "")NULL"
        // How many todos the first tag has, counted up to `someTaggedTodos` in its index.
        let tag = try query.tags.first.map { tag in
            (tag, Int(try connection.scalarInt("SELECT count(*) FROM (SELECT 1 FROM todo_tags WHERE tag = ? LIMIT ?)",
                                               [tag, Self.someTaggedTodos + 1])))
        }
        // A tag on few todos: the tag index is the outer loop, and only they are read.
        if let (tag, count) = tag, count <= Self.fewTaggedTodos {
            return try taggedIDs(tag, query: query, listID: listID, part: part, order: order, limit: limit)
        }
        var scan = QueryConditions(listID: listID)
        let test = scan.condition(for: query, table: "t")
        if test.exact {
            // The first rows in display order, one index probe per tag: common matches in milliseconds.
            let rows = try { let counts = try rowCounts(listID); return done ? counts.done : counts.open }()
            let first = try firstRows(matching: test.sql, scan, done: done, order: order, limit: limit,
                                      window: Self.denseSearchWindow, reach: Self.maximumSearchWindow) { window, found in
                // Widen the window when the matches seen so far say a wider one would be enough.
                guard rows > window, limit < Self.maximumSearchWindow, found > 0 else { return nil }
                let needed = limit * window / found + window / 4
                guard needed <= Self.maximumSearchWindow, window < Self.maximumSearchWindow else { return nil }
                return min(Self.maximumSearchWindow, max(needed, window * 2))
            }
            if first.ids.count == limit || first.readWholePart || rows <= first.window { return first.ids }
        }
        // A tag on some todos: reading them beats a word's trigram matches, which may be many more.
        if let (tag, count) = tag, count <= Self.someTaggedTodos {
            return try taggedIDs(tag, query: query, listID: listID, part: part, order: order, limit: limit)
        }
        // The driving word: one the trigram index can find, a word with non-ASCII case first.
        let indexed = query.words.filter { $0.unicodeScalars.count >= 3 }
        if let word = indexed.first(where: { !$0.unicodeScalars.allSatisfy(\.isASCII) && $0.lowercased() != $0.uppercased() })
            ?? indexed.max(by: { $0.unicodeScalars.count < $1.unicodeScalars.count }) {
            return try indexedWordIDs(word, query: query, listID: listID, part: part, order: order, limit: limit, recent: &recent)
        }
        if let (tag, _) = tag { return try taggedIDs(tag, query: query, listID: listID, part: part, order: order, limit: limit) }
        if !done, !query.dueWindows.isEmpty, !query.matchesNoDue {
            return try dueWindowIDs(query, listID: listID, part: part, order: order, limit: limit)
        }
        // One sequential pass over the table beats walking the order index with a lookup per row.
        var sql = QueryConditions(listID: listID)
        let full = sql.condition(for: query, table: "todos")
        let limitPlaceholder = sql.bind(limit)
        return try connection.query(
            "SELECT id FROM todos NOT INDEXED WHERE \(part) AND (\(full.sql)) ORDER BY \(order) LIMIT \(limitPlaceholder)",
            sql.arguments) { $0.int64(at: 0) }
    }

    /// Matches found through the trigram index for `word` (and the tag index, for todos with a tag
    /// equal to it), the rest of the query tested on those rows only.
    private func indexedWordIDs(_ word: String, query: TodoQuery, listID: Int64, part: String, order: String, limit: Int,
                                recent: inout Bool?) throws -> [Int64] {
        var sql = QueryConditions(listID: listID)
        let phrase = sql.bind("\"" + TextFormatting.replacing("\"", with: "\"\"", in: word) + "\"")
        if recent == nil { recent = try indexRecentTodos() }
        var sources = recent == true
            ? """
              SELECT rowid AS match FROM todos_fts WHERE todos_fts MATCH \(phrase) AND rowid NOT IN (SELECT todo_id FROM search_pending)
              UNION SELECT rowid FROM temp.search_recent WHERE search_recent MATCH \(phrase)
              """
            : "SELECT rowid AS match FROM todos_fts WHERE todos_fts MATCH \(phrase)"
        if TodoTags.isTag(word) { sources += "\nUNION SELECT todo_id FROM todo_tags WHERE tag = \(sql.bind(word))" }
        let rest = sql.condition(for: query, table: "todos", skippingWord: word)
        let limitPlaceholder = sql.bind(limit)
        // CROSS JOIN keeps the index lookup outermost: only matching rows are ever read.
        return try connection.query("""
            SELECT todos.id FROM (\(sources)) AS matches CROSS JOIN todos ON todos.id = matches.match
            WHERE \(part) AND \(rest.sql) ORDER BY \(order) LIMIT \(limitPlaceholder)
            """, sql.arguments) { $0.int64(at: 0) }
    }

    /// Matches among the open todos due in the query's windows, read through the due-day index.
    private func dueWindowIDs(_ query: TodoQuery, listID: Int64, part: String, order: String, limit: Int) throws -> [Int64] {
        var sql = QueryConditions(listID: listID)
        let windows = query.dueWindows.map { window in
            "SELECT id AS match FROM todos AS d INDEXED BY todos_open_by_due_day WHERE d.completed_at IS NULL AND "
                + sql.dueCondition(window, table: "d")
        }.joined(separator: "\nUNION ")
        let rest = sql.condition(for: query, table: "todos")
        let limitPlaceholder = sql.bind(limit)
        return try connection.query("""
            SELECT todos.id FROM (\(windows)) AS matches CROSS JOIN todos ON todos.id = matches.match
            WHERE \(part) AND \(rest.sql) ORDER BY \(order) LIMIT \(limitPlaceholder)
            """, sql.arguments) { $0.int64(at: 0) }
    }

    /// Up to this many todos with a tag, a tag search reads them all through the tag index (a few
    /// milliseconds); past it, it first looks for them among the first rows, as a text search does.
    static let fewTaggedTodos = 8_192
    /// Up to this many, a tag whose todos were not among the first rows is looked for through the
    /// tag index rather than a word's trigram matches.
    static let someTaggedTodos = 65_536

    /// The first `limit` ids of one part of a list (`part`, in `order`) tagged `tag` that match the
    /// rest of `query`, through the tag index: the cost is the tag's todos, whatever the store holds.
    private func taggedIDs(_ tag: String, query: TodoQuery, listID: Int64, part: String, order: String, limit: Int) throws -> [Int64] {
        var sql = QueryConditions(listID: listID)
        let rest = sql.condition(for: query, table: "todos")
        let tagPlaceholder = sql.bind(tag), limitPlaceholder = sql.bind(limit)
        return try connection.query("""
            SELECT todos.id FROM todo_tags CROSS JOIN todos ON todos.id = todo_tags.todo_id
            WHERE todo_tags.tag = \(tagPlaceholder) AND \(part) AND \(rest.sql) ORDER BY \(order) LIMIT \(limitPlaceholder)
            """, sql.arguments) { $0.int64(at: 0) }
    }

    /// Puts the current text of the todos the search index has not caught up on into a small
    /// trigram index of this connection's own (`temp.search_recent`, in memory: the same tokenizer,
    /// so they match exactly as indexed todos do). Returns false, doing nothing, when there are none.
    /// Works in a read-only store too: the temporary index is not part of the file.
    private func indexRecentTodos() throws -> Bool {
        guard try connection.scalarInt("SELECT count(*) FROM search_pending") > 0 else { return false }
        try connection.run("""
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_recent USING fts5(title, notes, tokenize='trigram',
                                                                            detail=full, columnsize=0)
            """)
        try connection.run("DELETE FROM temp.search_recent")
        try connection.run("""
            INSERT INTO temp.search_recent(rowid, title, notes)
            SELECT id, title, notes FROM todos WHERE id IN (SELECT todo_id FROM search_pending)
            """)
        return true
    }
}
