/// Priorities (`priority` 1–3, 0 for none): whether a listing will show any, so that `tick ls` can
/// leave its priority column out before its first row, as it leaves out an empty due column
/// (`hasDue(inLists:)`). Each check reads no more than the listing itself will.
extension TodoStore {
    /// Whether any todo of the lists `listIDs` has a priority (among the open ones, the done ones or
    /// both). Open todos are looked up in the index of open todos by priority (a list's first entry
    /// says), done ones by a walk over the list's done todos, as `hasDue(inLists:)` walks them.
    public func hasPriority(inLists listIDs: [Int64], includesOpen: Bool = true, includesDone: Bool = true) throws -> Bool {
        try hasTodo(inLists: listIDs, includesOpen: includesOpen, includesDone: includesDone,
                    openIndex: "todos_open_by_priority", openCondition: "priority > 0", doneCondition: "priority > 0")
    }

    /// Whether any open todo due in `window` (of the ones `forEachOpenTodo(due:)` lists) has a
    /// priority: read over the due-day index's part for the window, as `hasTimedOpenDue(in:)` reads it.
    public func hasPriorityOpenDue(in window: DueWindow) throws -> Bool {
        try hasOpenDue(in: window, where: "priority > 0")
    }
}
