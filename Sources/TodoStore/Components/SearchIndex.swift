import FoundationEssentials

/// The query language's matches (`TodoQuery`; a plain `search` is one phrase, `#work` alone a tag):
/// words are substrings of titles and notes, case-insensitive, or a tag equal to them; `#work`
/// finds the todos tagged `work` (exactly, ASCII case folded) through the tag index: all of a tag's
/// todos when it has few (`MatchFinder.fewTaggedTodos`), else first among the first rows in display
/// order, probing the tag index for each, as text is looked for there (below). Priorities, due
/// windows, flags and recurrence are tested on the rows an index chose; due windows alone read the
/// due-day index (open todos).
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
/// when the matches seen so far promise enough, read row by row and no further than the last
/// match shown; this answers common queries ("a", "mil") in milliseconds, from about as many rows
/// as they show. When matches are rarer than that, the trigram index (cost per match) or, for
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

    /// Finds the matches on this connection (the same code finds them on the background one).
    private lazy var finder = MatchFinder(connection: connection) { [unowned self] in try self.lists.counts(ofList: $0) }

    /// Bumped whenever cached results become unreliable (a commit, a rollback, another
    /// connection's commit): results found in the background under an older generation are dropped.
    private(set) var generation = 0

    /// The ids a search shows, computed once per query until the file changes.
    func results(for query: SectionQuery) throws -> SearchResults {
        if let cached = results[query] { return cached }
        let found = try finder.results(for: query)
        remember(found, for: query)
        return found
    }

    /// Every id `query` matches, in display order (no limit, not cached): what `tick ls QUERY` lists.
    func allMatchingIDs(for query: SectionQuery) throws -> [Int64] {
        try finder.matchingIDs(for: query, limit: Int.max)
    }

    /// Whether the complete results of `query` are cached, so showing it costs no query.
    func hasCompleteResults(for query: SectionQuery) -> Bool {
        results[query]?.isComplete ?? !query.isSearch
    }

    /// Keeps results found elsewhere (the background search) as if found here; `generation` must be
    /// the one they were asked under, or they are dropped and false returned.
    func install(_ found: [SectionQuery: SearchResults], generation: Int) -> Bool {
        guard generation == self.generation else { return false }
        for (query, result) in found { remember(result, for: query) }
        return true
    }

    /// Forgets partial results (the first matches of a search still running), once that search is
    /// cancelled or replaced, so they are never taken for a search's whole answer.
    func dropIncompleteResults() {
        results = results.filter(\.value.isComplete)
    }

    private func remember(_ found: SearchResults, for query: SectionQuery) {
        // A handful of recent queries (typing, then backspacing) is all that is worth keeping.
        if results.count >= 8, results[query] == nil { results.removeAll() }
        results[query] = found
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

    /// Results read before the step may have lost or gained matches. A step that queued no todo
    /// for the index (a toggle, a move, a new due date: no todo added, deleted, retitled or its
    /// notes edited) leaves a tidy index tidy, so the idle loop's next step costs no transaction.
    func didCommit(_ step: CommittedStep) {
        results.removeAll()
        generation += 1
        if let tidied, tidied.changes == step.changesAtStart, let changes = step.todoChanges,
           !changes.contains(where: \.queuedForSearch) {
            self.tidied = (changes: connection.totalChanges, dataVersion: tidied.dataVersion)
        }
    }

    func didRollBack() {
        results.removeAll()
        tidied = nil
        generation += 1
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
struct SearchResults: Sendable {
    /// The matching todos' ids in display order.
    var ids: [Int64]
    /// The row of each id.
    var rows: [Int64: Int]
    /// False for the first matches of a search still running: a prefix of its whole answer.
    var isComplete: Bool

    init(ids: [Int64], isComplete: Bool = true) {
        self.ids = ids
        self.isComplete = isComplete
        rows = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, $0.offset) })
    }
}
