import FoundationEssentials

/// The rules for what users may store, checked before any transaction starts.
enum Validation {
    /// Titles must contain something visible and no NUL; everything else is the user's text and kept as is.
    static func title(_ title: String) throws {
        if title.isEmpty { throw StoreError.invalidTitle("a todo needs a title") }
        if isBlank(title) { throw StoreError.invalidTitle("a title cannot be only spaces or blank lines") }
        if containsNUL(title) { throw StoreError.invalidTitle("a title " + nulProblem) }
    }

    /// Tags are words of letters, digits, `-` and `_` with a letter among them (see `TodoTags`):
    /// anything else could not be typed back as `#word`, nor be told apart in the stored list.
    static func tags(_ tags: [String]) throws {
        for tag in tags where !TodoTags.isTag(tag) {
            throw StoreError.invalidTitle("\"\(tag)\" is not a tag: use letters, digits, - and _ (at most \(TodoTags.maximumLength))")
        }
    }

    /// UIDs name todos in files and on servers: something visible, no control character (a UID is
    /// written on one iCalendar line), at most 255 bytes, and each at most once in one import.
    static func uids(_ uids: [String]) throws {
        var seen: Set<String> = []
        for uid in uids {
            if isBlank(uid) { throw StoreError.invalidUID("a UID cannot be empty") }
            if uid.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw StoreError.invalidUID("\(StoreError.quoted(uid)) contains a control character")
            }
            if uid.utf8.count > 255 { throw StoreError.invalidUID("\(StoreError.quoted(uid)) is longer than 255 bytes") }
            if !seen.insert(uid).inserted { throw StoreError.invalidUID("\(StoreError.quoted(uid)) is given to two todos") }
        }
    }

    /// A PERCENT-COMPLETE is a whole number from 0 to 100 (RFC 5545 §3.8.1.8), or none.
    static func percentComplete(_ percent: Int?) throws {
        if let percent, !(0...100).contains(percent) { throw StoreError.invalidPercentComplete(percent) }
    }

    /// Each reminder is one the store can keep: its stored word reads back as the same reminder (a
    /// real wall time, an offset of at most `Reminder.maximumMinutes`).
    static func reminders(_ reminders: [Reminder]) throws {
        for reminder in reminders where Reminder(stored: reminder.stored) != reminder {
            throw StoreError.invalidReminder(reminder.stored)
        }
    }

    /// Notes are the user's text, kept as is, except that they cannot hold a NUL.
    static func notes(_ notes: String) throws {
        if containsNUL(notes) { throw StoreError.invalidNotes("notes " + nulProblem) }
    }

    /// Why text with a NUL is refused rather than stored: SQLite keeps it whole, but its text
    /// functions (search, LIKE, comparisons in SQL) stop at the NUL, so the todo would be found by
    /// its first part only. Refusing names the character, and the user can delete it and try again.
    static let nulProblem = "cannot contain a NUL character (U+0000, shown as ␀)"

    /// Due dates are real calendar days written `YYYY-MM-DD` (years 0001–9999), optionally followed by
    /// a time of day `THH:MM` (00:00–23:59, see `DueText`), so they sort as text in time order.
    static func due(_ due: String?) throws {
        guard let due else { return }
        guard due.utf8.count == 10 || due.utf8.count == 16 else { throw StoreError.invalidDue(due) }
        try dueDay(String(DueText.day(of: due)), reporting: due)
        if due.utf8.count == 16 {
            guard due.utf8[due.utf8.index(due.utf8.startIndex, offsetBy: 10)] == UInt8(ascii: "T"),
                  DueText.minutes(of: due) != nil else { throw StoreError.invalidDue(due) }
        }
    }

    /// A start date is written as a due date is (`DueText`): a real day, optionally with a time.
    static func start(_ start: String?) throws {
        guard let start else { return }
        do { try due(start) } catch { throw StoreError.invalidStart(start) }
    }

    /// A bare due day, `YYYY-MM-DD` (no time): what a todo.txt date and a day window are.
    static func dueDay(_ day: String, reporting reported: String? = nil) throws {
        let bytes = Array(day.utf8)
        let digitsAt = [0, 1, 2, 3, 5, 6, 8, 9]
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              digitsAt.allSatisfy({ DueText.isDigit(bytes[$0]) }) else {
            throw StoreError.invalidDue(reported ?? day)
        }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) } }
        let year = number(0..<4), month = number(5..<7), dayOfMonth = number(8..<10)
        guard year >= 1, (1...12).contains(month), dayOfMonth >= 1, dayOfMonth <= daysIn(month: month, year: year) else {
            throw StoreError.invalidDue(reported ?? day)
        }
    }

    /// A list name as stored: trimmed, and not blank.
    static func listName(_ name: String) throws -> String {
        let trimmed = trimmedListName(name)
        if trimmed.isEmpty { throw StoreError.invalidListName("a list needs a name") }
        if containsNUL(trimmed) { throw StoreError.invalidListName("a list name " + nulProblem) }
        return trimmed
    }

    /// The form list names are compared in: trimmed and lowercased (Unicode-aware), so "Work",
    /// " work " and "WORK" are the same list.
    static func listNameKey(_ name: String) -> String {
        trimmedListName(name).lowercased()
    }

    private static func trimmedListName(_ name: String) -> String {
        TextFormatting.trimmed(name)
    }

    private static func containsNUL(_ text: String) -> Bool {
        text.utf8.contains(0)
    }

    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
