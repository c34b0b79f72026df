import FoundationEssentials

/// A due window as a section (an agenda group): its count, its rows in pages and the row of one
/// todo, read through the due-day index and the per-day counts of schema 8 (`due_day_counts`).
///
/// Costs do not grow with the number of todos in the window: a count sums one row per due day;
/// finding row *i* walks the day counts to its day and skips only inside that day; the row of a
/// todo adds the days before its own and counts inside its day. So a page of an overdue group of
/// 500,000 todos costs what the todos of one day cost, not what the whole group does.
extension TodoStore {
    /// Open todos of every list due in `window`.
    func openCount(due window: DueWindow) throws -> Int {
        let (condition, arguments) = Self.dayCondition(window)
        let all = Int(try connection.scalarInt("SELECT COALESCE(SUM(open_count), 0) FROM due_day_counts WHERE \(condition)", arguments))
        guard let today = window.waitingAfter else { return all }
        let waiting = try connection.scalarInt(
            "SELECT COALESCE(SUM(open_count), 0) FROM due_start_counts WHERE \(condition) AND start_day > ?", arguments + [today])
        return all - Int(waiting)
    }

    /// The open todos still waiting in each due day of `window` (none when the window keeps them):
    /// a sum over `due_start_counts`, one row per due day and start day.
    private func waitingCounts(due window: DueWindow) throws -> [String: Int] {
        guard let today = window.waitingAfter else { return [:] }
        let (condition, arguments) = Self.dayCondition(window)
        var counts: [String: Int] = [:]
        try connection.withStatement(
            "SELECT day, SUM(open_count) FROM due_start_counts WHERE \(condition) AND start_day > ? GROUP BY day",
            arguments + [today]) { statement in
            while try statement.step() { counts[statement.string(at: 0)] = Int(statement.int64(at: 1)) }
        }
        return counts
    }

    /// The open todos at `rows` of `window`, in the agenda's order.
    func openItems(due window: DueWindow, rows: Range<Int>) throws -> [TodoItem] {
        guard !rows.isEmpty else { return [] }
        if rows.lowerBound == 0 {
            // The first page starts at the window's first row: no day needs to be counted to find it
            // (nor the waiting todos of each day, which the agenda's opening paid for every group).
            let (dueCondition, dueArguments) = Self.dueCondition(window, from: window.from ?? "")
            return try fetchItems("INDEXED BY todos_open_by_due_day WHERE \(dueCondition) ORDER BY due, priority DESC, id LIMIT ?",
                                  dueArguments + [rows.count])
        }
        let (condition, arguments) = Self.dayCondition(window)
        // The day holding the first row wanted, and how many rows the days before it hold.
        var rowsBefore = 0
        var firstDay: String?
        let waiting = try waitingCounts(due: window)
        try connection.withStatement("SELECT day, open_count FROM due_day_counts WHERE \(condition) ORDER BY day", arguments) { statement in
            while try statement.step() {
                let count = Int(statement.int64(at: 1)) - (waiting[statement.string(at: 0)] ?? 0)
                if rowsBefore + count > rows.lowerBound {
                    firstDay = statement.string(at: 0)
                    return
                }
                rowsBefore += count
            }
        }
        guard let firstDay else { return [] }
        let (dueCondition, dueArguments) = Self.dueCondition(window, from: firstDay)
        return try fetchItems("INDEXED BY todos_open_by_due_day WHERE \(dueCondition) ORDER BY due, priority DESC, id LIMIT ? OFFSET ?",
                              dueArguments + [rows.count, rows.lowerBound - rowsBefore])
    }

    /// The open todos at `rows` of `window`, read as the continuation of `previous` (one index
    /// seek past it); as `openItems(due:rows:)` when `previous` is no longer in the window.
    func openItems(due window: DueWindow, rows: Range<Int>, following previous: TodoItem) throws -> [TodoItem] {
        guard !previous.isDone, let due = previous.due, window.contains(due),
              !StartDates.isWaiting(start: previous.start, today: window.waitingAfter ?? "9999-12-31") else { return try openItems(due: window, rows: rows) }
        let (dueCondition, dueArguments) = Self.dueCondition(window, from: due)
        // The index orders priority descending, so "after" is spelled out rather than a row value.
        let after = "(due > ? OR priority < ? OR (priority = ? AND id > ?))"
        let priority = Int64(previous.priority)
        return try fetchItems("INDEXED BY todos_open_by_due_day WHERE \(dueCondition) AND \(after) ORDER BY due, priority DESC, id LIMIT ?",
                              dueArguments + [due, priority, priority, previous.id, rows.count])
    }

    /// The row of open todo `id` in `window`, or nil when it is done, undated or due outside it.
    func openRow(of id: Int64, due window: DueWindow) throws -> Int? {
        guard let (due, priority, start) = try connection.queryFirst(
            "SELECT due, priority, start FROM todos WHERE id = ? AND completed_at IS NULL AND due IS NOT NULL", [id],
            row: { ($0.string(at: 0), $0.int64(at: 1), $0.optionalString(at: 2)) }), window.contains(due),
              !StartDates.isWaiting(start: start, today: window.waitingAfter ?? "9999-12-31") else { return nil }
        let day = String(due.prefix(Self.dayLength))
        var before = window
        before.before = day
        let daysBefore = try openCount(due: before)
        // The entries of its day before it, as three index ranges that each end where the todo
        // is: earlier due values of the day, then its due value with a higher priority, then its
        // due value and priority with a smaller id. Each range stops at the todo, so the cost is
        // the number of entries before it in its day, never the rest of the day or the window.
        // A window without the waiting todos tests each entry's start too (read from the row).
        let ready = window.readyCondition.map { (" AND " + $0.sql, [$0.argument as any SQLiteBindable]) } ?? ("", [])
        let index = "FROM todos INDEXED BY todos_open_by_due_day WHERE completed_at IS NULL AND due IS NOT NULL" + ready.0
        let earlierTimes = try connection.scalarInt("SELECT count(*) \(index) AND due >= ? AND due < ?", ready.1 + [day, due])
        let higherPriority = try connection.scalarInt("SELECT count(*) \(index) AND due = ? AND priority > ?", ready.1 + [due, priority])
        let olderTodos = try connection.scalarInt("SELECT count(*) \(index) AND due = ? AND priority = ? AND id < ?",
                                                  ready.1 + [due, priority, id])
        let inDay = earlierTimes + higherPriority + olderTodos
        return daysBefore + Int(inDay)
    }

    /// Characters of a due value that name its day (`YYYY-MM-DD`); a due time follows them.
    static let dayLength = 10

    /// The `due_day_counts` rows of a window's days.
    private static func dayCondition(_ window: DueWindow) -> (String, [any SQLiteBindable]) {
        var conditions = ["1"]
        var arguments: [any SQLiteBindable] = []
        if let from = window.from { conditions.append("day >= ?"); arguments.append(from) }
        if let before = window.before { conditions.append("day < ?"); arguments.append(before) }
        return (conditions.joined(separator: " AND "), arguments)
    }

    /// The index entries of a window's open todos due at or after `start` (inside the window).
    private static func dueCondition(_ window: DueWindow, from start: String) -> (String, [any SQLiteBindable]) {
        var conditions = ["completed_at IS NULL", "due IS NOT NULL", "due >= ?"]
        var arguments: [any SQLiteBindable] = [max(start, window.from ?? start)]
        if let before = window.before { conditions.append("due < ?"); arguments.append(before) }
        if let ready = window.readyCondition { conditions.append(ready.sql); arguments.append(ready.argument) }
        return (conditions.joined(separator: " AND "), arguments)
    }
}

extension TodoStore.DueWindow {
    /// Whether a due value (a day, or a day and a time) falls in the window.
    public func contains(_ due: String) -> Bool {
        if let from, due < from { return false }
        if let before, due >= before { return false }
        return true
    }
}
