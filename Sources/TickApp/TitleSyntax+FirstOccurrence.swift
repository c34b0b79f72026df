import TodoStore

/// A recurring todo typed without a date starts on its first occurrence (`Standup @every
/// mon,tue,wed,thu,fri` is due on the next weekday), so it shows in the agenda and by due day.
extension TitleSyntax {
    /// For a new todo: the same title, due on the recurrence's first occurrence from `today` on when
    /// it recurs and names no due day.
    public func startingOnFirstOccurrence(today: Day) -> TitleSyntax {
        guard due == nil, let recurrence else { return self }
        var started = self
        started.due = Due(day: Self.firstOccurrence(of: recurrence, from: today))
        return started
    }

    /// The first day from `today` on that `rule` falls on: today for a rule without `BY…` parts
    /// (`@every week`), else the first matching day (`@every fri`, `@every month on the last friday`).
    static func firstOccurrence(of rule: RecurrenceRule, from today: Day) -> Day {
        let constrained = rule.rrule.split(separator: ";").contains { $0.uppercased().hasPrefix("BY") }
        guard constrained, let next = rule.next(after: today.adding(days: -1).iso), let day = Day(iso: next.due) else { return today }
        return day
    }
}
