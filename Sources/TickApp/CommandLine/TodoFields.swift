import TodoStore

/// The title, priority, due day and tags that `add` and `edit` were given, from the words of the title
/// (`!!`, `@fri`, `#work`) and from `--priority`, `--due` and `--tag` together. Saying the same thing twice is a
/// mistake that names both, since one of them would be lost.
struct TodoFields {
    /// `--priority LEVEL`: words that are safe to type in any shell, unlike `!`.
    static let priorityOption = OptionDescription(
        "priority", short: "p", value: .choice("LEVEL", ["none", "low", "medium", "high", "0", "1", "2", "3"]),
        help: "none, low, medium or high (or 0 to 3), as !, !! and !!! in a title")
    /// `--due WHEN`.
    static let dueOption = OptionDescription(
        "due", value: .text("WHEN"),
        help: "the due day, as @when in a title: today, tomorrow, fri, dec5, 2026-12-24, +3d, \"in 3 days\", \"next fri\", next-week, eom, 3pm, tonight…, or none; a time may follow: \"fri 15:00\", \"today 9am\", 2026-12-24T18:30",
        completes: .when)

    /// `--start WHEN`.
    static let startOption = OptionDescription(
        "start", value: .text("WHEN"),
        help: "the start date, as ^when in a title (any day and time --due takes), or none: until that day the todo waits (is:waiting) and stays out of the agenda",
        completes: .when)

    /// `--every RULE`.
    static let everyOption = OptionDescription(
        "every", value: .text("RULE"),
        help: "repeat, as @every in a title: day, week, 2 weeks, mon,thu, month on the last friday, +week (after done), an RRULE, or none")

    /// `--tag NAME`, repeatable: a tag without `#`, which shells read as a comment.
    static let tagOption = OptionDescription(
        "tag", short: "t", value: .text("NAME"),
        help: "a tag, as #NAME in a title (letters, digits, - and _); repeat it for several", completes: .tags)

    /// `--remind WHEN`, repeatable.
    static let remindOption = OptionDescription(
        "remind", value: .text("WHEN"),
        help: "a reminder, as @remind in a title: \"15m before\", \"1h after\", due, \"fri 9:00\", 2026-12-24T18:00, or none; repeat it for several")

    /// The tags of the title's `#words` and of `--tag`, without repeats; nil when neither gave any.
    var tags: [String]?
    /// The title without its markers; nil when no title was given.
    var title: String?
    /// 0 to 3; nil when neither the title nor `--priority` said.
    var priority: Int?
    /// The due date (a day, perhaps with a time); `.some(nil)` for `--due none`, nil when neither the title nor `--due` said.
    var due: Due??
    /// The recurrence; `.some(nil)` for `--every none`, nil when neither the title nor `--every` said.
    var recurrence: RecurrenceRule??
    /// The reminders of the title's `@remind` markers and of `--remind` (`[]` for `--remind none`);
    /// nil when neither gave any.
    var reminders: [Reminder]?
    /// The start date; `.some(nil)` for `--start none`, nil when neither the title nor `--start` said.
    var start: Due??
    /// The note about words that look like dates but are not, for standard error.
    var hint: String?

    /// Reads the title's markers and the options, relative to `today`.
    init(text: String?, priorityWord: String?, dueWord: String?, everyWord: String? = nil, tagWords: [String] = [],
         remindWords: [String] = [], startWord: String? = nil, today: Day, now: Int? = nil) throws(UsageError) {
        if let startWord {
            start = .some(try Self.due(startWord, today: today, now: now, naming: "start date"))
        }
        if !remindWords.isEmpty {
            reminders = try remindWords.filter { $0.lowercased() != "none" }.map { word throws(UsageError) -> Reminder in
                guard let reminder = ReminderWords.reminder(fromPhrase: word, today: today) else {
                    throw UsageError(message: "cannot read the reminder \(ListCommand.quoted(word)): use \"15m before\", \"1h after\", due, "
                                     + "a day and a time (\"fri 9:00\", 2026-12-24T18:00), or none")
                }
                return reminder
            }
        }
        if let priorityWord { priority = Self.level(priorityWord) }
        if let everyWord {
            do {
                recurrence = .some(everyWord.lowercased() == "none" ? nil : try RecurrenceWords.rule(fromPhrase: everyWord))
            } catch {
                throw UsageError(message: "cannot read --every \(ListCommand.quoted(everyWord)): \(Self.safe(error.description))")
            }
        }
        if let dueWord { due = .some(try Self.due(dueWord, today: today, now: now)) }
        let optionTags = try tagWords.map { word throws(UsageError) -> String in
            let bare = word.hasPrefix("#") ? String(word.dropFirst()) : word
            guard TodoTags.isTag(bare) else {
                throw UsageError(message: "cannot use \(Self.safe(word)) as a tag: use letters, digits, - and _, "
                                 + "with at least one letter (at most \(TodoTags.maximumLength))")
            }
            return bare
        }
        if !optionTags.isEmpty { tags = TodoTags.unique(optionTags) }
        guard let text else { return }
        let parsed = TitleSyntax.parse(text, today: today, now: now)
        if let mistake = parsed.mistake { throw UsageError(message: "\(Self.safe(mistake)): keep one") }
        if let conflict = parsed.startAfterDue { throw UsageError(message: "a todo cannot start after it is due: \(Self.safe(conflict))") }
        if let marker = parsed.dueMarkers.first, let dueWord {
            throw UsageError(message: "two due dates, \(Self.safe(marker)) and --due \(Self.safe(dueWord)): keep one")
        }
        if let marker = parsed.startMarkers.first, let startWord {
            throw UsageError(message: "two start dates, \(Self.safe(marker)) and --start \(Self.safe(startWord)): keep one")
        }
        if let marked = parsed.priority, let priorityWord {
            throw UsageError(message: "two priorities, \(String(repeating: "!", count: marked)) and --priority \(priorityWord): keep one")
        }
        guard !parsed.title.allSatisfy(\.isWhitespace) else {
            throw UsageError(message: "the title is empty once !, !!, !!!, @dates and #tags are taken out")
        }
        if let marker = parsed.recurrenceMarkers.first, let everyWord {
            throw UsageError(message: "two recurrences, \(Self.safe(marker)) and --every \(Self.safe(everyWord)): keep one")
        }
        title = parsed.title
        priority = priority ?? parsed.priority
        if let rule = parsed.recurrence { recurrence = .some(rule) }
        if let day = parsed.due { due = .some(day) }
        if let day = parsed.start { start = .some(day) }
        if !parsed.tags.isEmpty { tags = TodoTags.unique(parsed.tags + optionTags) }
        if !parsed.reminders.isEmpty { reminders = Reminder.unique(parsed.reminders + (reminders ?? [])) }
        hint = parsed.hint.map(Self.safe)
    }

    /// Refuses a start after the due (RFC 5545 forbids it) once these fields are applied to a todo
    /// that has `due` and `start` (nil for a new todo): `tick edit 3 --start fri` on a todo due
    /// Wednesday is refused as `^fri @wed` in a title is.
    func checkStartAndDue(keeping due: String? = nil, _ start: String? = nil) throws(UsageError) {
        let newDue = self.due.map { $0?.stored } ?? due, newStart = self.start.map { $0?.stored } ?? start
        guard StartDates.isAfterDue(newStart, due: newDue), let newStart, let newDue else { return }
        throw UsageError(message: "a todo cannot start after it is due: the start \(newStart) is after the due \(newDue)")
    }

    /// The number a `--priority` word stands for (the parser has already checked it is one of them).
    static func level(_ word: String) -> Int {
        ["none": 0, "low": 1, "medium": 2, "high": 3][word] ?? Int(word) ?? 0
    }

    /// The due date a `--due` value names (an `@` in front is allowed; a time may follow the day:
    /// `fri 15:00`, `2026-12-24T18:30`), nil for `none`.
    static func due(_ word: String, today: Day, now: Int? = nil, naming what: String = "due date") throws(UsageError) -> Due? {
        if word.lowercased() == "none" { return nil }
        let bare = word.hasPrefix("@") ? word.dropFirst() : Substring(word)
        guard let due = TitleSyntax.parseDueValue(bare, today: today, now: now) else {
            throw UsageError(message: "cannot read the \(what) \(ListCommand.quoted(word)): use today, tomorrow, fri, dec5, "
                             + "2026-12-24, +3d, \"in 3 days\", \"next fri\", next-week, eom, 3pm, tonight or none, optionally with a time: \"fri 15:00\", \"today 9am\", "
                             + "2026-12-24T18:30 (docs/using.md lists every form)")
        }
        return due
    }

    /// User text for a message: control characters shown as placeholders, never sent to the terminal.
    private static func safe(_ text: String) -> String { TodoTable.safe(text).text }
}
