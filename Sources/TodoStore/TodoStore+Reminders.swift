import FoundationEssentials

/// A reminder coming due: the todo, which of its reminders, and when.
public struct DueReminder: Equatable, Sendable {
    /// The todo as stored.
    public var item: TodoItem
    /// The reminder.
    public var reminder: Reminder
    /// When it comes due.
    public var time: Date

    /// A reminder of `item` coming due at `time`.
    public init(item: TodoItem, reminder: Reminder, time: Date) {
        self.item = item
        self.reminder = reminder
        self.time = time
    }
}

/// Finding the reminders that come due (`tick remind`, the open app's status line).
extension TodoStore {
    /// The reminders of open todos that come due at or after `start` and before `end`, in `zone`,
    /// earliest first (then by todo id). Reads only the open todos that have reminders
    /// (`todos_with_reminders`), never every todo.
    public func dueReminders(from start: Date, to end: Date, in zone: LocalTime) throws -> [DueReminder] {
        let items = try connection.query("""
            SELECT \(Self.itemColumns) FROM todos INDEXED BY todos_with_reminders
            WHERE reminders IS NOT NULL AND completed_at IS NULL
            """, row: Self.decodeItem)
        var found: [DueReminder] = []
        for item in items {
            for reminder in item.reminders {
                guard let time = reminder.time(due: item.due, in: zone), time >= start, time < end else { continue }
                found.append(DueReminder(item: item, reminder: reminder, time: time))
            }
        }
        return found.sorted { ($0.time, $0.item.id) < ($1.time, $1.item.id) }
    }
}
