import Foundation
import Testing
@testable import TodoStore

@Suite("Search index tidying")
struct SearchIndexTidyingTests {
    @Test("Changes leave the search index in pieces; tidying merges them while idle and search stays exact")
    func tidying() throws {
        let scratch = try ScratchFolder("tidy")
        let folder = scratch.url
        let store = try TodoStore(path: folder.appendingPathComponent("tick.db").path, durability: .noSync)
        defer { store.close() }
        for index in 0..<120 { try store.add(title: "milk run \(index)") }
        let query = SectionQuery(listID: TodoStore.inboxListID, search: "milk")
        #expect(try store.count(query) == 120)
        var rounds = 0
        while store.tidySearchIndex(pages: 8) { rounds += 1; if rounds > 1_000 { break } }
        #expect(rounds > 0)       // there was work to do
        #expect(!store.tidySearchIndex())  // and now there is none
        let deleted = try store.items(query, in: 0..<10).map(\.id)
        try store.delete(ids: deleted)
        #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "milk")) == 110)
        #expect(store.integrityCheck() == "ok")
    }

    @Test("Once tidying finds nothing, further idle steps cost no transaction until this store or another one writes")
    func idleStepsAfterNothingToDo() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let other = try openStore(path)
            try store.add(title: "Buy milk")
            while store.tidySearchIndex(pages: 8) {}
            let settled = store.connection.totalChanges
            #expect(!store.tidySearchIndex())
            #expect(store.connection.totalChanges == settled, "a step with nothing new to tidy ran a transaction")
            try store.add(title: "Pay rent")
            #expect(store.tidySearchIndex(), "its own change left a todo to index")
            while store.tidySearchIndex(pages: 8) {}
            let afterOwn = store.connection.totalChanges
            try other.add(title: "Ship it")
            _ = store.tidySearchIndex()
            #expect(store.connection.totalChanges > afterOwn, "another connection's change must be looked at")
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "ship")) == 1)
        }
    }

    @Test("A step that queues no todo for the index (done, flagged, a priority) leaves a tidy index tidy; a retitle, an add, a delete or their undo do not")
    func stepsThatLeaveTheIndexTidy() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let milk = try store.add(title: "Buy milk").value
            let rent = try store.add(title: "Pay rent").value
            func settle() { while store.tidySearchIndex(pages: 8) {} }
            /// Whether the next idle step found the index tidy without running a transaction.
            func tidyWithoutTransaction() -> Bool {
                let before = store.connection.totalChanges
                return !store.tidySearchIndex() && store.connection.totalChanges == before
            }
            settle()
            _ = try store.setDone(true, ids: [milk.id])
            #expect(tidyWithoutTransaction(), "a toggle queues nothing, yet the idle step ran a transaction")
            _ = try store.setFlagged(true, ids: [milk.id, rent.id])
            _ = try store.update(id: rent.id, priority: 2)
            #expect(tidyWithoutTransaction(), "a flag and a priority queue nothing")
            _ = try store.undo()
            #expect(tidyWithoutTransaction(), "undoing a priority queues nothing")

            _ = try store.update(id: rent.id, title: "Pay the rent")
            #expect(!tidyWithoutTransaction(), "a retitle leaves a todo to index")
            settle()
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "the rent")) == 1)
            _ = try store.undo()
            #expect(!tidyWithoutTransaction(), "undoing a retitle leaves a todo to index")
            settle()
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "the rent")) == 0)
            _ = try store.add(title: "Ship it")
            #expect(!tidyWithoutTransaction(), "an add leaves a todo to index")
            settle()
            _ = try store.delete(ids: [milk.id])
            #expect(!tidyWithoutTransaction(), "a delete leaves a todo to take out")
            settle()
            #expect(try store.countTodosAwaitingSearchIndex() == 0)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "milk")) == 0)
        }
    }

    @Test("A tidying step does not wait while another process holds the write lock, and tidies once it is free")
    func tidyingNeverWaitsForAWriter() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let other = try openStore(path)
            try store.add(title: "Buy milk")
            try other.connection.execute("BEGIN IMMEDIATE")
            let start = ContinuousClock.now
            #expect(!store.tidySearchIndex(), "the file is busy")
            // The store waits up to 2 s for locks elsewhere; an idle step must not block a key that long.
            #expect(ContinuousClock.now - start < .milliseconds(1_000))
            #expect(store.connection.busyTimeoutMilliseconds == 2_000, "other statements still wait as before")
            try other.connection.execute("COMMIT")
            #expect(store.tidySearchIndex(), "the busy step was not mistaken for a tidy index")
        }
    }
}
