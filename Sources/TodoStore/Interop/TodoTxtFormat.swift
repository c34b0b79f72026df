import FoundationEssentials

/// todo.txt (http://todotxt.org): one todo per line, in the format's conventions.
///
/// `x 2026-11-29 2026-11-20 Call the dentist +Health due:2026-12-01 pri:A` — a done todo starts with
/// `x` and its completion date; an open one may start with a priority `(A)`–`(Z)`; then the
/// creation date and the text. In the text, `+project` names the list (the last one, when there
/// are several; the others stay in the title), `@context` a tag (every one; Tick's `#tag`, written
/// back as `@tag` after the title), `due:YYYY-MM-DD` the due day, and `pri:A` keeps a
/// done todo's priority. Tick's priorities map to `(A)` high, `(B)` medium, `(C)` low; `(D)`–`(Z)`
/// import as low. Todos in the Inbox have no `+project` (`+Inbox` when their title has one of its
/// own; `+Inbox` always means the Inbox); spaces in list names become `_`. Notes, flags and times
/// of day are not part of todo.txt (JSON keeps them); line breaks in titles become spaces; a title
/// word that looks like `due:YYYY-MM-DD` or `pri:A` is read as one when the todo has none of its own.
/// A relative due day other tools write (`due:tom`, `due:fri`, `due:2w`, see `RelativeDueDay`) is
/// read as of the day of the import. A line without a creation date exports without one, so a file
/// shared with other tools comes back as it was but for the mappings above (and `@context`,
/// `+project`, `due:` and `pri:` written at the end of the line). `rec:1w` (`rec:+1w` from the day it is done;
/// `d`, `w`, `m`, `y`) is the common recurrence extension; a rule it cannot say (weekdays, COUNT)
/// is left out of todo.txt and kept by JSON. todo.txt has no cancelled state: a cancelled todo is
/// done (`x`) with `status:cancelled` at the end of the line, which an import reads back as
/// cancelled (on a done line; on an open one it stays in the title). Nor has it a started state: a
/// started todo is open with `status:in-process` (JSON's word) at the end of the line, read back as
/// started, as is `status:started` (on an open line; on a done one they stay in the title).
public enum TodoTxtFormat {
    /// One todo as a todo.txt line (without the line break); `listName` nil for the Inbox.
    /// `dates` leaves out a date the line it came from did not have; the dates are days in `zone`.
    public static func line(for item: TodoItem, listName: String?, zone: LocalTime,
                            dates: DatesGiven = DatesGiven(), outline: OutlinePlace = OutlinePlace()) -> String {
        var parts: [String] = []
        if let completed = item.completedAt {
            parts.append("x")
            if dates.completion { parts.append(zone.day(of: completed)) }
        } else if item.priority > 0 {
            parts.append("(\(letter(forPriority: item.priority)))")
        }
        if dates.creation { parts.append(zone.day(of: item.createdAt)) }
        parts.append(oneLine(item.title))
        parts += item.tags.map { "@" + $0 }
        if let listName {
            parts.append("+" + String(listName.map { $0.isWhitespace ? "_" : $0 }))
        } else if item.title.split(separator: " ").contains(where: isProject) {
            // The last +project names the list, so an Inbox todo whose title has one says where it belongs.
            parts.append("+Inbox")
        }
        // The day only: `due:2026-12-24T18:30` is not standard todo.txt, and other tools would misread it.
        if let due = item.due { parts.append("due:" + DueText.day(of: due)) }
        if let rec = item.recurrence.flatMap(recurrenceWord) { parts.append("rec:" + rec) }
        if let start = item.start.map({ $0[...] }) ?? KeptNotes.startDate(in: item.notes) { parts.append("t:" + start.prefix(10)) }
        if item.isDone && item.priority > 0 { parts.append("pri:\(letter(forPriority: item.priority))") }
        if item.status == .cancelled { parts.append(cancelledWord) }
        if item.status == .inProcess { parts.append(startedWords[0]) }
        // topydo's subtasks: the parent's todo id names it.
        if outline.hasSubtasks { parts.append("id:\(item.id)") }
        if let parent = outline.parentID { parts.append("p:\(parent)") }
        return parts.joined(separator: " ")
    }

    /// Writes every todo through `write`, a line at a time (lists in order, each in manual order);
    /// returns how many were written.
    @discardableResult
    public static func export(_ store: TodoStore, zone: LocalTime, to write: (String) throws -> Void) throws -> Int {
        var count = 0
        let zone = zone.fixed
        try store.forEachTodoForExport { item, list, dates, outline in
            try write(line(for: item, listName: list.id == TodoStore.inboxListID ? nil : list.name, zone: zone,
                           dates: dates, outline: outline) + "\n")
            count += 1
        }
        return count
    }

    /// Reads a todo.txt file; blank lines are skipped, CR LF line ends and a byte order mark are fine.
    /// `now` stands in for the completion time of a done todo without a completion date, and its day
    /// (or `today`, a `CivilCalendar` day number) is what relative due days count from; the dates
    /// of the file are days in `zone`.
    /// `reportProgress` hears how many bytes have been read now and then, and may stop the reading
    /// by throwing.
    public static func decode(_ data: Data, zone: LocalTime, now: Date = Date(), today: Int? = nil,
                              reportProgress: (_ bytesRead: Int) throws(InteropError) -> Void = { _ in }) throws(InteropError) -> InteropDocument {
        // "+Inbox" always means the Inbox, whatever the importing store calls it.
        var document = InteropDocument(lists: [InteropList(name: "Inbox", isInbox: true)])
        // The first reading notes the subtasks' links (`id:`, `p:`), the second gives each todo its place.
        var noting = TodoTxtReader(zone: zone, now: now, today: today)
        var start = data.startIndex
        while start < data.endIndex {
            let end = data.index(start, offsetBy: progressInterval, limitedBy: data.endIndex) ?? data.endIndex
            _ = try noting.read(data[start..<end])
            try reportProgress((end - data.startIndex) / 2)
            start = end
        }
        _ = try noting.finish()
        var reader = TodoTxtReader(zone: zone, now: now, today: today, links: noting.resolvedLinks())
        start = data.startIndex
        while start < data.endIndex {
            let end = data.index(start, offsetBy: progressInterval, limitedBy: data.endIndex) ?? data.endIndex
            document.todos += try reader.read(data[start..<end])
            try reportProgress((data.count + end - data.startIndex) / 2)
            start = end
        }
        document.todos += try reader.finish()
        document.relativeDueDayCount = reader.relativeDueDayCount
        document.tally = reader.tally
        return document
    }

    /// Bytes read between two progress reports: often enough for a smooth bar, rarely enough to cost nothing.
    private static let progressInterval = 1 << 18

    /// Why one line cannot be imported.
    struct LineProblem: Error { var message: String }

    /// Parses one non-blank line, line `line` of its file: with `links`, its `id:` and `p:` words
    /// are noted (first reading) or taken out of the title for its place in the outline (second).
    static func todo(from text: String, days: inout DayCache, now: Date, line: Int = 0,
                     links: inout TodoTxtLinks?) throws(LineProblem) -> NewTodo {
        var rest = Substring(text)
        var todo = NewTodo(title: "")
        var completed: Date?
        var created: Date?
        var isDone = false
        if rest.hasPrefix("x ") {
            isDone = true
            rest = rest.dropFirst(2)
            if let day = try leadingDate(&rest, days: &days) {
                completed = day
                created = try leadingDate(&rest, days: &days)
            }
        } else {
            let bytes = Array(rest.utf8.prefix(4))
            if bytes.count == 4, bytes[0] == UInt8(ascii: "("), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[1]),
               bytes[2] == UInt8(ascii: ")"), bytes[3] == UInt8(ascii: " ") {
                todo.priority = priority(forLetter: bytes[1])
                rest = rest.dropFirst(4)
            }
            created = try leadingDate(&rest, days: &days)
        }
        var words = rest.split(separator: " ", omittingEmptySubsequences: false)
        if let index = words.lastIndex(where: isProject) {
            todo.listName = String(words.remove(at: index).dropFirst())
        }
        if let index = words.lastIndex(where: { $0.hasPrefix("due:") }) {
            var value = String(words[index].dropFirst(4))
            // A probe: a value that is not a real day may still be a relative day; the error is said below.
            if (try? Validation.due(value)) == nil {
                guard let resolved = RelativeDueDay.resolve(Substring(value), today: days.today) else {
                    // A day that does not exist (2026-02-30) needs no hint about relative days.
                    let isDateShaped = value.utf8.count == 10 && value.utf8.filter { $0 == UInt8(ascii: "-") }.count == 2
                    throw LineProblem(message: "invalid due date \(StoreError.quoted(value)): write due:YYYY-MM-DD, like due:2026-12-24"
                                      + (isDateShaped ? "" : " (or a relative day: due:tom, due:fri, due:2w)"))
                }
                value = resolved
                days.relativeDueDayCount += 1
            }
            todo.due = value
            words.remove(at: index)
        }
        if let index = words.lastIndex(where: { $0.hasPrefix("rec:") }) {
            guard let rule = recurrence(fromWord: words[index].dropFirst(4)) else {
                throw LineProblem(message: "invalid recurrence \(StoreError.quoted(String(words[index]))): write rec:1w, rec:2d, rec:1m, "
                                  + "rec:1y, or rec:+1w to count from the day it is done")
            }
            todo.recurrence = rule
            words.remove(at: index)
        }
        if let index = words.lastIndex(where: isThreshold) {
            todo.start = try threshold(words.remove(at: index).dropFirst(2), days: &days)
        }
        // Every @context that is a valid tag is a tag; other @words (`@`, `@123`) stay in the title.
        todo.tags = TodoTags.unique(words.compactMap { TodoTags.tag(inWord: $0, sign: "@") })
        words.removeAll { TodoTags.tag(inWord: $0, sign: "@") != nil }
        if let index = words.lastIndex(where: { $0.count == 5 && $0.hasPrefix("pri:") && $0.last!.isUppercase && $0.last!.isASCII }) {
            if todo.priority == 0 { todo.priority = priority(forLetter: words[index].utf8.last!) }
            words.remove(at: index)
        }
        if isDone, let index = words.lastIndex(of: Substring(cancelledWord)) {
            todo.statusMark = .cancelled
            words.remove(at: index)
        }
        if !isDone, let index = words.lastIndex(where: { word in startedWords.contains { $0 == word } }) {
            todo.statusMark = .inProcess
            words.remove(at: index)
        }
        if links?.isResolved == false { links?.note(line: line, titleWords: words) }
        if links?.isResolved == true { applyLinks(links?.place(ofLine: line), to: &todo, words: &words, tally: &days.tally) }
        todo.title = words.joined(separator: " ")
        guard !todo.title.allSatisfy(\.isWhitespace) else {
            throw LineProblem(message: "no title (only dates, a priority, @contexts, a +project or due: were found)")
        }
        // The same rules as every other way in, so a NUL is refused here with the line's number.
        do {
            try Validation.title(todo.title)
            _ = try Validation.listName(todo.listName)
        } catch {
            throw LineProblem(message: "\(error)")
        }
        todo.isCompletionDateKnown = !isDone || completed != nil
        if isDone { completed = completed ?? created ?? now }
        todo.completedAt = completed
        // Without a creation date a done todo was at least created by its completion; export leaves the date out again.
        todo.createdAt = created ?? (isDone ? completed : nil)
        todo.isCreationDateKnown = created != nil
        return todo
    }

    /// Gives `todo` its place in the outline and takes the words of the links that hold out of its
    /// title (unless nothing else would be left of it: then they stay, and the links hold all the
    /// same); every other `id:`/`p:` word stays, counted.
    private static func applyLinks(_ place: TodoTxtLinks.Place?, to todo: inout NewTodo, words: inout [Substring], tally: inout ImportTally) {
        var kept = words
        if let place {
            todo.uid = place.uid
            todo.parentUID = place.parentUID
            if place.parentUID != nil { tally.add(.subtaskLink) }
            kept.removeAll { word in TodoTxtLinks.value(of: word, after: "id:").map(place.ids.contains) ?? false }
            if let parent = place.parent, let index = kept.firstIndex(where: { TodoTxtLinks.value(of: $0, after: "p:") == parent }) {
                kept.remove(at: index)
            }
            if place.looping != nil { tally.add(.loopingLink) }
            if !kept.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { words = kept }
        }
        tally.add(.unmatchedLink, kept.count(where: TodoTxtLinks.isLinkWord) - (place?.looping != nil ? 1 : 0))
    }

    /// Day starts already worked out: a file repeats few dates.
    /// Also what relative due days count from, and how many were read.
    struct DayCache {
        let zone: LocalTime
        /// The day of the import, as a `CivilCalendar` day number.
        let today: Int
        /// Relative due days read so far.
        var relativeDueDayCount = 0
        /// Hidden lines skipped and thresholds kept as notes so far.
        var tally = ImportTally()
        private var starts: [Substring: Date?] = [:]

        init(zone: LocalTime, today: Int) {
            self.zone = zone
            self.today = today
        }

        mutating func start(of day: Substring) -> Date? {
            if let known = starts[day] { return known }
            // A probe: text that is not a real day is reported by the caller as a bad timestamp.
            var start: Date?
            if (try? Validation.dueDay(String(day))) != nil, let year = Int(day.prefix(4)), let month = Int(day.dropFirst(5).prefix(2)),
               let dayOfMonth = Int(day.suffix(2)) {
                start = zone.startOfDay(CivilCalendar.days(year: year, month: month, day: dayOfMonth))
            }
            starts[day] = start
            return start
        }
    }

    /// The word that marks a done line as cancelled (todo.txt has no cancelled state).
    static let cancelledWord = "status:cancelled"

    /// The words that mark an open line as started (todo.txt has no started state): the first is
    /// written (the word JSON's `"status"` uses), either is read.
    static let startedWords = ["status:in-process", "status:started"]

    /// todo.txt's `rec:` value for a rule made only of FREQ and INTERVAL (`1w`, `+2d`); nil for
    /// others (weekdays, COUNT…), which todo.txt cannot say: JSON keeps them.
    static func recurrenceWord(_ rule: RecurrenceRule) -> String? {
        var frequency: String?, interval = 1
        for part in rule.rrule.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2 else { return nil }
            switch pieces[0] {
            case "FREQ": frequency = ["DAILY": "d", "WEEKLY": "w", "MONTHLY": "m", "YEARLY": "y"][String(pieces[1])]
            case "INTERVAL": interval = Int(pieces[1]) ?? 1
            default: return nil
            }
        }
        guard let frequency else { return nil }
        return (rule.countsFromCompletion ? "+" : "") + "\(interval)\(frequency)"
    }

    /// A rule for a `rec:` value: `[+]N(d|w|m|y)`, N optional (1); nil when it is not one.
    static func recurrence(fromWord word: Substring) -> RecurrenceRule? {
        var rest = word
        let fromCompletion = rest.first == "+"
        if fromCompletion { rest = rest.dropFirst() }
        guard let unit = rest.last, let frequency = ["d": "DAILY", "w": "WEEKLY", "m": "MONTHLY", "y": "YEARLY"][String(unit)] else { return nil }
        let digits = rest.dropLast()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 3 else { return nil }
        let interval = digits.isEmpty ? 1 : Int(digits) ?? 0
        guard interval >= 1 else { return nil }
        let rrule = "FREQ=\(frequency)" + (interval > 1 ? ";INTERVAL=\(interval)" : "")
        return try? RecurrenceRule(rrule: rrule, countsFromCompletion: fromCompletion)
    }

    /// Whether a word is a `+project`.
    private static func isProject(_ word: Substring) -> Bool {
        word.count > 1 && word.hasPrefix("+") && !word.dropFirst().allSatisfy(\.isWhitespace)
    }

    /// Takes a `YYYY-MM-DD ` date off the front of `rest`; a date-shaped word that is not a real day is an error.
    private static func leadingDate(_ rest: inout Substring, days: inout DayCache) throws(LineProblem) -> Date? {
        let word = rest.prefix { $0 != " " }
        let shape = word.utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard word.utf8.count == 10, shape else { return nil }
        guard let date = days.start(of: word) else {
            throw LineProblem(message: "invalid date \(StoreError.quoted(String(word))): dates are YYYY-MM-DD, like 2026-11-29")
        }
        rest = rest.dropFirst(10)
        if rest.first == " " { rest = rest.dropFirst() }
        return date
    }

    /// `(A)` is Tick's high priority (3), `(B)` medium, `(C)` and below low.
    private static func priority(forLetter letter: UInt8) -> Int {
        max(1, 3 - Int(letter - UInt8(ascii: "A")))
    }

    private static func letter(forPriority priority: Int) -> Character {
        Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(3 - min(3, priority))))
    }

    /// todo.txt has one todo per line, so line breaks inside a title become spaces.
    private static func oneLine(_ title: String) -> String {
        func breaksLine(_ character: Character) -> Bool { character.unicodeScalars.contains { $0 == "\n" || $0 == "\r" } }
        guard title.contains(where: breaksLine) else { return title }
        return String(title.map { breaksLine($0) ? " " : $0 })
    }
}
