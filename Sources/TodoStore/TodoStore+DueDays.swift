/// Reading open todos by due day across every list (`tick ls --due`, `tick ls --agenda`).
extension TodoStore {
    /// A window of due days: `from` up to but not including `before`, as `YYYY-MM-DD` text (nil: no
    /// bound on that side). Due values with a time of day (`2026-12-24T18:30`) fall in their day.
    public struct DueWindow: Hashable, Sendable {
        /// The first due day in the window, or nil for every day before `before`.
        public var from: String?
        /// The first due day after the window, or nil for every day from `from` on.
        public var before: String?

        /// A window of due days.
        public init(from: String?, before: String?) {
            self.from = from
            self.before = before
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
        let sql = "SELECT \(Self.itemColumns) FROM todos INDEXED BY todos_open_by_due_day WHERE "
            + conditions.joined(separator: " AND ") + " ORDER BY due, priority DESC, id"
        try reading {
            try connection.withStatement(sql, arguments) { statement in
                while try statement.step() { try body(Self.decodeItem(statement)) }
            }
        }
    }
}
