import FoundationEssentials

/// What this store has told its reader about the file: the change of its own last step, and how
/// far the history had got when it last looked, so another process's steps since can be told apart.
struct ChangeTracking {
    /// The change of the last step this store committed (a mutation, an undo or a redo).
    var last = TodoChange.none
    /// The newest step not undone when this store last looked (0: none).
    var newestDone: Int64 = 0
    /// The last step id handed out (`sqlite_sequence`) when this store last looked.
    var sequence: Int64 = 0
    /// Set when another process may have committed before this store looked again: the next
    /// external change cannot be told from the journal.
    var isLost = true
}

/// A `TodoChange` for every committed step: built from the step's journal rows inside its
/// transaction, after the caches were patched, so the ranks it counts are those of the new state.
extension TodoStore {
    /// The change of the last step this store committed: a mutation, `undo()` or `redo()`. Mutations
    /// keep returning what they made; a screen that shows changes asks for this right after one.
    public var lastChange: TodoChange { changeTracking.last }

    /// What another process changed since this store last looked (nil when nothing): its journaled
    /// steps since then, or `readsEverything` when the journal cannot explain the change (it undid
    /// or redid, or its history was dropped) or the store cannot be read.
    public func externalChange() -> TodoChange? {
        guard hasExternalChanges() else { return nil }
        do {
            return try reading {
                defer { noteHistorySeenOrLose() }
                guard !changeTracking.isLost, let rows = try journalRowsSinceSeen() else { return .readEverything(.unexplained) }
                return try change(todoRows: rows.todos, listRows: rows.lists)
            }
        } catch {
            changeTracking.isLost = true
            return .readEverything(.unexplained)
        }
    }

    /// Whether no other connection committed since this store last looked (`hasExternalChanges`).
    func isUnchangedElsewhere() throws -> Bool {
        try dataVersion() == lastDataVersion
    }

    /// Remembers how far the history has got, inside the transaction or snapshot that saw it.
    func noteHistorySeen() throws {
        let seen = try connection.queryFirst("""
            SELECT coalesce((SELECT max(id) FROM history_steps WHERE undone = 0), 0),
                   coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'history_steps'), 0)
            """) { (done: $0.int64(at: 0), sequence: $0.int64(at: 1)) }
        changeTracking.newestDone = seen?.done ?? 0
        changeTracking.sequence = seen?.sequence ?? 0
        changeTracking.isLost = seen == nil
    }

    /// As `noteHistorySeen`, but a failed read only means the next external change reads everything.
    func noteHistorySeenOrLose() {
        do { try noteHistorySeen() } catch { changeTracking.isLost = true }
    }

    /// The journal rows of the steps another process committed since this store last looked, oldest
    /// first; nil when they do not tell the whole story: the newest step seen was undone or
    /// dropped, or a step since left no rows (it changed nothing, or its history was not kept).
    private func journalRowsSinceSeen() throws -> (todos: [JournaledTodoChange], lists: [JournaledListChange])? {
        let seen = changeTracking
        if seen.newestDone > 0 {
            let undone = try connection.queryFirst("SELECT undone FROM history_steps WHERE id = ?", [seen.newestDone]) { $0.int64(at: 0) }
            guard undone == 0 else { return nil }
        }
        let sequence = try connection.scalarInt("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'history_steps'), 0)")
        let newSteps = try connection.scalarInt("SELECT count(*) FROM history_steps WHERE id > ?", [seen.sequence])
        // A step id handed out but gone: a step whose rows this store will never see.
        guard newSteps == sequence - seen.sequence else { return nil }
        let steps = "SELECT id FROM history_steps WHERE id > \(seen.newestDone) AND undone = 0"
        let todos = try journaledTodoChanges(where: "step IN (\(steps)) ORDER BY step, rowid", limit: TodoChange.rowLimit + 1)
        return (todos, try journaledListChanges(where: "step IN (\(steps)) ORDER BY step, rowid"))
    }

    /// The list rows journaled under `condition`, in the order they changed.
    func journaledListChanges(where condition: String, _ arguments: [any SQLiteBindable] = []) throws -> [JournaledListChange] {
        try connection.query("""
            SELECT list_id, old_present, new_present, old_name IS NOT new_name, old_position IS NOT new_position,
                   old_collapsed IS NOT new_collapsed
            FROM history_lists WHERE \(condition)
            """, arguments) { row in
            JournaledListChange(id: row.int64(at: 0), oldPresent: row.int64(at: 1) != 0, newPresent: row.int64(at: 2) != 0,
                                renamed: row.int64(at: 3) != 0, reordered: row.int64(at: 4) != 0, folded: row.int64(at: 5) != 0)
        }
    }

    /// The change these journal rows describe, the store being in the state after them: each todo
    /// once (its first old side, its last new side), placed by counting ranks now; a row's old rank
    /// is its rank now corrected by the changed rows before it that left and arrived.
    func change(todoRows: [JournaledTodoChange], listRows: [JournaledListChange]) throws -> TodoChange {
        guard todoRows.count <= TodoChange.rowLimit else { return .readEverything(.tooBig) }
        var order: [Int64] = []
        var merged: [Int64: JournaledTodoChange] = [:]
        var columnsMayChange = false
        for row in todoRows {
            for side in [row.old, row.new].compactMap({ $0 }) where side.priority > 0 || side.isFlagged { columnsMayChange = true }
            guard let id = row.old?.id ?? row.new?.id else { continue }
            if var earlier = merged[id] {
                earlier.new = row.new
                earlier.fieldsChanged = earlier.fieldsChanged || row.fieldsChanged
                merged[id] = earlier
            } else {
                merged[id] = row
                order.append(id)
            }
        }
        let changes = order.compactMap { merged[$0] }.filter { $0.old != nil || $0.new != nil }
        // Sorted keys of the rows that left and arrived, per ranked part, for the old-rank correction.
        var left: [RankSet: [RankKey]] = [:], arrived: [RankSet: [RankKey]] = [:]
        var openShift: [Int64: Int] = [:]
        for change in changes {
            if let old = change.old?.rankPlace {
                left[old.set, default: []].append(old.key)
                if old.set.kind == .open { openShift[old.set.listID, default: 0] += 1 }
            }
            if let new = change.new?.rankPlace {
                arrived[new.set, default: []].append(new.key)
                if new.set.kind == .open { openShift[new.set.listID, default: 0] -= 1 }
            }
        }
        for key in left.keys { left[key]!.sort() }
        for key in arrived.keys { arrived[key]!.sort() }
        var counts: [Int64: TodoChange.Counts] = [:]
        for listID in Set(changes.flatMap { [$0.old?.listID, $0.new?.listID].compactMap { $0 } }) {
            let now = try listCounts(listID)
            counts[listID] = TodoChange.Counts(open: now.open, done: now.done)
        }
        // Every key to place, per ranked part, counted together: a big step reads each block once.
        var wanted: [RankSet: [RankKey]] = [:]
        for change in changes {
            for side in [change.old, change.new].compactMap({ $0 }) { wanted[side.rankPlace.set, default: []].append(side.rankPlace.key) }
        }
        var before: [RankSet: [RankKey: Int]] = [:]
        for (set, keys) in wanted { before[set] = try rowsBefore(keys, in: set) }
        var todos: [TodoChange.Todo] = []
        todos.reserveCapacity(changes.count)
        for change in changes {
            var todo = TodoChange.Todo(id: change.old?.id ?? change.new!.id, old: nil, new: nil, fieldsChanged: change.fieldsChanged)
            if let side = change.new {
                let place = side.rankPlace
                let rank = before[place.set]![place.key]!
                todo.new = .init(listID: side.listID, isDone: !side.isOpen, row: side.isOpen ? rank : counts[side.listID]!.open + rank)
            }
            if let side = change.old {
                let place = side.rankPlace
                let rank = before[place.set]![place.key]!
                    - Self.count(arrived[place.set] ?? [], below: place.key) + Self.count(left[place.set] ?? [], below: place.key)
                let openBefore = counts[side.listID]!.open + (openShift[side.listID] ?? 0)
                todo.old = .init(listID: side.listID, isDone: !side.isOpen, row: side.isOpen ? rank : openBefore + rank)
            }
            todos.append(todo)
        }
        var lists: [Int64: TodoChange.ListChange.Kinds] = [:]
        for row in listRows {
            var kinds: TodoChange.ListChange.Kinds = []
            if !row.oldPresent { kinds.insert(.added) }
            if !row.newPresent { kinds.insert(.deleted) }
            if row.oldPresent && row.newPresent {
                if row.renamed { kinds.insert(.renamed) }
                if row.reordered { kinds.insert(.reordered) }
                if row.folded { kinds.insert(.folded) }
            }
            lists[row.id, default: []].formUnion(kinds)
        }
        let listChanges = listRows.map(\.id).reduce(into: [Int64]()) { if !$0.contains($1) { $0.append($1) } }
            .compactMap { id in lists[id].flatMap { $0.isEmpty ? nil : TodoChange.ListChange(id: id, kinds: $0) } }
        return TodoChange(todos: todos, counts: counts, lists: listChanges, mayChangeRowColumns: columnsMayChange)
    }

    /// For each key, the rows of a list's open or done part below it, whether or not a row has it:
    /// the rows before its block plus a count inside the block, or, for a block holding many of the
    /// keys, the block's keys read once (a block holds at most about a thousand rows).
    private func rowsBefore(_ keys: [RankKey], in set: RankSet) throws -> [RankKey: Int] {
        let blocks = try rankBlocks(set)
        var result: [RankKey: Int] = [:]
        guard !blocks.lowerBounds.isEmpty else {
            for key in keys { result[key] = 0 }
            return result
        }
        let column = set.kind == .open ? "position" : "completed_at"
        let part = "list_id = ?1 AND completed_at IS \(set.kind == .open ? "" : "NOT ")NULL"
        for (block, inBlock) in Dictionary(grouping: keys, by: { blocks.block(containing: $0) }) {
            let lowerBound = blocks.lowerBounds[block], start = blocks.starts[block]
            if inBlock.count <= Self.keysCountedOneByOne {
                for key in inBlock {
                    result[key] = start + Int(try connection.scalarInt("""
                        SELECT count(*) FROM todos WHERE \(part) AND (\(column), id) >= (?4, ?5) AND (\(column), id) < (?2, ?3)
                        """, [set.listID, key.key, key.id, lowerBound.key, lowerBound.id]))
                }
                continue
            }
            var arguments: [any SQLiteBindable] = [set.listID, lowerBound.key, lowerBound.id]
            var below = ""
            if block + 1 < blocks.lowerBounds.count {
                below = "AND (\(column), id) < (?4, ?5)"
                arguments += [blocks.lowerBounds[block + 1].key, blocks.lowerBounds[block + 1].id]
            }
            let present = try connection.query("""
                SELECT \(column), id FROM todos WHERE \(part) AND (\(column), id) >= (?2, ?3) \(below) ORDER BY \(column), id
                """, arguments) { RankKey(key: $0.int64(at: 0), id: $0.int64(at: 1)) }
            for key in inBlock { result[key] = start + Self.count(present, below: key) }
        }
        return result
    }

    /// Keys of one block placed by a count each; more are placed by reading the block's keys once.
    private static let keysCountedOneByOne = 8

    /// How many of the sorted `keys` are below `key`.
    private static func count(_ keys: [RankKey], below key: RankKey) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// One list row as a journaled step changed it.
struct JournaledListChange {
    var id: Int64
    var oldPresent: Bool
    var newPresent: Bool
    var renamed: Bool
    var reordered: Bool
    var folded: Bool
}

/// Undo and redo write rows back without a step of their own; what they did is recorded under a
/// scratch step while they run, so their change is told exactly as the triggers saw it (a todo sent
/// to the Inbox because its list is gone included), then the scratch rows are deleted.
extension TodoStore {
    /// The step id the replay's rows are recorded under: never a real step's (those are positive).
    static let replayScratchStep: Int64 = -1

    /// Runs `replay` of step `step` and returns its change: recorded when the step is small enough to
    /// describe, else `readsEverything` without recording (a big step would double its writes).
    func recordingReplayChange(ofStep step: Int64, _ replay: () throws -> Void) throws -> TodoChange {
        let rows = try connection.scalarInt("SELECT count(*) FROM (SELECT 1 FROM history_todos WHERE step = ? LIMIT ?)",
                                            [step, TodoChange.rowLimit + 1])
        guard rows <= TodoChange.rowLimit else {
            try replay()
            return .readEverything(.tooBig)
        }
        let scratch = Self.replayScratchStep
        try connection.run("UPDATE history_state SET recording = ? WHERE id = 1", [scratch])
        try replay()
        try connection.run("UPDATE history_state SET recording = NULL WHERE id = 1")
        let todoRows = try journaledTodoChanges(where: "step = ? ORDER BY rowid", [scratch], limit: TodoChange.rowLimit * 2 + 1)
        let listRows = try journaledListChanges(where: "step = ? ORDER BY rowid", [scratch])
        try connection.run("DELETE FROM history_todos WHERE step = ?", [scratch])
        try connection.run("DELETE FROM history_lists WHERE step = ?", [scratch])
        // The replay moved rows between blocks without patching: ranks are counted from the file.
        caches.removeAll()
        return try change(todoRows: todoRows, listRows: listRows)
    }
}
