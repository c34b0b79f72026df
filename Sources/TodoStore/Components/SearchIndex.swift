import FoundationEssentials

/// Substring search over titles and notes, case-insensitive; `#work` alone finds the todos tagged
/// `work` (exactly, ASCII case folded) through the tag index instead: all of a tag's todos when it
/// has few (`fewTaggedTodos`), else first among the first rows in display order, probing the tag
/// index for each, as text is looked for there (below).
///
/// What matches: queries of three or more characters (Unicode scalars) go through the trigram
/// index (`todos_fts`), whose case folding is Unicode-aware (Milk/milk, Äpfel/äpfel, Σοφία/σοφία).
/// Shorter queries cannot use trigrams (and SQLite 3.40's trigram table returns nothing for
/// two-character CJK queries), so they test the base table: `LIKE` folds ASCII case, and the
/// query's lower-, upper- and mixed-case spellings cover other scripts' letters. CJK and emoji
/// have no case and match exactly either way.
///
/// How it is found: a query without non-ASCII letters is first tried on the first rows in display
/// order (`LIKE` and the trigram index agree on such queries), 4,096 rows, widened up to 65,536
/// when the matches seen so far promise enough; this answers common queries ("a", "mil") in
/// milliseconds. When matches are rarer than that, the trigram index (cost per match) or, for
/// one- and two-character queries, one pass over the table and a sort finds them.
///
/// The trigram index lags behind changes (see `Schema.searchQueueSQL`): todos changed since it last
/// caught up are matched by their current text through a small temporary index of their own.
///
/// At most `SectionQuery.searchLimit` rows per list are shown: the first ones in display order,
/// open ones first. Their ids are materialized once per query and state of the file, so paging
/// and finding rows in a search cost a dictionary lookup.
final class SearchIndex: StoreComponent {
    private let connection: SQLiteConnection
    /// Where a search of a list's first rows learns how many rows there are.
    private let lists: ListCatalog
    /// Recent search results (at most `SectionQuery.searchLimit` ids each), by query; dropped by every committed step.
    private var results: [SectionQuery: SearchResults] = [:]
    /// This connection's changes and `PRAGMA data_version` when a tidying step last found nothing
    /// to do: until either moves, the next step has nothing to do either.
    private var tidied: (changes: Int64, dataVersion: Int64?)?

    init(connection: SQLiteConnection, lists: ListCatalog) {
        self.connection = connection
        self.lists = lists
    }

    /// Rows first scanned in display order for matches (about 1 µs each).
    static let denseSearchWindow = 4_096
    /// The widest such scan before a search uses the trigram index or a full pass instead.
    static let maximumSearchWindow = 65_536

    /// The ids a search shows, computed once per query until the file changes.
    func results(for query: SectionQuery) throws -> SearchResults {
        if let cached = results[query] { return cached }
        guard let text = query.activeSearch else { return SearchResults(ids: []) }
        let limit = SectionQuery.searchLimit
        // Whether lagging todos sit in the temporary index: filled once per search, for both parts.
        var recent: Bool?
        var ids = try searchIDs(text, listID: query.listID, done: false, order: TodoStore.openOrder(query.sort).forward, limit: limit,
                                recent: &recent)
        if query.includesCompleted, ids.count < limit {
            ids += try searchIDs(text, listID: query.listID, done: true, order: "completed_at, id", limit: limit - ids.count,
                                 recent: &recent)
        }
        let found = SearchResults(ids: ids)
        // A handful of recent queries (typing, then backspacing) is all that is worth keeping.
        if results.count >= 8 { results.removeAll() }
        results[query] = found
        return found
    }

    /// The first `limit` ids of one part of a list (open or done, in `order`) that match `text`.
    /// `recent` says whether `indexRecentTodos` has run for this search and found todos (nil: not yet).
    private func searchIDs(_ text: String, listID: Int64, done: Bool, order: String, limit: Int,
                           recent: inout Bool?) throws -> [Int64] {
        let part = "list_id = ?1 AND completed_at IS \(done ? "NOT " : "")NULL"
        let tag = TodoTags.tag(searchedBy: text)
        var plain = Self.plainMatch(for: text)
        if let tag {
            // A tag on few todos: the tag index is the outer loop, and only they are read. A tag on
            // many: its first matches are among the first rows, found with one index probe each.
            let tagged = try connection.scalarInt("SELECT count(*) FROM (SELECT 1 FROM todo_tags WHERE tag = ? LIMIT ?)",
                                                  [tag, Self.fewTaggedTodos + 1])
            guard tagged > Self.fewTaggedTodos else { return try taggedIDs(tag, listID: listID, part: part, order: order, limit: limit) }
            plain = PlainMatch(condition: "EXISTS (SELECT 1 FROM todo_tags WHERE todo_tags.tag = ?2 AND todo_tags.todo_id = id)",
                               arguments: [tag], caseFoldsLikeTrigrams: true)
        }
        if let plain, plain.caseFoldsLikeTrigrams {
            let counts = try lists.counts(ofList: listID)
            let rows = done ? counts.done : counts.open
            var window = Self.denseSearchWindow
            while true {
                let found = try connection.query("""
                    SELECT id FROM (SELECT id, title, notes, position, due, priority, created_at, completed_at FROM todos
                                    WHERE \(part) ORDER BY \(order) LIMIT ?\(plain.arguments.count + 2))
                    WHERE \(plain.condition) ORDER BY \(order) LIMIT ?\(plain.arguments.count + 3)
                    """, [listID] + plain.arguments + [window, limit]) { $0.int64(at: 0) }
                if found.count == limit || rows <= window { return found }
                // Widen the window when the matches seen so far say a wider one would be enough.
                let needed = found.isEmpty ? Int.max : limit * window / found.count + window / 4
                guard needed <= Self.maximumSearchWindow, window < Self.maximumSearchWindow else { break }
                window = min(Self.maximumSearchWindow, max(needed, window * 2))
            }
        }
        if let tag { return try taggedIDs(tag, listID: listID, part: part, order: order, limit: limit) }
        if text.unicodeScalars.count >= 3 {
            // CROSS JOIN keeps the index lookup outermost: only matching rows are ever read.
            let phrase = "\"" + TextFormatting.replacing("\"", with: "\"\"", in: text) + "\""
            if recent == nil { recent = try indexRecentTodos() }
            guard recent == true else {
                return try connection.query("""
                    SELECT todos.id FROM todos_fts CROSS JOIN todos ON todos.id = todos_fts.rowid
                    WHERE todos_fts MATCH ?2 AND \(part) ORDER BY \(order) LIMIT ?3
                    """, [listID, phrase, limit]) { $0.int64(at: 0) }
            }
            // Todos the index has not caught up on are matched by their current text instead.
            return try connection.query("""
                SELECT todos.id FROM (
                    SELECT rowid AS match FROM todos_fts
                    WHERE todos_fts MATCH ?2 AND rowid NOT IN (SELECT todo_id FROM search_pending)
                    UNION ALL
                    SELECT rowid FROM temp.search_recent WHERE search_recent MATCH ?2
                ) AS matches CROSS JOIN todos ON todos.id = matches.match
                WHERE \(part) ORDER BY \(order) LIMIT ?3
                """, [listID, phrase, limit]) { $0.int64(at: 0) }
        }
        let short = plain ?? Self.shortMatch(for: text)
        // One sequential pass over the table beats walking the order index with a lookup per row.
        return try connection.query(
            "SELECT id FROM todos NOT INDEXED WHERE \(part) AND (\(short.condition)) ORDER BY \(order) LIMIT ?\(short.arguments.count + 2)",
            [listID] + short.arguments + [limit]) { $0.int64(at: 0) }
    }

    /// Up to this many todos with a tag, a tag search reads them all through the tag index (a few
    /// milliseconds); past it, it first looks for them among the first rows, as a text search does.
    static let fewTaggedTodos = 8_192

    /// The first `limit` ids of one part of a list (`part`, in `order`) tagged `tag`, through the
    /// tag index: the cost is the tag's todos, whatever the store holds.
    private func taggedIDs(_ tag: String, listID: Int64, part: String, order: String, limit: Int) throws -> [Int64] {
        try connection.query("""
            SELECT todos.id FROM todo_tags CROSS JOIN todos ON todos.id = todo_tags.todo_id
            WHERE todo_tags.tag = ?2 AND \(part) ORDER BY \(order) LIMIT ?3
            """, [listID, tag, limit]) { $0.int64(at: 0) }
    }

    /// Puts the current text of the todos the search index has not caught up on into a small
    /// trigram index of this connection's own (`temp.search_recent`, in memory: the same tokenizer,
    /// so they match exactly as indexed todos do). Returns false, doing nothing, when there are none.
    /// Works in a read-only store too: the temporary index is not part of the file.
    private func indexRecentTodos() throws -> Bool {
        guard try pendingCount() > 0 else { return false }
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

    /// A base-table test for `text`, parameters from ?2 on.
    struct PlainMatch {
        var condition: String
        var arguments: [any SQLiteBindable]
        /// Whether it finds exactly what the trigram index finds (true for ASCII and caseless text).
        var caseFoldsLikeTrigrams: Bool
    }

    /// The test for text without non-ASCII letters that have case: `LIKE` for ASCII (which it
    /// folds), `instr` for caseless text such as CJK and emoji. Nil for other text.
    static func plainMatch(for text: String) -> PlainMatch? {
        if text.unicodeScalars.allSatisfy(\.isASCII) {
            let escaped = [("\\", "\\\\"), ("%", "\\%"), ("_", "\\_")].reduce(text) {
                TextFormatting.replacing($1.0, with: $1.1, in: $0)
            }
            let pattern = "%" + escaped + "%"
            return PlainMatch(condition: "title LIKE ?2 ESCAPE '\\' OR notes LIKE ?2 ESCAPE '\\'", arguments: [pattern],
                              caseFoldsLikeTrigrams: true)
        }
        if text.lowercased() == text, text.uppercased() == text {
            return PlainMatch(condition: "instr(title, ?2) > 0 OR instr(notes, ?2) > 0", arguments: [text], caseFoldsLikeTrigrams: true)
        }
        return nil
    }

    /// The test for a short query with non-ASCII letters: its lower, upper, first-upper and
    /// first-lower spellings, matched exactly.
    private static func shortMatch(for text: String) -> PlainMatch {
        let first = String(text.prefix(1)), rest = text.dropFirst()
        let spellings = [text.lowercased(), text.uppercased(), first.uppercased() + rest.lowercased(), first.lowercased() + rest.uppercased()]
        let condition = (2...5).map { "instr(title, ?\($0)) > 0 OR instr(notes, ?\($0)) > 0" }.joined(separator: " OR ")
        return PlainMatch(condition: condition, arguments: spellings, caseFoldsLikeTrigrams: false)
    }

    /// Todos indexed per idle step; also the size of change (in rows) that indexes its own todos at once.
    static let catchUpRows = 256

    /// Tidies the search index a little: first it indexes up to `catchUpRows` todos that
    /// changed since it last caught up (see `Schema.searchQueueSQL`), and once none are left it
    /// merges up to `pages` pages of the segments that catching up adds. Call it while idle;
    /// returns whether it did any work, so the caller can stop once the index is tidy.
    ///
    /// It never waits for another process's write (the user may press a key meanwhile): a busy
    /// file is simply tidied later. And once a step found nothing to do, later steps cost no
    /// transaction at all until this connection or another one changes the file. The caller checks
    /// that the store may be written.
    func tidy(pages: Int) -> Bool {
        // Idle work: an unreadable version only means the "nothing to do" shortcut is not taken.
        let version = try? connection.scalarInt("PRAGMA data_version")
        if let tidied, tidied.changes == connection.totalChanges, tidied.dataVersion == version { return false }
        let before = connection.totalChanges
        do {
            try connection.withoutWaitingForLocks {
                try connection.transaction {
                    if try indexPending(limit: Self.catchUpRows) == 0 {
                        try connection.run("INSERT INTO todos_fts(todos_fts, rank) VALUES ('merge', ?)", [Int64(max(1, pages))])
                    }
                }
            }
        } catch {
            return false
        }
        let worked = connection.totalChanges - before > 1
        tidied = worked ? nil : (changes: connection.totalChanges, dataVersion: version)
        return worked
    }

    /// The number of todos noted in `search_pending`.
    func pendingCount() throws -> Int { Int(try connection.scalarInt("SELECT count(*) FROM search_pending")) }

    /// After a change of more than `catchUpRows` rows (an import, a batch, their undo), indexes
    /// every todo it noted, as one piece, rather than leaving the idle loop thousands to catch up
    /// on; smaller changes leave theirs for the idle loop. Inside the change's transaction.
    func willCommit(_ step: CommittedStep) throws {
        guard step.changedRows > Self.catchUpRows else { return }
        try indexPending(limit: nil)
    }

    /// Results read before the step may have lost or gained matches.
    func didCommit(_ step: CommittedStep) {
        results.removeAll()
    }

    func didRollBack() {
        results.removeAll()
        tidied = nil
    }

    /// Brings the search index up to date with `limit` of the todos noted in `search_pending`
    /// (all of them when nil), oldest first, inside the caller's transaction: takes out the text
    /// the index holds for each, puts in the todo's current text when it still exists. Returns
    /// how many it caught up on.
    @discardableResult
    func indexPending(limit: Int?) throws -> Int {
        // LIMIT -1 is no limit.
        let arguments: [any SQLiteBindable] = [Int64(limit ?? -1)]
        let batch = "SELECT todo_id FROM search_pending ORDER BY todo_id LIMIT ?1"
        try connection.run("""
            INSERT INTO todos_fts(todos_fts, rowid, title, notes)
            SELECT 'delete', todo_id, old_title, old_notes FROM search_pending WHERE indexed = 1 AND todo_id IN (\(batch))
            """, arguments)
        try connection.run("INSERT INTO todos_fts(rowid, title, notes) SELECT id, title, notes FROM todos WHERE id IN (\(batch))",
                           arguments)
        return try connection.run("DELETE FROM search_pending WHERE todo_id IN (\(batch))", arguments)
    }
}

/// The rows of one search, in the section's order, materialized because they are few.
struct SearchResults {
    /// The matching todos' ids in display order.
    var ids: [Int64]
    /// The row of each id.
    var rows: [Int64: Int]

    init(ids: [Int64]) {
        self.ids = ids
        rows = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, $0.offset) })
    }
}
