import TodoStore

/// The query language's one parser: `tick ls QUERY…`, `/` in the app and saved views (`view NAME
/// QUERY` in the config file) all read their text here into a `TodoQuery`. A pure function of the
/// text and today; the query table of docs/command-line.md lists every form.
///
/// Terms are separated by spaces; `"…"` quotes a phrase (or a value: `list:"Home office"`), and a
/// quoted term is always text. `#tag`, `-#tag`; `!`, `!!`, `!!!`, `!none`; `@today`, `@overdue`,
/// `@week`, `@none`, `@FROM..TO` (either end may be left out) and every day `@` takes in a title
/// (`@tonight` is today; the forms in several terms, `@in 3 days` and `@next friday`, too);
/// `list:NAME`; `is:open`, `is:done`, `is:flagged`, `is:recurring`, `is:subtask`, `is:waiting`,
/// `is:ready`; `has:subtasks`; `parent:ID` (a todo's id, as `tick ls` shows it); anything else is a word
/// (`#123`, not a tag, is the text it is, as in a title).
public enum QueryParser {
    /// Reads `text` against `today`, or says which term is wrong and why.
    public static func parse(_ text: String, today: Day) throws(QueryError) -> TodoQuery {
        var query = TodoQuery()
        let terms = try terms(of: text)
        var index = 0
        while index < terms.count {
            if let phrase = dayPhrase(at: index, of: terms, today: today) {
                // `@in 3 days`, `@next friday`, `@dec 24`: one day in several terms.
                query.dueWindows.append(DueSelection.day(phrase.day).days(today: today))
                index += phrase.consumed + 1
                continue
            }
            try add(terms[index], to: &query, today: today)
            index += 1
        }
        return query
    }

    /// A day written in several unquoted terms from `index` on (`@in 3 days`), or nil.
    private static func dayPhrase(at index: Int, of terms: [Term], today: Day) -> (day: Day, consumed: Int)? {
        let term = terms[index]
        guard !term.isQuoted, term.text.hasPrefix("@"), term.text.count > 1 else { return nil }
        let following = terms[(index + 1)...].prefix { !$0.isQuoted }.map { Substring($0.text) }
        guard let phrase = TitleSyntax.parseDayPhrase(term.text.dropFirst(), following: following[...], today: today),
              phrase.consumed > 0 else { return nil }
        return phrase
    }

    /// One space-separated term: its text with quotes taken out, and whether it began with a quote.
    struct Term: Equatable {
        var text: String
        var isQuoted: Bool
    }

    /// Splits `text` into terms at spaces outside quotes.
    static func terms(of text: String) throws(QueryError) -> [Term] {
        var terms: [Term] = []
        var current = ""
        var isQuoted = false
        var inQuotes = false
        var started = false
        for character in text {
            if character == "\"" {
                if !started { isQuoted = true }
                inQuotes.toggle()
                started = true
            } else if character.isWhitespace && !inQuotes {
                if started { terms.append(Term(text: current, isQuoted: isQuoted)) }
                current = ""
                isQuoted = false
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if inQuotes { throw .unclosedQuote }
        if started { terms.append(Term(text: current, isQuoted: isQuoted)) }
        return terms.filter { !$0.text.isEmpty }
    }

    private static func add(_ term: Term, to query: inout TodoQuery, today: Day) throws(QueryError) {
        let text = term.text
        if term.isQuoted { return query.words.append(text) }
        let lowered = text.lowercased()
        if let tag = TodoTags.tag(inWord: Substring(text)) {
            query.tags.append(tag)
        } else if text.hasPrefix("-"), let tag = TodoTags.tag(inWord: text.dropFirst()) {
            query.excludedTags.append(tag)
        } else if text.hasPrefix("!") {
            switch lowered {
            case "!", "!!", "!!!": query.priorities.insert(text.count)
            case "!none": query.priorities.insert(0)
            default: throw .notAPriority(text)
            }
        } else if text.hasPrefix("@"), text.count > 1 {
            try addDue(String(text.dropFirst()), to: &query, today: today)
        } else if lowered.hasPrefix("list:") {
            let name = String(text.dropFirst(5))
            guard !name.isEmpty else { throw .missingListName }
            query.listNames.append(name)
        } else if lowered.hasPrefix("is:") {
            switch lowered.dropFirst(3) {
            case "open": query.completion = query.completion == .done || query.completion == .both ? .both : .open
            case "done": query.completion = query.completion == .open || query.completion == .both ? .both : .done
            case "flagged": query.isFlagged = true
            case "recurring": query.isRecurring = true
            case "subtask": query.isSubtask = true
            case "waiting": query.waitingOn = today.iso
            case "ready": query.readyOn = today.iso
            default: throw .notAState(text)
            }
        } else if lowered == "has:subtasks" {
            query.hasSubtasks = true
        } else if lowered.hasPrefix("parent:") {
            guard let id = Int64(text.dropFirst(7)), id > 0 else { throw .notATodoID(text) }
            query.parentIDs.append(id)
        } else {
            query.words.append(text)
        }
    }

    /// `@today`, `@overdue`, `@week`, `@none`, `@FROM..TO` or one day.
    private static func addDue(_ word: String, to query: inout TodoQuery, today: Day) throws(QueryError) {
        if word.lowercased() == "none" { return query.matchesNoDue = true }
        if let range = word.firstRange(of: "..") {
            let from = word[..<range.lowerBound], to = word[range.upperBound...]
            guard !from.isEmpty || !to.isEmpty else { throw .notADate("@" + word) }
            let first: Day? = from.isEmpty ? nil : try day(from, today: today, term: word)
            let last: Day? = to.isEmpty ? nil : try day(to, today: today, term: word)
            if let first, let last, last < first { throw .backwardsRange("@" + word) }
            return query.dueWindows.append(DueSelection.window(from: first, before: last?.adding(days: 1)))
        }
        guard let selection = DueSelection(word, today: today) else { throw .notADate("@" + word) }
        query.dueWindows.append(selection.days(today: today))
    }

    private static func day(_ word: Substring, today: Day, term: String) throws(QueryError) -> Day {
        guard let day = TitleSyntax.parseDue(word, today: today) else { throw .notADate("@" + term) }
        return day
    }
}

/// Why a query could not be read; `description` is the sentence shown to the user.
public enum QueryError: Error, Equatable, CustomStringConvertible {
    /// A `"` without its closing `"`.
    case unclosedQuote
    /// `!…` other than `!`, `!!`, `!!!`, `!none`.
    case notAPriority(String)
    /// `@…` that is no due word or day.
    case notADate(String)
    /// `@FROM..TO` whose end comes before its start.
    case backwardsRange(String)
    /// `list:` without a name.
    case missingListName
    /// `is:…` other than open, done, flagged, recurring, subtask.
    case notAState(String)
    /// `parent:…` without a todo id.
    case notATodoID(String)

    /// The sentence shown for it.
    public var description: String {
        switch self {
        case .unclosedQuote: "a quote (\") is not closed"
        case .notAPriority(let text): "\(text) is not a priority: use !, !!, !!! or !none"
        case .notADate(let text):
            "\(text) is not a date: use @today, @overdue, @week, @none, a day (@fri, @2026-12-24, @+3d) or a range (@2026-12-01..2026-12-24)"
        case .backwardsRange(let text): "\(text) ends before it starts"
        case .missingListName: "list: needs a list name (list:Work, list:\"Home office\")"
        case .notAState(let text): "\(text) is not a state: use is:open, is:done, is:flagged, is:recurring, is:subtask, is:waiting or is:ready"
        case .notATodoID(let text): "\(text) needs a todo's id, as tick ls shows it (parent:12)"
        }
    }
}
