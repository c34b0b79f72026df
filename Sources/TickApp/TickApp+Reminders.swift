import FoundationEssentials
import TodoStore

extension TickApp {
    /// Says on the status line which reminders came due since the last look (and, as the config
    /// file's `remind-alert` asks, rings the bell, sets the window title or sends a notification:
    /// `ReminderAlerts`). Called on the idle loop's twice-a-second wake; reads the store only when
    /// a new minute began since the last look (reminders come due on whole minutes), and then only
    /// the open todos that have reminders, and only when one may come due by now or the store
    /// changed (`TodoStore.dueReminders` remembers the next reminder's time). The first call only
    /// notes the time: reminders due before Tick was opened are `tick remind`'s. Returns whether
    /// there is something new to draw.
    @discardableResult
    public func showDueReminders() -> Bool {
        let now = list.clock()
        guard let last = lastReminderLook else {
            lastReminderLook = now
            return false
        }
        let zone = list.localTime
        // Nothing can come due within one minute of the zone's clock: reminders fall on whole minutes.
        let lastMinute = last.addingTimeInterval(-Double(zone.civilTime(of: last).second % 60))
        guard now >= lastMinute.addingTimeInterval(60) || now < last else { return false }
        lastReminderLook = now
        // A clock set back (or a zone changed) starts over from now rather than repeating reminders.
        guard now > last else { return false }
        let due: [DueReminder]
        do {
            due = try list.store.dueReminders(from: last, to: now, in: zone)
        } catch {
            say(.error("Reminders could not be read: \(error)"))
            return true
        }
        guard !due.isEmpty else { return false }
        let sentence = Self.reminderSentence(due, zone: zone)
        say(.info(sentence))
        terminalOutput += reminderAlerts.terminalOutput(saying: sentence, savingTitle: !hasSetWindowTitle)
        if reminderAlerts.contains(.title) { hasSetWindowTitle = true }
        return true
    }

    /// "Reminder: “Dentist” (15m before due, 8:45)", "Reminders: “Dentist” (at due, 9:00), “Call” (8:50)".
    static func reminderSentence(_ due: [DueReminder], zone: LocalTime) -> String {
        let parts = due.map { reminder in
            let time = Due.clock(zone.civilTime(of: reminder.time).minute)
            guard case .beforeDue = reminder.reminder else { return "\(quoted(reminder.item.title)) (\(time))" }
            return "\(quoted(reminder.item.title)) (\(reminder.reminder.description), \(time))"
        }
        return (due.count == 1 ? "Reminder: " : "Reminders: ") + parts.joined(separator: ", ")
    }
}

extension TickApp {
    /// The bytes the terminal needs when Tick quits: the window title it had before a reminder set
    /// one (`remind-alert title`); empty when none did.
    public func takeClosingTerminalOutput() -> [UInt8] {
        guard hasSetWindowTitle else { return [] }
        hasSetWindowTitle = false
        return Array(ReminderAlerts.restoreTitle.utf8)
    }
}
