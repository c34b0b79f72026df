import FoundationEssentials

/// What marking todos done did: the todos, and the next occurrences of the recurring ones.
public struct DoneResult: Equatable, Sendable {
    /// The todos asked for, once each, as they are now.
    public var items: [TodoItem]
    /// The todos created because a recurring todo was done (or skipped), in the order of `items`.
    public var nextOccurrences: [TodoItem]
}

/// Recurring todos: completing or skipping one creates the next occurrence in the same step.
///
/// The series travels with its open todo: the occurrence done (or skipped) gives its rule to the
/// next one, so reopening an old occurrence cannot start a second series; undo takes back both.
extension TodoStore {
    /// Marks the todos done or open again like `setDone`, and for each recurring todo marked done
    /// creates its next occurrence right after it: one transaction, one undo step.
    @discardableResult
    public func setDoneReportingNext(_ done: Bool, ids: [Int64], subtasks: SubtaskHandling = .onlyThese) throws -> Committed<DoneResult> {
        try journaled {
            let now = clock()
            var results: [TodoItem] = [], changed: [TodoItem] = [], next: [TodoItem] = []
            for id in subtasks == .subtasksToo ? try withSubtrees(ids) : Self.unique(ids) {
                var item = try requireItem(id: id)
                if item.isDone != done {
                    changed.append(item)
                    item.completedAt = done ? Date(unixMilliseconds: now.unixMilliseconds) : nil
                    // Done is no longer started, open is no longer cancelled; how far along it was is past.
                    item.statusMark = nil
                    item.percentComplete = nil
                }
                results.append(item)
            }
            try runChunked("UPDATE todos SET completed_at = ?, status_mark = NULL, percent_complete = NULL WHERE id IN (#)", ids: changed.map(\.id),
                           leading: [done ? now.unixMilliseconds : nil])
            if done {
                // A set: marking every row of a big list done must not cost a scan of `changed` per todo.
                let changedIDs = Set(changed.lazy.filter { $0.recurrence != nil }.map(\.id))
                for (index, item) in results.enumerated() where changedIDs.contains(item.id) {
                    if let created = try continueSeries(of: item, on: now) { next.append(created) }
                    results[index].recurrence = nil
                }
            }
            let ids = changed.map(\.id) + next.map(\.id)
            return (DoneResult(items: results, nextOccurrences: next),
                    .todos(done ? "mark %@ done" : "mark %@ not done", titles: changed.map(\.title), ids: ids))
        }
    }

    /// Deletes a recurring todo's occurrence and creates the next one in its place (one undo step);
    /// returns the next occurrence, nil when the series was over. A todo that does not recur is
    /// just deleted.
    @discardableResult
    public func skipOccurrence(id: Int64) throws -> Committed<TodoItem?> {
        try journaled {
            let item = try requireItem(id: id)
            let created = try continueSeries(of: item, on: clock())
            try connection.run("DELETE FROM todos WHERE id = ?", [id])
            return (created, .todos("skip %@", titles: [item.title], ids: [id] + (created.map { [$0.id] } ?? [])))
        }
    }

    /// Gives a todo a recurrence rule, or takes it away with nil.
    @discardableResult
    public func setRecurrence(id: Int64, _ rule: RecurrenceRule?) throws -> Committed<TodoItem> {
        try journaled {
            var item = try requireItem(id: id)
            guard item.recurrence != rule else { return (item, StepSummary(description: "")) }
            try connection.run("UPDATE todos SET rrule = ?, rrule_from_completion = ? WHERE id = ?",
                               [rule?.rrule, rule?.countsFromCompletion ?? false, id])
            item.recurrence = rule
            return (item, .todos(rule == nil ? "stop repeating %@" : "repeat %@", titles: [item.title], ids: [id]))
        }
    }

    /// The day the next occurrence of `item` is due when it is done at `date`: after its due day,
    /// or after the day it is done (the local day in `zone`) for a rule that counts from completion
    /// (or a todo without one). Nil when it does not recur or the series is over. A due time of day
    /// comes back with the next occurrence: it is floating wall-clock time, so a daylight-saving
    /// change in between cannot move it.
    public static func nextOccurrence(of item: TodoItem, doneAt date: Date, in zone: LocalTime) -> (due: String, rule: RecurrenceRule)? {
        guard let rule = item.recurrence else { return nil }
        let from = rule.countsFromCompletion ? zone.day(of: date) : (item.due.map { String(DueText.day(of: $0)) } ?? zone.day(of: date))
        guard let next = rule.next(after: from) else { return nil }
        return (DueText.keepingTime(of: item.due, on: next.due), next.rule)
    }

    /// Inserts the next occurrence of `item` right after it and takes the rule off `item`, inside the
    /// caller's step; nil (and the rule left alone) when the series is over.
    func continueSeries(of item: TodoItem, on date: Date) throws -> TodoItem? {
        guard let next = Self.nextOccurrence(of: item, doneAt: date, in: localTime) else { return nil }
        try connection.run("UPDATE todos SET rrule = NULL, rrule_from_completion = 0 WHERE id = ?", [item.id])
        // Named after the occurrence done, so two devices that both complete it make the same next
        // occurrence (one todo once synced, not two); a fresh UID only if that name is taken already.
        let derived = Self.nextOccurrenceUID(after: item.uid)
        let uid = try self.item(uid: derived) == nil ? derived : Self.newUID()
        // Everything the person gave the series goes on: title, notes, priority, tags, the flag and
        // the reminders that follow the due (one at a wall time belongs to the occurrence done), and
        // the start, as far before the new due as it was before the old one.
        let created = try insertTodo(title: item.title, notes: item.notes, priority: item.priority, due: next.due,
                                     start: StartDates.shifted(item.start, fromDue: item.due, toDue: next.due), tags: item.tags,
                                     listID: item.listID, after: try subtreeEnd(of: item), uid: uid)
        // A recurring subtask's next occurrence is a subtask of the same parent, after the done one's subtree.
        try connection.run("UPDATE todos SET flagged = ?, rrule = ?, rrule_from_completion = ?, parent_uid = ?, reminders = ? WHERE id = ?",
                           [item.isFlagged, next.rule.rrule, next.rule.countsFromCompletion, item.parentUID,
                            Reminder.stored(item.reminders.filter(\.isRelativeToDue)), created.id])
        return try requireItem(id: created.id)
    }
}
