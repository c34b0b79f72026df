import Testing
@testable import TodoStore

/// What the store remembers between reads (the lists with their counts, which lists have
/// priorities) must never outlive a change: its own, another process's, or one that rolled back.
@Suite("Read caches")
struct ReadCacheTests {
    /// Each list's name, open count and done count.
    private func summary(_ store: TodoStore) throws -> [String] {
        try store.lists().map { "\($0.name) \($0.openCount)/\($0.doneCount)" }
    }

    @Test("Lists and their counts follow this store's changes, another connection's commits and undo")
    func listsFollowChanges() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let other = try openStore(path)
            #expect(try summary(store) == ["Inbox 0/0"])
            #expect(try summary(store) == ["Inbox 0/0"], "a second read, from the cache")
            let first = try store.add(title: "Buy milk")
            #expect(try summary(store) == ["Inbox 1/0"])
            try store.setDone(true, ids: [first.id])
            #expect(try summary(store) == ["Inbox 0/1"])
            let work = try other.addList(named: "Work")
            try other.add(title: "Ship it", listID: work.id)
            #expect(try summary(store) == ["Inbox 0/1", "Work 1/0"], "another connection's commit")
            _ = try store.undo()
            #expect(try summary(store) == ["Inbox 0/1", "Work 0/0"])
            try store.renameList(id: work.id, to: "Office")
            #expect(try summary(store) == ["Inbox 0/1", "Office 0/0"])
        }
    }

    @Test("Whether a list has priorities follows priorities set, todos done and deleted, here and elsewhere")
    func prioritiesFollowChanges() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let other = try openStore(path)
            let inbox = TodoStore.inboxListID
            let todo = try store.add(title: "Pay rent")
            #expect(!store.hasPriorities(inList: inbox))
            #expect(!store.hasPriorities(inList: inbox), "a second read, from the cache")
            try store.update(id: todo.id, priority: 2)
            #expect(store.hasPriorities(inList: inbox))
            try store.setDone(true, ids: [todo.id])
            #expect(!store.hasPriorities(inList: inbox), "done todos do not count")
            try other.setDone(false, ids: [todo.id])
            #expect(store.hasPriorities(inList: inbox), "another connection reopened it")
            try store.delete(ids: [todo.id])
            #expect(!store.hasPriorities(inList: inbox))
        }
    }

    @Test("A change that fails and rolls back leaves the lists as they were")
    func rolledBackChange() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            try store.add(title: "Buy milk")
            #expect(try summary(store) == ["Inbox 1/0"])
            #expect(throws: StoreError.self) { try store.add(title: "Nowhere", listID: 999) }
            #expect(try summary(store) == ["Inbox 1/0"])
            #expect(throws: StoreError.self) { try store.addList(named: "Inbox") }
            #expect(try summary(store) == ["Inbox 1/0"])
        }
    }

    @Test("Todos read by id come back in the order asked, skipping missing ones, across chunks of a page")
    func itemsByID() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let ids = try (0..<70).map { try store.add(title: "Todo \($0)").id }
            let wanted = Array(ids.reversed()) + [999_999] + [ids[3], ids[3]]
            let titles = try store.items(ids: wanted).map(\.title)
            #expect(titles == (0..<70).reversed().map { "Todo \($0)" } + ["Todo 3", "Todo 3"])
            #expect(try store.items(ids: [ids[5]]).map(\.title) == ["Todo 5"])
            #expect(try store.items(ids: [Int64]()).isEmpty)
        }
    }
}
