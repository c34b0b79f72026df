import FoundationEssentials
import TodoStore

/// A todo as iCalendar (RFC 5545) carries it in a VTODO, in Tick's terms: what `VTodoReader` reads
/// out of a VTODO and `VTodoWriter` writes into one. Only the properties Tick knows are here; the
/// others stay in the VTODO's text (see `VTodoRewriter`).
public struct CalendarTodo: Equatable, Hashable, Sendable {
    /// UID: the todo's name on every device.
    public var uid: String
    /// SUMMARY.
    public var title: String
    /// DESCRIPTION, empty when there is none.
    public var notes: String
    /// PRIORITY on Tick's scale: 0 none, 1 low, 2 medium, 3 high (see `CalendarPriority`).
    public var priority: Int
    /// DUE: `YYYY-MM-DD` for a DATE, `YYYY-MM-DDTHH:MM` local wall time for a DATE-TIME.
    public var due: String?
    /// When it was done (COMPLETED), or nil while open. STATUS:COMPLETED or CANCELLED without a
    /// COMPLETED property, and PERCENT-COMPLETE:100 without a STATUS (RFC 5545 reads 100 as
    /// completed), count as done at LAST-MODIFIED (else DTSTAMP, else CREATED).
    public var completedAt: Date?
    /// Whether `completedAt` is not the VTODO's own (done without a COMPLETED: the time is
    /// LAST-MODIFIED's, else DTSTAMP's or CREATED's). Such a time moves whenever a change rewrites
    /// LAST-MODIFIED, so it is not compared (`Field.isSame`): a todo done as before is not written
    /// again for it, and its status lines stay as the other client wrote them.
    public var isCompletionTimeInferred = false
    /// STATUS:CANCELLED: finished without being done (`completedAt` is set too).
    public var isCancelled: Bool
    /// STATUS:IN-PROCESS on an open todo: started.
    public var isInProcess: Bool
    /// PERCENT-COMPLETE (0–100), nil when the VTODO has none.
    public var percentComplete: Int?
    /// CREATED.
    public var createdAt: Date?
    /// LAST-MODIFIED: which side of a conflict wins (see `TodoMerge`).
    public var lastModified: Date?
    /// CATEGORIES, as tags (see `CalendarTags`).
    public var tags: [String]
    /// RRULE, the rule's text as the todo stores it.
    public var rrule: String?
    /// Whether the next occurrence counts from the completion day (`X-TICK-RECUR-FROM-COMPLETION`;
    /// RFC 5545 has no word for it).
    public var recursFromCompletion: Bool
    /// The list (`X-TICK-LIST`, else the file's `X-WR-CALNAME`), nil for none.
    public var listName: String?
    /// X-APPLE-SORT-ORDER: the place in the list's manual order, lower first.
    public var sortOrder: Int64?
    /// X-TICK-FLAGGED:TRUE.
    public var isFlagged: Bool
    /// The parent's UID (`RELATED-TO;RELTYPE=PARENT`, or RELATED-TO without RELTYPE, which RFC 5545
    /// reads as a parent), nil for none; other RELTYPEs are another client's, kept as written.
    public var parentUID: String?
    /// The VALARMs Tick can show, as reminders (see `CalendarAlarms`), sorted, each once.
    public var reminders: [Reminder] = []
    /// DTSTART in Tick's due notation (`YYYY-MM-DD` for a DATE, `YYYY-MM-DDTHH:MM` local wall time
    /// for a DATE-TIME), nil for none; the DTSTART RFC 5545 requires beside an RRULE, on the due
    /// itself, is no start (see `VTodoReader.start`).
    public var start: String?

    /// Whether the todo is done (completed or cancelled).
    public var isDone: Bool { completedAt != nil }

    /// A todo with every field given; by default open, unflagged, without dates, tags or list.
    public init(uid: String, title: String, notes: String = "", priority: Int = 0, due: String? = nil,
                completedAt: Date? = nil, isCancelled: Bool = false, createdAt: Date? = nil, lastModified: Date? = nil,
                tags: [String] = [], rrule: String? = nil, recursFromCompletion: Bool = false, listName: String? = nil, sortOrder: Int64? = nil,
                isFlagged: Bool = false, isInProcess: Bool = false, percentComplete: Int? = nil, parentUID: String? = nil) {
        self.uid = uid
        self.title = title
        self.notes = notes
        self.priority = priority
        self.due = due
        self.completedAt = completedAt
        self.isCancelled = isCancelled
        self.createdAt = createdAt
        self.lastModified = lastModified
        self.tags = tags
        self.rrule = rrule
        self.recursFromCompletion = recursFromCompletion
        self.listName = listName
        self.sortOrder = sortOrder
        self.isFlagged = isFlagged
        self.isInProcess = isInProcess
        self.percentComplete = percentComplete
        self.parentUID = parentUID
    }

    /// A stored todo as a VTODO carries it: its list's name and its place in the list's order
    /// (its position) go with it; `lastModified` is the time of its last change, when known.
    public init(_ item: TodoItem, listName: String, lastModified: Date? = nil) {
        self.init(uid: item.uid, title: item.title, notes: item.notes, priority: item.priority, due: item.due,
                  completedAt: item.completedAt, isCancelled: item.status == .cancelled, createdAt: item.createdAt, lastModified: lastModified, tags: item.tags,
                  rrule: item.recurrence?.rrule, recursFromCompletion: item.recurrence?.countsFromCompletion ?? false, listName: listName, sortOrder: item.position, isFlagged: item.isFlagged,
                  isInProcess: item.status == .inProcess, percentComplete: item.percentComplete, parentUID: item.parentUID)
        reminders = item.reminders
        start = item.start
    }

    /// The todo to import, into `listName` when the VTODO names no list, last modified at its
    /// LAST-MODIFIED (when it has one); throws the store's reason
    /// when its RRULE is one Tick cannot follow.
    public func newTodo(defaultListName: String) throws(StoreError) -> NewTodo {
        var todo = NewTodo(title: title, notes: notes, listName: listName ?? defaultListName, priority: priority, due: due,
                           isFlagged: isFlagged, createdAt: createdAt, completedAt: completedAt, tags: tags)
        todo.uid = uid
        todo.modifiedAt = lastModified
        // Updating a todo stored done, the store keeps its time rather than this guess (an inferred
        // time moves whenever the other client rewrites LAST-MODIFIED, a title edit).
        todo.isCompletionTimeInferred = isCompletionTimeInferred && completedAt != nil
        todo.statusMark = isCancelled && completedAt != nil ? .cancelled : isInProcess && completedAt == nil ? .inProcess : nil
        todo.percentComplete = percentComplete
        todo.parentUID = parentUID
        todo.reminders = reminders
        todo.start = start
        todo.recurrence = try rrule.map { rule throws(StoreError) in try RecurrenceRule(rrule: rule, countsFromCompletion: recursFromCompletion) }
        return todo
    }
}

extension CalendarTodo {
    /// The fields Tick reads and writes, each a group of properties replaced as a whole when its
    /// value changes (`VTodoRewriter`) and merged as one (`TodoMerge`).
    public enum Field: String, CaseIterable, Sendable {
        /// Each names the `CalendarTodo` property (or two) it covers; `status` is done, its time,
        /// cancelled, started and PERCENT-COMPLETE; `reminders` are VALARM components, not
        /// properties (last, since a VTODO's components follow its properties).
        case title, notes, priority, due, status, created, tags, rrule, list, sortOrder, flag, parent, start, reminders

        /// The properties of the group: every line of these goes when the field is written again.
        public var propertyNames: [String] {
            switch self {
            case .title: ["SUMMARY"]
            case .notes: ["DESCRIPTION"]
            case .priority: ["PRIORITY"]
            case .due: ["DUE"]
            // PERCENT-COMPLETE goes with the status: written again (or left out) whenever it changes.
            case .status: ["STATUS", "COMPLETED", "PERCENT-COMPLETE"]
            case .created: ["CREATED"]
            case .tags: ["CATEGORIES"]
            case .rrule: ["RRULE", "X-TICK-RECUR-FROM-COMPLETION"]
            case .list: ["X-TICK-LIST"]
            case .sortOrder: ["X-APPLE-SORT-ORDER"]
            case .flag: ["X-TICK-FLAGGED"]
            // Only its parent lines (`owns`): RELATED-TO of another RELTYPE stays as written.
            case .parent: ["RELATED-TO"]
            // Components: the rewriter removes and adds whole VALARMs (`VTodoRewriter`).
            // DTSTART is written with the DUE and RRULE in mind (`VTodoRewriter`, `TodoStart`).
            case .start: ["DTSTART"]
            case .reminders: []
            }
        }

        /// Whether a line named in `propertyNames` belongs to this field: every one does, except
        /// that the parent is only a RELATED-TO without RELTYPE or with RELTYPE=PARENT.
        func owns(_ line: ContentLine) -> Bool {
            guard propertyNames.contains(line.name) else { return false }
            guard self == .parent else { return true }
            return CalendarTodo.isParentRelation(line.unfolded)
        }

        /// Whether `a` and `b` hold the same value for this field as Tick reads it: times to the
        /// second (iCalendar has no finer), tags as a set ignoring ASCII case as the store compares them.
        public func isSame(_ a: CalendarTodo, _ b: CalendarTodo) -> Bool {
            switch self {
            case .title: a.title == b.title
            case .notes: a.notes == b.notes
            case .priority: a.priority == b.priority
            case .due: a.due == b.due
            case .status:
                a.isDone == b.isDone && a.isCancelled == b.isCancelled
                    && (a.isCompletionTimeInferred || b.isCompletionTimeInferred || Self.seconds(a.completedAt) == Self.seconds(b.completedAt))
                    && a.isInProcess == b.isInProcess && a.percentComplete == b.percentComplete
            case .created: Self.seconds(a.createdAt) == Self.seconds(b.createdAt)
            case .tags: Set(a.tags.map(TodoTags.key)) == Set(b.tags.map(TodoTags.key))
            case .rrule: a.rrule == b.rrule && a.recursFromCompletion == b.recursFromCompletion
            case .list: a.listName == b.listName
            case .sortOrder: a.sortOrder == b.sortOrder
            case .flag: a.isFlagged == b.isFlagged
            case .parent: a.parentUID == b.parentUID
            case .start: a.start == b.start
            case .reminders: Reminder.unique(a.reminders) == Reminder.unique(b.reminders)
            }
        }

        /// `target` with this field's value taken from `source`.
        public func copy(from source: CalendarTodo, into target: CalendarTodo) -> CalendarTodo {
            var result = target
            switch self {
            case .title: result.title = source.title
            case .notes: result.notes = source.notes
            case .priority: result.priority = source.priority
            case .due: result.due = source.due
            case .status:
                result.completedAt = source.completedAt
                result.isCompletionTimeInferred = source.isCompletionTimeInferred
                result.isCancelled = source.isCancelled
                result.isInProcess = source.isInProcess
                result.percentComplete = source.percentComplete
            case .created: result.createdAt = source.createdAt
            case .tags: result.tags = source.tags
            case .rrule:
                result.rrule = source.rrule
                result.recursFromCompletion = source.recursFromCompletion
            case .list: result.listName = source.listName
            case .sortOrder: result.sortOrder = source.sortOrder
            case .flag: result.isFlagged = source.isFlagged
            case .parent: result.parentUID = source.parentUID
            case .start: result.start = source.start
            case .reminders: result.reminders = source.reminders
            }
            return result
        }

        static func seconds(_ date: Date?) -> Int64? { date.map { Int64($0.timeIntervalSince1970.rounded(.down)) } }
    }
}

extension CalendarTodo {
    /// Whether an unfolded RELATED-TO line names a parent: no RELTYPE parameter, or RELTYPE=PARENT
    /// (in any case, quoted or not).
    static func isParentRelation(_ unfolded: String) -> Bool {
        let end = VTodoReader.valueStart(unfolded).map { unfolded.index(before: $0) } ?? unfolded.endIndex
        let parameters = unfolded[..<end].split(separator: ";").dropFirst()
        guard let relType = parameters.first(where: { $0.uppercased().hasPrefix("RELTYPE=") }) else { return true }
        return relType.dropFirst("RELTYPE=".count).filter { $0 != "\"" }.uppercased() == "PARENT"
    }
}

/// PRIORITY (RFC 5545: 1 highest … 9 lowest, 0 undefined) against Tick's none, low, medium, high.
public enum CalendarPriority {
    /// The PRIORITY written for a Tick priority: high 1, medium 5, low 9, none 0 (nothing written).
    public static func icalendar(_ priority: Int) -> Int {
        switch priority {
        case ...0: 0
        case 1: 9
        case 2: 5
        default: 1
        }
    }

    /// Tick's priority for a PRIORITY: 1–4 high, 5 medium, 6–9 low, 0 (and anything else) none.
    public static func tick(_ value: Int) -> Int {
        switch value {
        case 1...4: 3
        case 5: 2
        case 6...9: 1
        default: 0
        }
    }
}

/// CATEGORIES against Tick's tags: a tag is letters, digits, `-` and `_` (see `TodoTags`), a
/// category any text. A category is shown as the tag it makes (`Q4 Planning` is `#Q4-Planning`,
/// found by searching `#Q4-Planning`), and written back as it was while the tag stays
/// (`rewrittenLines(_:for:)`).
public enum CalendarTags {
    /// The tag a category becomes: every run of characters a tag cannot hold becomes one `-`, with
    /// none at either end ("Errands & shopping" is `Errands-shopping`); nil when nothing is left
    /// that makes a tag (a category of only punctuation, or without a letter).
    public static func tag(forCategory category: String) -> String? {
        var kept = String.UnicodeScalarView()
        var pendingDash = false
        for scalar in category.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal || scalar == "-" || scalar == "_" {
                if pendingDash, !kept.isEmpty { kept.append("-") }
                pendingDash = false
                kept.append(scalar)
            } else {
                pendingDash = true
            }
        }
        var text = String(kept)
        while text.count > TodoTags.maximumLength { text.removeLast() }
        let tag = text
        return TodoTags.isTag(tag) ? tag : nil
    }

    /// The tags of `categories` (CATEGORIES values in order), each once.
    public static func tags(forCategories categories: [String]) -> [String] {
        TodoTags.unique(categories.compactMap(tag(forCategory:)))
    }
}
