import TermTable
import TodoStore

/// The status in a todo's row: what goes in its box, and how far along an open todo is.
extension TodoCell {
    /// The box's middle column: a space for an open todo, ✓ for a done one, `/` (yellow) for a
    /// started one and `-` (dimmed, like its title) for a cancelled one. An empty box stays in the
    /// box's style: every style change costs bytes on each redraw of the row.
    func boxMark(of status: TodoStatus) -> (text: String, style: Style) {
        switch status {
        case .open: (" ", theme.box)
        case .inProcess: (TodoStatusMarks.mark(of: status, done: "✓"), theme.dueToday)
        case .done: ("✓", theme.check)
        case .cancelled: (TodoStatusMarks.mark(of: status, done: "✓"), theme.doneTitle)
        }
    }

    /// " 40%" before the tags of an open todo with a PERCENT-COMPLETE, else "".
    func percentText(of item: TodoItem) -> String {
        TodoStatusMarks.percent(of: item).map { " " + $0 } ?? ""
    }
}
