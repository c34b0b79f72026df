import FoundationEssentials

/// What a change to a parent does to its subtasks: deleting a parent deletes its subtree or lifts
/// its children one level; completing one completes its subtree or only itself.
public enum SubtaskHandling: Sendable, Equatable {
    /// The change reaches every subtask below the todos named (their whole subtrees).
    case subtasksToo
    /// Only the todos named change: deleted todos' children are lifted one level (they take the
    /// deleted todo's parent), completed todos' subtasks stay as they are.
    case onlyThese
}

/// How far a parent's direct subtasks are done (`2/5` on a collapsed parent).
public struct SubtaskProgress: Equatable, Sendable {
    /// Direct subtasks that are done.
    public var done: Int
    /// All direct subtasks.
    public var total: Int

    /// A count of `done` of `total` subtasks.
    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}

/// Subtasks: a todo's parent is named by UID (`TodoItem.parentUID`) and is in effect while a todo
/// with that UID is in the same list. The store keeps every subtree together in its list's manual
/// order (a parent, then its subtasks in their order, each followed by its own), so a list shows
/// as an outline by reading its rows in order and indenting each by its depth: no read grows with
/// the list. Every change here is one transaction and one undo step, journaled like any other.
extension TodoStore {
    /// Depth past which the walks up a chain of parents stop: the store never writes a loop, and
    /// this bounds the walk should a file hold one all the same.
    static let parentChainLimit = 100_000

    // MARK: Reading the outline

    /// The id of the todo's parent while it is in effect (a todo with `parentUID` in the same list), else nil.
    public func parentID(of id: Int64) throws -> Int64? {
        try connection.queryFirst("""
            SELECT p.id FROM todos c JOIN todos p ON p.uid = c.parent_uid AND p.list_id = c.list_id WHERE c.id = ?
            """, [id]) { $0.int64(at: 0) }
    }

    /// The todo's direct subtasks in their manual order.
    public func children(of id: Int64) throws -> [TodoItem] {
        try connection.query("""
            SELECT \(Self.childItemColumns) FROM todos p JOIN todos c ON c.parent_uid = p.uid AND c.list_id = p.list_id
            WHERE p.id = ? ORDER BY c.position, c.id
            """, [id], row: Self.decodeItem)
    }

    /// The todo and every subtask below it, in the list's manual order (the todo first).
    public func subtreeIDs(of id: Int64) throws -> [Int64] {
        try connection.query("""
            WITH RECURSIVE subtree(id, uid, list_id) AS (
                SELECT id, uid, list_id FROM todos WHERE id = ?
                UNION SELECT t.id, t.uid, t.list_id FROM todos t JOIN subtree s ON t.parent_uid = s.uid AND t.list_id = s.list_id
            )
            SELECT todos.id FROM subtree JOIN todos ON todos.id = subtree.id ORDER BY todos.position, todos.id
            """, [id]) { $0.int64(at: 0) }
    }

    /// How many parents the todo has above it in its list (0 at the top).
    public func depth(of id: Int64) throws -> Int {
        try ancestorIDs(of: id).count
    }

    /// The todo's parents in effect, nearest first (empty at the top): an agenda's breadcrumb.
    public func ancestorIDs(of id: Int64) throws -> [Int64] {
        try connection.query("""
            WITH RECURSIVE up(id, parent_uid, list_id, depth) AS (
                SELECT id, parent_uid, list_id, 0 FROM todos WHERE id = ?1
                UNION ALL SELECT p.id, p.parent_uid, p.list_id, up.depth + 1
                FROM todos p JOIN up ON p.uid = up.parent_uid AND p.list_id = up.list_id WHERE up.depth < ?2
            )
            SELECT id FROM up WHERE depth > 0 ORDER BY depth
            """, [id, Int64(Self.parentChainLimit)]) { $0.int64(at: 0) }
    }

    /// The todo's parents in effect, nearest first (empty at the top), as stored.
    public func ancestors(of id: Int64) throws -> [TodoItem] {
        try reading {
            let ids = try ancestorIDs(of: id)
            let byID = Dictionary(try items(ids: ids).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return ids.compactMap { byID[$0] }
        }
    }

    /// How many of the todo's direct subtasks are done, of how many.
    public func subtaskProgress(of id: Int64) throws -> SubtaskProgress {
        try connection.queryFirst("""
            SELECT count(c.id), count(c.completed_at) FROM todos p JOIN todos c ON c.parent_uid = p.uid AND c.list_id = p.list_id
            WHERE p.id = ?
            """, [id]) { SubtaskProgress(done: Int($0.int64(at: 1)), total: Int($0.int64(at: 0))) } ?? SubtaskProgress(done: 0, total: 0)
    }

    /// Whether any todo names a parent (through `todos_by_parent_uid`: no scan): whether reading
    /// each row's place in the outline is worth it.
    public func hasSubtasks() throws -> Bool {
        try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos WHERE parent_uid IS NOT NULL)") != 0
    }

    /// How many subtasks below the todo (at any depth) are open: what completing it asks about.
    public func openSubtaskCount(of id: Int64) throws -> Int {
        // Most todos have no subtasks: one look in the parent index answers for them, where the walk
        // down the subtree (a recursive query, sorted) cost as much as a tenth of marking one done.
        guard try subtaskProgress(of: id).total > 0 else { return 0 }
        let ids = try subtreeIDs(of: id).dropFirst()
        return try items(ids: ids).count { !$0.isDone }
    }

    // MARK: Changing the outline

    /// Adds a todo as the last subtask of `parentID` (in the parent's list) and returns it.
    @discardableResult
    public func addSubtask(title: String, toParent parentID: Int64, notes: String = "", priority: Int = 0, due: String? = nil,
                           recurrence: RecurrenceRule? = nil, tags: [String] = [], reminders: [Reminder] = [],
                           start: String? = nil) throws -> Committed<TodoItem> {
        try Validation.title(title)
        try Validation.reminders(reminders)
        try Validation.tags(tags)
        try Validation.notes(notes)
        try Validation.due(due)
        try Validation.start(start)
        return try journaled {
            let parent = try requireItem(id: parentID)
            var item = try insertTodo(title: title, notes: notes, priority: priority, due: due, start: start, tags: TodoTags.unique(tags),
                                      listID: parent.listID, after: try subtreeEnd(of: parent))
            try completeAddedTodo(&item, parentUID: parent.uid, recurrence: recurrence, reminders: reminders)
            return (item, .todos("add %@", titles: [title], ids: [item.id]))
        }
    }

    /// Makes the todo the last subtask of the todo above it at its level (its previous sibling),
    /// with its own subtasks; refused (`invalidPlacement`) when there is none.
    @discardableResult
    public func indent(id: Int64) throws -> Committed<Void> {
        try journaled {
            let item = try requireItem(id: id)
            guard let sibling = try previousSibling(of: item) else {
                throw StoreError.invalidPlacement("no todo above it at its level to become its subtask")
            }
            try reparent(item, under: sibling)
            return ((), .todos("indent %@", titles: [item.title], ids: [id]))
        }
    }

    /// Lifts the todo one level, with its subtasks: it follows its parent's subtree as the parent's
    /// sibling. A todo at the top stays (a step that changes nothing).
    @discardableResult
    public func outdent(id: Int64) throws -> Committed<Void> {
        try journaled {
            let item = try requireItem(id: id)
            guard let parentID = try parentID(of: id) else { return ((), StepSummary(description: "")) }
            let parent = try requireItem(id: parentID)
            try placeSubtree(of: item, inList: item.listID, after: try subtreeEnd(of: parent, excluding: id), parentUID: parent.parentUID)
            return ((), .todos("outdent %@", titles: [item.title], ids: [id]))
        }
    }

    /// Makes the todo (with its subtasks) the last subtask of `parentID`, which may be in another
    /// list (the subtree moves there); nil lifts it to the top, after its topmost parent's subtree.
    /// A parent below the todo itself is refused with `parentCycle`.
    @discardableResult
    public func setParent(id: Int64, to parentID: Int64?) throws -> Committed<Void> {
        try journaled {
            let item = try requireItem(id: id)
            if let parentID {
                try reparent(item, under: try requireItem(id: parentID))
            } else {
                guard let top = try ancestorIDs(of: id).last else { return ((), StepSummary(description: "")) }
                try placeSubtree(of: item, inList: item.listID, after: try subtreeEnd(of: try requireItem(id: top), excluding: id),
                                 parentUID: nil)
            }
            return ((), .todos(parentID == nil ? "outdent %@" : "indent %@", titles: [item.title], ids: [id]))
        }
    }

    // MARK: Internals used by the mutations

    /// Makes `item` the last subtask of `parent`, moving its subtree after the parent's.
    func reparent(_ item: TodoItem, under parent: TodoItem) throws {
        let loops = try parent.id == item.id || (parent.listID == item.listID && ancestorIDs(of: parent.id).contains(item.id))
        if loops {
            throw StoreError.parentCycle("\(StoreError.quoted(parent.title)) is a subtask of \(StoreError.quoted(item.title))")
        }
        try requireNoLoop(childUID: item.uid, parentUID: parent.uid)
        try placeSubtree(of: item, inList: parent.listID, after: try subtreeEnd(of: parent, excluding: item.id), parentUID: parent.uid)
    }

    /// Throws `parentCycle` when giving the todo `childUID` the parent `parentUID` would close a loop
    /// of parents, whatever lists they are in.
    func requireNoLoop(childUID: String, parentUID: String) throws {
        if try wouldLoop(childUID: childUID, parentUID: parentUID) {
            throw StoreError.parentCycle("a todo cannot be a subtask of its own subtask")
        }
    }

    /// Whether `parentUID`'s chain of parents (in any list) reaches `childUID`.
    func wouldLoop(childUID: String, parentUID: String) throws -> Bool {
        if childUID == parentUID { return true }
        return try connection.scalarInt("""
            WITH RECURSIVE up(uid, n) AS (
                SELECT ?1, 0
                UNION SELECT t.parent_uid, up.n + 1 FROM todos t JOIN up ON t.uid = up.uid
                WHERE t.parent_uid IS NOT NULL AND up.n < ?3
            )
            SELECT EXISTS(SELECT 1 FROM up WHERE uid = ?2)
            """, [parentUID, childUID, Int64(Self.parentChainLimit)]) != 0
    }

    /// The manual-order key of the last row of the todo's subtree (the todo itself when it has none),
    /// leaving out the subtree of `excluded` (a todo being moved out of it).
    func subtreeEnd(of item: TodoItem, excluding excluded: Int64? = nil) throws -> Key {
        try connection.queryFirst("""
            WITH RECURSIVE subtree(id, uid, list_id) AS (
                SELECT id, uid, list_id FROM todos WHERE id = ?1
                UNION SELECT t.id, t.uid, t.list_id FROM todos t JOIN subtree s ON t.parent_uid = s.uid AND t.list_id = s.list_id
                WHERE t.id != ?2
            )
            SELECT todos.position, todos.id FROM subtree JOIN todos ON todos.id = subtree.id
            ORDER BY todos.position DESC, todos.id DESC LIMIT 1
            """, [item.id, excluded ?? 0]) { Key(position: $0.int64(at: 0), id: $0.int64(at: 1)) } ?? Key(position: item.position, id: item.id)
    }

    /// The todo right above `item` with the same parent in effect, or nil when it is the first.
    ///
    /// Subtrees are runs of the manual order, so the row right above `item` is its parent (it has no
    /// sibling above), or the last row of its previous sibling's subtree, or of the subtree of the
    /// todo above at the top: that row's chain of parents names the sibling. One seek and a walk up
    /// as many parents as the outline is deep, whatever the list holds (asking for the todos with the
    /// same parent walked the list's order back over the whole subtree of the sibling, or read every
    /// sibling). Should the run be broken, the siblings are asked for instead.
    func previousSibling(of item: TodoItem) throws -> TodoItem? {
        let parent = try parentID(of: item.id)
        guard let above = try connection.queryFirst(Self.rowAboveSQL, [item.listID, item.position, item.id], row: { $0.int64(at: 0) }) else {
            return nil
        }
        let chain = [above] + (try ancestorIDs(of: above))
        if let parent {
            if let index = chain.firstIndex(of: parent) {
                return index == 0 ? nil : try self.item(id: chain[index - 1])
            }
            return try fetchItems("""
                WHERE list_id = ? AND parent_uid = ? AND (position, id) < (?, ?) ORDER BY position DESC, id DESC LIMIT 1
                """, [item.listID, item.parentUID, item.position, item.id]).first
        }
        // At the top: the topmost of them (the rows between are its subtasks).
        return try self.item(id: chain[chain.count - 1])
    }

    /// The todo right above a place of a list's manual order (done ones too): a seek in `todos_by_list_position`.
    static let rowAboveSQL = """
        SELECT id FROM todos INDEXED BY todos_by_list_position WHERE list_id = ? AND (position, id) < (?, ?)
        ORDER BY position DESC, id DESC LIMIT 1
        """

    /// Moves the todo's subtree (in its order) into `listID` right after `previous`, and gives the
    /// todo `parentUID`. The subtasks keep their parents.
    func placeSubtree(of item: TodoItem, inList listID: Int64, after previous: Key?, parentUID: String?) throws {
        let ids = try subtreeIDs(of: item.id)
        if let previous, ids.contains(previous.id) {
            throw StoreError.parentCycle("a todo cannot go inside its own subtasks")
        }
        var last = previous
        for id in ids {
            let current = try requireItem(id: id)
            _ = try place(current, inList: listID, after: last)
            last = try positions.key(ofTodo: id)
        }
        if item.parentUID != parentUID {
            try connection.run("UPDATE todos SET parent_uid = ? WHERE id = ?", [parentUID, item.id])
        }
    }

    /// Before deleting `items` (with `.onlyThese`): each child staying behind takes the parent of its
    /// nearest parent that stays (its deleted parent's parent, one level up).
    func liftChildren(ofDeleted items: [TodoItem]) throws {
        let deleted = Dictionary(items.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        let deletedIDs = Set(items.map(\.id))
        for item in items {
            let staying = try children(of: item.id).filter { !deletedIDs.contains($0.id) }
            guard !staying.isEmpty else { continue }
            var newParent = item.parentUID
            var steps = 0
            while let uid = newParent, let above = deleted[uid], above.listID == item.listID, steps < Self.parentChainLimit {
                newParent = above.parentUID
                steps += 1
            }
            try runChunked("UPDATE todos SET parent_uid = ? WHERE id IN (#)", ids: staying.map(\.id), leading: [newParent])
        }
    }

    /// `ids` with each one's subtree after it (in the list's order), once each; an id inside the
    /// subtree of another one given comes with that one's subtree.
    func withSubtrees(_ ids: [Int64]) throws -> [Int64] {
        let given = Self.unique(ids)
        let givenSet = Set(given)
        var result: [Int64] = []
        var seen = Set<Int64>()
        for id in given where !seen.contains(id) {
            if try !ancestorIDs(of: id).allSatisfy({ !givenSet.contains($0) }) { continue }
            for member in try subtreeIDs(of: id) where seen.insert(member).inserted { result.append(member) }
        }
        return result
    }

    // MARK: Imports

    /// Gives imported todos the parents their items name (`NewTodo.parentUID`), after the batch is
    /// written: `current` is what is stored. A parent that would close a loop is not taken (the todo
    /// keeps what it had) and its UID is returned. The todos given a parent are added to `unsettled`.
    func applyImportedParents(_ todos: [(id: Int64, listID: Int64, uid: String, parentUID: String?, current: String?)],
                              unsettled: inout [Int64]) throws -> [String] {
        var refused: [String] = []
        for todo in todos where todo.parentUID != todo.current {
            if let parentUID = todo.parentUID, try wouldLoop(childUID: todo.uid, parentUID: parentUID) {
                refused.append(todo.uid)
                continue
            }
            try connection.run("UPDATE todos SET parent_uid = ? WHERE id = ?", [todo.parentUID, todo.id])
            if todo.parentUID != nil { unsettled.append(todo.id) }
        }
        return refused
    }

    /// Puts each of `ids` (with its subtree) inside its parent's subtree in the manual order, as an
    /// import or a sync may place a subtask before its parent arrives, or elsewhere: a todo already
    /// somewhere below its parent stays; one that is not goes right after its parent. Todos at the
    /// top stay. Each costs reads in proportion to its depth, and a move its subtree's size.
    func settle(ids: [Int64]) throws {
        // Parents first, so that a subtask settles into its parent's final place; among one depth the
        // last first, so that those placed right after one parent end up in their order.
        let ordered = try items(ids: ids).map { (id: $0.id, depth: try depth(of: $0.id), key: Key(position: $0.position, id: $0.id)) }
            .sorted { $0.depth != $1.depth ? $0.depth < $1.depth : ($0.key.position, $0.key.id) > ($1.key.position, $1.key.id) }
        for (id, _, _) in ordered {
            guard let item = try item(id: id), let parentID = try parentID(of: id) else { continue }
            let above = try connection.queryFirst("""
                SELECT id FROM todos WHERE list_id = ? AND (position, id) < (?, ?) ORDER BY position DESC, id DESC LIMIT 1
                """, [item.listID, item.position, item.id]) { $0.int64(at: 0) }
            // Below its parent already: the parent comes first, and the row above is it or one of its
            // subtasks (a subtask of this todo that arrived above it is not: it settles later).
            let parentKey = try positions.key(ofTodo: parentID)
            let isBelowParent = (parentKey.position, parentKey.id) < (item.position, item.id)
            if isBelowParent, let above, try above == parentID || ancestorIDs(of: above).contains(parentID) { continue }
            try placeSubtree(of: item, inList: item.listID, after: parentKey, parentUID: item.parentUID)
        }
    }

    /// The todos of each list `listID` whose parent is named `uid` (subtasks that arrived before it),
    /// for all of `parents`: one query per chunk of UIDs rather than one per parent (an import asks
    /// for every todo it writes), in no particular order (`settle(ids:)` orders them).
    func waitingChildren(of parents: [(uid: String, listID: Int64)]) throws -> [Int64] {
        guard !parents.isEmpty else { return [] }
        let wanted = Set(parents.map { WaitingParent(uid: $0.uid, listID: $0.listID) })
        var found: [Int64] = []
        for chunk in Self.paddedRows(Array(Set(parents.map(\.uid))), size: Self.receivedChunkSize) {
            let rows = try connection.query(Self.waitingChildrenSQL(count: chunk.count), chunk) {
                (id: $0.int64(at: 0), parent: WaitingParent(uid: $0.string(at: 1), listID: $0.int64(at: 2)))
            }
            found += rows.filter { wanted.contains($0.parent) }.map(\.id)
        }
        return found
    }

    /// A parent's UID in a list, as `waitingChildren(of:)` matches them.
    private struct WaitingParent: Hashable {
        var uid: String
        var listID: Int64
    }

    /// `waitingChildren(of:)`'s query for `count` UIDs, by the parent's index: without statistics
    /// SQLite walked the list's whole order instead, and an import of n todos, which asks for each
    /// one, cost n² (150,000 todos went at 220 a second).
    static func waitingChildrenSQL(count: Int) -> String {
        "SELECT id, parent_uid, list_id FROM todos INDEXED BY todos_by_parent_uid WHERE parent_uid IN (\(placeholders(count)))"
    }
}
