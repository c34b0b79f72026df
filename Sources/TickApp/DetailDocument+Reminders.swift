import TermTable
import TodoStore

/// The details' Reminders line.
extension DetailDocument {
    /// "15m before due (2026-12-04 08:45) · 2026-12-04 07:30", each reminder with the time it comes
    /// due in `zone` when that is not plain from its words; nil for a todo without reminders.
    static func remindersText(of item: TodoItem, zone: LocalTime, theme: Theme) -> StyledText? {
        guard !item.reminders.isEmpty else { return nil }
        var text = StyledText()
        for (index, reminder) in item.reminders.enumerated() {
            if index > 0 { text.append(" · ", style: theme.hint) }
            text.append(reminder.description, style: theme.due)
            if case .beforeDue = reminder {
                let when = reminder.time(due: item.due, in: zone).map { Day.localTime($0, in: zone) } ?? "no due"
                text.append(" (" + when + ")", style: theme.hint)
            }
        }
        return text
    }

    /// The reminders as `tick show` prints them: "15m before due (2026-12-04 08:45), 2026-12-04 07:30", or "none".
    static func remindersLine(of item: TodoItem, zone: LocalTime) -> String {
        guard !item.reminders.isEmpty else { return "none" }
        return item.reminders.map { reminder in
            guard case .beforeDue = reminder else { return reminder.description }
            return reminder.description + " (" + (reminder.time(due: item.due, in: zone).map { Day.localTime($0, in: zone) } ?? "no due") + ")"
        }.joined(separator: ", ")
    }
}
