import Testing
@testable import TodoStore

/// The store's connections go through a VFS that hands each transaction's WAL frames to the kernel
/// in one write. It must be invisible: every commit readable at once by another connection, big
/// transactions written in bounded pieces, and the file intact throughout.
@Suite("Batched WAL writes")
struct WALBatchingTests {
    @Test("A change's WAL frames reach the file in one write, with or without syncing", arguments: TodoStore.Durability.allCases)
    func oneWritePerChange(durability: TodoStore.Durability) throws {
        try withTemporaryFolder { folder in
            let store = try TodoStore(path: folder + "/tick.db", clock: fixedClock, durability: durability)
            defer { store.close() }
            let todos = try (0..<40).map { try store.add(title: "Todo \($0)") }
            for todo in todos.prefix(20) {
                let before = try #require(store.connection.walWriteCounts)
                try store.setDone(true, ids: [todo.id])
                let after = try #require(store.connection.walWriteCounts)
                // SQLite writes a frame header and a page for each page the change touched.
                #expect(after.asked - before.asked >= 10)
                #expect(after.made - before.made == 1)
            }
            #expect(store.integrityCheck() == "ok")
        }
    }

    @Test("Another connection reads every commit at once, while both write in turn past WAL checkpoints")
    func commitsAreVisibleAtOnce() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let first = try openStore(path), second = try openStore(path)
            defer { first.close(); second.close() }
            // ~400 changes of ~15 pages each: the WAL passes SQLite's 1,000-page checkpoint several times.
            for round in 0..<200 {
                let writer = round.isMultiple(of: 2) ? first : second
                let reader = round.isMultiple(of: 2) ? second : first
                let added = try writer.add(title: "Round \(round)")
                #expect(try reader.item(id: added.id)?.title == "Round \(round)")
                #expect(reader.count == round + 1)
                if round.isMultiple(of: 3) {
                    try reader.setDone(true, ids: [added.id])
                    #expect(try writer.item(id: added.id)?.isDone == true)
                }
            }
            #expect(first.integrityCheck() == "ok")
            #expect(second.integrityCheck() == "ok")
        }
    }

    @Test("A transaction bigger than one batch (128 KiB) goes out in several writes and reopens intact")
    func bigTransactions() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let before = try #require(store.connection.walWriteCounts)
            let titles = (0..<20_000).map { "Imported todo number \($0) with some words to index" }
            try store.importItems(titles.map { NewTodo(title: $0) })
            let after = try #require(store.connection.walWriteCounts)
            // Pages spilled and written again in place break runs, so fewer frames share a write here.
            #expect(after.made - before.made > 1)
            #expect(after.made < after.asked / 2, "still batched: \(after.made) writes for \(after.asked) asked")
            store.close()
            let reopened = try openStore(path)
            defer { reopened.close() }
            #expect(reopened.count == 20_000)
            #expect(reopened.integrityCheck() == "ok")
        }
    }
}
