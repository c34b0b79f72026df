import TodoStore

/// How a todo's status looks, the same in the app and in `tick ls`: the box ([ ] open, [/] started,
/// [x] or ✓ done, [-] cancelled, as Markdown task lists of Obsidian and others write them) and how
/// far along an open todo is ("40%").
enum TodoStatusMarks {
    /// The box of `tick ls`: `[ ]`, `[/]`, `[x]` or `[-]`.
    static func box(of status: TodoStatus) -> String { "[" + mark(of: status, done: "x") + "]" }

    /// The character inside the box: a space, `/`, `done` (the app's ✓, `tick ls`'s x) or `-`.
    static func mark(of status: TodoStatus, done: String) -> String {
        switch status {
        case .open: " "
        case .inProcess: "/"
        case .done: done
        case .cancelled: "-"
        }
    }

    /// "40%" for an open todo that says how far along it is; nil otherwise (a finished todo's
    /// percentage is past).
    static func percent(of item: TodoItem) -> String? {
        guard let percent = item.percentComplete, !item.isDone else { return nil }
        return "\(percent)%"
    }
}
