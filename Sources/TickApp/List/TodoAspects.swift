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
