import TodoStore

/// The words of `@remind` in a title and of `--remind`: when a todo's reminder comes due.
///
/// Forms (case does not matter): `15m before` (before the due: `m` minutes, `h` hours, `d` days,
/// `w` weeks, combined as `1h30m`), `10m after` (after the due), `due` (at the due), or a day and a
/// time as `@when` reads them (`fri 9:00`, `tomorrow 8am`, `2026-12-04T09:00`): that wall time.
/// A reminder before the due follows the due when it moves (and goes on with a recurring todo);
/// one at a wall time stays there.
enum ReminderWords {
    /// The reminder read from the words after `@remind` and how many of them it took, or nil when
    /// they say none of the forms (a day without a time included: a reminder needs a time).
    static func read(_ words: ArraySlice<Substring>, today: Day) -> (reminder: Reminder, consumed: Int)? {
        guard let first = words.first else { return nil }
        if first.lowercased() == "due" { return (.beforeDue(minutes: 0), 1) }
        if let minutes = minutes(first), let side = words.dropFirst().first?.lowercased(), side == "before" || side == "after" {
            return (.beforeDue(minutes: side == "before" ? minutes : -minutes), 2)
        }
        guard let phrase = TitleSyntax.parseDuePhrase(first, following: words.dropFirst(), today: today),
              phrase.due.minutes != nil, phrase.unreadTime == nil else { return nil }
        return (.at(phrase.due.stored), phrase.consumed + 1)
    }

    /// A whole `--remind` value (`15m before`, `fri 9:00`, `due`), or nil when it is not one whole.
    static func reminder(fromPhrase text: String, today: Day) -> Reminder? {
        let words = text.split(separator: " ").map { Substring($0) }
        guard let read = read(words[...], today: today), read.consumed == words.count else { return nil }
        return read.reminder
    }

    /// `15m`, `1h30m`, `2d`, `1w` as minutes (at most `Reminder.maximumMinutes`), or nil.
    static func minutes(_ word: Substring) -> Int? {
        var total = 0, number = 0, digits = 0, units = 0
        for character in word.lowercased() {
            if let digit = character.wholeNumberValue, character.isASCII {
                guard digits < 7 else { return nil }
                number = number * 10 + digit
                digits += 1
                continue
            }
            let size: Int? = switch character {
            case "w": 7 * 1440
            case "d": 1440
            case "h": 60
            case "m": 1
            default: nil
            }
            guard let size, digits > 0 else { return nil }
            total += number * size
            number = 0
            digits = 0
            units += 1
        }
        guard units > 0, digits == 0, total <= Reminder.maximumMinutes else { return nil }
        return total
    }

    /// The marker that gives `reminder` back in a title: `@remind 15m before`, `@remind due`,
    /// `@remind 2026-12-04T09:00`.
    static func marker(_ reminder: Reminder) -> String {
        switch reminder {
        case .beforeDue(0): "@remind due"
        case let .beforeDue(minutes): "@remind " + Reminder.words(minutes: minutes) + (minutes > 0 ? " before" : " after")
        case let .at(wall): "@remind " + wall
        }
    }

    /// The hint for an `@remind` whose words are none of the forms.
    static let hint = "@remind needs 15m before, 1h after, due, or a day and a time (fri 9:00); kept in the title"
}
