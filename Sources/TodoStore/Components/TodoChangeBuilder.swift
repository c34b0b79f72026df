import FoundationEssentials

/// Turns journal rows into a `TodoChange`, the store being in the state after them: each todo once
/// (its first old side, its last new side), placed by the rank index as it stands now; a row's old
/// rank is its rank now corrected by the changed rows before it that left and arrived.
///
/// Fed by a `CommittedStep` (`ChangeTracking.willCommit`, after the rank index and the list catalog
/// patched for the step) or by another process's journal rows (`ChangeTracking.changeSinceSeen`).
struct TodoChangeBuilder {
    let rankIndex: RankIndex
    let listCatalog: ListCatalog

    /// The change these journal rows describe (`readsEverything` past `TodoChange.rowLimit` rows).
    func change(todoRows: [JournaledTodoChange], listRows: [JournaledListChange]) throws -> TodoChange {
        guard todoRows.count <= TodoChange.rowLimit else { return .readEverything(.tooBig) }
        let (changes, columnsMayChange) = Self.merged(todoRows)
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
            let now = try listCatalog.counts(ofList: listID)
            counts[listID] = TodoChange.Counts(open: now.open, done: now.done)
        }
        // Every key to place, per ranked part, counted together: a big step reads each block once.
        var wanted: [RankSet: [RankKey]] = [:]
        for change in changes {
            for side in [change.old, change.new].compactMap({ $0 }) { wanted[side.rankPlace.set, default: []].append(side.rankPlace.key) }
        }
        var before: [RankSet: [RankKey: Int]] = [:]
        for (set, keys) in wanted { before[set] = try rankIndex.rows(before: keys, in: set) }
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
                    - RankIndex.count(arrived[place.set] ?? [], below: place.key) + RankIndex.count(left[place.set] ?? [], below: place.key)
                let openBefore = counts[side.listID]!.open + (openShift[side.listID] ?? 0)
                todo.old = .init(listID: side.listID, isDone: !side.isOpen, row: side.isOpen ? rank : openBefore + rank)
            }
            todos.append(todo)
        }
        return TodoChange(todos: todos, counts: counts, lists: Self.listChanges(listRows), mayChangeRowColumns: columnsMayChange)
    }

    /// Each todo's rows merged into one (its first old side, its last new side), in the order the
    /// todos first changed, leaving out todos that came and went; and whether any row had a
    /// priority or a flag on either side (the row columns may come or go).
    private static func merged(_ rows: [JournaledTodoChange]) -> (changes: [JournaledTodoChange], columnsMayChange: Bool) {
        var order: [Int64] = []
        var merged: [Int64: JournaledTodoChange] = [:]
        var columnsMayChange = false
        for row in rows {
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
        return (order.compactMap { merged[$0] }.filter { $0.old != nil || $0.new != nil }, columnsMayChange)
    }

    /// What happened to each list, once per list in the order they first changed.
    private static func listChanges(_ rows: [JournaledListChange]) -> [TodoChange.ListChange] {
        var lists: [Int64: TodoChange.ListChange.Kinds] = [:]
        for row in rows {
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
        return rows.map(\.id).reduce(into: [Int64]()) { if !$0.contains($1) { $0.append($1) } }
            .compactMap { id in lists[id].flatMap { $0.isEmpty ? nil : TodoChange.ListChange(id: id, kinds: $0) } }
    }
}
