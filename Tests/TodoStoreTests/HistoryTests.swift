import CSQLite
import Foundation
import Testing
@testable import TodoStore

@Suite("Undo history")
struct HistoryTests {
    @Test("each kind of change describes itself for the status line")
    func descriptions() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let milk = try store.add(title: "Buy milk").value
            let more = try (0..<3).map { try store.add(title: "t\($0)").value }
            let work = try store.addList(named: "Work").value
            var expected: [(String, [Int64])] = []
            try store.setDone(true, ids: [more[0].id, more[1].id]); expected.append(("mark 2 todos done", [more[0].id, more[1].id]))
            try store.setDone(false, ids: [more[0].id]); expected.append(("mark “t0” not done", [more[0].id]))
            try store.update(id: milk.id, title: "x"); expected.append(("edit “Buy milk”", [milk.id]))
            try store.update(id: milk.id, isFlagged: true); expected.append(("flag “x”", [milk.id]))
            try store.move(id: milk.id, toList: work.id, after: nil); expected.append(("move “x”", [milk.id]))
            try store.renameList(id: work.id, to: "Job"); expected.append(("rename list “Work”", []))
            try store.delete(ids: more.map(\.id)); expected.append(("delete 3 todos", more.map(\.id)))
            for (description, ids) in expected.reversed() {
                #expect(try store.undo().value == HistoryStep(description: description, todoIDs: ids))
            }
            #expect(try store.undo().value?.description == "add list “Work”")
            #expect(try store.undo().value?.description == "add “t2”")
            #expect(try store.redo().value?.description == "add “t2”")
        }
    }

    @Test("undo restores exact rows and redo re-applies them; a new change drops the redo steps")
    func undoRedo() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            #expect(!store.canUndo && !store.canRedo)
            #expect(try store.undo().value == nil)
            #expect(try store.redo().value == nil)
            let a = try store.add(title: "a").value
            let afterAdd = try StoreSnapshot(store)
            try store.setDone(true, ids: [a.id])
            let afterDone = try StoreSnapshot(store)
            try store.undo()
            #expect(try StoreSnapshot(store) == afterAdd)
            #expect(store.canRedo)
            try store.redo()
            #expect(try StoreSnapshot(store) == afterDone)
            try store.undo()
            try store.add(title: "b")
            #expect(!store.canRedo)
            #expect(try store.redo().value == nil)
            #expect(try store.item(id: a.id)?.isDone == false)
        }
    }

    @Test("history survives closing the store, like a crash would")
    func persistent() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let a = try store.add(title: "keep me").value
            try store.delete(ids: [a.id])
            store.close()
            let reopened = try openStore(path)
            #expect(try reopened.undo().value?.description == "delete “keep me”")
            #expect(try reopened.item(id: a.id) == a)
        }
    }

    @Test("only historyDepth steps are kept, and the oldest go first", arguments: [0, 1, 3])
    func depth(historyDepth: Int) throws {
        try withTemporaryFolder { folder in
            let store = try TodoStore(path: folder + "/tick.db", clock: fixedClock, historyDepth: historyDepth)
            for number in 0..<6 { try store.add(title: "t\(number)") }
            var undone: [String] = []
            while let step = try store.undo().value { undone.append(step.description) }
            #expect(undone == ["add “t5”", "add “t4”", "add “t3”"].prefix(historyDepth).map { $0 })
            #expect(store.count == 6 - historyDepth)
        }
    }

    @Test("a 10,000-todo delete is one transaction and one undo step, and undo brings every todo back")
    func bigBatch() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let items = try store.importItems((0..<10_000).map { NewTodo(title: "todo \($0)") })
            let steps = store.undoableStepCount
            let before = try StoreSnapshot(store)
            let commits = CommitCounter(store)
            let deleted = try store.delete(ids: items.map(\.id)).value
            #expect(commits.count == 1)
            #expect(deleted.count == 10_000)
            #expect(store.undoableStepCount == steps + 1)
            #expect(store.count == 0)
            let step = try #require(try store.undo().value)
            #expect(commits.count == 2)
            #expect(step.description == "delete 10000 todos" && step.todoIDs.count == 10_000)
            #expect(try StoreSnapshot(store) == before)
            try expectIntact(store)
        }
    }

    @Test("a dropped step too big to forget at once is collected a chunk at a time by later changes")
    func garbageCollection() throws {
        try withTemporaryFolder { folder in
            let store = try TodoStore(path: folder + "/tick.db", clock: fixedClock, historyDepth: 1)
            try store.importItems((0..<1_300).map { NewTodo(title: "todo \($0)") })
            try store.add(title: "pushes the import out of the history")
            func journalRows() throws -> Int64 { try store.connection.scalarInt("SELECT count(*) FROM history_todos") }
            #expect(try store.connection.scalarInt("SELECT count(*) FROM history_garbage") == 1)
            var rows = try journalRows()
            while try store.connection.scalarInt("SELECT count(*) FROM history_garbage") > 0 {
                try store.add(title: "more")
                let now = try journalRows()
                #expect(rows - now <= Int64(History.journalChunk) + 2)
                rows = now
            }
            #expect(try journalRows() == 1)
            #expect(try store.undo().value?.description == "add “more”")
            #expect(try store.undo().value == nil)
        }
    }

    @Test("the history is the file's: undo takes back the newest change, whichever connection made it")
    func sharedHistory() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let mine = try openStore(path)
            let theirs = try openStore(path)
            let a = try mine.add(title: "a").value
            try theirs.update(id: a.id, title: "theirs")
            #expect(mine.hasExternalChanges())
            #expect(try mine.undo().value?.description == "edit “a”")
            #expect(try theirs.item(id: a.id)?.title == "a")
            #expect(try theirs.undo().value?.description == "add “a”")
            #expect(mine.count == 0)
        }
    }

    @Test("undo after a writer that keeps no history changed the same rows restores them anyway, indexes intact")
    func undoAfterUnjournaledChange() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let work = try store.addList(named: "Work").value
            let a = try store.add(title: "a", listID: work.id).value
            let b = try store.add(title: "b", listID: work.id, after: a.id).value
            try store.update(id: a.id, title: "mine")
            try store.delete(ids: [b.id])
            // Another program edits the file directly: the triggers run, but nothing is journaled.
            let raw = try SQLiteConnection(path: path, mode: .readWrite)
            try raw.execute("UPDATE todos SET title = 'raw', completed_at = 5 WHERE id = \(a.id)")
            try raw.execute("DELETE FROM todos WHERE list_id = \(work.id); DELETE FROM lists WHERE id = \(work.id)")
            raw.close()
            try expectIntact(store)
            // Undoing the delete of b brings it back; its list is gone, so it lands in the Inbox.
            #expect(try store.undo().value?.description == "delete “b”")
            #expect(try store.item(id: b.id)?.listID == TodoStore.inboxListID)
            // Undoing the edit of a restores a's row as it was before the edit: last writer wins.
            #expect(try store.undo().value?.description == "edit “a”")
            let restored = try #require(try store.item(id: a.id))
            #expect(restored.title == "a" && !restored.isDone && restored.listID == TodoStore.inboxListID)
            try expectIntact(store)
            let inbox = SectionQuery(listID: TodoStore.inboxListID)
            #expect(try store.items(inbox, in: 0..<10).map(\.id) == [a.id, b.id])
            #expect(try store.index(of: b.id, in: inbox) == 1)
            // Undoing the list's creation while it is already gone is harmless.
            try store.undo()
            try store.undo()
            #expect(try store.undo().value?.description == "add list “Work”")
            try expectIntact(store)
        }
    }
}

/// Counts the commits of a store's connection with SQLite's commit hook.
final class CommitCounter {
    private let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    init(_ store: TodoStore) {
        counter.initialize(to: 0)
        sqlite3_commit_hook(store.connection.handle, { context in
            context!.assumingMemoryBound(to: Int.self).pointee += 1
            return 0
        }, counter)
    }

    var count: Int { counter.pointee }

    deinit { counter.deallocate() }
}
