import CLibical

/// How a todo comes back: an RFC 5545 RRULE (the subset FREQ, INTERVAL, BYDAY with ordinals,
/// BYMONTHDAY, BYMONTH, COUNT, UNTIL), stored as text so that a CalDAV server can take it unchanged,
/// and whether the next date counts from the completion day rather than the due day (todo.txt's
/// `rec:+1w`; RFC 5545 has no word for it, so it is kept beside the rule, not in it).
///
/// Occurrences come from libical's recurrence iterator, the reference implementation of RFC 5545;
/// this type is the only place in Tick that touches it. Days are floating dates (`YYYY-MM-DD`, no
/// time zone), so a daylight-saving change cannot move an occurrence.
public struct RecurrenceRule: Hashable, Sendable {
    /// The rule's text, upper-cased, without the `RRULE:` prefix: `FREQ=WEEKLY;INTERVAL=2`.
    public let rrule: String
    /// Whether the next date counts from the day the todo was done (`@every!`, `rec:+1w`).
    public let countsFromCompletion: Bool

    /// The largest COUNT Tick follows: a daily todo for over 270 years. libical reads COUNT into a
    /// 32-bit number, so a larger one would wrap (`COUNT=99999999999` became 1,215,752,191).
    public static let maximumCount = 100_000

    /// The largest INTERVAL Tick follows (libical keeps it in 16 bits; `@every` says up to 999).
    public static let maximumInterval = 1_000

    /// The rule parts Tick reads and writes; others are refused rather than silently ignored.
    static let knownParts: Set<String> = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "COUNT", "UNTIL"]

    /// Checks `rrule` (an optional `RRULE:` prefix is dropped) with libical and keeps it; throws
    /// `StoreError.invalidRecurrence` naming what is wrong.
    public init(rrule text: String, countsFromCompletion: Bool = false) throws(StoreError) {
        var rule = text.trimmingSpaces().uppercased()
        if rule.hasPrefix("RRULE:") { rule.removeFirst(6) }
        guard !rule.isEmpty else { throw StoreError.invalidRecurrence("an empty rule") }
        for part in rule.split(separator: ";", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2, !pieces[1].isEmpty else { throw StoreError.invalidRecurrence("\(text): “\(part)” is not NAME=VALUE") }
            guard Self.knownParts.contains(String(pieces[0])) else {
                throw StoreError.invalidRecurrence("\(text): \(pieces[0]) is not supported (FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT, UNTIL are)")
            }
            try Self.checkBound(name: pieces[0], value: pieces[1], in: text)
        }
        guard rule.hasPrefix("FREQ=") || rule.contains(";FREQ=") else { throw StoreError.invalidRecurrence("\(text): no FREQ") }
        let parsed = Self.parse(rule)
        guard let parsed, [ICAL_DAILY_RECURRENCE, ICAL_WEEKLY_RECURRENCE, ICAL_MONTHLY_RECURRENCE,
                            ICAL_YEARLY_RECURRENCE].contains(parsed.freq) else {
            throw StoreError.invalidRecurrence("\(text): FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        guard parsed.interval >= 1, parsed.count >= 0 else { throw StoreError.invalidRecurrence("\(text): INTERVAL and COUNT must be positive") }
        self.rrule = rule
        self.countsFromCompletion = countsFromCompletion
    }

    /// Refuses a COUNT or INTERVAL that is not a plain number or is beyond what Tick follows, saying
    /// which and why, before libical reads it (it would wrap the number round, not refuse it).
    private static func checkBound(name: Substring, value: Substring, in text: String) throws(StoreError) {
        let limit: Int
        switch name {
        case "COUNT": limit = maximumCount
        case "INTERVAL": limit = maximumInterval
        default: return
        }
        guard value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw StoreError.invalidRecurrence("\(text): \(name)=\(value) is not a whole number")
        }
        // Compared digit by digit: 99999999999 must not wrap on the way.
        let digits = value.drop { $0 == "0" }
        guard digits.count <= String(limit).count, (Int(digits) ?? 0) <= limit else {
            let advice = name == "COUNT" ? " (leave COUNT out for a series that does not end)" : ""
            throw StoreError.invalidRecurrence("\(text): \(name)=\(value) is more than Tick follows; \(name) goes up to \(limit)\(advice)")
        }
    }

    /// The occurrence that follows `day` (`YYYY-MM-DD`), with the rule the next todo carries (COUNT
    /// one less, since that todo is one occurrence further on), or nil when the series is over:
    /// COUNT used up, UNTIL passed, or no date within 400 years.
    public func next(after day: String) -> (due: String, rule: RecurrenceRule)? {
        guard var parsed = Self.parse(rrule), let start = Self.icalDay(day) else { return nil }
        // Read from the text, not from libical, whose 32-bit COUNT wraps for a rule stored before it was bounded.
        let remaining = count ?? 0
        if remaining == 1 { return nil }
        // COUNT is carried by the todos (one less each time), so the iterator starts fresh at `day`.
        parsed.count = 0
        guard let iterator = icalrecur_iterator_new(parsed, start) else { return nil }
        defer { icalrecur_iterator_free(iterator) }
        // The iterator gives DTSTART first (RFC 5545 counts it as an occurrence), and days up to
        // `day` are not "after" it. A bound, because a rule like BYMONTHDAY=31;BYMONTH=2 never matches.
        for _ in 0..<100_000 {
            let found = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(found) != 0 { return nil }
            let iso = Self.iso(found)
            if iso > day {
                guard found.year - start.year <= 400 else { return nil }
                return (iso, remaining > 1 ? replacingCount(with: remaining - 1) : self)
            }
        }
        return nil
    }

    /// The COUNT the rule still allows, counting the todo that carries it; nil without COUNT.
    public var count: Int? {
        guard let part = rrule.split(separator: ";").last(where: { $0.hasPrefix("COUNT=") }),
              let count = Int(part.dropFirst(6)), count > 0 else { return nil }
        return count
    }

    /// This rule without COUNT and UNTIL: the pattern alone, for saying it in words.
    public var withoutEnd: RecurrenceRule {
        let parts = rrule.split(separator: ";").filter { !$0.hasPrefix("COUNT=") && !$0.hasPrefix("UNTIL=") }
        return RecurrenceRule(checked: parts.joined(separator: ";"), countsFromCompletion: countsFromCompletion)
    }

    /// This rule with its COUNT set to `count`, keeping every other part in its place.
    func replacingCount(with count: Int) -> RecurrenceRule {
        let parts = rrule.split(separator: ";").map { $0.hasPrefix("COUNT=") ? "COUNT=\(count)" : String($0) }
        return RecurrenceRule(checked: parts.joined(separator: ";"), countsFromCompletion: countsFromCompletion)
    }

    /// A rule as the store holds it: checked when it was written, so not checked again on every read
    /// (an unreadable one yields no next date rather than hiding the todo).
    init(stored rule: String, countsFromCompletion: Bool) {
        self.init(checked: rule, countsFromCompletion: countsFromCompletion)
    }

    /// A rule built from the parts of one already checked.
    private init(checked rule: String, countsFromCompletion: Bool) {
        self.rrule = rule
        self.countsFromCompletion = countsFromCompletion
    }

    /// libical's reading of the rule, or nil when it does not understand it.
    private static func parse(_ rule: String) -> icalrecurrencetype? {
        clibical_clear_errno()
        let parsed = icalrecurrencetype_from_string(rule)
        guard clibical_errno() == 0, parsed.freq != ICAL_NO_RECURRENCE else { return nil }
        return parsed
    }

    /// A floating date (no time, no zone) for `YYYY-MM-DD`, or nil.
    private static func icalDay(_ iso: String) -> icaltimetype? {
        let fields = iso.split(separator: "-").compactMap { Int32($0) }
        guard fields.count == 3 else { return nil }
        var time = icaltime_null_time()
        time.year = fields[0]
        time.month = fields[1]
        time.day = fields[2]
        time.is_date = 1
        return time
    }

    private static func iso(_ time: icaltimetype) -> String {
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(time.year, 4))-\(padded(time.month, 2))-\(padded(time.day, 2))"
    }
}

private extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
