import TermTable
import TodoStore

/// `tick ls` as aligned plain-text columns: id, state, priority, due date, list, title (after "⚑ "
/// when the todo is flagged, followed by " ✎" when it has notes and " ↻" when it recurs, as on screen).
/// The priority column is left out when no todo it lists has a priority, the due column when none has a due.
///
/// Every width is known before the first row (ids are at most as wide as the largest id, lists
/// are few), so rows are written as they are read. Titles and list names are made safe the way the
/// canvas makes them safe — control characters become visible placeholders (␊, ␛), bidi overrides �
/// — and measured in terminal columns, so CJK and emoji line up.
struct TodoTable {
    /// Columns of the id (right-aligned).
    let idWidth: Int
    /// Columns of the widest list name shown.
    let listWidth: Int
    /// Columns of the due date: 10 (`2026-12-24`), 16 when some todo has a time (`2026-12-24 18:30`),
    /// 0 when no todo listed has a due (the column and its separator are left out).
    let dueWidth: Int
    /// Columns of the priority: 3 (`!!!`), 0 when no todo listed has one (the column and its separator are left out).
    let priorityWidth: Int
    /// The day start dates are described against ("starts in 3 d"); nil shows none.
    var today: Day?

    /// A table for ids up to `largestID` and the given list names; `showsDues` when any todo it
    /// lists may have a due (`TodoStore.hasDue(inLists:)`), else the due column is left out;
    /// `showsDueTimes` when any has a due time (`TodoStore.hasTimedDue(inLists:)`,
    /// `hasTimedOpenDue(in:)`), so the column is wide enough for every row; `showsPriorities` when
    /// any may have a priority (`TodoStore.hasPriority(inLists:)`), else the priority column is left out.
    init(largestID: Int64, listNames: [String], showsPriorities: Bool = true, showsDues: Bool = true, showsDueTimes: Bool = false) {
        idWidth = String(max(1, largestID)).count
        listWidth = listNames.map { Self.safe($0).width }.max() ?? 0
        priorityWidth = showsPriorities ? 3 : 0
        dueWidth = showsDueTimes ? 16 : showsDues ? 10 : 0
    }

    /// Levels of subtasks shown by indentation; deeper ones show their level as a number.
    static let indentedLevels = 6

    /// What goes before a subtask's title at `depth`: two spaces per level, and past
    /// `indentedLevels` the level as a number (`‹9› `), so deep outlines stay readable.
    static func indentation(depth: Int) -> String {
        guard depth > 0 else { return "" }
        let spaces = String(repeating: "  ", count: min(depth, indentedLevels))
        return depth > indentedLevels ? spaces + "‹\(depth)› " : spaces
    }

    /// One row, without a line break; a subtask's title is indented by its `depth`.
    func row(_ item: TodoItem, listName: String, depth: Int = 0) -> String {
        let id = String(item.id)
        let state = TodoStatusMarks.box(of: item.status)
        let priority = String(repeating: "!", count: min(3, max(0, item.priority)))
        let list = Self.safe(listName)
        // Tags hold only letters, digits, - and _ (the store checks), so they need no placeholders.
        let title = Self.indentation(depth: depth) + (item.isFlagged ? "⚑ " : "") + Self.safe(item.title).text
            + (item.notes.isEmpty ? "" : TodoCell.notesMarker)
            + (item.recurrence == nil ? "" : " " + TodoCell.recurrenceMarker)
            + (TodoStatusMarks.percent(of: item).map { " " + $0 } ?? "") + startWords(of: item) + item.tags.map { " #" + $0 }.joined()
        let paddedID: String = String(repeating: " ", count: idWidth - id.count) + id
        let paddedList: String = list.text + String(repeating: " ", count: max(0, listWidth - list.width))
        let due = (item.due.map { Due(stored: $0)?.description ?? $0 } ?? "").padded(to: dueWidth)
        let columns: [String] = [paddedID, state] + (priorityWidth > 0 ? [priority.padded(to: priorityWidth)] : [])
            + (dueWidth > 0 ? [due] : []) + [paddedList, title]
        return columns.joined(separator: "  ")
    }

    /// A parent shown as context above a subtask a query kept (it did not match itself): `·` for its
    /// id, no state, priority or due, its title indented by its `depth`; no script reads it as a match.
    func contextRow(_ item: TodoItem, listName: String, depth: Int) -> String {
        let list = Self.safe(listName)
        let columns: [String] = [String(repeating: " ", count: idWidth - 1) + "·", "   "] + (priorityWidth > 0 ? ["".padded(to: priorityWidth)] : [])
            + (dueWidth > 0 ? ["".padded(to: dueWidth)] : [])
            + [list.text + String(repeating: " ", count: max(0, listWidth - list.width)), Self.indentation(depth: depth) + Self.safe(item.title).text]
        return columns.joined(separator: "  ")
    }

    /// " starts in 3 d" while an open todo waits for its start date (as on screen), else "".
    func startWords(of item: TodoItem) -> String {
        guard let today, !item.isDone, let start = item.start.flatMap({ Due(stored: $0) }),
              let words = TitleSyntax.describe(start: start.day, today: today) else { return "" }
        return " " + words
    }

    /// Text of several lines as a terminal may show it: each line's control characters as
    /// placeholders (␛, ␇), the line breaks kept. For messages that quote user data (a file name, a
    /// title, an argument), so that data can never act on the terminal.
    static func safeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)).text }.joined(separator: "\n")
    }

    /// Text as the terminal would show it (placeholders for what must not be printed) and its width in columns.
    static func safe(_ text: String) -> (text: String, width: Int) {
        var shown = ""
        var width = 0
        for glyph in GlyphSequence(text) {
            shown += glyph.text
            width += glyph.width
        }
        return (shown, width)
    }
}
