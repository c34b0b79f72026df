import TodoStore

/// The words `@every` understands, turned into RFC 5545 rules, and rules back into words.
///
/// Forms (case does not matter): `@every day|week|month|year` (plurals too), `@every 2 weeks`,
/// `@every mon,thu` (weekdays joined by commas), `@every weekday` (Monday to Friday), `@every month on the last friday` (`first`,
/// `second`, `third`, `fourth`, `last`), `@every month on the last day`, `@every month on the 15th`,
/// `@every year on the last friday of february`. `@every! week` counts from the day the todo is done
/// instead of its due day (todo.txt's `rec:+1w`); `--every` takes the same words, with `+` for `!`.
enum RecurrenceWords {
    static let units: [String: String] = ["day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"]
    static let dayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    static let ordinals: [String: Int] = ["first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1]

    /// Reads a rule from the start of `words` (the words after `@every`); the rule and how many
    /// words it took, or nil when they do not start with one.
    static func read(_ words: [Substring], countsFromCompletion: Bool) -> (rule: RecurrenceRule, consumed: Int)? {
        var index = 0
        func word(_ offset: Int = 0) -> String? { index + offset < words.count ? words[index + offset].lowercased() : nil }
        var parts: [String] = []
        var frequency: String
        if let first = word(), let days = weekdays(first) {
            parts = ["FREQ=WEEKLY", "BYDAY=" + days.joined(separator: ",")]
            return rule(parts, countsFromCompletion, consumed: 1)
        }
        var interval = 1
        if let first = word(), let number = Int(first), number >= 1, number <= 999 {
            interval = number
            index += 1
        }
        guard let unitWord = word(), let unit = unit(unitWord) else { return nil }
        frequency = unit
        index += 1
        parts = ["FREQ=" + frequency] + (interval > 1 ? ["INTERVAL=\(interval)"] : [])
        // "on the last friday [of february]", "on the last day", "on the 15th"
        if frequency == "MONTHLY" || frequency == "YEARLY", word() == "on", word(1) == "the", let what = word(2) {
            if let ordinal = ordinals[what], let target = word(3) {
                if target == "day", ordinal == -1, frequency == "MONTHLY" {
                    return rule(parts + ["BYMONTHDAY=-1"], countsFromCompletion, consumed: index + 4)
                }
                if let day = weekdayIndex(target) {
                    var byDay = ["BYDAY=\(ordinal)\(dayCodes[day])"]
                    var consumed = index + 4
                    if frequency == "YEARLY", word(4) == "of", let month = word(5).flatMap(monthIndex) {
                        byDay.insert("BYMONTH=\(month)", at: 0)
                        consumed += 2
                    }
                    return rule(parts + byDay, countsFromCompletion, consumed: consumed)
                }
            }
            if frequency == "MONTHLY", let day = Int(what.filter(\.isNumber)), (1...31).contains(day),
               what.hasPrefix(String(day)), ["", "st", "nd", "rd", "th"].contains(String(what.dropFirst(String(day).count))) {
                return rule(parts + ["BYMONTHDAY=\(day)"], countsFromCompletion, consumed: index + 3)
            }
        }
        return rule(parts, countsFromCompletion, consumed: index)
    }

    /// A whole phrase as `--every` and the details view take it: the words above (a leading `+` or
    /// `!` counts from completion), or an RRULE (`FREQ=…`). Nil when it is not one.
    static func rule(fromPhrase phrase: String) throws(StoreError) -> RecurrenceRule {
        var text = phrase.drop(while: { $0 == " " })
        while text.last == " " { text = text.dropLast() }
        var fromCompletion = false
        if text.first == "+" || text.first == "!" {
            fromCompletion = true
            text = text.dropFirst().drop(while: { $0 == " " })
        }
        if text.uppercased().contains("FREQ=") {
            return try RecurrenceRule(rrule: String(text), countsFromCompletion: fromCompletion)
        }
        let words = text.split(separator: " ")
        guard let read = read(words, countsFromCompletion: fromCompletion), read.consumed == words.count else {
            throw StoreError.invalidRecurrence("\(phrase): use day, week, month, year, 2 weeks, mon,thu, "
                                               + "month on the last friday, or an RRULE like FREQ=WEEKLY;INTERVAL=2")
        }
        return read.rule
    }

    /// The words that give back `rule` after `@every` (`2 weeks`, `mon,thu`, `month on the last fri`),
    /// or nil when it uses parts the words cannot say (COUNT, UNTIL, several ordinals…).
    static func phrase(of rule: RecurrenceRule) -> String? {
        let parts = fields(rule)
        guard let freq = parts["FREQ"], let unit = units.first(where: { $0.value == freq })?.key,
              Set(parts.keys).isSubset(of: ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH"]) else { return nil }
        let interval = Int(parts["INTERVAL"] ?? "1") ?? 1
        var text = interval > 1 ? "\(interval) \(unit)s" : unit
        if let byDay = parts["BYDAY"] {
            let codes = byDay.split(separator: ",").map(String.init)
            if freq == "WEEKLY", interval == 1, parts["BYMONTH"] == nil, parts["BYMONTHDAY"] == nil,
               codes.allSatisfy({ dayCodes.contains($0) }) {
                return codes.map { weekdayName(dayCodes.firstIndex(of: $0)!) }.joined(separator: ",")
            }
            guard codes.count == 1, freq != "WEEKLY", let (ordinal, day) = ordinalDay(codes[0]),
                  let word = ordinals.first(where: { $0.value == ordinal })?.key else { return nil }
            text += " on the \(word) \(weekdayName(day))"
            if let month = parts["BYMONTH"].flatMap({ Int($0) }), (1...12).contains(month), freq == "YEARLY" {
                text += " of \(TitleSyntax.months[month - 1].prefix(3))"
            } else if parts["BYMONTH"] != nil { return nil }
            return parts["BYMONTHDAY"] == nil ? text : nil
        }
        if let monthDay = parts["BYMONTHDAY"] {
            guard freq == "MONTHLY", parts["BYMONTH"] == nil, let day = Int(monthDay) else { return nil }
            return text + (day == -1 ? " on the last day" : day >= 1 ? " on the \(day)th" : "")
        }
        return parts["BYMONTH"] == nil ? text : nil
    }

    /// The rule in words for the details view and messages: "every 2 weeks", "every mon, thu after
    /// done", "every week, 3 times left", "every day until 2026-12-31".
    static func describe(_ rule: RecurrenceRule) -> String {
        let parts = fields(rule)
        var text = phrase(of: rule.withoutEnd).map { "every " + $0.split(separator: ",").joined(separator: ", ") }
            ?? rule.rrule
        if rule.countsFromCompletion { text += " after done" }
        if let count = parts["COUNT"] { text += count == "1" ? ", this is the last time" : ", \(count) times left" }
        if let until = parts["UNTIL"], until.count >= 8 {
            let digits = Array(until)
            text += " until \(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))"
        }
        return text
    }

    /// The title marker for a rule: `@every 2 weeks`, `@every! week`; nil when the words cannot say it.
    static func marker(of rule: RecurrenceRule) -> String? {
        phrase(of: rule).map { (rule.countsFromCompletion ? "@every! " : "@every ") + $0 }
    }

    private static func rule(_ parts: [String], _ fromCompletion: Bool, consumed: Int) -> (rule: RecurrenceRule, consumed: Int)? {
        // Built from our own words: a refusal would be a bug in this table, so it reads as "not a rule".
        guard let rule = try? RecurrenceRule(rrule: parts.joined(separator: ";"), countsFromCompletion: fromCompletion) else {
            return nil
        }
        return (rule, consumed)
    }

    private static func fields(_ rule: RecurrenceRule) -> [String: String] {
        var fields: [String: String] = [:]
        for part in rule.rrule.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            if pieces.count == 2 { fields[String(pieces[0])] = String(pieces[1]) }
        }
        return fields
    }

    private static func unit(_ word: String) -> String? {
        units[word] ?? (word.hasSuffix("s") ? units[String(word.dropLast())] : nil)
    }

    private static func weekdayIndex(_ word: String) -> Int? { TitleSyntax.weekdayIndex(word) }
    private static func monthIndex(_ word: String) -> Int? { TitleSyntax.monthIndex(word) }
    private static func weekdayName(_ index: Int) -> String { String(TitleSyntax.weekdays[index].prefix(3)) }

    /// `mon,thu` as day codes; nil unless every piece is a weekday.
    private static func weekdays(_ word: String) -> [String]? {
        // `weekday`: Monday to Friday.
        if word == "weekday" || word == "weekdays" { return Array(dayCodes.prefix(5)) }
        let pieces = word.split(separator: ",", omittingEmptySubsequences: false)
        let indexes = pieces.compactMap { weekdayIndex(String($0)) }
        guard !pieces.isEmpty, indexes.count == pieces.count else { return nil }
        var seen = Set<Int>()
        return indexes.filter { seen.insert($0).inserted }.map { dayCodes[$0] }
    }

    /// `-1FR` as (-1, 4).
    private static func ordinalDay(_ code: String) -> (Int, Int)? {
        guard code.count >= 3, let day = dayCodes.firstIndex(of: String(code.suffix(2))),
              let ordinal = Int(code.dropLast(2)) else { return nil }
        return (ordinal, day)
    }
}
