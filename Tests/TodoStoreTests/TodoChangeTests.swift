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
        let a = try store.add(title: "a").value, b = try store.add(title: "b", after: a.id).value, c = try store.add(title: "c", after: b.id).value
        #expect(store.lastChange.todos == [TodoChange.Todo(id: c.id, old: nil, new: .init(listID: TodoStore.inboxListID, isDone: false, row: 2),
                                                              fieldsChanged: false)])
        #expect(store.lastChange.counts[TodoStore.inboxListID] == TodoChange.Counts(open: 3, done: 0))
        try store.setDone(true, ids: [a.id])
        #expect(store.lastChange.todos == [TodoChange.Todo(id: a.id, old: .init(listID: TodoStore.inboxListID, isDone: false, row: 0),
                                                              new: .init(listID: TodoStore.inboxListID, isDone: true, row: 2), fieldsChanged: true)])
        #expect(store.lastChange.todos.first?.kind == .moved)
        try store.move(id: c.id, toList: work.id, after: nil)
        #expect(store.lastChange.todos == [TodoChange.Todo(id: c.id, old: .init(listID: TodoStore.inboxListID, isDone: false, row: 1),
                                                              new: .init(listID: work.id, isDone: false, row: 0), fieldsChanged: false)])
        #expect(store.lastChange.counts == [TodoStore.inboxListID: .init(open: 1, done: 1), work.id: .init(open: 1, done: 0)])
        try store.update(id: b.id, title: "B")
        #expect(store.lastChange.todos.map(\.kind) == [.updated])
        try store.delete(ids: [b.id])
        #expect(store.lastChange.todos == [TodoChange.Todo(id: b.id, old: .init(listID: TodoStore.inboxListID, isDone: false, row: 0),
                                                              new: nil, fieldsChanged: false)])
        #expect(store.lastChange.lists.isEmpty)
    }

    @Test("List steps name the list and what happened to it")
    func listSteps() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let work = try store.addList(named: "Work").value
        #expect(store.lastChange.lists == [.init(id: work.id, kinds: .added)])
        try store.renameList(id: work.id, to: "Office")
        #expect(store.lastChange.lists == [.init(id: work.id, kinds: .renamed)])
        try store.setCollapsed(true, listID: work.id)
        #expect(store.lastChange.lists == [.init(id: work.id, kinds: .folded)])
        try store.deleteList(id: work.id, movingTodosTo: nil)
        #expect(store.lastChange.lists == [.init(id: work.id, kinds: .deleted)])
    }

    @Test("A priority or a flag gained or lost says the row columns may have changed")
    func rowColumns() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let a = try store.add(title: "a").value
        #expect(!store.lastChange.mayChangeRowColumns)
        try store.update(id: a.id, isFlagged: true)
        #expect(store.lastChange.mayChangeRowColumns)
        try store.update(id: a.id, title: "b")
        #expect(store.lastChange.mayChangeRowColumns, "the flag is on both sides: harmless to say")
    }

    @Test("A step bigger than the row limit asks to read everything again")
    func tooBig() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        try store.add((0...TodoChange.rowLimit).map { NewTodo(title: "t\($0)") }, toList: TodoStore.inboxListID)
        #expect(store.lastChange.unknown == .tooBig)
        try store.undo()
        #expect(store.lastChange.unknown == .tooBig)
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
                switch kind {
                case 0:
                    let listID = listIDs[Int(random.next() % 2)], ids = before[listID] ?? []
                    try actor.add(title: "n\(step)", listID: listID, after: ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))])
                case 1: if let id = pick() { try actor.setDone(random.next() % 2 == 0, ids: [id]) }
                case 2: if let id = pick() { try actor.delete(ids: [id]) }
                case 3:
                    guard let id = pick(), let listID = before.first(where: { $0.value.contains(id) })?.key else { break }
                    let others = (before[listID] ?? []).filter { $0 != id }
                    let after = others.isEmpty ? nil : others[Int(random.next() % UInt64(others.count))]
                    try actor.move(id: id, toList: listID, after: random.next() % 3 == 0 ? nil : after)
                case 4: if let id = pick() { try actor.update(id: id, title: "e\(step)", priority: Int(random.next() % 4)) }
                case 5: try actor.setDone(true, ids: (0..<3).compactMap { _ in pick() })
                case 6: try actor.move(ids: (0..<3).compactMap { _ in pick() }, toList: listIDs[Int(random.next() % 2)])
                case 7: try actor.undo()
                default: try actor.redo()
                }
                let after = try ranked(store)
                if actor === store {
                    try expectDescribes(store.lastChange, before: before, after: after, store, "step \(step) kind \(kind)")
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
        try store.update(id: a.id, title: "a")
        #expect(store.lastChange == .none)
        try store.setDone(true, ids: [a.id])
        #expect(try store.redo().value == nil)
        #expect(store.lastChange == .none)
        try store.clearHistory()
        try store.setDone(false, ids: [a.id])
        try store.undo()
        #expect(!store.lastChange.isEmpty, "the undo of the toggle is a change")
        #expect(try store.undo().value == nil)
        #expect(store.lastChange == .none)
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
