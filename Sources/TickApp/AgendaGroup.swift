import TodoStore

/// The groups of an agenda, in the order it shows them: what is overdue, due today, tomorrow, and
/// later in the coming week. Together they cover every open todo due before a week from today.
public enum AgendaGroup: String, CaseIterable, Sendable {
    case overdue, today, tomorrow, week

    /// The group's heading.
    public var title: String {
        switch self {
        case .overdue: "Overdue"
        case .today: "Today"
        case .tomorrow: "Tomorrow"
        case .week: "Next 7 days"
        }
    }

    /// The due days the group holds, seen from `today`; "next 7 days" is the rest of the week that
    /// starts today (the days after tomorrow, up to six days from today). A todo still waiting for
    /// its start date (`^fri`) is in no group until that day.
    public func window(today: Day) -> TodoStore.DueWindow {
        days(today: today).hidingWaiting(on: today.iso)
    }

    /// The due days alone (a query's `@today` keeps the todos still waiting).
    func days(today: Day) -> TodoStore.DueWindow {
        switch self {
        case .overdue: DueSelection.window(from: nil, before: today)
        case .today: DueSelection.window(from: today, before: today.adding(days: 1))
        case .tomorrow: DueSelection.window(from: today.adding(days: 1), before: today.adding(days: 2))
        case .week: DueSelection.window(from: today.adding(days: 2), before: today.adding(days: DueSelection.weekLength))
        }
    }
}

/// What `tick ls --due WHEN` selects: a word or a day, read against today.
public enum DueSelection: Equatable, Sendable {
    case overdue, today, tomorrow, week
    case day(Day)

    /// Days in "the week": today and the six days after it.
    static let weekLength = 7

    /// The words `--due` takes besides a `YYYY-MM-DD` day.
    static let words = ["today", "overdue", "tomorrow", "week"]

    /// Reads `--due`'s value against `today`: one of `words` (`tonight` is today), or a day in any form
    /// the add line's `@` takes (`2026-12-24`, `fri`, `+3d`, `dec 24`, `in 3 days`, `next friday`);
    /// nil when it is none of those.
    public init?(_ text: String, today: Day) {
        switch text.lowercased() {
        case "overdue": self = .overdue
        case "today", "tonight": self = .today
        case "tomorrow": self = .tomorrow
        case "week": self = .week
        default:
            let bare = text.hasPrefix("@") ? text.dropFirst() : Substring(text)
            guard let day = TitleSyntax.parseDayValue(bare, today: today) else { return nil }
            self = .day(day)
        }
    }

    /// The due days selected, seen from `today`, without the todos still waiting for their start
    /// date, as the agenda shows them.
    public func window(today: Day) -> TodoStore.DueWindow {
        days(today: today).hidingWaiting(on: today.iso)
    }

    /// The due days alone (a query's `@today` keeps the todos still waiting).
    func days(today: Day) -> TodoStore.DueWindow {
        switch self {
        case .overdue: AgendaGroup.overdue.days(today: today)
        case .today: AgendaGroup.today.days(today: today)
        case .tomorrow: AgendaGroup.tomorrow.days(today: today)
        case .week: Self.window(from: today, before: today.adding(days: Self.weekLength))
        case .day(let day): Self.window(from: day, before: day.adding(days: 1))
        }
    }

    static func window(from: Day?, before: Day?) -> TodoStore.DueWindow {
        TodoStore.DueWindow(from: from?.iso, before: before?.iso)
    }
}
