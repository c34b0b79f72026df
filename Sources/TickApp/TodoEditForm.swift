import TodoStore

/// A todo as the small text form `tick edit ID` hands to an editor: the title line with its markers
/// as one would type them (`Pay rent #home !! @2026-12-24T18:30 @every month`), a blank line, then
/// the notes. Read back, the title line says everything it can show: a marker taken out clears
/// that field (a recurrence the words cannot say, an RRULE with a COUNT, is not shown and is kept).
struct TodoEditForm: Equatable {
    /// The title line.
    var titleLine: String
    /// The notes, any number of lines.
    var notes: String

    /// The form for `item`.
    init(_ item: TodoItem) {
        titleLine = Self.titleLine(of: item)
        notes = item.notes
    }

    /// The form read from an editor's text: the first line is the title line; the notes start after
    /// the blank line below it (or on the second line, when that is not blank).
    init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        titleLine = lines.isEmpty ? "" : String(lines.removeFirst())
        if lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        notes = lines.joined(separator: "\n")
    }

    /// The text handed to the editor.
    var text: String { notes.isEmpty ? titleLine + "\n" : titleLine + "\n\n" + notes }

    /// A todo's title followed by its tag, priority, due and recurrence markers, as the title prompt
    /// of the app shows it too (`e`).
    static func titleLine(of item: TodoItem) -> String {
        var text = item.title
        for tag in item.tags { text += " #" + tag }
        if item.priority > 0 { text += " " + String(repeating: "!", count: min(3, item.priority)) }
        if let due = item.due { text += " @" + due }
        if let start = item.start { text += " ^" + start }
        if let marker = item.recurrence.flatMap(RecurrenceWords.marker) { text += " " + marker }
        for reminder in item.reminders { text += " " + ReminderWords.marker(reminder) }
        return text
    }
}
