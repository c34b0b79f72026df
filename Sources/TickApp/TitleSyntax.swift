import FoundationEssentials

/// The small syntax typed into a title: `!`/`!!`/`!!!` for priority and `@when` for a due date.
///
/// Due dates: `@today`, `@tomorrow` (`@tom`), a weekday (`@mon` … `@sun`, or the full name: the
/// next such day, today when it is that day), `@2026-12-24`, and `@+3d`, `@+2w`, `@+1m` (days,
/// weeks, months from today). Words that do not parse stay in the title unchanged.
public struct TitleSyntax: Equatable, Sendable {
    /// The title with the markers taken out.
    public var title: String
    /// 0 (none) to 3 (`!!!`); nil when the title did not say.
    public var priority: Int?
    /// The due day, when the title named one.
    public var due: Day?

    /// Parses a typed title relative to `today`, which is only worked out (once) when the title has
    /// an `@` word: finding the local day costs a time-zone lookup.
    public static func parse(_ text: String, today: @autoclosure () -> Day) -> TitleSyntax {
        if isPlain(text) { return TitleSyntax(title: text, priority: nil, due: nil) }
        var kept: [Substring] = []
        var priority: Int?
        var due: Day?
        var reference: Day?
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !word.isEmpty, word.count <= 3, word.allSatisfy({ $0 == "!" }) {
                priority = word.count
                continue
            }
            if word.hasPrefix("@"), word.count > 1 {
                let day = reference ?? today()
                reference = day
                if let found = parseDue(word.dropFirst(), today: day) {
                    due = found
                    continue
                }
            }
            kept.append(word)
        }
        // Taking markers out can leave doubled or dangling spaces: the words are joined by one space.
        let title = kept.filter { !$0.isEmpty }.joined(separator: " ")
        return TitleSyntax(title: title, priority: priority, due: due)
    }

    /// Whether the text has nothing to take out: no `!` or `@`, no space at either end, no two in a
    /// row (most titles; checked on bytes, without splitting into words).
    private static func isPlain(_ text: String) -> Bool {
        let space = UInt8(ascii: " ")
        var previous = space
        for byte in text.utf8 {
            if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "@") || (byte == space && previous == space) { return false }
            previous = byte
        }
        return previous != space
    }

    /// A due-date word (without the `@`) as a day, or nil.
    public static func parseDue(_ word: Substring, today: Day) -> Day? {
        let lowered = word.lowercased()
        switch lowered {
        case "today", "tod": return today
        case "tomorrow", "tom", "tmr": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let weekday = weekdays.firstIndex(where: { lowered == $0 || (lowered.count >= 3 && $0.hasPrefix(lowered)) }) {
            return today.adding(days: (weekday - today.weekday + 7) % 7)
        }
        if lowered.hasPrefix("+"), lowered.count >= 3, let unit = lowered.last, let count = Int(lowered.dropFirst().dropLast()), count <= 10_000 {
            switch unit {
            case "d": return today.adding(days: count)
            case "w": return today.adding(days: 7 * count)
            case "m": return today.adding(months: count)
            case "y": return today.adding(months: 12 * count)
            default: return nil
            }
        }
        return Day(iso: lowered)
    }

    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// How a due day reads next to a todo: "today", "tomorrow", "in 3 d", "2 d late", or the date when far away.
    public static func describe(due: Day, today: Day) -> String {
        let delta = due.ordinal - today.ordinal
        switch delta {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...99: return "in \(delta) d"
        case -99 ... -2: return "\(-delta) d late"
        default: return due.iso
        }
    }
}
