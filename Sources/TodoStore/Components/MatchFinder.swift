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

    /// The ids `query` shows: at most `SectionQuery.searchLimit`, the first ones in display order,
    /// open ones first.
    func results(for query: SectionQuery) throws -> SearchResults {
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
        return SearchResults(ids: ids)
    }

    /// The matches among the first `denseSearchWindow` open rows of `query`'s list, in display
    /// order: a prefix of `results(for:)`, found in milliseconds at any size, so the first screen
    /// of a rare match can show before the full pass ends. Nil for text the window cannot test
    /// exactly like the full search (letters with case outside ASCII).
    func firstMatches(for query: SectionQuery) throws -> SearchResults? {
        guard let text = query.activeSearch,
              let plain = TodoTags.tag(searchedBy: text).map(Self.tagMatch) ?? Self.plainMatch(for: text),
              plain.caseFoldsLikeTrigrams else { return nil }
        let order = TodoStore.openOrder(query.sort).forward
        let ids = try connection.query("""
            SELECT id FROM (SELECT id, title, notes, position, due, priority, created_at, completed_at FROM todos
                            WHERE list_id = ?1 AND completed_at IS NULL ORDER BY \(order) LIMIT ?\(plain.arguments.count + 2))
            WHERE \(plain.condition) ORDER BY \(order) LIMIT ?\(plain.arguments.count + 3)
            """, [query.listID] + plain.arguments + [Self.denseSearchWindow, SectionQuery.searchLimit]) { $0.int64(at: 0) }
        return SearchResults(ids: ids, isComplete: false)
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
            plain = Self.tagMatch(tag)
        }
        if let plain, plain.caseFoldsLikeTrigrams {
            let counts = try rowCounts(listID)
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

    /// The test for a row tagged `tag` (one probe of the tag index), parameters from ?2 on.
    static func tagMatch(_ tag: String) -> PlainMatch {
        PlainMatch(condition: "EXISTS (SELECT 1 FROM todo_tags WHERE todo_tags.tag = ?2 AND todo_tags.todo_id = id)",
                   arguments: [tag], caseFoldsLikeTrigrams: true)
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
}
