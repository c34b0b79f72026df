import FoundationEssentials
import TodoStore

/// The words `@when` understands, and which words only look like one.
///
/// Accepted (case does not matter): `today` (`tod`), `tomorrow` (`tom`, `tmr`, `tmrw`), `yesterday`;
/// a weekday (`mon`, `tues`, `friday`…: the next such day, today when it is that day); `next-week`
/// (Monday of next week), `next-month`, `next-year` (their first day), `next-fri` (Friday of next
/// week); `eow`, `eom`, `eoy` (the last day of this week, month, year; weeks end on Sunday); a month
/// and a day in either order, with or without a dash (`dec5`, `dec-5`, `5dec`, `december5`: the next
/// such date, today included); `2026-12-24` (also `2026-1-5`); `+3d`, `+2w`, `+1m`, `+1y` (also
/// without the `+`). The forms in several words (`in 3 days`, `next friday`) and the times alone
/// (`3pm`, `noon`, `tonight`) are `NaturalDueWords`'.
extension TitleSyntax {
    /// A due-date word (without the `@`) as a day, or nil.
    public static func parseDue(_ word: Substring, today: Day) -> Day? {
        let lowered = word.lowercased()
        switch lowered {
        case "today", "tod": return today
        case "tomorrow", "tom", "tmr", "tmrw": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        case "eow": return today.adding(days: 6 - today.weekday)
        case "eom":
            let (year, month, _) = today.components
            return Day(year: year, month: month, day: CivilCalendar.daysIn(month: month, year: year))
        case "eoy": return Day(year: today.components.year, month: 12, day: 31)
        default: break
        }
        if let weekday = weekdayIndex(lowered) {
            return today.adding(days: (weekday - today.weekday + 7) % 7)
        }
        if lowered.hasPrefix("next") { return next(lowered.dropFirst(4), today: today) }
        if let relative = relative(lowered, today: today) { return relative }
        if let date = loosePaddedISO(lowered) { return date }
        return monthAndDay(lowered, today: today)
    }

    /// Whether a word after `@` is meant as a date even though it does not parse: it starts with a
    /// digit (`@3pm`, `@2026-02-30`), a sign and a digit (`@+3x`), or its leading letters are a
    /// due word (`@today.`, `@next-wek`) or begin a month or weekday name (`@dec32`, `@fri,`).
    /// Everything else (`@phone`, `@home`, `@decide`) is plain title text.
    static func looksLikeDue(_ word: Substring) -> Bool {
        guard let first = word.first else { return false }
        if first.isASCII && first.isNumber { return true }
        if first == "+" || first == "-" {
            return word.dropFirst().first.map { $0.isASCII && $0.isNumber } ?? false
        }
        let letters = word.prefix { $0.isASCII && $0.isLetter }.lowercased()
        return dueKeywords.contains(letters) || monthIndex(letters) != nil || weekdayIndex(letters) != nil
    }

    /// Words whose letters alone say "a date is meant here".
    private static let dueKeywords: Set<String> = ["today", "tod", "tomorrow", "tom", "tmr", "tmrw", "yesterday", "next", "eow", "eom", "eoy",
                                                    "tonight", "noon", "midnight"]

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december"]

    /// 0 = Monday … for a weekday's name or its first three letters or more.
    static func weekdayIndex(_ lowered: String) -> Int? {
        weekdays.firstIndex { lowered.count >= 3 && $0.hasPrefix(lowered) }
    }

    /// 1 = January … for a month's name or its first three letters or more.
    static func monthIndex(_ lowered: String) -> Int? {
        months.firstIndex { lowered.count >= 3 && $0.hasPrefix(lowered) }.map { $0 + 1 }
    }

    /// After `next` (a dash optional): `week`, `month`, `year` or a weekday in next week.
    private static func next(_ rest: Substring, today: Day) -> Day? {
        let unit = String(rest.hasPrefix("-") ? rest.dropFirst() : rest)
        let mondayNextWeek = today.adding(days: 7 - today.weekday)
        switch unit {
        case "week": return mondayNextWeek
        case "month":
            let later = today.adding(months: 1).components
            return Day(year: later.year, month: later.month, day: 1)
        case "year": return Day(year: today.components.year + 1, month: 1, day: 1)
        default: return weekdayIndex(unit).map { mondayNextWeek.adding(days: $0) }
        }
    }

    /// `+3d`, `2w`, `+1m`, `1y`: that many days, weeks, months or years from today (at most 10,000).
    private static func relative(_ lowered: String, today: Day) -> Day? {
        let body = lowered.hasPrefix("+") ? lowered.dropFirst() : Substring(lowered)
        guard body.count >= 2, let unit = body.last, body.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
              let count = Int(body.dropLast()), count <= 10_000 else { return nil }
        switch unit {
        case "d": return today.adding(days: count)
        case "w": return today.adding(days: 7 * count)
        case "m": return today.adding(months: count)
        case "y": return today.adding(months: 12 * count)
        default: return nil
        }
    }

    /// `2026-12-24`, also with one-digit month or day (`2026-1-5`).
    private static func loosePaddedISO(_ lowered: String) -> Day? {
        let parts = lowered.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// `dec5`, `dec-5`, `5dec`, `5-dec`, `december05`: the next such date from today on (February 29th
    /// waits for a leap year); nil when the month never has that day.
    private static func monthAndDay(_ lowered: String, today: Day) -> Day? {
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        let isLetter: (Character) -> Bool = { $0.isASCII && $0.isLetter }
        var text = Substring(lowered)
        let letters: Substring, digits: Substring
        if text.first.map(isDigit) == true {
            digits = text.prefix(while: isDigit)
            text = text.dropFirst(digits.count)
            if text.hasPrefix("-") { text = text.dropFirst() }
            letters = text
        } else {
            letters = text.prefix(while: isLetter)
            text = text.dropFirst(letters.count)
            if text.hasPrefix("-") { text = text.dropFirst() }
            digits = text
        }
        guard (1...2).contains(digits.count), digits.allSatisfy(isDigit), letters.allSatisfy(isLetter),
              let month = monthIndex(String(letters)), let day = Int(digits) else { return nil }
        let thisYear = today.components.year
        for year in thisYear...(thisYear + 8) {
            if let date = Day(year: year, month: month, day: day), date >= today { return date }
        }
        return nil
    }
}
