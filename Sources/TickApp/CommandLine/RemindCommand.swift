import FoundationEssentials
import TodoStore

/// `tick remind [--within DURATION]`: the reminders coming due now, for cron or a systemd user
/// timer to hand to `notify-send` (`make install` ships `tick-remind.service` and `.timer`).
///
/// "Now" is the current minute: from its start, for `--within` (default 1m). A timer that runs it
/// at the start of every minute (or every 15 minutes with `--within 15m`) so sees each reminder
/// once. Exit status: 0 when it printed reminders, 1 when none is due, 2 on an error (a usage
/// mistake, a store that cannot be read): a script can tell "nothing to say" from "cannot say".
struct RemindCommand: Subcommand {
    static let description = CommandDescription(
        name: "remind", summary: "Print the reminders coming due now (exit 0), or exit 1 when none is.",
        options: [
            OptionDescription("within", value: .text("DURATION"),
                              help: "how far from the start of this minute to look: 1m (the default), 15m, 1h, 1d"),
            OptionDescription("json", help: "print one JSON object per reminder: id, time, reminder, title, due"),
        ],
        discussion: """
        One line per reminder of an open todo coming due from the start of the current minute until \
        DURATION later, earliest first: the todo's id, the local time it comes due and the title \
        (control characters shown as placeholders). Exit status: 0 when some are due, 1 when none is, \
        2 on an error. A reminder is a todo's @remind (15m before the due, or a day and a time); \
        tick-remind.timer, installed by make install and not enabled, runs this every minute and hands \
        each line to notify-send (docs/using.md, Reminders, says how to enable it).
        """,
        examples: ["tick remind", "tick remind --within 15m", "tick remind --json"])

    /// 2, since 1 says that nothing is due: a reminder that could not be printed (a full disk, a closed
    /// output) must not look like no reminder.
    static var failureStatus: Int32 { 2 }

    let within: Int
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        json = arguments.has("json")
        guard let word = arguments.value("within") else {
            within = 1
            return
        }
        guard let minutes = ReminderWords.minutes(Substring(word)), minutes > 0 else {
            throw UsageError(message: "cannot read --within \(ListCommand.quoted(word)): give minutes, hours or days, like 15m, 1h or 1d")
        }
        within = minutes
    }

    func run(in context: CommandContext) throws -> Int32 {
        let found: [DueReminder]
        do {
            let store = try context.openStore()
            defer { store.close() }
            let now = context.clock()
            let zone = context.localTime
            // The start of this minute in the zone (a zone's offset is whole minutes, but not every one is whole hours),
            // from the whole second: the clock has a fraction, and the timer starts this a moment after 08:45:00,
            // whose reminders are this minute's.
            let wholeSecond = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
            let start = wholeSecond.addingTimeInterval(-Double(zone.civilTime(of: now).second % 60))
            found = try store.dueReminders(from: start, to: start.addingTimeInterval(Double(within) * 60), in: zone)
        } catch {
            context.writeError("tick remind: \(TodoTable.safeLines(String(describing: error)))\n")
            return 2
        }
        for due in found {
            if json {
                context.print(JSONText.object([
                    ("id", String(due.item.id)), ("time", JSONText.quoted(Day.localTime(due.time, in: context.localTime).replacing(" ", with: "T"))),
                    ("reminder", JSONText.quoted(due.reminder.stored)), ("title", JSONText.quoted(due.item.title)),
                    ("due", JSONText.optional(due.item.due)),
                ]))
            } else {
                context.print("\(due.item.id)  \(Day.localTime(due.time, in: context.localTime))  \(TodoTable.safe(due.item.title).text)")
            }
        }
        return found.isEmpty ? 1 : 0
    }
}
