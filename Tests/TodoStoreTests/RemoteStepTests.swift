import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Changes the sync brings from another device are steps marked remote (`TodoStore.asRemote`): undo
/// and redo pass over them, and refuse to write over them.
@Suite("Undo and changes from other devices")
struct RemoteStepTests {
    /// Takes a current store back to version 8: steps have no origin.
    static let backToVersion8SQL = MigrationToVersion9Tests.backToVersion8SQL

    /// A todo as the sync writes it: an import by UID, as a remote step.
    private func receive(_ store: TodoStore, title: String, uid: String? = nil) throws {
        var todo = NewTodo(title: title)
        todo.uid = uid
        _ = try store.asRemote { try store.importItems([todo]) }
    }

    @Test("undo passes over changes from another device to this device's newest change, and says it passed them once")
    func passesOverRemoteSteps() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let a = try store.add(title: "a").value
            let b = try store.add(title: "b").value
            try receive(store, title: "from the phone")
            try receive(store, title: "from the laptop")
            #expect(try store.undo().value == HistoryStep(description: "add “b”", todoIDs: [b.id], remoteChangesPassedOver: 2))
            #expect(try store.undo().value == HistoryStep(description: "add “a”", todoIDs: [a.id], remoteChangesPassedOver: 0))
            #expect(!store.canUndo)
            #expect(try store.undo().value == nil)
            #expect(try allTitles(store) == ["from the phone", "from the laptop"])
            #expect(try store.redo().value?.description == "add “a”")
            #expect(try store.redo().value?.description == "add “b”")
            #expect(try allTitles(store).sorted() == ["a", "b", "from the laptop", "from the phone"])
        }
    }

    @Test("a change from another device keeps the redo branch: redo of a step it did not touch still works")
    func remoteStepKeepsRedo() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            try store.add(title: "a")
            try store.undo()
            try receive(store, title: "from the phone")
            #expect(store.canRedo)
            #expect(try store.redo().value?.description == "add “a”")
            #expect(try allTitles(store).sorted() == ["a", "from the phone"])
            // A change made here still ends the redo branch.
            try store.undo()
            try store.add(title: "b")
            #expect(!store.canRedo)
        }
    }

    @Test("changes from other devices that push the oldest undone step out of the history drop the whole redo branch, so redo never replays half of it")
    func pruningDropsRedoBranch() throws {
        try withTemporaryFolder { folder in
            let store = try TodoStore(path: folder + "/tick.db", historyDepth: 4)
            defer { store.close() }
            let a = try store.add(title: "a").value
            try store.update(id: a.id, title: "a2")
            try store.undo()
            try store.undo()
            try receive(store, title: "r1")
            try receive(store, title: "r2")
            #expect(store.canRedo, "the branch is still whole")
            try receive(store, title: "r3")
            #expect(!store.canRedo)
            #expect(try store.redo().value == nil)
            #expect(try allTitles(store) == ["r1", "r2", "r3"])
        }
    }

    @Test("undo is refused when a later change from another device touched the same todo: that change stays, and the next undo goes on",
          arguments: ["edit", "delete", "complete"])
    func refusesUndoOverRemoteChange(remoteChange: String) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let a = try store.add(title: "a").value
            let b = try store.add(title: "b").value
            try store.update(id: b.id, title: "b2")
            try store.asRemote {
                switch remoteChange {
                case "edit": try store.update(id: b.id, title: "B from the phone")
                case "delete": _ = try store.delete(ids: [b.id])
                default: try store.setDone(true, ids: [b.id])
                }
            }
            let after = try StoreSnapshot(store)
            let subject = remoteChange == "edit" ? "B from the phone" : "b2"
            #expect(throws: HistoryRefusal(subject: subject, isList: false, byAnotherDevice: true, isUndo: true,
                                           step: HistoryStep(description: "edit “b”", todoIDs: [b.id]))) { try store.undo().value }
            #expect(try StoreSnapshot(store) == after, "nothing written over the other device's change")
            // The add of b is refused too (the other device changed b since); a's add is not.
            #expect(throws: HistoryRefusal.self) { try store.undo().value }
            #expect(try store.undo().value == HistoryStep(description: "add “a”", todoIDs: [a.id]))
            #expect(try store.item(id: a.id) == nil)
            #expect(!store.canUndo)
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("undoing a delete is refused when the sync brought the todo back under its UID: no second todo with that UID")
    func refusesUndoOfDeleteBroughtBack() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let a = try store.add(title: "a").value
            try store.delete(ids: [a.id])
            // Deleted here, edited there: the edit wins, and the todo comes back with a new id.
            try receive(store, title: "a, edited on the phone", uid: a.uid)
            #expect(throws: HistoryRefusal.self) { try store.undo().value }
            #expect(try store.item(uid: a.uid)?.title == "a, edited on the phone")
            #expect(try allTitles(store) == ["a, edited on the phone"])
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("undoing a list's rename is refused when another device renamed it since")
    func refusesUndoOverRemoteListChange() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            try store.renameList(id: work.id, to: "Job")
            try store.asRemote { try store.renameList(id: work.id, to: "Office").value }
            #expect(throws: HistoryRefusal(subject: "Office", isList: true, byAnotherDevice: true, isUndo: true,
                                           step: HistoryStep(description: "rename list “Work”", todoIDs: []))) { try store.undo().value }
            #expect(try store.lists().map(\.name) == ["Inbox", "Office"])
        }
    }

    @Test("redo is refused when another device changed the todo after the undo; the redo branch goes, the other change stays")
    func refusesRedoOverRemoteChange() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let a = try store.add(title: "a").value
            try store.add(title: "b")
            try store.update(id: a.id, title: "a2")
            try store.undo()
            try store.undo()
            try store.asRemote { try store.update(id: a.id, title: "A from the phone").value }
            // Redo replays in order: the add of b touched nothing the phone changed.
            #expect(try store.redo().value?.description == "add “b”")
            #expect(throws: HistoryRefusal(subject: "A from the phone", isList: false, byAnotherDevice: true, isUndo: false,
                                           step: HistoryStep(description: "edit “a”", todoIDs: [a.id]))) { try store.redo().value }
            #expect(!store.canRedo)
            #expect(try store.item(id: a.id)?.title == "A from the phone")
        }
    }

    @Test("the refusal names the todo and what was not undone")
    func refusalMessage() {
        let refusal = HistoryRefusal(subject: "Buy milk", isList: false, byAnotherDevice: true, isUndo: true,
                                     step: HistoryStep(description: "edit “Buy milk”", todoIDs: [1]))
        #expect(refusal.description == "“Buy milk” was changed on another device since; not undone: edit “Buy milk”")
    }

    @Test("another process's undo that passes over a change from another device reaches this store's change path")
    func externalUndoBelowRemoteStep() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            let a = try other.add(title: "a").value
            try receive(other, title: "from the phone")
            let seen = store.externalChange()
            #expect(seen?.todos.count == 2)
            try other.undo()
            let change = try #require(store.externalChange())
            #expect(change.readsEverything || change.todos.map(\.id) == [a.id], "the undo of a is not lost")
            try other.redo()
            let redone = try #require(store.externalChange())
            #expect(redone.readsEverything || redone.todos.map(\.id) == [a.id], "nor its redo")
        }
    }

    @Test("after this store's redo of a step older than a change from another device, another process's next step is told from the journal alone")
    func ownRedoBelowRemoteStep() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            try store.add(title: "a")
            try store.undo()
            try receive(store, title: "from the phone")
            try store.redo()
            _ = store.externalChange()
            let c = try other.add(title: "c").value
            let change = try #require(store.externalChange())
            #expect(!change.readsEverything)
            #expect(change.todos.map(\.id) == [c.id], "the phone's todo is not told again")
        }
    }

    @Test("random steps, undos, redos and remote changes in two processes are each described exactly", arguments: [1, 2, 3])
    func randomRemoteSteps(seed: UInt64) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path), other = try openStore(path)
            var random = SplitMix64(seed: seed)
            for _ in 0..<10 { try store.add(title: "seed") }
            _ = other.externalChange()
            let changes = TodoChangeTests()
            for step in 0..<150 {
                let before = try changes.ranked(store)
                let all = before.values.flatMap { $0 }
                let pick = { all.isEmpty ? nil : all[Int(random.next() % UInt64(all.count))] }
                let actor = random.next() % 3 == 0 ? other : store
                let kind = random.next() % 6
                var committed = TodoChange.none
                do {
                    switch kind {
                    case 0: committed = try actor.add(title: "n\(step)").change
                    case 1: committed = try actor.asRemote { try actor.add(title: "r\(step)").change }
                    case 2: if let id = pick() { committed = try actor.asRemote { try actor.setDone(random.next() % 2 == 0, ids: [id]).change } }
                    case 3: if let id = pick() { committed = try actor.update(id: id, title: "e\(step)").change }
                    case 4: committed = try actor.undo().change
                    default: committed = try actor.redo().change
                    }
                } catch is HistoryRefusal {}
                let after = try changes.ranked(store)
                if actor === store {
                    try changes.expectDescribes(committed, before: before, after: after, store, "step \(step) kind \(kind)")
                } else if let change = store.externalChange(), !change.readsEverything {
                    try changes.expectDescribes(change, before: before, after: after, store, "other's step \(step) kind \(kind)")
                }
            }
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("a version 8 store upgrades: its steps were made here, and undo takes them as before")
    func upgradesVersion8() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                try store.add(title: "a")
                try store.add(title: "b")
                try store.connection.execute(Self.backToVersion8SQL + "PRAGMA user_version = 8;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try store.connection.scalarInt("SELECT count(*) FROM history_steps WHERE origin = 0") == 2)
            try receive(store, title: "from the phone")
            #expect(try store.undo().value == HistoryStep(description: "add “b”", todoIDs: [2], remoteChangesPassedOver: 1))
            #expect(try store.undo().value == HistoryStep(description: "add “a”", todoIDs: [1], remoteChangesPassedOver: 0),
                    "the phone's change was said at the first undo")
            #expect(try allTitles(store) == ["from the phone"])
        }
    }
}
