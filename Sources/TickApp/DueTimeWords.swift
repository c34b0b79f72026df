import TodoStore

/// Due times in titles and `--due`: the word right after a due-day word, when it reads as a time.
///
/// Times (case does not matter): `15:00`, `9:30` (24-hour, 0:00–23:59); `9am`, `9pm`, `9:30pm`,
/// `12am` (midnight), `12pm` (noon) (12-hour, 1–12); `21h`, `9h30` (hours, then minutes); `noon`; also
/// after `at` (`@fri at 3pm`). A bare number (`@fri 3 apples`) is never a time; one that ends the title
/// (`@monday 9`: 9:00 or 21:00?) stays in the title, named in the hint. A time alone (`@3pm`) is
/// `parseTimeAlone`'s. `@2026-12-24T18:30` is a day and a time in one word, and
/// `@dec 24` a month and a day in two. A word after the day that looks like a time but is not one
/// (`25:00`, `9xm`) stays in the title, named in the hint, like a date that is not one.
extension TitleSyntax {
    /// A due date read from words: the due, how many words after the first it took, and the word after
    /// the day that looked like a time but was not one (it stays in the title).
    public struct DuePhrase: Equatable, Sendable {
        /// The day and time read.
        public var due: Due
        /// Words taken after the first (0: the first word alone; 1: `@fri 15:00` or `@dec 24`…).
        public var consumed: Int
        /// The word after the day that looks like a time but is not one, kept as title text.
        public var unreadTime: String?
    }

    /// Reads a due date from `first` (the word after `@`) and the words after it, relative to `today`;
    /// nil when `first` is not a due-day word.
    public static func parseDuePhrase(_ first: Substring, following: ArraySlice<Substring>, today: Day, now: Int? = nil) -> DuePhrase? {
        var rest = following
        var consumed = 0
        let day: Day
        if let combined = isoDayAndTime(first) {
            return combined.map { DuePhrase(due: $0, consumed: 0) }
        } else if let found = parseDayPhrase(first, following: following, today: today) {
            // `@fri`, and the few-word forms: `@dec 24`, `@in 3 days`, `@next friday`.
            day = found.day
            rest = rest.dropFirst(found.consumed)
            consumed = found.consumed
        } else if let alone = parseTimeAlone(first, following: following, today: today, now: now) {
            return DuePhrase(due: alone.due, consumed: alone.consumed)
        } else {
            return nil
        }
        guard let first = rest.first else { return DuePhrase(due: Due(day: day), consumed: consumed) }
        // `@fri at 3pm`: the `at` goes with the time (and stays in the title without one).
        let skipped = first.lowercased() == "at" && rest.count > 1 ? 1 : 0
        let next = rest.dropFirst(skipped).first ?? first
        if let minutes = parseTime(next) { return DuePhrase(due: Due(day: day, minutes: minutes), consumed: consumed + skipped + 1) }
        // `@monday 9` at the end of a title: an hour without am, pm or minutes is no time (9:00 or
        // 21:00?), but it was surely meant as one; a bare number followed by more words is a count
        // (`@fri 3 apples`).
        let endsTitle = rest.dropFirst(skipped + 1).allSatisfy(\.isEmpty)
        let isBareHour = (1...2).contains(next.count) && next.allSatisfy { $0.isASCII && $0.isNumber }
        return DuePhrase(due: Due(day: day), consumed: consumed,
                         unreadTime: looksLikeTime(next) || (isBareHour && endsTitle) ? String(next) : nil)
    }

    /// A due date written as one `--due` value (`fri`, `fri 15:00`, `2026-12-24T18:30`, `dec 24 9am`),
    /// or nil when it is not one whole.
    public static func parseDueValue(_ text: some StringProtocol, today: Day, now: Int? = nil) -> Due? {
        let words = text.split(separator: " ").map { Substring($0) }
        guard let first = words.first,
              let phrase = parseDuePhrase(first, following: words.dropFirst(), today: today, now: now),
              phrase.unreadTime == nil, phrase.consumed == words.count - 1 else { return nil }
        return phrase.due
    }

    /// `2026-12-24T18:30` (the time 24-hour): the due, `.some(nil)` when the word has that shape
    /// but is not a real day and time, nil when it has no `T` after a date.
    private static func isoDayAndTime(_ word: Substring) -> Due?? {
        guard let separator = word.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return nil }
        let date = word[..<separator], time = word[word.index(after: separator)...]
        // Only a date written with dashes (`5oct` has a `t` too, and is a day).
        guard date.filter({ $0 == "-" }).count == 2, date.allSatisfy({ $0 == "-" || ($0.isASCII && $0.isNumber) }) else { return nil }
        guard let day = parseDue(date, today: Day(ordinal: 0)), time.contains(":"), !time.lowercased().hasSuffix("m"),
              let minutes = parseTime(time) else { return .some(nil) }
        return .some(Due(day: day, minutes: minutes))
    }

    /// Minutes after midnight for a time word (`15:00`, `9am`, `9:30pm`, `21h`, `9h30`), or nil.
    public static func parseTime(_ word: Substring) -> Int? {
        let lowered = word.lowercased()
        if lowered == "noon" { return 12 * 60 }
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        let hourText = lowered.prefix(while: isDigit)
        guard (1...2).contains(hourText.count), let hour = Int(hourText) else { return nil }
        var rest = lowered.dropFirst(hourText.count)
        var minute = 0
        var separator: Character?
        if let first = rest.first, first == ":" || first == "h" {
            separator = first
            rest = rest.dropFirst()
            let minuteText = rest.prefix(while: isDigit)
            if minuteText.count == 2, let value = Int(minuteText), value < 60 {
                minute = value
                rest = rest.dropFirst(2)
            } else if !(first == "h" && minuteText.isEmpty) {
                return nil  // `9:` or `9:5`: minutes are two digits; only `21h` may end after its separator.
            }
        }
        switch rest {
        case "":
            // 24-hour: needs `:` or `h`, since a bare number is not a time.
            guard separator != nil, hour < 24 else { return nil }
            return hour * 60 + minute
        case "am", "pm":
            guard separator != "h", (1...12).contains(hour) else { return nil }
            return (hour % 12 + (rest == "pm" ? 12 : 0)) * 60 + minute
        default:
            return nil
        }
    }

    /// Whether a word after a due day is meant as a time even though it does not read as one: one or
    /// two digits, then `:` or letters that begin `a`, `p` or `h` or end in `m` (`25:00`, `9xm`, `13pm`).
    static func looksLikeTime(_ word: Substring) -> Bool {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count) else { return false }
        let rest = word.dropFirst(digits.count).lowercased()
        guard let first = rest.first else { return false }
        return first == ":" || first == "a" || first == "p" || first == "h" || rest.hasSuffix("m")
    }

    /// A due date in the few columns of a row (at most 10): the day words of `describe(due:today:)`,
    /// with the time of day for the coming week: "today 9:00", "tmrw 18:30", "Fri 15:00". A due in the
    /// past or further ahead shows its day only (the details show the time), and so does every due
    /// when `showsTime` is false (a narrow row).
    public static func describeCompactly(_ due: Due, today: Day, showsTime: Bool = true) -> String {
        let delta = due.day.ordinal - today.ordinal
        guard showsTime, let minutes = due.minutes, (0...6).contains(delta) else { return describe(due: due.day, today: today) }
        let clock = Due.clock(minutes)
        switch delta {
        case 0: return "today " + clock
        case 1: return "tmrw " + clock
        default: return weekdays[due.day.weekday].prefix(3).capitalized + " " + clock
        }
    }

    /// A due date in full, for the details: "2026-12-24 18:30 (in 3 d)".
    public static func describeFully(_ due: Due, today: Day) -> String {
        "\(due) (\(describe(due: due.day, today: today)))"
    }
}
