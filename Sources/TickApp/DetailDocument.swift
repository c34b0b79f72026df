import TermTable
import TodoStore

/// The details of a todo as lines, in the order they matter: the title first (wrapped, however many
/// lines it takes), then the fields, then the notes. The details view shows a window of these lines
/// and scrolls it, so on a short screen the later lines give way, never the title.
struct DetailDocument {
    /// One line of the details: a label in the left column and what follows it.
    struct Line {
        /// "Title", "List"…, or empty on a continued line and on the notes' lines.
        var label: String
        /// Where the content starts, from the left edge.
        var indent: Int
        /// The content: a wrapped line is drawn as it is; a field's value is cut with "…" at the edge.
        var content: Content
    }

    /// What a line shows after its label.
    enum Content {
        case wrapped([StyledGlyph])
        case field(StyledText)
    }

    /// Where values start: after the longest label ("Completed") and a gap.
    static let labelWidth = 11
    /// How far notes are indented.
    static let notesIndent = 2

    /// The lines.
    private(set) var lines: [Line] = []
    /// The index of the "Notes" line: notes (or their editor) follow it.
    private(set) var notesLabel = 0

    /// What the lines are made of: the same source always gives the same lines.
    struct Source: Equatable {
        var item: TodoItem
        var listName: String
        /// The day due dates are described against.
        var today: Day
        /// The time of day (minutes after midnight) a due time today is late against.
        var now = 0
        /// The zone creation and completion times are shown in.
        var zone: LocalTime
        var width: Int
        var theme: Theme
        /// False stops after the "Notes" label: the notes editor takes the lines below it.
        var includesNotes: Bool
    }

    /// The details of `source.item` laid out for `source.width` columns.
    init(_ source: Source) {
        let (item, today, width, theme) = (source.item, source.today, source.width, source.theme)
        let (listName, includesNotes) = (source.listName, source.includesNotes)
        let valueWidth = max(1, width - Self.labelWidth)
        let title = TextWrapping.wrap(StyledText(item.title, style: theme.title.adding(.bold)), width: valueWidth, keepsLineBreaks: true)
        for (index, line) in title.enumerated() {
            lines.append(Line(label: index == 0 ? "Title" : "", indent: Self.labelWidth, content: .wrapped(line)))
        }
        field("List", StyledText(listName))
        field("Priority", StyledText(item.priority == 0 ? "none" : String(repeating: "!", count: min(3, item.priority)),
                                     style: item.priority == 0 ? theme.hint : theme.priority))
        if let due = item.due.flatMap({ Due(stored: $0) }) {
            field("Due", StyledText(TitleSyntax.describeFully(due, today: today),
                                    style: due.isOverdue(today: today, now: source.now) && !item.isDone ? theme.overdue : theme.due))
        } else {
            field("Due", StyledText("none", style: theme.hint))
        }
        // Only a recurring todo has the line (e edits the rule as @every in the title, like the due day).
        if let rule = item.recurrence {
            var repeats = StyledText(RecurrenceWords.describe(rule), style: theme.due)
            repeats.append(" · RRULE:" + rule.rrule, style: theme.hint)
            field("Repeats", repeats)
        }
        field("Flag", item.isFlagged ? StyledText("⚑ flagged", style: theme.flag) : StyledText("no", style: theme.hint))
        // Only a started or cancelled todo, or one with a percentage, has the line (`DetailDocument+Status.swift`).
        if let status = Self.statusText(of: item, theme: theme) { field("Status", status) }
        // Only a todo with tags has the line: most have none, and the edit line (e) is where they are typed.
        if !item.tags.isEmpty { field("Tags", StyledText(item.tags.map { "#" + $0 }.joined(separator: " "), style: theme.tag)) }
        // Only a todo with reminders has the line (`DetailDocument+Reminders.swift`; e edits them as @remind in the title).
        if let reminders = Self.remindersText(of: item, zone: source.zone, theme: theme) { field("Reminders", reminders) }
        field("Created", StyledText(Day.localTime(item.createdAt, in: source.zone)))
        field("Completed", item.completedAt.map { StyledText(Day.localTime($0, in: source.zone)) } ?? StyledText("not yet", style: theme.hint))
        notesLabel = lines.count
        field("Notes", !includesNotes || !item.notes.isEmpty ? "" : StyledText("none yet — n writes some", style: theme.hint))
        guard includesNotes, !item.notes.isEmpty else { return }
        let notesWidth = max(1, width - Self.notesIndent)
        for line in TextWrapping.wrap(StyledText(item.notes, style: theme.title), width: notesWidth, keepsLineBreaks: true) {
            lines.append(Line(label: "", indent: Self.notesIndent, content: .wrapped(line)))
        }
    }

    private mutating func field(_ label: String, _ value: StyledText) {
        lines.append(Line(label: label, indent: Self.labelWidth, content: .field(value)))
    }

    /// Draws line `index` at row `y`, within `width` columns from `x`.
    func draw(line index: Int, in canvas: inout Canvas, x: Int, y: Int, width: Int, theme: Theme) {
        let line = lines[index]
        if !line.label.isEmpty {
            canvas.draw(line.label, at: Point(x: x, y: y), style: theme.hint, maxWidth: min(width, Self.labelWidth))
        }
        let available = width - line.indent
        guard available > 0 else { return }
        let origin = Point(x: x + line.indent, y: y)
        switch line.content {
        case .wrapped(let glyphs): canvas.draw(glyphs: glyphs, at: origin, maxWidth: available)
        case .field(let value): canvas.draw(value, at: origin, maxWidth: available, truncation: .ellipsis)
        }
    }
}
