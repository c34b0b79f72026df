import FoundationEssentials
import TermTable
import TodoStore

/// A todo's row: check box, priority column, flag, title (with search matches highlighted) and the
/// due date in relative words at the right edge. Done todos are dimmed; long titles end in "…".
final class TodoCell: TableViewCell {
    static let identifier = "todo"

    /// The todo shown, or nil when its row could not be read.
    var item: TodoItem? { didSet { setNeedsDisplay() } }
    /// How the row looks.
    var theme = Theme.standard {
        didSet {
            if theme.selection != highlightStyle { highlightStyle = theme.selection }
            setNeedsDisplay()
        }
    }
    /// The day due dates are described against.
    var today = Day(ordinal: 0) { didSet { setNeedsDisplay() } }
    /// Text to highlight in the title (the search), if any.
    var highlight: String? { didSet { setNeedsDisplay() } }
    /// Whether the priority column is shown (when any todo of the section has a priority), so titles line up.
    var showsPriorityColumn = false { didSet { setNeedsDisplay() } }

    /// Nothing of the previous todo (its check mark, its title) may show through.
    override func prepareForReuse() {
        super.prepareForReuse()
        item = nil
        highlight = nil
        showsPriorityColumn = false
    }

    /// Columns kept for the due date ("2026-12-24", "12 d late").
    static let dueColumnWidth = 10

    override func draw(in canvas: inout Canvas) {
        drawEditingMark(in: &canvas)
        var x = contentInset
        guard let item else {
            canvas.draw("⚠ this todo could not be read", at: Point(x: x, y: 0), style: theme.error, truncation: .ellipsis)
            drawHighlight(in: &canvas)
            return
        }
        x += canvas.draw("[", at: Point(x: x, y: 0), style: theme.box)
        // An empty box stays in one style: every style change costs bytes on each redraw of the row.
        x += canvas.draw(item.isDone ? "✓" : " ", at: Point(x: x, y: 0), style: item.isDone ? theme.check : theme.box)
        x += canvas.draw("] ", at: Point(x: x, y: 0), style: theme.box)
        if showsPriorityColumn || item.priority > 0 {
            let marks = String(repeating: "!", count: min(3, max(0, item.priority)))
            let column = String(repeating: " ", count: 3 - marks.count) + marks + " "
            x += canvas.draw(column, at: Point(x: x, y: 0), style: theme.priority)
        }
        if item.isFlagged { x += canvas.draw("⚑ ", at: Point(x: x, y: 0), style: theme.flag) }
        var right = canvas.width
        if let due = item.due.flatMap({ Day(iso: $0) }), right - x > Self.dueColumnWidth + 8 {
            let words = TitleSyntax.describe(due: due, today: today)
            let style = item.isDone ? theme.doneTitle : (due < today ? theme.overdue : (due == today ? theme.dueToday : theme.due))
            let width = DisplayWidth.of(words)
            canvas.draw(words, at: Point(x: right - width, y: 0), style: style)
            right -= Self.dueColumnWidth + 1
        }
        let base = item.isDone ? theme.doneTitle : theme.title
        canvas.draw(highlighted(item.title, base: base, shownColumns: max(0, right - x)), at: Point(x: x, y: 0), maxWidth: max(0, right - x), truncation: .ellipsis)
        drawHighlight(in: &canvas)
    }

    /// The title as styled text with every occurrence of the search (case-insensitive) marked.
    /// Only the part a row of `shownColumns` can show is searched (twice that many characters: most take
    /// a column or two, the few zero-width ones none); the rest follows unmarked, cut off by the "…".
    private func highlighted(_ title: String, base: Style, shownColumns: Int) -> StyledText {
        guard let needle = highlight, !needle.isEmpty else { return StyledText(title, style: base) }
        let wanted = needle.map(Self.folded)
        let characters = Array(title.prefix(2 * shownColumns + wanted.count))
        let folded = characters.map(Self.folded)
        var text = StyledText()
        var start = 0, index = 0
        while index + wanted.count <= folded.count {
            if folded[index] == wanted[0], folded[index..<(index + wanted.count)].elementsEqual(wanted) {
                text.append(String(characters[start..<index]), style: base)
                text.append(String(characters[index..<(index + wanted.count)]), style: theme.match)
                index += wanted.count
                start = index
            } else {
                index += 1
            }
        }
        text.append(String(characters[start...]) + String(title.dropFirst(characters.count)), style: base)
        return text
    }

    /// A character compared without case: its lowercase form when that is one character (ASCII
    /// without allocating), itself otherwise.
    private static func folded(_ character: Character) -> Character {
        if let ascii = character.asciiValue {
            return (0x41...0x5A).contains(ascii) ? Character(Unicode.Scalar(ascii + 0x20)) : character
        }
        let lowered = character.lowercased()
        return lowered.count == 1 ? Character(lowered) : character
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
