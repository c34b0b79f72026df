import FoundationEssentials
import TermTable
import TodoStore

/// A todo's row: check box, priority column, flag column, title (with search matches highlighted),
/// a ✎ when the todo has notes, its tags (`#work`, dimmed), the due date in relative words at the
/// right edge, and ↻ after it when the todo recurs. The box shows the status (`TodoCell+Status.swift`:
/// ✓ done, / started, - cancelled) and an open todo's percentage precedes its tags. Done and cancelled todos are dimmed; long titles end in "…"
/// (before the ✎ and the tags, which keep up to half of the title's room, cut with "…" themselves
/// past that), or wrap onto up to three lines when `wrapsTitle` is set (see `TodoCell+Wrapping.swift`).
final class TodoCell: TableViewCell {
    static let identifier = "todo"

    /// The todo shown, or nil when its row could not be read.
    var item: TodoItem? { didSet { setNeedsDisplay() } }
    /// How the row looks.
    var theme = Theme.standard {
        didSet {
            if theme.selection != selectedStyle { selectedStyle = theme.selection }
            setNeedsDisplay()
        }
    }
    /// The day due dates are described against.
    var today = Day(ordinal: 0) { didSet { setNeedsDisplay() } }
    /// The time of day (minutes after midnight) today's due times are late against.
    var now = 0 { didSet { setNeedsDisplay() } }
    /// Text to highlight in the title (the search), if any.
    var highlight: String? { didSet { setNeedsDisplay() } }
    /// Which optional columns the row shows: the same for every row (any todo with a priority or a
    /// flag gives all rows the column), so titles start in the same column on every row.
    var columns = RowColumns() { didSet { setNeedsDisplay() } }
    /// Whether a long title wraps onto more lines (`W`, `wrap yes`) instead of ending in "…"; the
    /// table then asks the cell for its height (automatic row heights).
    var wrapsTitle = false { didSet { setNeedsDisplay() } }
    /// The todo's list, shown dimmed after the tags where rows come from every list (the agenda).
    var listName: String? { didSet { setNeedsDisplay() } }
    /// The disclosure column of a list shown as an outline, or nil (`TodoCell+Outline.swift`).
    var outline: Outline? { didSet { if oldValue != outline { setNeedsDisplay() } } }
    /// A subtask's parent's title, shown dimmed before its own where the rows are not the outline.
    var breadcrumb: String? { didSet { if oldValue != breadcrumb { setNeedsDisplay() } } }

    /// Nothing of the previous todo (its check mark, its title) may show through.
    override func prepareForReuse() {
        super.prepareForReuse()
        item = nil
        highlight = nil
        columns = RowColumns()
        wrapsTitle = false
        listName = nil
        outline = nil
        breadcrumb = nil
    }

    /// One line, or the lines of the wrapped title (`TodoCell+Wrapping.swift`).
    override func heightThatFits(width: Int) -> Int { wrappedHeight(width: width) }

    /// Columns kept for the due date ("2026-12-24", "12 d late", "tmrw 18:30"; "today 18:30" takes one more).
    static let dueColumnWidth = 10
    /// Columns the title keeps, at least, beside a due time: on narrower rows the due column shows the day only.
    static let titleColumnsBesideDueTime = 20
    /// What follows the title of a todo with notes: a pencil, one column wide everywhere (not an
    /// emoji, and not of ambiguous East Asian width, which some terminals draw two columns wide).
    static let notesMarker = " ✎"

    /// The marker of a todo that recurs (one column, not of ambiguous width).
    static let recurrenceMarker = "↻"

    override func draw(in canvas: inout Canvas) {
        drawEditingMark(in: &canvas)
        var x = contentInset
        x += drawOutline(at: x, in: &canvas)
        guard let item else {
            canvas.draw("⚠ this todo could not be read", at: Point(x: x, y: 0), style: theme.error, truncation: .ellipsis)
            drawSelection(in: &canvas)
            return
        }
        x += canvas.draw("[", at: Point(x: x, y: 0), style: theme.box)
        // An empty box stays in one style: every style change costs bytes on each redraw of the row.
        let box = boxMark(of: item.status)
        x += canvas.draw(box.text, at: Point(x: x, y: 0), style: box.style)
        x += canvas.draw("] ", at: Point(x: x, y: 0), style: theme.box)
        if columns.priority || item.priority > 0 {
            let marks = String(repeating: "!", count: min(3, max(0, item.priority)))
            let column = String(repeating: " ", count: 3 - marks.count) + marks + " "
            x += canvas.draw(column, at: Point(x: x, y: 0), style: theme.priority)
        }
        if columns.flag || item.isFlagged { x += canvas.draw(item.isFlagged ? "⚑ " : "  ", at: Point(x: x, y: 0), style: theme.flag) }
        x += drawBreadcrumb(at: x, in: &canvas)
        let place = titlePlace(for: item, from: x, width: canvas.width)
        // Wrapped, the due date, the ↻, the ✎ and the tags end the title's last line; the box and
        // columns start its first.
        let wrapped = wrapsTitle ? drawWrappedTitle(of: item, in: place, canvas: &canvas) : nil
        let lastLine = max(0, (wrapped?.lines ?? 1) - 1)
        if place.marksRecurrence {
            canvas.draw(Self.recurrenceMarker, at: Point(x: canvas.width - 1, y: lastLine), style: theme.due)
        }
        if let due = place.due {
            let words = place.dueWords
            // A time earlier today is late already (red), though `tick ls --due` and the agenda group by day.
            let style = item.isDone ? theme.doneTitle
                : (due.isOverdue(today: today, now: now) ? theme.overdue : (due.day == today ? theme.dueToday : theme.due))
            let width = DisplayWidth.of(words)
            canvas.draw(words, at: Point(x: place.dueEnd - width, y: lastLine), style: style)
        }
        var end: Int
        if let wrapped {
            end = wrapped.end
        } else {
            let base = item.isDone ? theme.doneTitle : theme.title
            let title = Point(x: x, y: 0)
            end = x + canvas.draw(item.title, at: title, style: base, maxWidth: place.columns, truncation: .ellipsis)
            if place.marksNotes { end += canvas.draw(Self.notesMarker, at: Point(x: end, y: 0), style: theme.notes) }
            markMatches(in: item.title, at: title, columns: place.columns, canvas: &canvas)
        }
        if place.tagColumns > 1 {
            canvas.draw(place.tags, at: Point(x: end, y: lastLine), style: item.isDone ? theme.doneTitle : theme.tag,
                        maxWidth: place.tagColumns, truncation: .ellipsis)
            markSearchedTag(of: item, at: Point(x: end, y: lastLine), columns: place.tagColumns,
                            fits: DisplayWidth.of(place.tags) <= place.tagColumns, canvas: &canvas)
        }
        drawSelection(in: &canvas)
    }

    /// " starts in 3 d" (dimmed with the tags) while an open todo waits for its start date, else "".
    func startText(of item: TodoItem) -> String {
        guard !item.isDone, let start = item.start.flatMap({ Due(stored: $0) }),
              let words = TitleSyntax.describe(start: start.day, today: today) else { return "" }
        return " " + words
    }

    /// Where a todo's title goes in a row of `width` columns whose title starts at column `x`.
    struct TitlePlace {
        /// The column the title starts at.
        var x: Int
        /// The columns the title may take (each of its lines, when it wraps).
        var columns: Int
        /// Whether the ✎ follows the title (its columns are already taken off `columns`).
        var marksNotes: Bool
        /// The due date shown at the right edge, when there is room for it.
        var due: Due?
        /// The due date in the words drawn ("today 9:00", "in 3 d").
        var dueWords = ""
        /// The column just after the due words (left of the ↻ when the todo recurs).
        var dueEnd: Int
        /// Whether the ↻ of a recurring todo shows at the right edge.
        var marksRecurrence: Bool
        /// The tags as drawn after the title (" #a #b"), and the columns they may take (taken off `columns`).
        var tags: String
        var tagColumns: Int
    }

    /// The title's place: the ↻, the due column (when there is room), the ✎ and the tags are taken
    /// off the right; a long title gives way to the tags up to half of its room.
    func titlePlace(for item: TodoItem, from x: Int, width: Int) -> TitlePlace {
        var right = width
        // A recurring todo's ↻ sits at the right edge, left of nothing, so due dates stay aligned.
        let marksRecurrence = item.recurrence != nil && !item.isDone && right - x > Self.dueColumnWidth + 10
        if marksRecurrence { right -= 2 }
        let dueEnd = right
        var shownDue: Due?, dueWords = ""
        if let due = item.due.flatMap({ Due(stored: $0) }), right - x > Self.dueColumnWidth + 8 {
            shownDue = due
            // The time only where the title keeps its room; the column never grows past one extra column.
            let showsTime = right - x > Self.dueColumnWidth + 1 + Self.titleColumnsBesideDueTime
            dueWords = TitleSyntax.describeCompactly(due, today: today, showsTime: showsTime)
            right -= max(Self.dueColumnWidth, DisplayWidth.of(dueWords)) + 1
        }
        var columns = max(0, right - x)
        // The ✎ keeps its place when the title is cut short: the title gives way, not the marker.
        let marksNotes = !item.notes.isEmpty && columns > Self.notesMarker.count + 1
        if marksNotes { columns -= Self.notesMarker.count }
        let tags = progressText + percentText(of: item) + startText(of: item) + (item.tags.isEmpty ? "" : " #" + item.tags.joined(separator: " #")) + (listName.map { " · " + $0 } ?? "")
        // Tags within half the room are shown whole whatever the title's width (measuring a title walks
        // its graphemes, and the agenda's list names make every row's tags non-empty).
        let tagsWidth = tags.isEmpty ? 0 : DisplayWidth.of(tags)
        let tagColumns = tagsWidth <= columns / 2 ? tagsWidth : min(tagsWidth, max(columns / 2, columns - DisplayWidth.of(item.title)))
        columns -= tagColumns
        return TitlePlace(x: x, columns: columns, marksNotes: marksNotes, due: shownDue, dueWords: dueWords, dueEnd: dueEnd,
                          marksRecurrence: marksRecurrence, tags: tags, tagColumns: tagColumns)
    }

    /// The column a todo's title starts at: after the editing mark, the indentation, the outline
    /// column, the box, the optional columns and the breadcrumb, in a row of `width` columns.
    func titleStart(for item: TodoItem, width: Int) -> Int {
        var x = contentInset + outlineColumns + 4
        if columns.priority || item.priority > 0 { x += 4 }
        if columns.flag || item.isFlagged { x += 2 }
        return x + (breadcrumbPlace(from: x, width: width)?.columns ?? 0)
    }

    /// Highlights the tag a `#tag` search found (the title holds no `#word` to highlight), when it
    /// is shown whole: the tags drawn at `origin` are " #a #b", `columns` wide.
    private func markSearchedTag(of item: TodoItem, at origin: Point, columns: Int, fits: Bool, canvas: inout Canvas) {
        guard let needle = highlight, let wanted = TodoTags.tag(searchedBy: needle) else { return }
        var column = 1 + DisplayWidth.of(progressText + percentText(of: item) + startText(of: item))
        for tag in item.tags {
            let width = 1 + DisplayWidth.of(tag)
            if TodoTags.key(tag) == TodoTags.key(wanted) {
                // A cut-off list of tags ends in "…" in its last column: only what ends before it is whole.
                guard column + width <= (fits ? columns : columns - 1) else { return }
                canvas.restyle(Rect(x: origin.x + column, y: origin.y, width: width, height: 1)) { $0 = theme.match }
                return
            }
            column += width + 1
        }
    }

    /// Folded glyphs of the shown part of a title and the column each starts at, kept between rows.
    private var titleGlyphs: [(folded: Character, column: Int)] = []

    /// Restyles every occurrence of the search (compared glyph by glyph, without case) in the part of
    /// the title drawn at `origin` within `columns`. The title is drawn once in its own style and only
    /// matched cells change, so a search costs one pass over what a row shows, not a string per match.
    func markMatches(in title: String, at origin: Point, columns: Int, canvas: inout Canvas) {
        guard let needle = highlight, !needle.isEmpty, columns > 0 else { return }
        if markPrintableASCIIMatches(in: title, of: needle, at: origin, columns: columns, canvas: &canvas) { return }
        let wanted = GlyphSequence(needle).map { Self.folded($0.scalars) }
        guard let first = wanted.first else { return }
        // The glyphs that fit, plus enough after them for a match that starts on screen and runs off it.
        titleGlyphs.removeAll(keepingCapacity: true)
        var used = 0, overflow = 0
        var fittingEnd = 0, endBeforeLastColumn = 0
        for glyph in GlyphSequence(title) {
            if used + glyph.width > columns {
                overflow += 1
                if overflow >= wanted.count { break }
            } else {
                fittingEnd = used + glyph.width
                if fittingEnd <= columns - 1 { endBeforeLastColumn = fittingEnd }
            }
            titleGlyphs.append((Self.folded(glyph.scalars), used))
            used += glyph.width
        }
        // A title that does not fit ends in "…" at or before its last column: only glyphs ending
        // before that column are shown (the canvas drops the last one to make room).
        let shownEnd = overflow > 0 ? endBeforeLastColumn : fittingEnd
        var index = 0
        while index + wanted.count <= titleGlyphs.count {
            guard titleGlyphs[index].folded == first, (1..<wanted.count).allSatisfy({ titleGlyphs[index + $0].folded == wanted[$0] }) else {
                index += 1
                continue
            }
            let start = titleGlyphs[index].column
            let end = min(index + wanted.count < titleGlyphs.count ? titleGlyphs[index + wanted.count].column : used, shownEnd)
            if start < end {
                canvas.restyle(Rect(x: origin.x + start, y: origin.y, width: end - start, height: 1)) { $0 = theme.match }
            }
            index += wanted.count
        }
    }

    /// `markMatches` for a title and a search of printable ASCII only, the common case: there every
    /// byte is one glyph one column wide, so the same cells are restyled without making a
    /// `Character` per glyph. Returns false, doing nothing, for any other title or search.
    private func markPrintableASCIIMatches(in title: String, of needle: String, at origin: Point, columns: Int,
                                           canvas: inout Canvas) -> Bool {
        let wanted = Array(needle.utf8)
        guard wanted.allSatisfy(Self.isPrintableASCII) else { return false }
        let folded = wanted.map(Self.loweredASCII)
        var title = title
        return title.withUTF8 { bytes in
            guard bytes.allSatisfy(Self.isPrintableASCII) else { return false }
            // As in the general case: the glyphs that fit, plus enough after them for a match that
            // runs off the edge; a title that does not fit shows only what ends before its last column.
            let count = min(bytes.count, columns + folded.count - 1)
            let shownEnd = bytes.count > columns ? columns - 1 : bytes.count
            var index = 0
            while index + folded.count <= count {
                var matches = true
                for offset in 0..<folded.count where Self.loweredASCII(bytes[index + offset]) != folded[offset] {
                    matches = false
                    break
                }
                guard matches else {
                    index += 1
                    continue
                }
                let end = min(index + folded.count, shownEnd)
                if index < end {
                    canvas.restyle(Rect(x: origin.x + index, y: origin.y, width: end - index, height: 1)) { $0 = theme.match }
                }
                index += folded.count
            }
            return true
        }
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) }

    private static func loweredASCII(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    /// A glyph compared without case: its lowercase form when that is one character (ASCII without
    /// allocating), itself otherwise. Characters compare by canonical equivalence, so a decomposed
    /// "ä" in a title matches a precomposed one in the search.
    private static func folded(_ glyph: GlyphScalars) -> Character {
        if let ascii = glyph.asciiValue {
            return Character(Unicode.Scalar((0x41...0x5A).contains(ascii) ? ascii + 0x20 : ascii))
        }
        let character = Character(glyph.string)
        let lowered = character.lowercased()
        return lowered.count == 1 ? Character(lowered) : character
    }
}

/// The message in the middle of an empty list.
///
/// It is the table's background, as tall as the table: drawing it again clears every line of its
/// buffer. The lists are read again after every change, which sets its text and whether it shows,
/// mostly to what they were, so only a value that differs asks for a new drawing (issue 29: a
/// toggle at a million todos drew the hidden message again, 38,000 instructions).
final class EmptyStateView: TableReusableView {
    var text = "No todos yet — press a to add one" { didSet { if oldValue != text { setNeedsDisplay() } } }
    var isShown = false { didSet { if oldValue != isShown { setNeedsDisplay() } } }
    var style = Theme.standard.emptyState { didSet { if oldValue != style { setNeedsDisplay() } } }

    override func draw(in canvas: inout Canvas) {
        guard isShown, canvas.height > 0 else { return }
        let width = DisplayWidth.of(text)
        let x = max(0, (canvas.width - width) / 2)
        canvas.draw(text, at: Point(x: x, y: (canvas.height - 1) / 2), style: style, truncation: .ellipsis)
    }
}
