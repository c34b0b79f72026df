import FoundationEssentials

/// Writes one journaled step's rows back: the values before it (undo) or after it (redo).
///
/// Lists that must exist are restored first so todos can refer to them, then todos in journal
/// order (reversed for undo), then lists that must not exist are removed. A todo whose list has
/// since been deleted elsewhere lands in the Inbox, and a list being removed that meanwhile got
/// todos from elsewhere hands them to the Inbox: the user's data is never dropped by an undo.
struct HistoryReplay {
    let connection: SQLiteConnection
    let step: Int64
    let towardsOld: Bool
    let store: TodoStore

    private var side: String { towardsOld ? "old_" : "new_" }
    private var order: String { towardsOld ? "ORDER BY rowid DESC" : "ORDER BY rowid" }

    func run() throws {
        let lists = try connection.query("""
            SELECT list_id, \(side)present, \(side)name, \(side)position, \(side)collapsed
            FROM history_lists WHERE step = ? \(order)
            """, [step]) { row in
            (id: row.int64(at: 0), present: row.int64(at: 1) != 0, name: row.string(at: 2), position: row.int64(at: 3),
             collapsed: row.int64(at: 4))
        }
        for list in lists where list.present {
            try restoreList(id: list.id, name: list.name, position: list.position, collapsed: list.collapsed)
        }
        let existingLists = Set(try connection.query("SELECT id FROM lists") { $0.int64(at: 0) })
        let columns = Schema.journaledTodoColumns.map { side + $0 }.joined(separator: ", ")
        var batch = RowBatch()
        // Streamed, not collected: undoing a big import must not hold every row in memory.
        try connection.withStatement("SELECT todo_id, \(side)present, \(columns) FROM history_todos WHERE step = ? \(order)",
                                     [step]) { row in
            while try row.step() {
                let id = row.int64(at: 0)
                // A row changed twice in one step must be written in order: flush before its second change.
                if batch.ids.contains(id) { try write(&batch) }
                batch.ids.insert(id)
                guard row.int64(at: 1) != 0 else {
                    batch.deletes.append(id)
                    continue
                }
                let listID = existingLists.contains(row.int64(at: 2)) ? row.int64(at: 2) : TodoStore.inboxListID
                batch.restores.append([id, listID, row.string(at: 3), row.string(at: 4), row.int64(at: 5), row.int64(at: 6),
                                       row.optionalInt64(at: 7), row.int64(at: 8), row.optionalString(at: 9), row.int64(at: 10),
                                       row.optionalString(at: 11), row.int64(at: 12),
                                       // Journal rows from before version 7 have no tags column value: no tags.
                                       row.optionalString(at: 13) ?? "",
                                       // Version 8 gave every journal row its todo's UID; NULL keeps the UID there is.
                                       row.optionalString(at: 14),
                                       // Version 10's status mark and percentage: NULL before it (plainly open or done).
                                       row.optionalString(at: 15), row.optionalInt64(at: 16),
                                       // Rows from before version 11 have no parent: the top of the list.
                                       row.optionalString(at: 17),
                                       // Version 12's reminders: NULL before it (none).
                                       row.optionalString(at: 18),
                                       // Version 13's start: NULL before it (none).
                                       row.optionalString(at: 19)])
                if batch.restores.count == Self.batchSize { try write(&batch) }
            }
        }
        try write(&batch)
        for list in lists where !list.present && list.id != TodoStore.inboxListID {
            try store.appendTodos(ofList: list.id, to: TodoStore.inboxListID)
            try connection.run("DELETE FROM lists WHERE id = ?", [list.id])
        }
    }

    /// Rows per statement when writing back (see `TodoStore.runChunked` for why statements are few).
    private static let batchSize = 128

    /// Todo rows waiting to be written; their ids are distinct, so the order among them does not matter.
    private struct RowBatch {
        var ids: Set<Int64> = []
        var deletes: [Int64] = []
        /// id followed by the journaled columns.
        var restores: [[any SQLiteBindable]] = []
    }

    /// Writes the batch: deletes, then UPDATEs of rows that exist and INSERTs (with their old ids)
    /// of rows that do not. Short batches repeat their last row, which changes nothing.
    private func write(_ batch: inout RowBatch) throws {
        try store.runChunked("DELETE FROM todos WHERE id IN (#)", ids: batch.deletes)
        if let last = batch.restores.last {
            let padded = batch.restores + Array(repeating: last, count: Self.batchSize - batch.restores.count)
            let values = Array(repeating: "(" + TodoStore.placeholders(last.count) + ")", count: Self.batchSize).joined(separator: ", ")
            let columns = Schema.journaledTodoColumns
            let assignments = columns.enumerated().map { column, name in
                name == "uid" ? "uid = coalesce(v.column\(column + 2), todos.uid)" : "\(name) = v.column\(column + 2)"
            }.joined(separator: ", ")
            let arguments = padded.flatMap { $0 }
            try connection.run("UPDATE todos SET \(assignments) FROM (VALUES \(values)) AS v WHERE todos.id = v.column1", arguments)
            let selected = (1...(columns.count + 1)).map { "column\($0)" }.joined(separator: ", ")
            try connection.run("""
                INSERT INTO todos(id, \(columns.joined(separator: ", ")))
                SELECT DISTINCT \(selected) FROM (VALUES \(values)) WHERE column1 NOT IN (SELECT id FROM todos)
                """, arguments)
        }
        batch = RowBatch()
    }

    private func restoreList(id: Int64, name: String, position: Int64, collapsed: Int64) throws {
        do {
            if try connection.run("UPDATE lists SET name = ?, position = ?, collapsed = ? WHERE id = ?",
                                  [name, position, collapsed, id]) > 0 { return }
            try connection.run("INSERT INTO lists(id, name, position, collapsed) VALUES (?, ?, ?, ?)",
                               [id, name, position, collapsed])
        } catch let StoreError.sqlite(_, code, _) where code & 0xFF == 19 /* SQLITE_CONSTRAINT */ {
            throw StoreError.historyConflict("another list is now named \(StoreError.quoted(name))")
        }
    }
}
