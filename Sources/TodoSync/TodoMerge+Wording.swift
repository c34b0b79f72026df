import FoundationEssentials
import TodoStore

extension TodoMerge.Side {
    /// Whose change, as the sentences of `tick sync --status` say it.
    public var owner: String {
        switch self {
        case .local: "this device's"
        case .remote: "the server's"
        }
    }

    /// The other side.
    public var other: TodoMerge.Side { self == .local ? .remote : .local }
}

extension TodoMerge.Conflict {
    /// What happened, as a person reads it after the todo's title and the field: "kept this
    /// device's (later) change, the server's «Buy oat milk» lost". The values are user data: print
    /// them through a sanitizer (control characters are not removed here).
    public var outcome: String {
        let kept = lost.other
        guard field != nil else {
            let deleted = lost == .local ? "deleted here, edited on the server" : "deleted on the server, edited here"
            return "\(deleted): kept the edit, the deletion lost"
        }
        let value = lostValue.map { " «\(Self.shortened($0))»" } ?? " change"
        switch reason {
        case .later, .editOverDeletion:
            return "kept \(kept.owner) (later) change, \(lost.owner)\(value) lost"
        case .sameTime:
            return "kept \(kept.owner) change (same time: the server's wins a tie), \(lost.owner)\(value) lost"
        case .sameTimeNeverSynced:
            return "kept \(kept.owner) change (same time, and the server's copy was never synced here), \(lost.owner)\(value) lost"
        case .onlyTimeKnown:
            return "kept \(kept.owner) change (\(lost.owner) has no LAST-MODIFIED), \(lost.owner)\(value) lost"
        }
    }

    /// At most 40 characters of a value, then "…": a status line stays one line.
    static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}

extension CalendarTodo.Field {
    /// This field's value in `todo` as a person reads it in a conflict report ("no due date", "#home #work").
    public func text(of todo: CalendarTodo) -> String {
        switch self {
        case .title: todo.title
        case .notes: todo.notes.isEmpty ? "no notes" : todo.notes
        case .priority: ["no priority", "low", "medium", "high"][max(0, min(3, todo.priority))]
        case .due: todo.due ?? "no due date"
        case .status: todo.isCancelled ? "cancelled" : todo.isDone ? "done" : todo.isInProcess ? "started" : "open"
        case .created: todo.createdAt.map { VTodoWriter.utcText($0) } ?? "no creation date"
        case .tags: todo.tags.isEmpty ? "no tags" : todo.tags.map { "#" + $0 }.joined(separator: " ")
        case .rrule: todo.rrule ?? "not recurring"
        case .list: todo.listName ?? "no list"
        case .sortOrder: todo.sortOrder.map(String.init) ?? "no place"
        case .flag: todo.isFlagged ? "flagged" : "not flagged"
        case .parent: todo.parentUID.map { "a subtask of " + $0 } ?? "not a subtask"
        case .start: todo.start ?? "no start date"
        case .reminders: todo.reminders.isEmpty ? "no reminders" : Reminder.unique(todo.reminders).map(\.description).joined(separator: ", ")
        }
    }
}

extension TodoStore.SyncConflict {
    /// The recorded conflict as one line: "«Buy milk»: title — kept this device's (later) change,
    /// the server's «Buy oat milk» lost" (a deletion names no field), for `tick sync --status` and
    /// the app's status line. User data: show it through a sanitizer.
    public var sentence: String {
        let field = field == "deletion" ? "" : field + " — "
        return "«\(title)»: " + field + lostValue
    }
}
