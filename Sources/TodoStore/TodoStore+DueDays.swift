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

        /// The WHERE clause of the open todos in the window (the ones still waiting left out when
        /// `waitingAfter` says so), with `extra` conditions, and its arguments in order.
        func openDueFilter(_ extra: String...) -> (sql: String, arguments: [any SQLiteBindable]) {
            var conditions = ["completed_at IS NULL", "due IS NOT NULL"]
            var arguments: [any SQLiteBindable] = []
            if let from {
                conditions.append("due >= ?")
                arguments.append(from)
            }
            if let before {
                conditions.append("due < ?")
                arguments.append(before)
            }
            if let ready = readyCondition {
                conditions.append(ready.sql)
                arguments.append(ready.argument)
            }
            return ((conditions + extra).joined(separator: " AND "), arguments)
        }
    }

    /// Calls `body` with every open todo whose due day is in `window`, across all lists: by due day,
    /// then highest priority first, then oldest first. One statement over the due-day index, stepped
    /// row by row inside one read snapshot, so a million matching todos cost no more memory than
    /// one. `body` must not use the store.
    public func forEachOpenTodo(due window: DueWindow, _ body: (TodoItem) throws -> Void) throws {
        let filter = window.openDueFilter()
        let sql = "SELECT \(Self.itemColumns) FROM todos INDEXED BY todos_open_by_due_day WHERE " + filter.sql
            + " ORDER BY due, priority DESC, id"
        try reading {
            try connection.withStatement(sql, filter.arguments) { statement in
                while try statement.step() { try body(Self.decodeItem(statement)) }
            }
        }
    }

    /// Whether any open todo that `forEachOpenTodo(due: window)` would list also meets `condition`
    /// (SQL over `todos`): read over the due-day index's part for the window, stopping at the first.
    func hasOpenDue(in window: DueWindow, where condition: String) throws -> Bool {
        let filter = window.openDueFilter(condition)
        return try reading {
            try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos INDEXED BY todos_open_by_due_day WHERE "
                                     + filter.sql + ")", filter.arguments) != 0
        }
    }
}
