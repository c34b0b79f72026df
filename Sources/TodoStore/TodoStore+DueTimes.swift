/// Due times (`YYYY-MM-DDTHH:MM` in the `due` column, see `DueText`): whether a listing will show
/// any, so that `tick ls` can size its due column before its first row. Each check reads no more
/// than the listing itself will, never the whole table.
extension TodoStore {
    /// Whether any todo of these lists (open ones, done ones, or both) has a due time. It stops at
    /// the first one; otherwise it reads those lists' rows, as listing them does.
    public func hasTimedDue(inLists listIDs: [Int64], includesOpen: Bool = true, includesDone: Bool = true) throws -> Bool {
        guard includesOpen || includesDone else { return false }
        let state = includesOpen && includesDone ? "" : includesOpen ? " AND completed_at IS NULL" : " AND completed_at IS NOT NULL"
        return try reading {
            for listID in listIDs
            where try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos WHERE list_id = ? AND length(due) > 10" + state + ")",
                                           [listID]) != 0 {
                return true
            }
            return false
        }
    }

    /// Whether any todo of the lists `listIDs` has a due (among the open ones, the done ones or
    /// both): `tick ls` leaves its due column out when none has. Open todos are looked up in the
    /// index of open todos by due (a list's first entry says), done ones by a walk over the list's
    /// done todos, as `hasTimedDue(inLists:)` walks them.
    public func hasDue(inLists listIDs: [Int64], includesOpen: Bool = true, includesDone: Bool = true) throws -> Bool {
        // A due is a date (`2026-12-24…`), before `~`, which stands for none in the index.
        try hasTodo(inLists: listIDs, includesOpen: includesOpen, includesDone: includesDone,
                    openIndex: "todos_open_by_due", openCondition: "ifnull(due, '~') < '~'", doneCondition: "due IS NOT NULL")
    }

    /// Whether any todo of the lists `listIDs` meets a condition: open ones by `openCondition`, looked
    /// up in `openIndex` (an index of open todos led by `list_id`, whose first entry says), done ones
    /// by `doneCondition` in a walk over the list's done todos. Stops at the first.
    func hasTodo(inLists listIDs: [Int64], includesOpen: Bool, includesDone: Bool,
                 openIndex: String, openCondition: String, doneCondition: String) throws -> Bool {
        try reading {
            for listID in listIDs {
                if includesOpen, try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos INDEXED BY \(openIndex) WHERE list_id = ? "
                                                          + "AND completed_at IS NULL AND \(openCondition))", [listID]) != 0 {
                    return true
                }
                if includesDone, try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos WHERE list_id = ? AND completed_at IS NOT NULL "
                                                          + "AND \(doneCondition))", [listID]) != 0 {
                    return true
                }
            }
            return false
        }
    }

    /// Whether any open todo due in `window` has a due time (of the ones `forEachOpenTodo(due:)`
    /// lists): read over the due-day index's part for the window, without touching the table.
    public func hasTimedOpenDue(in window: DueWindow) throws -> Bool {
        try hasOpenDue(in: window, where: "length(due) > 10")
    }
}
