import FoundationEssentials

/// Reading a whole store for export and bringing a document in, for `tick export` and `tick import`.
extension TodoStore {
    /// Every list in the user's order, as an export describes them.
    public func exportLists() throws -> [InteropList] {
        try lists().map { InteropList(name: $0.name, isInbox: $0.id == Self.inboxListID, isCollapsed: $0.isCollapsed) }
    }

    /// Calls `body` with every todo and its list: lists in the user's order, each list's todos in
    /// manual order (position, then id; done todos where they were placed), read a page at a time
    /// from one snapshot so a big store costs little memory and another writer cannot tear the export.
    public func forEachTodoForExport(_ body: (TodoItem, TodoList) throws -> Void) throws {
        try forEachTodoForExport { item, list, _ in try body(item, list) }
    }

    /// `forEachTodoForExport`, also telling `body` which dates the todo was given (todos imported
    /// from todo.txt lines without a creation or completion date, see `Schema.importFactsSQL`).
    public func forEachTodoForExport(_ body: (TodoItem, TodoList, DatesGiven) throws -> Void) throws {
        try forEachTodoForExport { item, list, dates, _ in try body(item, list, dates) }
    }

    /// `forEachTodoForExport`, also telling `body` the todo's place in the outline (its parent in
    /// effect, whether it has subtasks), looked up a page at a time.
    public func forEachTodoForExport(_ body: (TodoItem, TodoList, DatesGiven, OutlinePlace) throws -> Void) throws {
        try reading {
            // Most stores note none: then no page needs looking up.
            let anyNoted = try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos_without_dates)") != 0
            let anySubtasks = try hasSubtasks()
            for list in try lists() {
                var after: (position: Int64, id: Int64)?
                while true {
                    let page = try fetchItems(
                        "WHERE list_id = ? AND (position, id) > (?, ?) ORDER BY position, id LIMIT \(Self.exportPageSize)",
                        [list.id, after?.position ?? Int64.min, after?.id ?? Int64.min])
                    let notes = try anyNoted ? datesNotGiven(among: page) : [:]
                    let outline = try anySubtasks ? outlinePlaces(of: page) : [:]
                    for item in page {
                        try body(item, list, notes[item.id].map { $0.dates(for: item) } ?? DatesGiven(), outline[item.id] ?? OutlinePlace())
                    }
                    guard page.count == Self.exportPageSize, let last = page.last else { break }
                    after = (last.position, last.id)
                }
            }
        }
    }

    /// How many todos the store holds, open and done (from the kept counts, no scan): what an export will write.
    public func todoCount() throws -> Int {
        let counts = try readCounts()
        return counts.open + counts.done
    }

    /// The largest todo id in use (0 when there are none), so listings can size their id column up front.
    public func largestTodoID() throws -> Int64 {
        try connection.scalarInt("SELECT ifnull(max(id), 0) FROM todos")
    }

    /// The whole store as a document (for tests and small stores; exports stream instead).
    public func exportDocument() throws -> InteropDocument {
        var todos: [NewTodo] = []
        try forEachTodoForExport { item, list in todos.append(NewTodo(item, listName: list.name)) }
        return InteropDocument(lists: try exportLists(), todos: todos)
    }

    private static let exportPageSize = 1_000

    /// The notes about missing dates of those of `items` that have one: an indexed lookup per chunk of ids.
    private func datesNotGiven(among items: [TodoItem]) throws -> [Int64: DatesNote] {
        var found: [Int64: DatesNote] = [:]
        let sql = """
            SELECT todo_id, no_creation_date, completed_at_without_date FROM todos_without_dates
            WHERE todo_id IN (\(Self.placeholders(Self.idChunkSize)))
            """
        for chunk in Self.paddedChunks(items.map(\.id), size: Self.idChunkSize) {
            for note in try connection.query(sql, chunk, row: { (id: $0.int64(at: 0), note: DatesNote(noCreationDate: $0.int64(at: 1) != 0,
                                                                                                   completedAtWithoutDate: $0.optionalInt64(at: 2))) }) {
                found[note.id] = note.note
            }
        }
        return found
    }

    /// The places in the outline of those of `items` that have a parent in effect or subtasks: two
    /// indexed lookups per chunk of ids (`todos_by_uid`, `todos_by_parent_uid`), none per todo.
    public func outlinePlaces(of items: [TodoItem]) throws -> [Int64: OutlinePlace] {
        var found: [Int64: OutlinePlace] = [:]
        let parents = """
            SELECT c.id, p.id FROM todos c JOIN todos p ON p.uid = c.parent_uid AND p.list_id = c.list_id
            WHERE c.id IN (\(Self.placeholders(Self.idChunkSize))) AND c.parent_uid IS NOT NULL
            """
        let withSubtasks = """
            SELECT p.id FROM todos p WHERE p.id IN (\(Self.placeholders(Self.idChunkSize)))
            AND EXISTS (SELECT 1 FROM todos c INDEXED BY todos_by_parent_uid WHERE c.parent_uid = p.uid AND c.list_id = p.list_id)
            """
        let named = items.filter { $0.parentUID != nil }.map(\.id)
        for chunk in Self.paddedChunks(named, size: Self.idChunkSize) {
            for (child, parent) in try connection.query(parents, chunk, row: { ($0.int64(at: 0), $0.int64(at: 1)) }) {
                found[child, default: OutlinePlace()].parentID = parent
            }
        }
        for chunk in Self.paddedChunks(items.map(\.id), size: Self.idChunkSize) {
            for id in try connection.query(withSubtasks, chunk, row: { $0.int64(at: 0) }) { found[id, default: OutlinePlace()].hasSubtasks = true }
        }
        return found
    }

    /// One row of `todos_without_dates`.
    private struct DatesNote {
        var noCreationDate: Bool
        var completedAtWithoutDate: Int64?

        /// The dates `item` has of its own: a completion noted as undated counts only while it is
        /// still the todo's completion (completed again since, it has a real date).
        func dates(for item: TodoItem) -> DatesGiven {
            DatesGiven(creation: !noCreationDate,
                       completion: completedAtWithoutDate == nil || item.completedAt?.unixMilliseconds != completedAtWithoutDate)
        }
    }

    /// Brings a document in, all or nothing, in one transaction: the lists it names are created in
    /// its order (empty ones too), then its todos are appended to their lists by `importItems`.
    ///
    /// The document's Inbox maps to this store's Inbox. Into a fresh store (no todos, no list but
    /// the Inbox) the Inbox also takes the document's name and every list its collapsed state, so an
    /// export imported into an empty store gives back the same lists and todos. Undo takes back the
    /// todos, then the lists.
    @discardableResult
    public func importDocument(_ document: InteropDocument, intoEmptyStoreOnly: Bool = false) throws -> [TodoItem] {
        try importDocument(document, options: ImportOptions(intoEmptyStoreOnly: intoEmptyStoreOnly)).imported
    }

    /// Brings a document in as `importDocument(_:intoEmptyStoreOnly:)` does, skipping todos that
    /// look like ones already stored and reporting progress as `options` say; a throw from the
    /// progress report leaves the store as it was.
    public func importDocument(_ document: InteropDocument, options: ImportOptions) throws -> ImportSummary {
        try importing(lists: document.lists) { inbox in
            try importItems(document.todos.map { inbox($0) }, options: options)
        }
    }

    /// Brings a document in as `importDocument(_:options:)` does, all or nothing, its todos handed
    /// over by `source` batch after batch (it calls `add` with each; see `importTodos`), so that a
    /// file of any size is never held whole: the summary counts the todos rather than keeping them.
    /// `lists` are the document's, its Inbox among them; `total` is how many todos `source` gives.
    public func importDocument(lists: [InteropList], total: Int, options: ImportOptions,
                               todos source: (_ add: ([NewTodo]) throws -> Void) throws -> Void) throws -> ImportSummary {
        try importing(lists: lists) { inbox in
            try importTodos(total: total, options: options) { add in
                try withoutActuallyEscaping(add) { add in try source { batch in try add(batch.map { inbox($0) }) } }
            }
        }
    }

    /// Runs `body` in one transaction after creating `lists`; `body` gets the mapping that sends the
    /// document's Inbox todos to this store's Inbox (whatever either is called).
    private func importing(lists: [InteropList], _ body: (InboxMapping) throws -> ImportSummary) throws -> ImportSummary {
        try requireWritable()
        do {
            return try connection.transaction {
                let inboxName = try prepareLists(lists)
                return try body(InboxMapping(from: lists.first(where: \.isInbox).map { Validation.listNameKey($0.name) }, to: inboxName))
            }
        } catch {
            // A step inside may have been announced as committed before the rollback undid it.
            forgetDerivedState()
            throw error
        }
    }

    /// Sends the todos of a document's Inbox (`from`, a list name key) to this store's (`to`).
    private struct InboxMapping {
        let from: String?
        let to: String

        func callAsFunction(_ todo: NewTodo) -> NewTodo {
            guard Validation.listNameKey(todo.listName) == from else { return todo }
            var mapped = todo
            mapped.listName = to
            return mapped
        }
    }

    /// Creates the document's missing lists (one undoable step) and returns the Inbox's name after it.
    private func prepareLists(_ documentLists: [InteropList]) throws -> String {
        for list in documentLists { _ = try Validation.listName(list.name) }
        return try journaled {
            let existing = try lists()
            let counts = try readCounts()
            let isFresh = existing.count == 1 && counts.open + counts.done == 0
            var inbox = try requireList(id: Self.inboxListID)
            var taken = Set(existing.map { Validation.listNameKey($0.name) })
            if isFresh, let wanted = documentLists.first(where: \.isInbox) {
                let name = try Validation.listName(wanted.name)
                try connection.run("UPDATE lists SET name = ?, collapsed = ? WHERE id = ?", [name, wanted.isCollapsed, inbox.id])
                taken = [Validation.listNameKey(name)]
                inbox.name = name
            }
            let highest = try connection.queryFirst("SELECT max(position) FROM lists") { $0.optionalInt64(at: 0) }
            var position = (highest ?? nil) ?? 0
            for list in documentLists where !list.isInbox && taken.insert(Validation.listNameKey(list.name)).inserted {
                let (next, overflow) = position.addingReportingOverflow(Self.positionGap)
                position = overflow ? Int64.max : next
                try connection.run("INSERT INTO lists(name, position, collapsed) VALUES (?, ?, ?)",
                                   [try Validation.listName(list.name), position, list.isCollapsed])
            }
            return (inbox.name, StepSummary(description: "import lists"))
        }.value
    }
}

/// A todo's place in the outline, as an export or a listing writes it.
public struct OutlinePlace: Equatable, Sendable {
    /// The id of its parent in effect (a todo of its list with its `parentUID`), or nil at the top.
    public var parentID: Int64?
    /// Whether some todo of its list is its subtask.
    public var hasSubtasks: Bool

    /// A place; by default at the top, without subtasks.
    public init(parentID: Int64? = nil, hasSubtasks: Bool = false) {
        self.parentID = parentID
        self.hasSubtasks = hasSubtasks
    }
}

/// Which of its dates a todo was given where it came from: todos imported from todo.txt lines
/// without a creation or completion date have none of their own, and export without them.
public struct DatesGiven: Equatable, Sendable {
    /// Whether the todo has a creation date of its own.
    public var creation: Bool
    /// Whether a done todo has a completion date of its own.
    public var completion: Bool

    /// Dates given; by default both.
    public init(creation: Bool = true, completion: Bool = true) {
        self.creation = creation
        self.completion = completion
    }
}

extension NewTodo {
    /// The todo as an export carries it: every field but the id and the position.
    public init(_ item: TodoItem, listName: String) {
        self.init(title: item.title, notes: item.notes, listName: listName, priority: item.priority, due: item.due,
                  isFlagged: item.isFlagged, createdAt: item.createdAt, completedAt: item.completedAt, tags: item.tags)
        recurrence = item.recurrence
        start = item.start
    }
}
