import FoundationEssentials

/// One task of a taskwarrior export (`task export`, taskwarrior 2.6 and 3.x) as Tick reads it: its
/// status and recurrence links, and the todo it becomes.
///
/// | taskwarrior | Tick |
/// |---|---|
/// | `description` | title |
/// | `project` | list; a dotted `Work.Reports` is the list `Work/Reports`; none: the Inbox |
/// | `tags` | tags (one Tick cannot hold: `Tags:` in the notes) |
/// | `priority` H, M, L | high, medium, low (another: `Priority:`) |
/// | `due` | due, with its local time of day unless it is local midnight |
/// | `entry`, `end`, `modified` | created, completed, modified |
/// | `uuid` | UID: importing the export again updates these todos |
/// | `recur` (+`until`, `rtype` chained) | the rule (one Tick cannot repeat: `Recurs:`) |
/// | `annotations` | notes, one line each with its local date and time |
/// | `wait`, `scheduled` | the start date (the later of the two; the other as `Wait:` or `Scheduled:`) |
/// | `start`, `until` | `Started:`, `Until:` |
/// | `depends` | subtasks: a task is the parent of the tasks of its project it depends on (see `TaskwarriorDependencies`; the rest `Depends on: UUID, …`) |
/// | `parent` (the recurring task of an occurrence) | `Parent: UUID` |
/// | any other attribute (UDAs) | `UDA name: value` |
///
/// `id`, `urgency`, `mask`, `imask` and `rtype` periodic are taskwarrior's bookkeeping, derived or
/// recomputed, and are not kept.
struct TaskwarriorTask {
    /// Taskwarrior's task states.
    enum Status: String, CaseIterable {
        case pending, completed, deleted, waiting, recurring
    }

    /// The task's status.
    var status: Status
    /// The task's UUID, or nil when the file gives none.
    var uuid: String?
    /// The recurring task this is an occurrence of (`parent`), or nil.
    var parent: String?
    /// The line the task starts on.
    var line: Int
    /// What it becomes in Tick, notes and all.
    var todo: NewTodo
    /// What its notes keep, counted.
    var kept: ImportTally
    /// The rule its `recur` gives (an occurrence's is its series'), or nil.
    var seriesRule: RecurrenceRule?
    /// The UUIDs it depends on (`depends`), all of them.
    var dependsOn: [String]

    /// Attributes Tick reads or deliberately leaves (derived or bookkeeping); every other one is a UDA.
    static let knownAttributes: Set<String> = [
        "id", "uuid", "description", "status", "entry", "modified", "end", "due", "until", "wait", "scheduled", "start",
        "recur", "mask", "imask", "parent", "template", "last", "project", "priority", "tags", "annotations", "depends",
        "urgency", "rtype",
    ]

    /// Reads the task `node` holds; `times` puts its dates in the local zone, `now` stands in for a
    /// completion time it lacks; resolved `dependencies` give it its parent and leave the
    /// dependencies that made subtasks out of its notes.
    init(_ node: JSONNode, times: TaskwarriorTime, now: Date, dependencies: TaskwarriorDependencies = TaskwarriorDependencies()) throws(InteropError) {
        guard case .object(let members) = node.value else {
            throw InteropError(line: node.line, problem: "a task must be an object, not \(node.value.kindName)")
        }
        let fields = TaskwarriorFields(members, line: node.line)
        line = node.line
        guard let description = try fields.string("description") else {
            throw InteropError(line: node.line, problem: "a task needs a \"description\"")
        }
        guard let statusText = try fields.string("status") else { throw InteropError(line: node.line, problem: "a task needs a \"status\"") }
        guard let status = Status(rawValue: statusText) else {
            throw InteropError(line: fields.line(of: "status"), problem: "\"status\" is \(JSONText.quoted(statusText)); taskwarrior's are "
                               + Status.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.status = status
        uuid = try fields.uuid("uuid")
        let template = try fields.uuid("template")  // taskwarrior 3's proposed name for `parent`
        parent = try fields.uuid("parent") ?? template

        var todo = NewTodo(title: description)
        var notes = KeptNotes()
        if let project = try fields.string("project"), !project.isEmpty {
            todo.listName = String(project.map { $0 == "." ? "/" : $0 })
        }
        todo.uid = uuid
        todo.createdAt = try fields.time("entry")
        todo.modifiedAt = try fields.time("modified")
        if status == .completed {
            todo.completedAt = try fields.time("end") ?? todo.modifiedAt ?? now
        }
        if let due = try fields.time("due") { todo.due = times.due(due) }

        var otherPriority: String?
        switch try fields.string("priority") ?? "" {
        case "": break
        case "H": todo.priority = 3
        case "M": todo.priority = 2
        case "L": todo.priority = 1
        case let other: otherPriority = other
        }

        var otherTags: [String] = []
        for tag in try fields.strings("tags") ?? [] {
            if TodoTags.isTag(tag) { todo.tags.append(tag) } else { otherTags.append(tag) }
        }
        todo.tags = TodoTags.unique(todo.tags)

        for annotation in try fields.array("annotations") ?? [] {
            guard case .object(let annotationMembers) = annotation.value else {
                throw InteropError(line: annotation.line, problem: "an annotation must be an object, not \(annotation.value.kindName)")
            }
            let annotationFields = TaskwarriorFields(annotationMembers, line: annotation.line)
            let text = try annotationFields.string("description") ?? ""
            let date = try annotationFields.time("entry").map(times.noteText)
            notes.annotations.append([date, text].compactMap { $0 }.joined(separator: " "))
            notes.tally.add(.annotation)
        }

        let wait = try fields.time("wait"), scheduled = try fields.time("scheduled")
        if let start = [wait, scheduled].compactMap({ $0 }).max() {
            // The later of the two is when the task is both shown and ready: its start date.
            todo.start = times.due(start)
            notes.tally.add(.startDate)
            if let wait, let scheduled, wait != scheduled {
                let (other, name) = wait < scheduled ? (wait, "Wait") : (scheduled, "Scheduled")
                notes.fields.append((name, times.noteText(other)))
                notes.tally.add(wait < scheduled ? .waitDate : .scheduledDate)
            }
        }
        if let started = try fields.time("start") { notes.keep("Started", times.noteText(started), as: .startTime) }

        // Recurrence belongs to the series: an occurrence's copies of it are the template's, used
        // only when the template is not in the file.
        let until = try fields.time("until")
        if let recur = try fields.string("recur") {
            let untilDay = until.map { String(times.due($0).prefix(10)) }
            let isChained = try fields.string("rtype") == "chained"
            seriesRule = TaskwarriorRecurrence.rule(for: recur, untilDay: untilDay, countsFromCompletion: isChained)
            if parent == nil {
                todo.recurrence = seriesRule
                if seriesRule == nil { notes.keep("Recurs", recur, as: .otherRecurrence) }
            }
        }
        if parent == nil, let until, todo.recurrence == nil { notes.keep("Until", times.noteText(until), as: .untilDate) }
        if let otherPriority { notes.keep("Priority", otherPriority, as: .otherPriority) }
        if !otherTags.isEmpty { notes.keep("Tags", otherTags.joined(separator: ", "), as: .otherTag, count: otherTags.count) }

        dependsOn = try fields.uuids("depends")
        let uuid = uuid
        let waiting = dependsOn.filter { !dependencies.isMapped($0, of: uuid) }
        notes.tally.add(.dependencyAsSubtask, dependsOn.count - waiting.count)
        if !waiting.isEmpty { notes.keep("Depends on", waiting.joined(separator: ", "), as: .dependency, count: waiting.count) }
        todo.parentUID = dependencies.parent(of: uuid)
        if let parent { notes.keep("Parent", parent, as: .parent) }

        for (name, value) in members where !Self.knownAttributes.contains(name) && value.value != .null {
            notes.keep("UDA " + TaskwarriorFields.oneLine(name), TaskwarriorFields.text(of: value.value), as: .userDefinedAttribute)
        }
        todo.notes = notes.notes()
        kept = notes.tally
        do {
            try Validation.title(todo.title)
            try Validation.notes(todo.notes)
            _ = try Validation.listName(todo.listName)
        } catch {
            throw InteropError(line: node.line, problem: "\(error)")
        }
        self.todo = todo
    }
}

/// The members of one taskwarrior object, read with type checks that name the attribute and its line.
struct TaskwarriorFields {
    private let fields: JSONObjectFields

    init(_ members: [(key: String, node: JSONNode)], line: Int) {
        fields = JSONObjectFields(members, line: line, what: "a task")
    }

    func line(of key: String) -> Int { fields.line(of: key) }

    private func value(_ key: String) -> JSONNode? { fields.value(key) }

    private func mismatch(_ key: String, _ node: JSONNode, _ wanted: String) -> InteropError { fields.mismatch(key, node, wanted) }

    func string(_ key: String) throws(InteropError) -> String? { try fields.string(key) }

    func array(_ key: String) throws(InteropError) -> [JSONNode]? { try fields.array(key) }

    /// An array of strings, or (as taskwarrior before 2.6 wrote `depends` and tags) one string of
    /// comma-separated values.
    func strings(_ key: String) throws(InteropError) -> [String]? {
        guard let node = value(key) else { return nil }
        switch node.value {
        case .string(let text): return text.split(separator: ",").map(String.init)
        case .array(let elements):
            var strings: [String] = []
            for element in elements {
                guard case .string(let text) = element.value else { throw mismatch(key, element, "an array of strings") }
                strings.append(text)
            }
            return strings
        default: throw mismatch(key, node, "an array of strings")
        }
    }

    /// A UUID (`959f02fb-e991-4ebd-bbe9-62909234c9bb`), or nil when absent.
    func uuid(_ key: String) throws(InteropError) -> String? {
        guard let text = try string(key) else { return nil }
        guard TaskwarriorUUID(text) != nil else {
            throw InteropError(line: line(of: key), problem: "\"\(key)\" must be a UUID like 959f02fb-e991-4ebd-bbe9-62909234c9bb, not \(JSONText.quoted(text))")
        }
        return text
    }

    /// UUIDs, as an array or a comma-separated string.
    func uuids(_ key: String) throws(InteropError) -> [String] {
        let texts = try strings(key) ?? []
        for text in texts where TaskwarriorUUID(text) == nil {
            throw InteropError(line: line(of: key), problem: "\"\(key)\" must hold UUIDs like 959f02fb-e991-4ebd-bbe9-62909234c9bb, not \(JSONText.quoted(text))")
        }
        return texts
    }

    func time(_ key: String) throws(InteropError) -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = TaskwarriorTime.instant(text) else {
            throw InteropError(line: line(of: key), problem: "\"\(key)\" must be a time like 20261202T083000Z, not \(JSONText.quoted(text))")
        }
        return date
    }

    /// A value as one line of notes: a string as it is (quoted when it holds a line break or
    /// control character), anything else as compact JSON.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): return oneLine(text)
        case .number(let text): return text
        case .bool(let flag): return String(flag)
        case .null: return "null"
        case .array(let elements): return "[" + elements.map { json($0.value) }.joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { JSONText.quoted($0.key) + ":" + json($0.node.value) }.joined(separator: ",") + "}"
        }
    }

    /// `text`, or its JSON string literal when it holds a line break or control character.
    static func oneLine(_ text: String) -> String {
        text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}" } ? JSONText.quoted(text) : text
    }

    private static func json(_ value: JSONValue) -> String {
        if case .string(let text) = value { return JSONText.quoted(text) }
        return text(of: value)
    }
}

/// A UUID's 128 bits, so a big export's UUIDs can be remembered in little memory.
struct TaskwarriorUUID: Hashable {
    var high: UInt64
    var low: UInt64

    /// The UUID `text` spells (8-4-4-4-12 hexadecimal digits), or nil.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 36, [8, 13, 18, 23].allSatisfy({ bytes[$0] == UInt8(ascii: "-") }) else { return nil }
        var value: [UInt64] = [0, 0]
        var digits = 0
        for (index, byte) in bytes.enumerated() where ![8, 13, 18, 23].contains(index) {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value[digits / 16] = value[digits / 16] << 4 | UInt64(digit)
            digits += 1
        }
        high = value[0]
        low = value[1]
    }
}
