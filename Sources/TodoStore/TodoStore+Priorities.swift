/// Priorities (`priority` 1–3, 0 for none): whether a listing will show any, so that `tick ls` can
/// leave its priority column out before its first row, as it leaves out an empty due column
/// (`hasDue(inLists:)`). Each check reads no more than the listing itself will.
extension TodoStore {
    /// Whether any todo of the lists `listIDs` has a priority (among the open ones, the done ones or
    /// both). Open todos are looked up in the index of open todos by priority (a list's first entry
    /// says), done ones by a walk over the list's done todos, as `hasDue(inLists:)` walks them.
    public func hasPriority(inLists listIDs: [Int64], includesOpen: Bool = true, includesDone: Bool = true) throws -> Bool {
        try reading {
            for listID in listIDs {
                if includesOpen, try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos INDEXED BY todos_open_by_priority WHERE list_id = ? "
                                                          + "AND completed_at IS NULL AND priority > 0)", [listID]) != 0 {
                    return true
                }
                if includesDone, try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos WHERE list_id = ? AND completed_at IS NOT NULL "
                                                          + "AND priority > 0)", [listID]) != 0 {
                    return true
                }
            }
            return false
        }
    }

    /// Whether any open todo due in `window` has a priority: read over the due-day index's part for
    /// the window (its rows are what `forEachOpenTodo(due:)` lists), as `hasTimedOpenDue(in:)` reads it.
    public func hasPriorityOpenDue(in window: DueWindow) throws -> Bool {
        var conditions = ["completed_at IS NULL", "due IS NOT NULL", "priority > 0"]
        var arguments: [any SQLiteBindable] = []
        if let from = window.from {
            conditions.append("due >= ?")
            arguments.append(from)
        }
        if let before = window.before {
            conditions.append("due < ?")
            arguments.append(before)
        }
        return try reading {
            try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos INDEXED BY todos_open_by_due_day WHERE "
                                     + conditions.joined(separator: " AND ") + ")", arguments) != 0
        }
    }
}
