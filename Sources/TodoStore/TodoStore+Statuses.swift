import FoundationEssentials

/// Statuses besides open and done: starting a todo (IN-PROCESS) and cancelling one (CANCELLED).
extension TodoStore {
    /// Puts the todos in `status`, all in one transaction and one undo step, and returns them
    /// (once each) with the next occurrences of recurring todos finished by it (done or cancelled:
    /// either way the series goes on, as with `setDoneReportingNext`). Todos already in that status
    /// are left alone (a finished one keeps its completion time). Finishing or reopening a todo
    /// forgets its PERCENT-COMPLETE; starting one keeps it.
    @discardableResult
    public func setStatus(_ status: TodoStatus, ids: [Int64]) throws -> Committed<DoneResult> {
        try journaled {
            let now = clock()
            var results: [TodoItem] = [], changed: [TodoItem] = [], finished: [Int] = [], next: [TodoItem] = []
            for id in Self.unique(ids) {
                var item = try requireItem(id: id)
                if item.status != status {
                    changed.append(item)
                    if status.isFinished != item.isDone {
                        item.completedAt = status.isFinished ? Date(unixMilliseconds: now.unixMilliseconds) : nil
                        if status.isFinished { finished.append(results.count) }
                    }
                    item.statusMark = Self.mark(of: status)
                    if status != .inProcess { item.percentComplete = nil }
                    try connection.run("UPDATE todos SET completed_at = ?, status_mark = ?, percent_complete = ? WHERE id = ?",
                                       [item.completedAt?.unixMilliseconds, item.statusMark?.rawValue,
                                        item.percentComplete.map { Int64($0) }, id])
                }
                results.append(item)
            }
            for index in finished where results[index].recurrence != nil {
                if let created = try continueSeries(of: results[index], on: now) { next.append(created) }
                results[index].recurrence = nil
            }
            let verb = switch status {
            case .open: "reopen %@"
            case .inProcess: "start %@"
            case .done: "mark %@ done"
            case .cancelled: "cancel %@"
            }
            return (DoneResult(items: results, nextOccurrences: next),
                    .todos(verb, titles: changed.map(\.title), ids: changed.map(\.id) + next.map(\.id)))
        }
    }

    /// Sets how far along a todo is (0–100, nil: not said), as PERCENT-COMPLETE, and returns it.
    @discardableResult
    public func setPercentComplete(_ percent: Int?, id: Int64) throws -> Committed<TodoItem> {
        try Validation.percentComplete(percent)
        return try journaled {
            var item = try requireItem(id: id)
            guard item.percentComplete != percent else { return (item, StepSummary(description: "")) }
            try connection.run("UPDATE todos SET percent_complete = ? WHERE id = ?", [percent.map { Int64($0) }, id])
            item.percentComplete = percent
            return (item, .todos("set %@'s progress", titles: [item.title], ids: [id]))
        }
    }

    /// The stored mark of a status.
    static func mark(of status: TodoStatus) -> TodoStatusMark? {
        switch status {
        case .inProcess: .inProcess
        case .cancelled: .cancelled
        case .open, .done: nil
        }
    }
}
