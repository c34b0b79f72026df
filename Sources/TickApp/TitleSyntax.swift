import FoundationEssentials
import TodoStore

/// The small syntax typed into a title: `!`/`!!`/`!!!` for priority, `@when` for a due date
/// (the words `@when` understands are listed with `parseDue`), optionally followed by a time of day
/// (`@fri 15:00`, `@today 9am`; the forms are listed with `parseTime`), and `#word` for a tag (what a tag
/// may be is `TodoTags`; `#123` and a lone `#` are title text).
///
/// A word that looks like a date but is not one (`@2026-02-30`, `@25:00`) stays in the title and is
/// named in `hint`; two due dates in one title are a `mistake`, since one of them would be lost.
/// `@remind …` adds a reminder (`@remind 15m before`, `@remind fri 9:00`; the forms are listed with
/// `ReminderWords`); a title may have several. `^when` is the start date, before which the todo
/// waits (`^fri`, `^2026-12-09`, `^mon 9:00`: any day and time `@` takes). Other `@` words (`@phone`, `bob@example.com`) are
/// plain title text.
public struct TitleSyntax: Equatable, Sendable {
    /// The title with the markers taken out.
    public var title: String
    /// 0 (none) to 3 (`!!!`); nil when the title did not say.
    public var priority: Int?
    /// The due day (and time, when one followed it), when the title named one.
    public var due: Due?
    /// The due markers read, as typed (`@fri`); more than one is a mistake.
    public var dueMarkers: [String] = []
    /// Words that look like due markers but are not dates; they stay in the title.
    public var unreadDates: [String] = []
    /// Words after a due day that look like times but are not (`25:00`, `9xm`); they stay in the title.
    public var unreadTimes: [String] = []
    /// How the todo recurs, when the title said `@every …` (see `RecurrenceWords`).
    public var recurrence: RecurrenceRule?
    /// The recurrence markers read, as typed (`@every 2 weeks`); more than one is a mistake.
    public var recurrenceMarkers: [String] = []
    /// An `@every` not followed by words it understands; it stays in the title.
    public var unreadRecurrence = false
    /// The tags (`#work` → `work`), in the order typed, without repeats.
    public var tags: [String] = []
    /// The reminders of `@remind` markers (see `ReminderWords`), sorted, each once.
    public var reminders: [Reminder] = []
    /// The reminder markers read, as typed (`@remind 15m before`); several are fine.
    public var reminderMarkers: [String] = []
    /// An `@remind` not followed by words it understands; it stays in the title.
    public var unreadReminder = false
    /// The start date (`^fri`), when the title named one.
    public var start: Due?
    /// The start markers read, as typed (`^fri`); more than one is a mistake.
    public var startMarkers: [String] = []

    /// Parses a typed title relative to `today`, which is only worked out (once) when the title has
    /// an `@` word: finding the local day costs a time-zone lookup. `now` (minutes after midnight)
    /// places a time alone (`@3pm`: today, or tomorrow once it has passed); nil reads it as today.
    public static func parse(_ text: String, today: @autoclosure () -> Day, now: @autoclosure () -> Int? = nil) -> TitleSyntax {
        if isPlain(text) { return TitleSyntax(title: text, priority: nil, due: nil) }
        var kept: [Substring] = []
        var priority: Int?
        var due: Due?
        var dueMarkers: [String] = []
        var unreadDates: [String] = [], unreadTimes: [String] = []
        var reference: Day?
        var recurrence: RecurrenceRule?, recurrenceMarkers: [String] = [], unreadRecurrence = false
        var tags: [String] = []
        var reminders: [Reminder] = [], reminderMarkers: [String] = [], unreadReminder = false
        var start: Due?, startMarkers: [String] = []
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            let lowered = word.lowercased()
            if lowered == "@every" || lowered == "@every!" {
                if let read = RecurrenceWords.read(Array(words[index...]), countsFromCompletion: lowered == "@every!") {
                    recurrence = read.rule
                    recurrenceMarkers.append(words[(index - 1)..<(index + read.consumed)].joined(separator: " "))
                    index += read.consumed
                    continue
                }
                unreadRecurrence = true
            }
            if lowered == "@remind" {
                let day = reference ?? today()
                reference = day
                if let read = ReminderWords.read(words[index...], today: day) {
                    reminders.append(read.reminder)
                    reminderMarkers.append(words[(index - 1)..<(index + read.consumed)].joined(separator: " "))
                    index += read.consumed
                    continue
                }
                unreadReminder = true
            }
            if let tag = TodoTags.tag(inWord: word) {
                tags.append(tag)
                continue
            }
            if !word.isEmpty, word.count <= 3, word.allSatisfy({ $0 == "!" }) {
                priority = word.count
                continue
            }
            if word.hasPrefix("^"), word.count > 1 {
                let day = reference ?? today()
                reference = day
                if let found = parseDuePhrase(word.dropFirst(), following: words[index...], today: day, now: now()) {
                    start = found.due
                    startMarkers.append(words[(index - 1)..<(index + found.consumed)].joined(separator: " "))
                    index += found.consumed
                    if let unread = found.unreadTime { unreadTimes.append(unread) }
                    continue
                }
                if looksLikeDue(word.dropFirst()) { unreadDates.append(String(word)) }
            }
            if word.hasPrefix("@"), word.count > 1 {
                let day = reference ?? today()
                reference = day
                if let found = parseDuePhrase(word.dropFirst(), following: words[index...], today: day, now: now()) {
                    due = found.due
                    dueMarkers.append(words[(index - 1)..<(index + found.consumed)].joined(separator: " "))
                    index += found.consumed
                    // Not taken: the next turn keeps it in the title.
                    if let unread = found.unreadTime { unreadTimes.append(unread) }
                    continue
                }
                if let phrase = unreadPhrase(word.dropFirst(), following: words[index...]) {
                    unreadDates.append(phrase)
                } else if looksLikeDue(word.dropFirst()) {
                    unreadDates.append(String(word))
                }
            }
            kept.append(word)
        }
        // Taking markers out can leave doubled or dangling spaces: the words are joined by one space.
        let title = kept.filter { !$0.isEmpty }.joined(separator: " ")
        return TitleSyntax(title: title, priority: priority, due: due, dueMarkers: dueMarkers, unreadDates: unreadDates, unreadTimes: unreadTimes,
                           recurrence: recurrence, recurrenceMarkers: recurrenceMarkers, unreadRecurrence: unreadRecurrence,
                           tags: TodoTags.unique(tags), reminders: Reminder.unique(reminders), reminderMarkers: reminderMarkers,
                           unreadReminder: unreadReminder, start: start, startMarkers: startMarkers)
    }

    /// "@2026-02-30 is not a date; kept in the title", or nil when every date-like word was read.
    public var hint: String? {
        let every = unreadRecurrence ? "@every needs day, week, month, year, 2 weeks or mon,thu; kept in the title" : nil
        let remind = unreadReminder ? ReminderWords.hint : nil
        let parts = [Self.hint(unreadDates), Self.timeHint(unreadTimes), every, remind].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// "25:00 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title", or nil for none.
    public static func timeHint(_ unreadTimes: [String]) -> String? {
        guard !unreadTimes.isEmpty else { return nil }
        let shown = listed(unreadTimes.map(shortened))
        return "\(shown) \(unreadTimes.count == 1 ? "is not a time" : "are not times") (15:00, 9am, 9:30pm, 21h); kept in the title"
    }

    /// The hint for these unread words (several titles' together, for a paste), or nil for none.
    public static func hint(_ unreadDates: [String]) -> String? {
        guard !unreadDates.isEmpty else { return nil }
        let shown = unreadDates.map(shortened)
        return unreadDates.count == 1 ? "\(shown[0]) is not a date; kept in the title"
            : "\(listed(shown)) are not dates; kept in the title"
    }

    /// `message` led by the hint, when there is one: a status line cut short still shows the hint.
    public func hinted(_ message: String) -> String { hint.map { "\($0) · \(message)" } ?? message }

    /// "two due dates, @2026-12-31 and @tom" when the title names more than one (one would be lost), else nil.
    public var mistake: String? {
        if startMarkers.count > 1 {
            return "two start dates, \(Self.listed(startMarkers.map(Self.shortened)))"
        }
        if recurrenceMarkers.count > 1 {
            return "two recurrences, \(Self.listed(recurrenceMarkers.map(Self.shortened)))"
        }
        guard dueMarkers.count > 1 else { return nil }
        let shown = dueMarkers.map(Self.shortened)
        return "\(dueMarkers.count == 2 ? "two" : String(dueMarkers.count)) due dates, \(Self.listed(shown))"
    }

    /// "^dec 20 is after @mon" when the title's start comes after its due (RFC 5545 forbids it, and
    /// such a todo would wait past its own due day), else nil.
    public var startAfterDue: String? {
        guard StartDates.isAfterDue(start?.stored, due: due?.stored), let startMarker = startMarkers.first,
              let dueMarker = dueMarkers.first else { return nil }
        return "\(Self.shortened(startMarker)) is after \(Self.shortened(dueMarker))"
    }

    /// A word as messages name it: cut with "…" past 24 characters, so a pasted run of text without
    /// spaces cannot fill the status line.
    static func shortened(_ word: String) -> String { word.count <= 24 ? word : String(word.prefix(23)) + "…" }

    /// "a", "a and b", "a, b and c".
    static func listed(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }

    /// Whether the text has nothing to take out: no `!`, `@` or `#`, no space at either end, no two in a
    /// row (most titles; checked on bytes, without splitting into words).
    private static func isPlain(_ text: String) -> Bool {
        let space = UInt8(ascii: " ")
        var previous = space
        for byte in text.utf8 {
            if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "^")
                || (byte == space && previous == space) { return false }
            previous = byte
        }
        return previous != space
    }

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

    /// How a start date reads next to a todo still waiting: "starts tomorrow", "starts in 3 d", or
    /// "starts 2026-12-09" when far away; nil once it has started (its day is today or past).
    public static func describe(start: Day, today: Day) -> String? {
        let delta = start.ordinal - today.ordinal
        switch delta {
        case ...0: return nil
        case 1: return "starts tomorrow"
        case 2...99: return "starts in \(delta) d"
        default: return "starts " + start.iso
        }
    }
}
