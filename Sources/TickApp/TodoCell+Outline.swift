import TermTable
import TodoStore

/// A todo's place in an outline, in its row. Where the list shows as an outline (the manual order,
/// no search, and some todo in the store has subtasks) every row has a two-column disclosure
/// column before its box: `▾` on a parent whose subtasks show, `▸` on one whose subtasks are
/// collapsed (which then shows how many of its direct subtasks are done, `2/5`, before its tags),
/// nothing on a todo without subtasks. The table indents a subtask by its depth (`indentationLevel`,
/// two columns a level) up to `TodoCell.deepestIndentedLevel`; deeper ones stay there and show their
/// level as a number, `‹7›`. Where the rows are not the outline (the agenda, another sort, a search,
/// the done todos at a list's end) a subtask shows its parent's title dimmed before its own, `Trip ›`.
extension TodoCell {
    /// What the disclosure column shows.
    struct Outline: Equatable {
        /// The mark of a parent, or none.
        enum Mark: Equatable {
            /// A todo without subtasks (or not in the outline part of the list): two spaces.
            case none
            /// A parent whose subtasks show.
            case expanded
            /// A parent whose subtasks are collapsed, with how many of its direct subtasks are done.
            case collapsed(SubtaskProgress)
        }

        /// The parent's mark.
        var mark: Mark = .none
        /// The level shown as a number, for a subtask deeper than the screen indents (nil otherwise).
        var levelNumber: Int?
    }

    /// The deepest level the screen indents (12 columns); deeper subtasks show their level as `‹7›`,
    /// as `tick ls` does.
    static let deepestIndentedLevel = 6

    /// The disclosure marks.
    static let expandedMark = "▾ "
    static let collapsedMark = "▸ "

    /// The columns the outline takes before the box: the level number and the disclosure column.
    var outlineColumns: Int {
        guard let outline else { return 0 }
        return 2 + (outline.levelNumber.map { DisplayWidth.of(Self.levelText($0)) } ?? 0)
    }

    /// A level past the indented ones, as drawn: `‹7›`.
    static func levelText(_ level: Int) -> String { "‹\(level)›" }

    /// Draws the level number and the disclosure mark at `x`; returns the columns drawn.
    func drawOutline(at x: Int, in canvas: inout Canvas) -> Int {
        guard let outline else { return 0 }
        var used = 0
        if let level = outline.levelNumber {
            used += canvas.draw(Self.levelText(level), at: Point(x: x, y: 0), style: theme.tag)
        }
        switch outline.mark {
        case .none: used += 2
        case .expanded: used += canvas.draw(Self.expandedMark, at: Point(x: x + used, y: 0), style: theme.box)
        case .collapsed: used += canvas.draw(Self.collapsedMark, at: Point(x: x + used, y: 0), style: theme.box)
        }
        return used
    }

    /// Whether column `x` of the row is its disclosure mark (a click there collapses or expands).
    func isDisclosureMark(atColumn x: Int) -> Bool {
        guard let outline, outline.mark != .none else { return false }
        let mark = contentInset + outlineColumns - 2
        return x >= mark && x < mark + 2
    }

    /// " 2/5" before the tags of a collapsed parent, else "".
    var progressText: String {
        guard case .collapsed(let progress) = outline?.mark else { return "" }
        return " \(progress.done)/\(progress.total)"
    }

    /// The breadcrumb as drawn before the title ("Trip › "), and the columns it may take: at most a
    /// third of the room the title has from `x`.
    func breadcrumbPlace(from x: Int, width: Int) -> (text: String, columns: Int)? {
        guard let breadcrumb, !breadcrumb.isEmpty else { return nil }
        let text = breadcrumb + " › "
        let columns = min(DisplayWidth.of(text), max(0, (width - x) / 3))
        return columns > 3 ? (text, columns) : nil
    }

    /// Draws the breadcrumb at `x` (cut with "…" and always ending in "›"); returns the columns drawn.
    func drawBreadcrumb(at x: Int, in canvas: inout Canvas) -> Int {
        guard let place = breadcrumbPlace(from: x, width: canvas.width) else { return 0 }
        if DisplayWidth.of(place.text) <= place.columns {
            return canvas.draw(place.text, at: Point(x: x, y: 0), style: theme.tag)
        }
        let used = canvas.draw(breadcrumb ?? "", at: Point(x: x, y: 0), style: theme.tag, maxWidth: place.columns - 3, truncation: .ellipsis)
        return used + canvas.draw(" › ", at: Point(x: x + used, y: 0), style: theme.tag)
    }
}
