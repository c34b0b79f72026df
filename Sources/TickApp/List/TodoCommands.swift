import TodoStore

/// The commands on todos as functions: each reads and changes the store, and returns an `Outcome`
/// for `TickApp.run(_:)` to show. They see the store, the day, the lists as last read and the key
/// maps in effect (for the keys their messages name), never the table. A thrown error is a change
/// not saved: `run` says so and reads everything again.
///
/// A new command is a case in `Command`, a binding in `KeyMap.standard`, one function here (or in a
/// `TodoCommands+….swift` beside it) and its test.
struct TodoCommands {
    /// Where the todos live.
    let store: TodoStore
    /// The day due dates are described against.
    let today: Day
    /// The time of day, in minutes after local midnight, that a typed time alone (`@3pm`) is placed
    /// against: read only when a typed title names one.
    let timeOfDay: () -> Int
    /// The lists as last read, for naming a list a todo moved to meanwhile.
    let lists: [TodoList]
    /// The view options in effect (sort, done todos shown, wrapped titles, the search filter).
    let options: ViewOptions
    /// The keys in effect, for the messages that name one.
    let keys: KeyNames
    /// What may be written to the terminal besides the frame (the clipboard).
    let terminal: TerminalAbilities

    // MARK: Done and not done (x)

    /// Marks `shown` done, or not done again (the opposite of what the row showed); a recurring todo
    /// marked done comes back on its next date. The selection keeps its place. A parent with open
    /// subtasks asks first whether they are done too (`completeParent(_:subtasks:)`).
    func toggle(_ shown: TodoItem) throws -> Outcome {
        // A parent with open subtasks asks first: all of them too, or only this one.
        if !shown.isDone {
            let open = try store.openSubtaskCount(of: shown.id)
            if open > 0 { return Outcome(presentation: .completeParent(shown, openSubtasks: open)) }
        }
        let committed = try store.setDoneReportingNext(!shown.isDone, ids: [shown.id])
        let updated = committed.value.items[0]
        var outcome = Outcome(change: committed.change, selection: .keepPlace, wrote: true)
        if let next = committed.value.nextOccurrences.first {
            outcome.message = .info("Done — next on \(comesBack(next))" + keys.undoes)
            outcome.isUndoable = true
        } else {
            outcome.message = .info(updated.isDone ? "Done: \(quoted(updated.title))" : "Not done: \(quoted(updated.title))")
        }
        return outcome
    }

    // MARK: Deleting (d)

    /// Deletes `item` (as stored now), or, when it repeats, asks first whether to skip this occurrence
    /// or stop the series: the question holds the todo, and its answers are `skipOccurrence(of:)` and `stopSeries(of:)`.
    /// A parent asks first whether its subtasks go too (`deleteParent(_:subtasks:)`).
    func delete(_ item: TodoItem) throws -> Outcome {
        // A parent asks first: its subtasks too, or lift them one level (nothing below is lost silently).
        let subtasks = try subtaskCount(of: item)
        if subtasks > 0 { return Outcome(presentation: .deleteParent(item, subtasks: subtasks)) }
        guard item.recurrence == nil else { return Outcome(presentation: .deleteRecurring(item)) }
        return try deleteTodo(item)
    }

    /// The answer "stop the series" about the recurring todo `shown`: deletes it, and nothing comes
    /// back, while it is still as the question named it.
    func stopSeries(of shown: TodoItem) throws -> Outcome {
        let (item, refusal) = try current(shown, .deletion, otherwise: "nothing deleted")
        guard let item else { return refusal }
        return try deleteTodo(item)
    }

    /// The answer "skip this one" about the recurring todo `shown`: deletes this occurrence and creates
    /// the next one, as one step, while it is still as the question named it.
    func skipOccurrence(of shown: TodoItem) throws -> Outcome {
        let (current, refusal) = try current(shown, .deletion, otherwise: "nothing skipped")
        guard let item = current else { return refusal }
        let skipped = try store.skipOccurrence(id: item.id)
        let message = skipped.value.map { "Skipped — next on \(comesBack($0))" + keys.undoes }
            ?? "Skipped \(quoted(item.title)); the series is over"
        return Outcome(change: skipped.change, message: .info(message), isUndoable: true, wrote: true)
    }

    /// Deletes `item` as one undoable step.
    private func deleteTodo(_ item: TodoItem) throws -> Outcome {
        let deleted = try store.delete(ids: [item.id])
        return Outcome(change: deleted.change, message: .info("Deleted \(quoted(item.title))" + keys.undoes), isUndoable: true, wrote: true)
    }

    // MARK: Details (Enter)

    /// Opens the details of `item`.
    func details(of item: TodoItem) -> Outcome {
        Outcome(presentation: .details(item))
    }

    // MARK: Helpers

    /// `shown` as stored now when none of `aspects` changed since it was shown; otherwise nil and
    /// the outcome that says what happened to it meanwhile, then `otherwise` ("nothing deleted").
    func current(_ shown: TodoItem, _ aspects: TodoAspects, otherwise: String) throws -> (TodoItem?, Outcome) {
        let now = try store.item(id: shown.id)
        if let change = changeMeanwhile(from: shown, to: now, aspects) {
            return (nil, .saying(.error("\(quoted(shown.title)) \(change) · \(otherwise)")))
        }
        return (now, Outcome())
    }

    /// What happened to a todo since `old` was shown, as the end of a sentence about it ("was
    /// deleted elsewhere meanwhile", naming a list as last read); nil when it exists and none of
    /// `aspects` changed.
    func changeMeanwhile(from old: TodoItem, to new: TodoItem?, _ aspects: TodoAspects) -> String? {
        guard let new else { return "was deleted elsewhere meanwhile" }
        if aspects.contains(.list), new.listID != old.listID {
            return "was moved to \(lists.first { $0.id == new.listID }?.name ?? "another list") elsewhere meanwhile"
        }
        if aspects.contains(.completion), new.isDone != old.isDone {
            return new.isDone ? "was marked done elsewhere meanwhile" : "was marked not done elsewhere meanwhile"
        }
        if aspects.contains(.flag), new.isFlagged != old.isFlagged {
            return new.isFlagged ? "was flagged elsewhere meanwhile" : "was unflagged elsewhere meanwhile"
        }
        if aspects.contains(.recurrence), new.recurrence != old.recurrence {
            return new.recurrence == nil ? "stopped repeating elsewhere meanwhile" : "repeats differently since a change elsewhere"
        }
        if aspects.contains(.wording),
           new.title != old.title || new.priority != old.priority || new.due != old.due || new.tags != old.tags {
            return "was edited elsewhere meanwhile"
        }
        if aspects.contains(.notes), new.notes != old.notes {
            return "had its notes changed elsewhere meanwhile"
        }
        return nil
    }

    /// "1 todo", "3 todos".
    static func todos(_ count: Int) -> String { "\(count) todo\(count == 1 ? "" : "s")" }

    /// A priority in words, as `tick add --priority` takes them.
    static func priorityName(_ priority: Int) -> String {
        switch priority {
        case ...0: return "none"
        case 1: return "low"
        case 2: return "medium"
        default: return "high"
        }
    }

    /// When a next occurrence comes back, for the status line: "Thu 10 Dec" ("Thu 10 Dec 2027" in
    /// another year, "Thu 10 Dec 9:00" with a due time).
    func comesBack(_ next: TodoItem) -> String {
        guard let stored = next.due, let due = Due(stored: stored)?.day else { return "no date" }
        let time = Due(stored: stored)?.minutes.map { " " + Due.clock($0) } ?? ""
        let (year, month, day) = due.components
        let weekday = TitleSyntax.weekdays[due.weekday].prefix(3).capitalized
        let monthName = TitleSyntax.months[month - 1].prefix(3).capitalized
        return "\(weekday) \(day) \(monthName)" + (year == today.components.year ? "" : " \(year)") + time
    }
}
