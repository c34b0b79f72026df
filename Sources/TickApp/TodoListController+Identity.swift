import TodoStore

/// What of a todo an answer depends on. A question, picker, editor or revealed swipe action that
/// outlives a key holds the todo it is about (its id and the fields it showed), never a row: another
/// Tick, the command line or the background sync may change the store before the answer. Each
/// kind names the aspects whose change would make its answer mean something else.
struct TodoAspects: OptionSet {
    let rawValue: Int

    /// The list the todo is in.
    static let list = TodoAspects(rawValue: 1 << 0)
    /// Done or open.
    static let completion = TodoAspects(rawValue: 1 << 1)
    /// Flagged or not.
    static let flag = TodoAspects(rawValue: 1 << 2)
    /// What the title line edits: the title, priority, due date and tags (`e`).
    static let wording = TodoAspects(rawValue: 1 << 3)
    /// How it repeats.
    static let recurrence = TodoAspects(rawValue: 1 << 4)
    /// The notes.
    static let notes = TodoAspects(rawValue: 1 << 5)

    /// What a deletion asks about: the todo as its question named it, open or done, repeating or not.
    static let deletion: TodoAspects = [.completion, .wording, .recurrence]
}

extension TodoListController {
    /// What happened to a todo since `old` was shown, as the end of a sentence about it ("was
    /// deleted elsewhere meanwhile"); nil when it exists and none of `aspects` changed.
    static func changeMeanwhile(from old: TodoItem, to new: TodoItem?, _ aspects: TodoAspects,
                                listName: (Int64) -> String?) -> String? {
        guard let new else { return "was deleted elsewhere meanwhile" }
        if aspects.contains(.list), new.listID != old.listID {
            return "was moved to \(listName(new.listID) ?? "another list") elsewhere meanwhile"
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

    /// The name of a list as last read, or nil when there is none with that id.
    func listName(of id: Int64) -> String? {
        lists.first { $0.id == id }?.name
    }
}
