import Testing
@testable import TodoStore

/// A part that writes down what it hears, and can make the step fail from inside its transaction.
private final class ListeningPart: StoreComponent {
    var willCommit: [CommittedStep] = []
    var didCommit: [CommittedStep] = []
    var rollBacks = 0
    var changesElsewhere = 0
    /// Thrown from `willCommit`, after every part of the store itself has seen the step.
    var failure: StoreError?

    func willCommit(_ step: CommittedStep) throws {
        willCommit.append(step)
        if let failure { throw failure }
    }

    func didCommit(_ step: CommittedStep) { didCommit.append(step) }
    func didRollBack() { rollBacks += 1 }
    func fileDidChangeElsewhere() { changesElsewhere += 1 }

    /// Everything heard, in one comparable line.
    var heard: String {
        "will \(willCommit.count) did \(didCommit.count) rolled back \(rollBacks) elsewhere \(changesElsewhere)"
    }
}

/// The store's parts hear about every step through one hook (`TodoStore.runStep`): exactly once per
/// committed step, a rollback when it fails, nothing when it changed nothing.
@Suite("Store parts and the step hook")
struct StoreComponentTests {
    /// A store with a listening part, a second list and three todos in the Inbox (each added at the top).
    private func makeStore() throws -> (store: TodoStore, part: ListeningPart, ids: [Int64], work: Int64) {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let work = try store.addList(named: "Work").value.id
        let ids = try ["Buy milk", "Pay rent", "Call mum"].map { try store.add(title: $0).value.id }
        let part = ListeningPart()
        store.addComponent(part)
        return (store, part, ids, work)
    }

    /// Makes the change called `name` (one of `changeNames`) and returns the kind of the last step it makes.
    private static func make(_ name: String, _ store: TodoStore, _ ids: [Int64], _ work: Int64) throws -> CommittedStep.Kind {
        switch name {
        case "add": try store.add(title: "Ship it")
        case "toggle": try store.setDone(true, ids: [ids[0]])
        case "delete": try store.delete(ids: [ids[1]])
        case "edit": try store.update(id: ids[2], title: "Call dad")
        case "move": try store.move(id: ids[0], toList: work, after: nil)
        case "batch": try store.setFlagged(true, ids: ids)
        case "rename a list": try store.renameList(id: work, to: "Office")
        case "import": try store.importItems([NewTodo(title: "From a file")])
        case "undo":
            try store.undo()
            return .undo
        case "redo":
            try store.undo()
            try store.redo()
            return .redo
        default: Issue.record("no change named \(name)")
        }
        return .change
    }

    private static let changeNames = ["add", "toggle", "delete", "edit", "move", "batch", "rename a list", "import", "undo", "redo"]

    @Test("Each committed step is heard exactly once before and once after it commits, as the same value",
          arguments: changeNames)
    func oneAnnouncementPerStep(name: String) throws {
        let (store, part, ids, work) = try makeStore()
        let kind = try Self.make(name, store, ids, work)
        // Redo is an undo and then a redo: two steps.
        let steps = kind == .redo ? 2 : 1
        #expect(part.heard == "will \(steps) did \(steps) rolled back 0 elsewhere 0", "\(name)")
        #expect(part.willCommit.map(\.id) == part.didCommit.map(\.id), "\(name)")
        let step = try #require(part.didCommit.last)
        #expect(step.kind == kind, "\(name)")
        let rows = try #require(step.todoChanges, "\(name)")
        if kind == .change {
            // A new step's journal rows are read once, before the history files (and may prune) it.
            #expect(rows.count == (try store.journaledTodoChanges(ofStep: step.id, limit: 100).count), "\(name)")
            #expect(step.changedLists == (name == "rename a list"), "\(name)")
        } else {
            // A replay carries the rows it wrote (recorded under a scratch step, then deleted):
            // the step's own rows, sides swapped for an undo.
            let journaled = try store.journaledTodoChanges(ofStep: step.id, limit: 100)
            let replayed = kind == .undo ? journaled.reversed() : journaled
            #expect(rows.map { $0.old?.id ?? $0.new?.id } == replayed.map { $0.old?.id ?? $0.new?.id }, "\(name)")
            #expect(rows.map { $0.new?.listID } == replayed.map { kind == .undo ? $0.old?.listID : $0.new?.listID }, "\(name)")
            #expect(!step.changedLists, "\(name)")
            #expect(try store.journaledTodoChanges(ofStep: History.replayScratchStep, limit: 100).isEmpty, "\(name)")
        }
    }

    @Test("An add is heard with its one journaled row, its summary and the rows it changed")
    func addIsDescribed() throws {
        let (store, part, _, _) = try makeStore()
        let added = try store.add(title: "Ship it").value
        let step = try #require(part.didCommit.first)
        #expect(step.summary.description == "add “Ship it”" && step.summary.todoIDs == [added.id])
        let row = try #require(step.todoChanges?.first)
        #expect(step.todoChanges?.count == 1 && row.old == nil)
        #expect(row.new?.id == added.id && row.new?.listID == TodoStore.inboxListID && row.new?.isOpen == true)
        #expect(step.changedRows > 0)
    }

    @Test("A step that changed nothing is heard by no part, and what the parts read before it stays current")
    func unchangedStepIsSilent() throws {
        let (store, part, ids, _) = try makeStore()
        try store.setDone(true, ids: [ids[0]])
        _ = try store.lists()
        let heard = part.heard
        try store.update(id: ids[1], title: "Pay rent")
        try store.setDone(true, ids: [ids[0]])
        try store.move(id: ids[0], toList: TodoStore.inboxListID, after: ids[1])
        #expect(part.heard == heard)
        #expect(store.listCatalog.current()?.lists != nil, "a change of nothing made the lists stale")
        #expect(try store.undo().value?.description == "mark “Buy milk” done", "an unchanged step must not end up in the history")
    }

    @Test("A step that fails after the parts patched for it rolls back, and every part forgets what it derived")
    func failedStepRollsBack() throws {
        let (store, part, ids, _) = try makeStore()
        let section = SectionQuery(listID: TodoStore.inboxListID)
        // Load the rank index's prefix sums and the list summary, so that the step patches both.
        #expect(try store.items(section, in: 0..<10).count == 3)
        _ = try store.lists()
        part.failure = StoreError.historyConflict("planted")
        #expect(throws: StoreError.self) { try store.add(title: "Never stored", after: ids[2]).value }
        #expect(part.heard == "will 1 did 0 rolled back 1 elsewhere 0")
        #expect(store.listCatalog.current() == nil)
        part.failure = nil
        // Prefix sums patched for the lost todo would promise a fourth row.
        #expect(try store.count(section) == 3)
        // Each todo was added at the top.
        #expect(try store.items(section, in: 0..<10).map(\.id) == ids.reversed())
        #expect(try store.index(of: ids[0], in: section) == 2)
        #expect(try store.lists().map(\.openCount) == [3, 0])
        #expect(try store.undo().value?.description == "add “Call mum”")
    }

    @Test("A step whose own body fails is heard only as a rollback")
    func failedBodyRollsBack() throws {
        let (store, part, _, _) = try makeStore()
        #expect(throws: StoreError.self) { try store.add(title: "Nowhere", listID: 999).value }
        #expect(part.heard == "will 0 did 0 rolled back 1 elsewhere 0")
    }

    @Test("Another connection's commit is heard once, when the next read or change begins")
    func otherConnectionsCommit() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let other = try openStore(path)
            // The first read after opening finds the store's parts with nothing derived yet.
            _ = try store.lists()
            let part = ListeningPart()
            store.addComponent(part)
            try other.add(title: "From elsewhere")
            #expect(part.changesElsewhere == 0)
            #expect(try store.lists().map(\.openCount) == [1])
            _ = try store.lists()
            #expect(part.heard == "will 0 did 0 rolled back 0 elsewhere 1")
            try other.add(title: "Again")
            try store.add(title: "Mine")
            #expect(part.heard == "will 1 did 1 rolled back 0 elsewhere 2")
        }
    }
}
