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

/// What the last read of the reminders learned about the time after its window: with the file as
/// it was then and the same zone, no reminder comes due from `start` until `next` (nil: none at
/// all from `start`), so a window inside that span needs no read.
struct ReminderHorizon {
    /// This connection's changes (`totalChanges`) before the read.
    var changes: Int64
    /// `PRAGMA data_version` before the read: another connection's commit changes it.
    var dataVersion: Int64
    /// The zone the times were found in, fixed (a changed `TZ` or zone file is another zone).
    var zone: LocalTime
    /// Where the span begins: the end of the window read.
    var start: Date
    /// The earliest reminder time at or after `start`, or nil when there is none.
    var next: Date?

    /// Whether the window `start..<end` lies in the span, with the file in the same state and the same zone.
    func covers(from start: Date, to end: Date, changes: Int64, dataVersion: Int64, zone: LocalTime) -> Bool {
        changes == self.changes && dataVersion == self.dataVersion && zone == self.zone
            && start >= self.start && next.map { end <= $0 } ?? true
    }
}

/// Finding the reminders that come due (`tick remind`, the open app's status line).
extension TodoStore {
    /// The reminders of open todos that come due at or after `start` and before `end`, in `zone`,
    /// earliest first (then by todo id). Reads only the open todos that have reminders
    /// (`todos_with_reminders`), never every todo; and not even those when the last read found that
    /// none comes due before a time at or after `end` and nothing was written since, by this
    /// connection or another (`ReminderHorizon`): the open app asks every minute, and then that
    /// costs one step of `PRAGMA data_version`.
    public func dueReminders(from start: Date, to end: Date, in zone: LocalTime) throws -> [DueReminder] {
        let zone = zone.fixed
        // The file's state is noted before the read: a commit in between only makes the next call read again.
        let changes = connection.totalChanges, version = try dataVersion()
        if let horizon = reminderHorizon, horizon.covers(from: start, to: end, changes: changes, dataVersion: version, zone: zone) {
            return []
        }
        reminderHorizon = nil
        let items = try connection.query("""
            SELECT \(Self.itemColumns) FROM todos INDEXED BY todos_with_reminders
            WHERE reminders IS NOT NULL AND completed_at IS NULL
            """, row: Self.decodeItem)
        var found: [DueReminder] = []
        var next: Date?
        for item in items {
            for reminder in item.reminders {
                guard let time = reminder.time(due: item.due, in: zone), time >= start else { continue }
                if time < end {
                    found.append(DueReminder(item: item, reminder: reminder, time: time))
                } else if next.map({ time < $0 }) ?? true {
                    next = time
                }
            }
        }
        reminderHorizon = ReminderHorizon(changes: changes, dataVersion: version, zone: zone, start: end, next: next)
        return found.sorted { ($0.time, $0.item.id) < ($1.time, $1.item.id) }
    }
}
