/// What an import of another tool's file did besides adding todos: what it mapped to a Tick field
/// under another name, records of the file it skipped, and fields Tick has no place for that it kept
/// as lines of a todo's notes, each counted by kind so the import's summary can say so ("mapped: 2
/// projects to lists; skipped 23 deleted tasks; kept as notes: 12 annotations").
public struct ImportTally: Equatable, Sendable {
    /// A kind of thing counted, with its name for people.
    public enum Kind: String, CaseIterable, Sendable {
        /// taskwarrior: projects, each become a list (counted once per project).
        case project
        /// taskwarrior: recurring tasks (a template and its occurrences), each become one recurring todo.
        case recurringSeries
        /// taskwarrior: UUIDs, each the UID of its todo.
        case uuid
        /// taskwarrior: deleted tasks, skipped.
        case deleted
        /// todo.txt: `h:1` lines, skipped.
        case hiddenLine
        /// taskwarrior: pending occurrences of a recurring task, which the one recurring todo stands for.
        case pendingOccurrence
        /// taskwarrior: annotations, kept with their dates.
        case annotation
        /// taskwarrior: user-defined attributes (`UDA name: value`).
        case userDefinedAttribute
        /// taskwarrior: `depends` (`Depends on: UUID, …`), one per UUID: those that did not make the
        /// task the parent of the one it waits on (that task had a parent already, or is not in the file).
        case dependency
        /// taskwarrior: `depends`, each making the task the parent of the task it waits on.
        case dependencyAsSubtask
        /// todo.txt: `p:N` links to a line with `id:N`, each making a subtask.
        case subtaskLink
        /// todo.txt: `id:` and `p:` words no other line matches, kept in the title.
        case unmatchedLink
        /// todo.txt: `p:` words that would have closed a loop of parents, kept in the title.
        case loopingLink
        /// taskwarrior: `parent`, the recurring task an occurrence belongs to (`Parent: UUID`).
        case parent
        /// taskwarrior: the later of `wait` and `scheduled`, the todo's start date.
        case startDate
        /// taskwarrior: `wait` kept as `Wait:` beside a later `scheduled`.
        case waitDate
        /// taskwarrior: `scheduled` kept as `Scheduled:` beside a later `wait`.
        case scheduledDate
        /// todo.txt: `t:YYYY-MM-DD` thresholds (start dates).
        case threshold
        /// taskwarrior: `start`, when the task was started (`Started:`).
        case startTime
        /// taskwarrior: `until`, when a task expires (`Until:`); a recurring task's ends its rule instead.
        case untilDate
        /// taskwarrior: a priority other than H, M, L (`Priority:`).
        case otherPriority
        /// taskwarrior: tags Tick cannot hold as tags (`Tags:`).
        case otherTag
        /// taskwarrior: a `recur` Tick cannot repeat, such as hourly (`Recurs:`).
        case otherRecurrence

        /// The count with its noun: "1 annotation", "12 annotations".
        public func counted(_ count: Int) -> String {
            let (one, many): (String, String) = switch self {
            case .project: ("project to a list", "projects to lists")
            case .recurringSeries: ("recurring task to a recurring todo", "recurring tasks to recurring todos")
            case .uuid: ("UUID to a UID", "UUIDs to UIDs")
            case .deleted: ("deleted task", "deleted tasks")
            case .hiddenLine: ("hidden line (h:1)", "hidden lines (h:1)")
            case .pendingOccurrence: ("pending occurrence of a recurring task", "pending occurrences of recurring tasks")
            case .annotation: ("annotation", "annotations")
            case .userDefinedAttribute: ("UDA", "UDAs")
            case .dependency: ("dependency", "dependencies")
            case .dependencyAsSubtask: ("dependency to a subtask", "dependencies to subtasks")
            case .subtaskLink: ("p: link to a subtask", "p: links to subtasks")
            case .unmatchedLink: ("id:/p: word no other line matches", "id:/p: words no other line matches")
            case .loopingLink: ("p: word that would make a loop of parents", "p: words that would make a loop of parents")
            case .parent: ("parent", "parents")
            case .startDate: ("wait or scheduled date to a start date", "wait or scheduled dates to start dates")
            case .waitDate: ("wait date", "wait dates")
            case .scheduledDate: ("scheduled date", "scheduled dates")
            case .threshold: ("threshold date (t:) to a start date", "threshold dates (t:) to start dates")
            case .startTime: ("start time", "start times")
            case .untilDate: ("until date", "until dates")
            case .otherPriority: ("priority other than H, M, L", "priorities other than H, M, L")
            case .otherTag: ("tag Tick cannot hold", "tags Tick cannot hold")
            case .otherRecurrence: ("recurrence Tick cannot repeat", "recurrences Tick cannot repeat")
            }
            return "\(count) \(count == 1 ? one : many)"
        }

        /// Whether this kind counts records left out, rather than fields kept as notes.
        public var isSkipped: Bool { self == .deleted || self == .hiddenLine || self == .pendingOccurrence }

        /// Whether this kind counts things mapped to a field Tick has under another name.
        public var isMapped: Bool {
            self == .project || self == .recurringSeries || self == .uuid || self == .dependencyAsSubtask || self == .subtaskLink
                || self == .threshold || self == .startDate
        }

        /// Whether this kind counts words left in titles as text.
        public var isKeptInTitle: Bool { self == .unmatchedLink || self == .loopingLink }
    }

    /// The counts, by kind (kinds never counted are absent).
    public private(set) var counts: [Kind: Int] = [:]

    /// Nothing counted.
    public init() {}

    /// Counts `count` more of `kind`.
    public mutating func add(_ kind: Kind, _ count: Int = 1) {
        guard count > 0 else { return }
        counts[kind, default: 0] += count
    }

    /// Adds every count of `other`.
    public mutating func add(_ other: ImportTally) {
        for (kind, count) in other.counts { add(kind, count) }
    }

    /// How many of `kind` were counted.
    public subscript(kind: Kind) -> Int { counts[kind] ?? 0 }

    /// Whether nothing was counted.
    public var isEmpty: Bool { counts.isEmpty }

    /// What an import summary adds: "; mapped: 2 projects to lists; skipped 23 deleted tasks; kept
    /// as notes: 12 annotations, 3 UDAs; kept in titles: 1 id:/p: word no other line matches",
    /// kinds in a fixed order; empty when nothing was counted.
    public var summary: String {
        let mapped = Kind.allCases.filter { $0.isMapped && self[$0] > 0 }.map { $0.counted(self[$0]) }
        let skipped = Kind.allCases.filter { $0.isSkipped && self[$0] > 0 }.map { $0.counted(self[$0]) }
        let inTitles = Kind.allCases.filter { $0.isKeptInTitle && self[$0] > 0 }.map { $0.counted(self[$0]) }
        let kept = Kind.allCases.filter { !$0.isSkipped && !$0.isMapped && !$0.isKeptInTitle && self[$0] > 0 }.map { $0.counted(self[$0]) }
        var text = ""
        if !mapped.isEmpty { text += "; mapped: " + mapped.joined(separator: ", ") }
        if !skipped.isEmpty { text += "; skipped " + skipped.joined(separator: ", ") }
        if !kept.isEmpty { text += "; kept as notes: " + kept.joined(separator: ", ") }
        if !inTitles.isEmpty { text += "; kept in titles: " + inTitles.joined(separator: ", ") }
        return text
    }
}

/// The lines an import adds to a todo's notes for what Tick has no field for: first the dated
/// annotations, then, after a blank line, one `Name: value` line per field, which a program can read
/// back (`Starts: 2026-12-05` is the start date a later Tick lifts into its own field).
public struct KeptNotes: Equatable, Sendable {
    /// The name of the line that holds a start date (`Starts: 2026-12-05`, `Starts: 2026-12-05 09:00`).
    public static let startsName = "Starts"

    /// Annotations, each `2026-12-02 08:30 text`.
    public var annotations: [String] = []
    /// `Name: value` lines in order.
    public var fields: [(name: String, value: String)] = []
    /// What was kept, counted.
    public var tally = ImportTally()

    /// Nothing kept.
    public init() {}

    /// Keeps `value` as the line `name: value`, counted as `kind`.
    public mutating func keep(_ name: String, _ value: String, as kind: ImportTally.Kind, count: Int = 1) {
        fields.append((name, value))
        tally.add(kind, count)
    }

    /// The notes: `existing` (the file's own notes, if any), the annotations, then the fields.
    public func notes(after existing: String = "") -> String {
        var blocks: [String] = []
        if !existing.isEmpty { blocks.append(existing) }
        if !annotations.isEmpty { blocks.append(annotations.joined(separator: "\n")) }
        if !fields.isEmpty { blocks.append(fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")) }
        return blocks.joined(separator: "\n\n")
    }

    /// The start date the first `Starts:` line of `notes` holds (`2026-12-05`, or `2026-12-05 09:00`
    /// with a time), or nil when there is none or it is not a real day.
    public static func startDate(in notes: String) -> Substring? {
        let prefix = startsName + ": "
        guard let line = notes.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        let value = line.dropFirst(prefix.count)
        guard (try? Validation.dueDay(String(value.prefix(10)))) != nil else { return nil }
        guard value.utf8.count == 10 || (value.utf8.count == 16 && DueText.minutes(of: value.prefix(10) + "T" + value.suffix(5)) != nil) else {
            return nil
        }
        return value
    }

    /// Equal when they keep the same lines.
    public static func == (lhs: KeptNotes, rhs: KeptNotes) -> Bool {
        lhs.annotations == rhs.annotations && lhs.tally == rhs.tally
            && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
}
