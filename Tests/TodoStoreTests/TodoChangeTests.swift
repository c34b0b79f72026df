import Testing
@testable import TodoStore
import TickTesting

/// A step's `TodoChange` says where each todo it touched was and is, in its list's ranked order
/// (open by position, then done), as a screen would have to show it.
@Suite("Todo changes")
struct TodoChangeTests {
    /// Every list's todo ids in ranked order: what the manual sort with done todos shows.
    func ranked(_ store: TodoStore) throws -> [Int64: [Int64]] {
        var result: [Int64: [Int64]] = [:]
        for list in try store.lists() {
            let query = SectionQuery(listID: list.id)
            result[list.id] = try store.items(query, in: 0..<(list.openCount + list.doneCount)).map(\.id)
        }
        return result
    }

    /// The id at `row`, or nil past the end.
    private func row(_ row: Int, of ids: [Int64]?) -> Int64? {
        guard let ids, ids.indices.contains(row) else { return nil }
        return ids[row]
    }

    /// Checks a change against the ranked orders before and after it: every place it names holds
    /// its todo, every todo that changed place is named, and the counts are the lists' counts.
    func expectDescribes(_ change: TodoChange, before: [Int64: [Int64]], after: [Int64: [Int64]],
                                 _ store: TodoStore, _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!change.readsEverything, sourceLocation: sourceLocation)
        for todo in change.todos {
            if let old = todo.old { #expect(row(old.row, of: before[old.listID]) == todo.id, "old place of \(todo.id) \(what)", sourceLocation: sourceLocation) }
            if let new = todo.new { #expect(row(new.row, of: after[new.listID]) == todo.id, "new place of \(todo.id) \(what)", sourceLocation: sourceLocation) }
        }
        let named = Set(change.todos.map(\.id))
        // A todo not named keeps its relative order: removing the named ones leaves equal sequences.
        for (listID, ids) in after {
            let kept = ids.filter { !named.contains($0) }
            let was = (before[listID] ?? []).filter { !named.contains($0) }
            #expect(kept == was, "todos not named in list \(listID) stay in order", sourceLocation: sourceLocation)
        }
        let lists = try store.lists()
        for (listID, counts) in change.counts {
            let list = lists.first { $0.id == listID }
            #expect(list.map { TodoChange.Counts(open: $0.openCount, done: $0.doneCount) } ?? TodoChange.Counts(open: 0, done: 0) == counts, "\(what)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("An add, a toggle, a move to another list and a delete each name their todo's place before and after")
    func singleSteps() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let work = try store.addList(named: "Work").value
        let a = try store.add(title: "a").value, b = try store.add(title: "b", after: a.id).value
        let added = try store.add(title: "c", after: b.id), c = added.value
        var change = added.change
        #expect(change.todos == [TodoChange.Todo(id: c.id, old: nil, new: .init(listID: TodoStore.inboxListID, isDone: false, row: 2),
                                                              fieldsChanged: false)])
        #expect(change.counts[TodoStore.inboxListID] == TodoChange.Counts(open: 3, done: 0))
        change = try store.setDone(true, ids: [a.id]).change
        #expect(change.todos == [TodoChange.Todo(id: a.id, old: .init(listID: TodoStore.inboxListID, isDone: false, row: 0),
                                                              new: .init(listID: TodoStore.inboxListID, isDone: true, row: 2), fieldsChanged: true)])
        #expect(change.todos.first?.kind == .moved)
        change = try store.move(id: c.id, toList: work.id, after: nil).change
        #expect(change.todos == [TodoChange.Todo(id: c.id, old: .init(listID: TodoStore.inboxListID, isDone: false, row: 1),
                                                              new: .init(listID: work.id, isDone: false, row: 0), fieldsChanged: false)])
        #expect(change.counts == [TodoStore.inboxListID: .init(open: 1, done: 1), work.id: .init(open: 1, done: 0)])
        change = try store.update(id: b.id, title: "B").change
        #expect(change.todos.map(\.kind) == [.updated])
        change = try store.delete(ids: [b.id]).change
        #expect(change.todos == [TodoChange.Todo(id: b.id, old: .init(listID: TodoStore.inboxListID, isDone: false, row: 0),
                                                              new: nil, fieldsChanged: false)])
        #expect(change.lists.isEmpty)
    }

    @Test("List steps name the list and what happened to it")
    func listSteps() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let added = try store.addList(named: "Work"), work = added.value
        #expect(added.change.lists == [.init(id: work.id, kinds: .added)])
        #expect(try store.renameList(id: work.id, to: "Office").change.lists == [.init(id: work.id, kinds: .renamed)])
        #expect(try store.setCollapsed(true, listID: work.id).change.lists == [.init(id: work.id, kinds: .folded)])
        #expect(try store.deleteList(id: work.id, movingTodosTo: nil).change.lists == [.init(id: work.id, kinds: .deleted)])
    }

    @Test("A priority or a flag gained or lost says the row columns may have changed")
    func rowColumns() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let added = try store.add(title: "a"), a = added.value
        #expect(!added.change.mayChangeRowColumns)
        #expect(try store.update(id: a.id, isFlagged: true).change.mayChangeRowColumns)
        #expect(try store.update(id: a.id, title: "b").change.mayChangeRowColumns, "the flag is on both sides: harmless to say")
    }

    @Test("A step bigger than the row limit asks to read everything again")
    func tooBig() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        #expect(try store.add((0...TodoChange.rowLimit).map { NewTodo(title: "t\($0)") }, toList: TodoStore.inboxListID).change.unknown == .tooBig)
        #expect(try store.undo().change.unknown == .tooBig)
    }

    @Test("Random steps, undos, redos and another process's steps are each described exactly", arguments: [1, 2, 3])
    func randomSteps(seed: UInt64) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            var random = SplitMix64(seed: seed)
            let work = try store.addList(named: "Work").value
            let listIDs = [TodoStore.inboxListID, work.id]
            for _ in 0..<20 { try store.add(title: "seed", listID: listIDs[Int(random.next() % 2)]) }
            _ = other.externalChange()
            for step in 0..<150 {
                let before = try ranked(store)
                let all = before.values.flatMap { $0 }
                let pick = { all.isEmpty ? nil : all[Int(random.next() % UInt64(all.count))] }
                let actor = random.next() % 5 == 0 ? other : store
                let kind = random.next() % 9
                var committed = TodoChange.none
                switch kind {
                case 0:
                    let listID = listIDs[Int(random.next() % 2)], ids = before[listID] ?? []
                    committed = try actor.add(title: "n\(step)", listID: listID, after: ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]).change
                case 1: if let id = pick() { committed = try actor.setDone(random.next() % 2 == 0, ids: [id]).change }
                case 2: if let id = pick() { committed = try actor.delete(ids: [id]).change }
                case 3:
                    guard let id = pick(), let listID = before.first(where: { $0.value.contains(id) })?.key else { break }
                    let others = (before[listID] ?? []).filter { $0 != id }
                    let after = others.isEmpty ? nil : others[Int(random.next() % UInt64(others.count))]
                    committed = try actor.move(id: id, toList: listID, after: random.next() % 3 == 0 ? nil : after).change
                case 4: if let id = pick() { committed = try actor.update(id: id, title: "e\(step)", priority: Int(random.next() % 4)).change }
                case 5: committed = try actor.setDone(true, ids: (0..<3).compactMap { _ in pick() }).change
                case 6: committed = try actor.move(ids: (0..<3).compactMap { _ in pick() }, toList: listIDs[Int(random.next() % 2)]).change
                case 7: committed = try actor.undo().change
                default: committed = try actor.redo().change
                }
                let after = try ranked(store)
                if actor === store {
                    try expectDescribes(committed, before: before, after: after, store, "step \(step) kind \(kind)")
                } else if let change = store.externalChange(), !change.readsEverything {
                    try expectDescribes(change, before: before, after: after, store, "other's step \(step) kind \(kind)")
                }
            }
        }
    }

    @Test("Another process's undo cannot be told from its journal: its change reads everything")
    func externalUndo() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            let a = try store.add(title: "a").value
            #expect(other.externalChange() != nil)
            try other.update(id: a.id, title: "A")
            let seen = store.externalChange()
            #expect(seen?.todos.map(\.id) == [a.id])
            #expect(seen?.todos.first?.kind == .updated)
            try other.undo()
            #expect(store.externalChange()?.unknown == .unexplained)
            #expect(store.externalChange() == nil, "nothing new since")
            try other.add(title: "b")
            #expect(store.externalChange()?.todos.count == 1, "after reading everything the journal explains again")
        }
    }

    @Test("A step of ours taken before another process's step was looked at does not pass that step over",
          arguments: ["add", "undo", "nothing"])
    func ownStepAfterUnseenExternalStep(ours: String) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            let mine = try store.add(title: "mine").value
            #expect(other.externalChange() != nil)
            let first = try other.add(title: "first").value
            switch ours {
            case "add": try store.add(title: "also mine")
            case "undo": try store.undo()
            default: try store.update(id: mine.id, title: "mine")
            }
            let second = try other.add(title: "second").value
            let seen = try #require(store.externalChange())
            // Either the change names both of the other's todos, or it says to read everything.
            #expect(seen.readsEverything || Set(seen.todos.map(\.id)).isSuperset(of: [first.id, second.id]), "\(ours)")
        }
    }

    @Test("A step that changed nothing, and an undo or redo with nothing to replay, leave no change behind")
    func unchangedStepHasNoChange() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let a = try store.add(title: "a").value
        #expect(try store.update(id: a.id, title: "a").change == .none)
        try store.setDone(true, ids: [a.id])
        let redone = try store.redo()
        #expect(redone.value == nil)
        #expect(redone.change == .none)
        try store.clearHistory()
        try store.setDone(false, ids: [a.id])
        #expect(!(try store.undo().change.isEmpty), "the undo of the toggle is a change")
        let undone = try store.undo()
        #expect(undone.value == nil)
        #expect(undone.change == .none)
    }

    @Test("Our own undo and redo are not told again as another process's change")
    func ownReplaysAreSeen() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            try store.add(title: "a")
            try store.add(title: "b")
            try store.undo()
            try store.redo()
            try store.undo()
            try store.undo()
            try store.redo()
            let c = try other.add(title: "c").value
            #expect(store.externalChange()?.todos.map(\.id) == [c.id])
        }
    }
}
