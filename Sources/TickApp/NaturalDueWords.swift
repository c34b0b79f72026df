import TodoStore

/// The due dates people type in a few words, and times of day without a day.
///
/// Days in several words (case does not matter): `in 3 days`, `in 1 day`, `in 2 weeks`, `in 1 month`,
/// `in 1 year` (`a`/`an` for 1; `d`, `w`, `m`, `y` also do), as `+3d` … does; `next friday`, `next
/// week`, `next month`, `next year`, as `next-fri` … does (a weekday: that day of next week); `dec
/// 24`, a month and a day. A time may follow any of them (`@in 3 days 9am`), also after `at`
/// (`@fri at 3pm`).
///
/// A time alone: `@3pm`, `@15:00`, `@noon` (12:00) is the next such time: today when it has not
/// passed yet, else tomorrow (as Todoist and the phone reminder apps read "3pm"). `@tonight` is today at
/// 20:00 (or at the time after it: `@tonight 9pm`), even when said after 20:00. `@midnight` is the
/// coming midnight: 0:00 tomorrow.
extension TitleSyntax {
    /// The time `@tonight` means when no time follows it: 20:00.
    static let tonightMinutes = 20 * 60

    /// A day read from `first` (the word after `@`) and the words after it: the day and how many words
    /// after `first` it took; nil when they name no day.
    public static func parseDayPhrase(_ first: Substring, following: ArraySlice<Substring>, today: Day) -> (day: Day, consumed: Int)? {
        if let day = parseDue(first, today: today) { return (day, 0) }
        let lowered = first.lowercased()
        let words = Array(following.prefix(2))
        if lowered == "next", let unit = words.first, unit.allSatisfy({ $0.isASCII && $0.isLetter }),
           let day = parseDue(Substring("next-" + unit.lowercased()), today: today) {
            return (day, 1)
        }
        if lowered == "in", words.count == 2, let count = amount(words[0]), let unit = unitLetter(words[1]),
           let day = parseDue(Substring("+\(count)\(unit)"), today: today) {
            return (day, 2)
        }
        if let month = monthIndex(lowered), first.allSatisfy({ $0.isASCII && $0.isLetter }),
           let number = words.first, (1...2).contains(number.count), number.allSatisfy({ $0.isASCII && $0.isNumber }),
           let day = parseDue(Substring(months[month - 1].prefix(3) + number), today: today) {
            // `@dec 24`: a month name alone, then the day of the month.
            return (day, 1)
        }
        return nil
    }

    /// A day written as one value in words (`fri`, `in 3 days`, `next friday`, `dec 24`), or nil when
    /// it is not one whole: for `tick ls --due` and the query's `@`.
    public static func parseDayValue(_ text: some StringProtocol, today: Day) -> Day? {
        let words = text.split(separator: " ").map { Substring($0) }
        guard let first = words.first, let phrase = parseDayPhrase(first, following: words.dropFirst(), today: today),
              phrase.consumed == words.count - 1 else { return nil }
        return phrase.day
    }

    /// A time without a day (`3pm`, `15:00`, `noon`, `tonight`, `midnight`) as a due from `today`
    /// at `now` (minutes after midnight; nil when not known, then today), and how many words after
    /// `first` it took; nil when `first` is no time.
    static func parseTimeAlone(_ first: Substring, following: ArraySlice<Substring>, today: Day, now: Int?) -> (due: Due, consumed: Int)? {
        switch first.lowercased() {
        case "tonight":
            if let next = following.first, let minutes = parseTime(next) { return (Due(day: today, minutes: minutes), 1) }
            return (Due(day: today, minutes: tonightMinutes), 0)
        case "midnight":
            return (Due(day: today.adding(days: 1), minutes: 0), 0)
        default:
            guard let minutes = parseTime(first) else { return nil }
            let passed = now.map { minutes < $0 } ?? false
            return (Due(day: passed ? today.adding(days: 1) : today, minutes: minutes), 0)
        }
    }

    /// Whether `@first` and the words after it begin one of the few-word forms without being one
    /// (`@in 3 dayz`, `@in 2`): the words meant, kept in the title and named in the hint; else nil.
    static func unreadPhrase(_ first: Substring, following: ArraySlice<Substring>) -> String? {
        guard first.lowercased() == "in", let count = following.first, amount(count) != nil, count.first?.isNumber == true else { return nil }
        return (["@" + first] + following.prefix(2)).joined(separator: " ")
    }

    /// `3` (at most 10,000), `a` or `an` (1).
    private static func amount(_ word: Substring) -> Int? {
        let lowered = word.lowercased()
        if lowered == "a" || lowered == "an" { return 1 }
        guard (1...5).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(word), count <= 10_000 else { return nil }
        return count
    }

    /// The letter `+3d` uses for a unit word: `day`/`days`/`d` → `d`, weeks `w`, months `m`, years `y`.
    private static func unitLetter(_ word: Substring) -> Character? {
        switch word.lowercased() {
        case "d", "day", "days": "d"
        case "w", "wk", "wks", "week", "weeks": "w"
        case "m", "month", "months": "m"
        case "y", "yr", "yrs", "year", "years": "y"
        default: nil
        }
    }
}
