import FoundationEssentials

/// A reminder: when a todo asks to be brought to mind, as an iCalendar VALARM (RFC 5545 §3.6.6)
/// that Tick can show carries it.
///
/// Two kinds, as the two triggers Tick understands:
/// - some minutes before (or after) the due: `TRIGGER;RELATED=END:-PT15M` (for a VTODO, END is
///   its DUE); a todo due on a bare day counts from the start of that day, as RFC 5545 says;
/// - at a wall time: `TRIGGER;VALUE=DATE-TIME:…Z`, the instant Tick's local wall time names.
///
/// Stored in `todos.reminders` as words separated by one space (`Reminder.stored(_:)`): `due-15`
/// (minutes, signed) or `2026-12-04T09:00` (local wall time, `DueText` notation, like a due time).
public enum Reminder: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `minutes` before the due (a negative count: after it).
    case beforeDue(minutes: Int)
    /// At a local wall time, `YYYY-MM-DDTHH:MM`.
    case at(String)

    /// The longest offset from the due a reminder may have: about ten years either way.
    public static let maximumMinutes = 10 * 366 * 24 * 60

    /// The reminder a stored word names, or nil when it is not one.
    public init?(stored word: some StringProtocol) {
        if word.hasPrefix("due") {
            let number = word.dropFirst(3)
            guard let first = number.first, first == "-" || first == "+", let minutes = Int(number.dropFirst()),
                  number.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), minutes <= Self.maximumMinutes else { return nil }
            self = .beforeDue(minutes: first == "-" ? minutes : -minutes)
            return
        }
        let text = String(word)
        guard text.utf8.count == 16, DueText.minutes(of: text) != nil,
              Self.dayNumber(DueText.day(of: text)) != nil else { return nil }
        self = .at(text)
    }

    /// The word the store keeps: `due-15`, `due+10` (after the due), `2026-12-04T09:00`.
    public var stored: String {
        switch self {
        case let .beforeDue(minutes): "due" + (minutes >= 0 ? "-" : "+") + String(abs(minutes))
        case let .at(wall): wall
        }
    }

    /// Whether it is some time from the due (and so moves with it, and goes on with a recurring todo).
    public var isRelativeToDue: Bool {
        if case .beforeDue = self { return true }
        return false
    }

    /// When it comes due for a todo due at `due` (Tick's due notation), in `zone`; nil for one
    /// relative to the due of a todo without one (or with a malformed one).
    public func time(due: String?, in zone: LocalTime) -> Date? {
        switch self {
        case let .beforeDue(minutes):
            guard let due, let day = Self.dayNumber(DueText.day(of: due)) else { return nil }
            let minute = DueText.time(of: due) == nil ? 0 : DueText.minutes(of: due)
            guard let minute else { return nil }
            return zone.instant(of: CivilTime(day: day, minute: minute)).addingTimeInterval(-Double(minutes) * 60)
        case let .at(wall):
            guard let day = Self.dayNumber(DueText.day(of: wall)), let minute = DueText.minutes(of: wall) else { return nil }
            return zone.instant(of: CivilTime(day: day, minute: minute))
        }
    }

    /// An offset as the title marker and the screen write it: `15m`, `1h30m`, `2d`, `1w`, `0m`.
    public static func words(minutes: Int) -> String {
        var rest = abs(minutes)
        if rest == 0 { return "0m" }
        if rest % (7 * 1440) == 0 { return "\(rest / (7 * 1440))w" }
        var text = ""
        for (unit, size) in [("d", 1440), ("h", 60), ("m", 1)] where rest >= size {
            text += "\(rest / size)" + unit
            rest %= size
        }
        return text
    }

    /// As a person reads it: `15m before due`, `at due`, `10m after due`, `2026-12-04 09:00`.
    public var description: String {
        switch self {
        case .beforeDue(0): "at due"
        case let .beforeDue(minutes): Self.words(minutes: minutes) + (minutes > 0 ? " before due" : " after due")
        case let .at(wall): String(DueText.day(of: wall)) + " " + (DueText.time(of: wall).map(String.init) ?? "")
        }
    }

    /// Relative ones first, the earliest (most minutes before) first; then wall times in order.
    public static func < (lhs: Reminder, rhs: Reminder) -> Bool {
        switch (lhs, rhs) {
        case let (.beforeDue(a), .beforeDue(b)): a > b
        case (.beforeDue, .at): true
        case (.at, .beforeDue): false
        case let (.at(a), .at(b)): a < b
        }
    }

    /// The column's text for `reminders`: sorted, each once, separated by a space; nil for none.
    public static func stored(_ reminders: [Reminder]) -> String? {
        let words = unique(reminders).map(\.stored)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The reminders a column's text holds (words that are not one are passed over).
    public static func decoded(_ text: String?) -> [Reminder] {
        guard let text else { return [] }
        return unique(text.split(separator: " ").compactMap { Reminder(stored: $0) })
    }

    /// The day number of `YYYY-MM-DD`, or nil when it is no real day.
    static func dayNumber(_ text: Substring) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day) else { return nil }
        return CivilCalendar.days(year: year, month: month, day: day)
    }

    /// `reminders` sorted, each once.
    public static func unique(_ reminders: [Reminder]) -> [Reminder] {
        Array(Set(reminders)).sorted()
    }
}
