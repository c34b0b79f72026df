import FoundationEssentials

/// Tick's JSON format: every field of every todo, and the lists with their order and state.
///
/// ```json
/// {
///   "format": "tick", "version": 1,
///   "lists": [
///     {"name": "Inbox", "inbox": true, "collapsed": false}
///   ],
///   "todos": [
///     {"id": 1, "list": "Inbox", "title": "Buy milk", "notes": "", "priority": 0, "due": null, "flagged": false,
///      "done": false, "created": "2026-11-29T19:32:03.123Z", "completed": null, "tags": ["home"],
///      "uid": "6F2C…"}
///     (a recurring todo adds "rrule": "FREQ=WEEKLY;BYDAY=MO,TH", "rrule_from_completion": false; a
///     started or cancelled one "status": "in-process" or "cancelled"; one that says how far along
///     it is "percent_complete": 40; one with reminders "reminders": ["due-15", "2026-12-04T09:00"]; a
///     subtask "parent": 1, its parent's "id", or "parent_uid" for a parent not in its list: see
///     `JSONParentLinks`; one with a start date "start": "2026-12-09" or "2026-12-09T09:00")
///   ]
/// }
/// ```
/// One list or todo per line, so files diff well and import errors point at the todo. An import also
/// accepts a bare array of todos (what `tick ls --json` prints); only `title` is required.
public enum JSONFormat {
    /// The version this Tick writes and the newest it reads.
    public static let version = 1

    /// One todo as a one-line JSON object; a subtask's `parentID` (its parent in effect) adds
    /// `"parent"`, and a parent not in effect (in another list, or not there) `"parent_uid"`.
    public static func todoObject(_ item: TodoItem, listName: String, parentID: Int64? = nil) -> String {
        JSONText.object([
            ("id", String(item.id)), ("list", JSONText.quoted(listName)), ("title", JSONText.quoted(item.title)),
            ("notes", JSONText.quoted(item.notes)), ("priority", String(item.priority)), ("due", JSONText.optional(item.due)),
            ("flagged", String(item.isFlagged)), ("done", String(item.isDone)),
            ("created", JSONText.quoted(Timestamp.iso(item.createdAt))),
            ("completed", JSONText.optional(item.completedAt.map(Timestamp.iso))),
            ("tags", "[" + item.tags.map(JSONText.quoted).joined(separator: ", ") + "]"),
        ] + (item.uid.isEmpty ? [] : [("uid", JSONText.quoted(item.uid))]) + recurrenceMembers(item.recurrence) + statusMembers(item)
            + (parentID.map { [("parent", String($0))] } ?? item.parentUID.map { [("parent_uid", JSONText.quoted($0))] } ?? [])
            + (item.reminders.isEmpty ? [] : [("reminders", "[" + item.reminders.map { JSONText.quoted($0.stored) }.joined(separator: ", ") + "]")])
            + (item.start.map { [("start", JSONText.quoted($0))] } ?? []))
    }

    /// `"status"` for a started or cancelled todo (open and done are `"done"` already) and
    /// `"percent_complete"` when the todo has one: other todos are written as before version 10.
    static func statusMembers(_ item: TodoItem) -> [(String, String)] {
        var members: [(String, String)] = []
        if item.status == .inProcess || item.status == .cancelled { members.append(("status", JSONText.quoted(item.status.rawValue))) }
        if let percent = item.percentComplete { members.append(("percent_complete", String(percent))) }
        return members
    }

    /// `"rrule"` (RFC 5545, as a CalDAV server takes it) and `"rrule_from_completion"`, for a
    /// recurring todo only: a todo that does not recur is written as before version 7.
    static func recurrenceMembers(_ rule: RecurrenceRule?) -> [(String, String)] {
        guard let rule else { return [] }
        return [("rrule", JSONText.quoted(rule.rrule)), ("rrule_from_completion", String(rule.countsFromCompletion))]
    }

    /// Writes the whole store through `write`, a line at a time; returns the number of todos.
    @discardableResult
    public static func export(_ store: TodoStore, to write: (String) throws -> Void) throws -> Int {
        try write("{\n  \"format\": \"tick\",\n  \"version\": \(version),\n  \"lists\": [")
        let lists = try store.exportLists()
        for (index, list) in lists.enumerated() {
            let object = JSONText.object([("name", JSONText.quoted(list.name)), ("inbox", String(list.isInbox)),
                                          ("collapsed", String(list.isCollapsed))])
            try write((index == 0 ? "\n    " : ",\n    ") + object)
        }
        try write("\n  ],\n  \"todos\": [")
        var count = 0
        try store.forEachTodoForExport { item, list, _, outline in
            try write((count == 0 ? "\n    " : ",\n    ") + todoObject(item, listName: list.name, parentID: outline.parentID))
            count += 1
        }
        try write(count == 0 ? "]\n}\n" : "\n  ]\n}\n")
        return count
    }

    /// Reads a document, checking every field; `now` stands in for missing creation times and for
    /// todos marked done without a completion time.
    public static func decode(_ data: Data, now: Date = Date()) throws(InteropError) -> InteropDocument {
        let root = try JSONParser.parse(data)
        let (lists, todoNodes) = try header(of: root)
        var document = InteropDocument(lists: lists)
        let inboxName = lists.first(where: \.isInbox)!.name
        document.todos.reserveCapacity(todoNodes.count)
        var uids = UIDsSeen()
        var links = JSONParentLinks()
        for node in todoNodes {
            let todo = try decodeTodo(node, inboxName: inboxName, now: now)
            try uids.check(todo, line: node.line)
            try links.note(todo, fields: try JSONObjectFields(object: node, what: "a todo"))
            document.todos.append(todo)
        }
        try links.resolve()
        for (index, node) in todoNodes.enumerated() {
            try links.apply(to: &document.todos[index], fields: try JSONObjectFields(object: node, what: "a todo"))
        }
        return document
    }

    /// What a JSON document read a piece at a time held besides its todos.
    public struct StreamedDocument: Sendable {
        /// The lists in order, the Inbox among them (first, when the document names none).
        public var lists: [InteropList]
        /// How many todos it held, each checked and handed over.
        public var todoCount: Int
        /// The subtasks' parents as this reading found them: what the second reading takes.
        public var links: JSONParentLinks
        /// The name of the document's Inbox, which todos without a `"list"` go to.
        public var inboxName: String { lists.first(where: \.isInbox)?.name ?? "Inbox" }
    }

    /// Reads a document a piece at a time (`more` gives the next piece, nil at the end), holding one
    /// todo at a time: each is checked as `decode` checks it and handed to `todo` as soon as it is
    /// read. Todos without a `"list"` go to `inboxName`, the document's Inbox as a first reading
    /// found it (nil: its usual name, good enough to check them). Throws an `InteropError` with its
    /// line for the document, or what `todo` throws.
    ///
    /// Subtasks' parents (`"parent"`, see `JSONParentLinks`) need two readings: the first, without
    /// `links`, hands over todos without them and returns the links it found; the second, given
    /// them, hands over the todos with their parents.
    public static func read(from more: @escaping () -> [UInt8]?, now: Date = Date(), inboxName: String? = nil,
                            links: JSONParentLinks? = nil, todo: (NewTodo) throws -> Void) throws -> StreamedDocument {
        var parser = JSONParser(reading: more)
        var uids = UIDsSeen()
        var found = links ?? JSONParentLinks()
        let walked = try parser.walk(streaming: "todos", keeping: ["format", "version", "lists", "todos"]) { node in
            var decoded = try decodeTodo(node, inboxName: inboxName ?? "Inbox", now: now)
            try uids.check(decoded, line: node.line)
            let fields = try JSONObjectFields(object: node, what: "a todo")
            if found.isResolved { try found.apply(to: &decoded, fields: fields) } else { try found.note(decoded, fields: fields) }
            try todo(decoded)
        }
        let (lists, _) = try header(of: walked.root)
        if !found.isResolved { try found.resolve() }
        return StreamedDocument(lists: lists, todoCount: walked.elementCount, links: found)
    }

    /// The lists of a document (the Inbox added first when it names none) and the nodes of its
    /// todos, every part checked but the todos themselves.
    private static func header(of root: JSONNode) throws(InteropError) -> (lists: [InteropList], todos: [JSONNode]) {
        var lists: [InteropList] = []
        let todoNodes: [JSONNode]
        switch root.value {
        case .array(let elements):
            todoNodes = elements
        case .object(let members):
            let fields = JSONObjectFields(members, line: root.line, what: "the document")
            if let format = try fields.string("format"), format != "tick" {
                throw InteropError(line: root.line, problem: "\"format\" is \(JSONText.quoted(format)), not \"tick\"")
            }
            if let version = try fields.integer("version", in: 1...Int64.max), version > Self.version {
                throw InteropError(line: fields.line(of: "version"),
                                   problem: "written by a newer Tick (version \(version); this Tick reads up to \(Self.version))")
            }
            for node in try fields.array("lists") ?? [] { lists.append(try decodeList(node)) }
            guard let todos = try fields.array("todos") else {
                throw InteropError(line: root.line, problem: "the document has no \"todos\" array")
            }
            todoNodes = todos
        default:
            throw InteropError(line: root.line, problem: "expected an object or an array of todos, not \(root.value.kindName)")
        }
        try checkLists(lists, nodes: root)
        if !lists.contains(where: \.isInbox) { lists.insert(InteropList(name: "Inbox", isInbox: true), at: 0) }
        return (lists, todoNodes)
    }

    private static func decodeList(_ node: JSONNode) throws(InteropError) -> InteropList {
        let fields = try JSONObjectFields(object: node, what: "a list")
        guard let name = try fields.string("name") else { throw InteropError(line: node.line, problem: "a list needs a \"name\"") }
        do { _ = try Validation.listName(name) } catch { throw InteropError(line: node.line, problem: "\(error)") }
        return InteropList(name: name, isInbox: try fields.bool("inbox") ?? false, isCollapsed: try fields.bool("collapsed") ?? false)
    }

    private static func checkLists(_ lists: [InteropList], nodes root: JSONNode) throws(InteropError) {
        var line = root.line
        if case .object(let members) = root.value, let node = members.first(where: { $0.key == "lists" })?.node { line = node.line }
        var seen = Set<String>()
        for list in lists where !seen.insert(Validation.listNameKey(list.name)).inserted {
            throw InteropError(line: line, problem: "two lists are named \(JSONText.quoted(list.name))")
        }
        if lists.filter(\.isInbox).count > 1 { throw InteropError(line: line, problem: "more than one list is marked as the inbox") }
    }

    private static func decodeTodo(_ node: JSONNode, inboxName: String, now: Date) throws(InteropError) -> NewTodo {
        let fields = try JSONObjectFields(object: node, what: "a todo")
        guard let title = try fields.string("title") else { throw InteropError(line: node.line, problem: "a todo needs a \"title\"") }
        var todo = NewTodo(title: title, listName: try fields.string("list") ?? inboxName)
        todo.notes = try fields.string("notes") ?? ""
        todo.priority = Int(try fields.integer("priority", in: 0...Int64(Int32.max)) ?? 0)
        todo.due = try fields.string("due")
        todo.start = try fields.string("start")
        todo.isFlagged = try fields.bool("flagged") ?? false
        todo.createdAt = try fields.time("created")
        todo.completedAt = try fields.time("completed")
        if let rrule = try fields.string("rrule") {
            do {
                todo.recurrence = try RecurrenceRule(rrule: rrule, countsFromCompletion: try fields.bool("rrule_from_completion") ?? false)
            } catch {
                throw InteropError(line: fields.line(of: "rrule"), problem: "\(error)")
            }
        }
        todo.tags = try fields.strings("tags") ?? []
        // "reminders": ["due-15", "2026-12-04T09:00"] (see `Reminder.stored`).
        todo.reminders = try (fields.strings("reminders") ?? []).map { word throws(InteropError) -> Reminder in
            guard let reminder = Reminder(stored: word) else {
                throw InteropError(line: fields.line(of: "reminders"),
                                   problem: "\(JSONText.quoted(word)) is not a reminder (due-15 is 15 minutes before the due, 2026-12-04T09:00 a time)")
            }
            return reminder
        }
        // The iCalendar UID: importing the file again updates these todos instead of adding them.
        todo.uid = try fields.string("uid")
        todo.percentComplete = try fields.integer("percent_complete", in: 0...100).map { Int($0) }
        if let word = try fields.string("status") {
            guard let status = TodoStatus(word: word) else {
                throw InteropError(line: fields.line(of: "status"), problem: "\"status\" is open, in-process, done or cancelled, not \(JSONText.quoted(word))")
            }
            if status.isFinished, try fields.bool("done") == false {
                throw InteropError(line: fields.line(of: "status"), problem: "\"status\" is \(status.rawValue) but \"done\" is false")
            }
            if !status.isFinished, try fields.bool("done") == true || todo.completedAt != nil {
                throw InteropError(line: fields.line(of: "status"), problem: "\"status\" is \(status.rawValue) but the todo is done")
            }
            if status.isFinished, todo.completedAt == nil { todo.completedAt = now }
            todo.statusMark = TodoStore.mark(of: status)
        }
        if let done = try fields.bool("done") {
            if done && todo.completedAt == nil { todo.completedAt = now }
            if !done && todo.completedAt != nil {
                throw InteropError(line: fields.line(of: "done"), problem: "\"done\" is false but \"completed\" has a time")
            }
        }
        do {
            try Validation.title(todo.title)
            try Validation.notes(todo.notes)
            try Validation.due(todo.due)
            try Validation.tags(todo.tags)
            try Validation.uids(todo.uid.map { [$0] } ?? [])
            _ = try Validation.listName(todo.listName)
        } catch {
            throw InteropError(line: node.line, problem: "\(error)")
        }
        return todo
    }
}

/// The UIDs of a document's todos so far: one given to two todos is refused at the second one's line
/// (an import would not know which of them the stored todo is).
private struct UIDsSeen {
    private var seen: Set<String> = []

    mutating func check(_ todo: NewTodo, line: Int) throws(InteropError) {
        if let uid = todo.uid, !seen.insert(uid).inserted {
            throw InteropError(line: line, problem: "the uid \(JSONText.quoted(uid)) is given to two todos")
        }
    }
}

/// The members of one JSON object, read with type checks that name the member and its line (the
/// JSON importer's todos and lists, taskwarrior's tasks through `TaskwarriorFields`).
struct JSONObjectFields {
    let members: [String: JSONNode]
    let line: Int
    let what: String

    init(_ members: [(key: String, node: JSONNode)], line: Int, what: String) {
        self.members = Dictionary(members.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
        self.line = line
        self.what = what
    }

    init(object node: JSONNode, what: String) throws(InteropError) {
        guard case .object(let members) = node.value else {
            throw InteropError(line: node.line, problem: "\(what) must be an object, not \(node.value.kindName)")
        }
        self.init(members, line: node.line, what: what)
    }

    func line(of key: String) -> Int { members[key]?.line ?? line }

    /// The member's value unless it is missing or null.
    func value(_ key: String) -> JSONNode? {
        guard let node = members[key], node.value != .null else { return nil }
        return node
    }

    /// The error for member `key` holding something other than `wanted`, at its line.
    func mismatch(_ key: String, _ node: JSONNode, _ wanted: String) -> InteropError {
        InteropError(line: node.line, problem: "\"\(key)\" must be \(wanted), not \(node.value.kindName)")
    }

    func string(_ key: String) throws(InteropError) -> String? {
        guard let node = value(key) else { return nil }
        guard case .string(let text) = node.value else { throw mismatch(key, node, "a string") }
        return text
    }

    func bool(_ key: String) throws(InteropError) -> Bool? {
        guard let node = value(key) else { return nil }
        guard case .bool(let flag) = node.value else { throw mismatch(key, node, "true or false") }
        return flag
    }

    func integer(_ key: String, in range: ClosedRange<Int64>) throws(InteropError) -> Int64? {
        guard let node = value(key) else { return nil }
        guard case .number(let text) = node.value, let number = Int64(text), range.contains(number) else {
            throw mismatch(key, node, "a whole number from \(range.lowerBound)\(range.upperBound == Int64.max ? " up" : " to \(range.upperBound)")")
        }
        return number
    }

    func array(_ key: String) throws(InteropError) -> [JSONNode]? {
        guard let node = value(key) else { return nil }
        guard case .array(let elements) = node.value else { throw mismatch(key, node, "an array") }
        return elements
    }

    func strings(_ key: String) throws(InteropError) -> [String]? {
        guard let elements = try array(key) else { return nil }
        var strings: [String] = []
        for element in elements {
            guard case .string(let text) = element.value else { throw mismatch(key, element, "an array of strings") }
            strings.append(text)
        }
        return strings
    }

    func time(_ key: String) throws(InteropError) -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw InteropError(line: line(of: key), problem: "\"\(key)\" must be a time like 2026-11-29T19:32:03.123Z, not \(JSONText.quoted(text))")
        }
        return date
    }
}
