import TermTable
import TodoStore

/// A todo's row: a check box and the title, dimmed once done, ending in "…" when too long.
final class TodoCell: TableViewCell {
    static let identifier = "todo"

    /// The todo shown, or nil when its row could not be read.
    var item: TodoItem? { didSet { setNeedsDisplay() } }
    /// How the row looks.
    var theme = Theme.standard { didSet { setNeedsDisplay() } }

    /// Nothing of the previous todo (its check mark, its title) may show through.
    override func prepareForReuse() {
        super.prepareForReuse()
        item = nil
    }

    override func draw(in canvas: inout Canvas) {
        drawEditingMark(in: &canvas)
        var x = contentInset
        guard let item else {
            canvas.draw("⚠ this todo could not be read", at: Point(x: x, y: 0), style: theme.error, truncation: .ellipsis)
            drawHighlight(in: &canvas)
            return
        }
        x += canvas.draw("[", at: Point(x: x, y: 0), style: theme.box)
        x += canvas.draw(item.isDone ? "✓" : " ", at: Point(x: x, y: 0), style: theme.check)
        x += canvas.draw("] ", at: Point(x: x, y: 0), style: theme.box)
        canvas.draw(item.title, at: Point(x: x, y: 0), style: item.isDone ? theme.doneTitle : theme.title,
                    maxWidth: canvas.width - x, truncation: .ellipsis)
        drawHighlight(in: &canvas)
    }
}

/// The message in the middle of an empty list.
final class EmptyStateView: TableReusableView {
    var text = "No todos yet — press a to add one" { didSet { setNeedsDisplay() } }
    var isShown = false { didSet { if oldValue != isShown { setNeedsDisplay() } } }
    var style = Theme.standard.emptyState { didSet { setNeedsDisplay() } }

    override func draw(in canvas: inout Canvas) {
        guard isShown, canvas.height > 0 else { return }
        let width = DisplayWidth.of(text)
        let x = max(0, (canvas.width - width) / 2)
        canvas.draw(text, at: Point(x: x, y: (canvas.height - 1) / 2), style: style, truncation: .ellipsis)
    }
}
