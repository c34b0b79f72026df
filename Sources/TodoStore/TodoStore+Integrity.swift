import FoundationEssentials

/// A deep check of everything derived from the todos, for tests and diagnostics. It scans every
/// row (seconds at a million todos), so the store never runs it on its own.
extension TodoStore {
    /// "ok", or what is wrong: SQLite's own `integrity_check` of the file, then the counts, the rank
    /// index, the search index and the journal against the todos. Scans everything: for tests,
    /// `make stress` and diagnostics, never on the way to the screen.
    public func integrityCheck() -> String {
        do {
            let sqlite = try connection.query("PRAGMA integrity_check") { $0.string(at: 0) }
            guard sqlite == ["ok"] else { return sqlite.joined(separator: "; ") }
            let problems = try integrityProblems()
            return problems.isEmpty ? "ok" : problems.joined(separator: "; ")
        } catch {
            return "cannot check: \(error)"
        }
    }

    /// Checks every page of the file (`PRAGMA quick_check`, linear in its size) and throws `.damaged`
    /// on the first problem; the connection remembers it, so every later change is refused too.
    func checkFileIntact() throws {
        let problems = try connection.query("PRAGMA quick_check(1)") { $0.string(at: 0) }
        guard problems == ["ok"] else {
            // The report spans lines under a "*** in database main ***" banner; messages are one line.
            let lines = problems.flatMap { $0.split(whereSeparator: \.isNewline) }.filter { !$0.hasPrefix("***") }
            throw connection.noteDamage(lines.isEmpty ? "quick_check failed" : lines.joined(separator: "; "))
        }
    }

    /// Pages in the database file now (for `pageLimit` in fault-injection tests, which have `pageCount` in `TickTesting`).
    public func databasePageCount() throws -> Int64 { try connection.scalarInt("PRAGMA page_count") }

    /// Descriptions of every way the counts, the rank index, the search index or the journal state
    /// disagree with the todos; empty when all is well.
    func integrityProblems() throws -> [String] {
        var problems: [String] = []
        let countRows = try connection.query("""
            SELECT lists.id, ifnull(counts.open_count, -1), ifnull(counts.done_count, -1),
                   (SELECT count(*) FROM todos WHERE list_id = lists.id AND completed_at IS NULL),
                   (SELECT count(*) FROM todos WHERE list_id = lists.id AND completed_at IS NOT NULL)
            FROM lists LEFT JOIN counts ON counts.list_id = lists.id
            """) { (list: $0.int64(at: 0), open: $0.int64(at: 1), done: $0.int64(at: 2), realOpen: $0.int64(at: 3),
                    realDone: $0.int64(at: 4)) }
        for row in countRows where row.open != row.realOpen || row.done != row.realDone {
            problems.append("list \(row.list) counts \(row.open)/\(row.done), has \(row.realOpen)/\(row.realDone)")
        }
        let orphans = try connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE list_id NOT IN (SELECT id FROM lists)")
            + connection.scalarInt("SELECT count(*) FROM counts WHERE list_id NOT IN (SELECT id FROM lists)")
            + connection.scalarInt("SELECT count(*) FROM todos WHERE list_id NOT IN (SELECT id FROM lists)")
        if orphans > 0 { problems.append("\(orphans) rows refer to missing lists") }
        for row in countRows {
            for kind in [RankKind.open, .done] {
                problems += try blockProblems(RankSet(listID: row.list, kind: kind))
            }
        }
        if try connection.scalarInt("SELECT recording FROM history_state WHERE id = 1") != 0 {
            problems.append("the journal is still recording outside a transaction")
        }
        let dueDays = try connection.query("""
            SELECT day, real, kept FROM (
                SELECT substr(due, 1, 10) AS day, count(*) AS real, (SELECT open_count FROM due_day_counts WHERE day = substr(due, 1, 10)) AS kept
                FROM todos WHERE completed_at IS NULL AND due IS NOT NULL GROUP BY substr(due, 1, 10)
                UNION ALL
                SELECT day, 0, open_count FROM due_day_counts
                WHERE day NOT IN (SELECT substr(due, 1, 10) FROM todos WHERE completed_at IS NULL AND due IS NOT NULL))
            WHERE kept IS NOT real
            """) { "due day \($0.string(at: 0)) counts \($0.optionalString(at: 2) ?? "nothing"), has \($0.int64(at: 1)) open" }
        problems += dueDays
        let startDays = try connection.query("""
            SELECT list_id, day, real, kept FROM (
                SELECT list_id, substr(start, 1, 10) AS day, count(*) AS real,
                       (SELECT open_count FROM list_start_counts AS c WHERE c.list_id = t.list_id AND c.start_day = substr(t.start, 1, 10)) AS kept
                FROM todos AS t WHERE completed_at IS NULL AND start IS NOT NULL GROUP BY list_id, substr(start, 1, 10)
                UNION ALL
                SELECT list_id, start_day, 0, open_count FROM list_start_counts AS c
                WHERE NOT EXISTS (SELECT 1 FROM todos AS t WHERE t.list_id = c.list_id AND t.completed_at IS NULL
                                  AND t.start IS NOT NULL AND substr(t.start, 1, 10) = c.start_day))
            WHERE kept IS NOT real
            """) { "list \($0.int64(at: 0)) start day \($0.string(at: 1)) counts \($0.optionalString(at: 3) ?? "nothing"), has \($0.int64(at: 2)) open" }
        problems += startDays
        problems += try searchIndexProblems()
        return problems
    }

    /// The search index against the todos. The index may lag behind (`search_pending`), so in a
    /// writable store it is caught up inside a savepoint that is rolled back: the check sees the
    /// index as it will be, and the file stays as it was. A store that cannot do that (read-only,
    /// or a full disk) has its index checked only when it has nothing to catch up on.
    private func searchIndexProblems() throws -> [String] {
        guard try searchIndex.pendingCount() > 0 else { return searchIndexCheck() }
        guard !isReadOnly else { return [] }
        try connection.run("SAVEPOINT search_check")
        defer {
            // Should the rollback fail, the release keeps the index caught up, as idle tidying would: no todo changes.
            _ = try? connection.run("ROLLBACK TO search_check")
            _ = try? connection.run("RELEASE search_check")
        }
        do {
            try searchIndex.indexPending(limit: nil)
        } catch {
            return []
        }
        return searchIndexCheck()
    }

    /// FTS5's own check of the index, against the todos' text: with rank 1, which SQLite 3.40 needs
    /// to compare an external-content index with its table (without it only the index's own
    /// structure is checked, and an index holding a todo's old title passes).
    private func searchIndexCheck() -> [String] {
        do {
            try connection.run("INSERT INTO todos_fts(todos_fts, rank) VALUES ('integrity-check', 1)")
            return []
        } catch {
            return ["search index: \(error)"]
        }
    }

    /// Checks one list's blocks of one kind against the rows in their ranges.
    private func blockProblems(_ set: RankSet) throws -> [String] {
        let blocks = try connection.query(
            "SELECT lo_key, lo_id, size FROM rank_blocks WHERE list_id = ? AND kind = ? ORDER BY lo_key, lo_id",
            [set.listID, set.kind.rawValue]) { (key: RankKey(key: $0.int64(at: 0), id: $0.int64(at: 1)), size: $0.int64(at: 2)) }
        guard blocks.first?.key == RankKey.minimum else { return ["\(set) has no sentinel block"] }
        let column = set.kind == .open ? "position" : "completed_at"
        let state = set.kind == .open ? "IS NULL" : "IS NOT NULL"
        var problems: [String] = []
        for (index, block) in blocks.enumerated() {
            let upper = index + 1 < blocks.count ? blocks[index + 1].key : RankKey(key: .max, id: .max)
            let real = try connection.scalarInt("""
                SELECT count(*) FROM todos WHERE list_id = ? AND completed_at \(state)
                AND (\(column), id) >= (?, ?) AND ((\(column), id) < (?, ?) OR ?)
                """, [set.listID, block.key.key, block.key.id, upper.key, upper.id, index + 1 == blocks.count])
            if real != block.size { problems.append("\(set) block \(index) has size \(block.size) but \(real) rows") }
            if block.size > 2 * Schema.rankBlockRows { problems.append("\(set) block \(index) is oversized (\(block.size))") }
            if block.size == 0, index > 0 { problems.append("\(set) block \(index) is empty") }
        }
        return problems
    }
}
