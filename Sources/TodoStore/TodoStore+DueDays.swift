/// Reading open todos by due day across every list (`tick ls --due`, `tick ls --agenda`).
extension TodoStore {
    /// A window of due days: `from` up to but not including `before`, as `YYYY-MM-DD` text (nil: no
    /// bound on that side). Due values with a time of day (`2026-12-24T18:30`) fall in their day.
    public struct DueWindow: Hashable, Sendable {
        /// The first due day in the window, or nil for every day before `before`.
        public var from: String?
        /// The first due day after the window, or nil for every day from `from` on.
        public var before: String?
        /// When set, todos still waiting on this day (`YYYY-MM-DD`: their start day is after it,
        /// see `StartDates`) are left out of the window, as the agenda leaves them out.
        public var waitingAfter: String?

        /// A window of due days.
        public init(from: String?, before: String?, waitingAfter: String? = nil) {
            self.from = from
            self.before = before
            self.waitingAfter = waitingAfter
        }

        /// The window without the todos still waiting on `today`.
        public func hidingWaiting(on today: String) -> DueWindow {
            DueWindow(from: from, before: before, waitingAfter: today)
        }

        /// The SQL that leaves out a row still waiting, with its argument; nil when the window keeps them.
        var readyCondition: (sql: String, argument: String)? {
            waitingAfter.map { ("(start IS NULL OR substr(start, 1, 10) <= ?)", $0) }
        }
    }

    /// Calls `body` with every open todo whose due day is in `window`, across all lists: by due day,
    /// then highest priority first, then oldest first. One statement over the due-day index, stepped
    /// row by row inside one read snapshot, so a million matching todos cost no more memory than
    /// one. `body` must not use the store.
    public func forEachOpenTodo(due window: DueWindow, _ body: (TodoItem) throws -> Void) throws {
        var conditions = ["completed_at IS NULL", "due IS NOT NULL"]
        var arguments: [any SQLiteBindable] = []
        if let from = window.from {
            conditions.append("due >= ?")
            arguments.append(from)
        }
        if let before = window.before {
            conditions.append("due < ?")
            arguments.append(before)
        }
        if let ready = window.readyCondition {
            conditions.append(ready.sql)
            arguments.append(ready.argument)
        }
        let sql = "SELECT \(Self.itemColumns) FROM todos INDEXED BY todos_open_by_due_day WHERE "
            + conditions.joined(separator: " AND ") + " ORDER BY due, priority DESC, id"
        try reading {
            try connection.withStatement(sql, arguments) { statement in
                while try statement.step() { try body(Self.decodeItem(statement)) }
            }
        }
    }
}
