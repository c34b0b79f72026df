import Testing
@testable import TodoStore
import TickTesting

/// What the store remembers between reads (the lists with their counts, whether rows need the
/// priority and flag columns) must never outlive a change: its own, another process's, or one that rolled back.
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
            let first = try store.add(title: "Buy milk").value
            #expect(try summary(store) == ["Inbox 1/0"])
            try store.setDone(true, ids: [first.id])
            #expect(try summary(store) == ["Inbox 0/1"])
            let work = try other.addList(named: "Work").value
            try other.add(title: "Ship it", listID: work.id)
            #expect(try summary(store) == ["Inbox 0/1", "Work 1/0"], "another connection's commit")
            _ = try store.undo()
            #expect(try summary(store) == ["Inbox 0/1", "Work 0/0"])
            try store.renameList(id: work.id, to: "Office")
            #expect(try summary(store) == ["Inbox 0/1", "Office 0/0"])
        }
    }

    @Test("A change that fails and rolls back leaves the lists as they were")
    func rolledBackChange() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            try store.add(title: "Buy milk")
            #expect(try summary(store) == ["Inbox 1/0"])
            #expect(throws: StoreError.self) { try store.add(title: "Nowhere", listID: 999).value }
            #expect(try summary(store) == ["Inbox 1/0"])
            #expect(throws: StoreError.self) { try store.addList(named: "Inbox").value }
            #expect(try summary(store) == ["Inbox 1/0"])
        }
    }

    @Test("A change of todos patches the remembered lists from its journal instead of reading them again")
    func todoChangesPatchTheLists() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let work = try store.addList(named: "Work").value
            let milk = try store.add(title: "Buy milk").value
            let rent = try store.add(title: "Pay rent", priority: 2).value
            _ = try store.lists()
            _ = try store.rowColumns()
            let changes: [(String, () throws -> Void)] = [
                ("toggle", { try store.setDone(true, ids: [milk.id]) }),
                ("add", { try store.add(title: "Ship it", listID: work.id) }),
                ("move to another list", { try store.move(id: milk.id, toList: work.id, after: nil).value }),
                ("delete", { try store.delete(ids: [milk.id]) }),
                ("toggle a todo with a priority", { try store.setDone(true, ids: [rent.id]) }),
            ]
            for (name, change) in changes {
                try change()
                let patched = try #require(store.listCatalog.current()?.lists, "\(name): the lists were dropped, not patched")
                let fresh = try openStore(path)
                #expect(patched == (try fresh.lists()), "\(name)")
                fresh.close()
            }
            // No change took a priority or a flag away: what the rows need is still known, without a read.
            #expect(store.listCatalog.current()?.anyPriority == true)
            #expect(store.listCatalog.current()?.anyFlag == false)
            try store.update(id: rent.id, priority: 0)
            #expect(store.listCatalog.current()?.anyPriority == nil, "the last priority may have gone: ask again")
            #expect(try store.rowColumns() == RowColumns())
        }
    }

    @Test("Lists and row columns stay equal to a fresh read through random changes, undo, redo and list edits",
          arguments: [21, 22] as [UInt64])
    func patchedListsMatchFreshReads(seed: UInt64) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            var random = SplitMix64(state: seed)
            var model = StoreModel()
            let work = try store.addList(named: "Work").value
            model.listOrder.append(work.id)
            model.manual[work.id] = []
            var patched = 0
            for step in 0..<300 {
                switch Int.random(in: 0..<20, using: &random) {
                case 0:
                    // Undo and redo reload what they show: the model is rebuilt from the store.
                    _ = Bool.random(using: &random) ? try store.undo().value : try store.redo().value
                    model = try Self.model(of: store)
                case 1:
                    // Undo may have taken the list away again.
                    if try store.list(id: work.id) != nil { try store.renameList(id: work.id, to: "Work \(step)") }
                case 2:
                    if try store.list(id: work.id) != nil { try store.setCollapsed(Bool.random(using: &random), listID: work.id).value }
                case 3:
                    // Flags do not change what the model tracks; they change which columns rows need.
                    let todos = try store.flatOrder()
                    if !todos.isEmpty {
                        let todo = todos[Int.random(in: 0..<todos.count, using: &random)]
                        try store.setFlagged(!todo.isFlagged, ids: [todo.id])
                    }
                default:
                    try SectionModelTests.randomChange(store, &model, &random)
                }
                if store.listCatalog.current()?.lists != nil { patched += 1 }
                let fresh = try openStore(path)
                #expect(try store.lists() == (try fresh.lists()), "seed \(seed) step \(step)")
                #expect(try store.rowColumns() == fresh.rowColumns(), "seed \(seed) step \(step)")
                fresh.close()
            }
            #expect(patched > 150, "seed \(seed): only \(patched) of 300 changes kept the lists")
        }
    }

    /// A model of what the store holds now, each list's todos in manual order.
    private static func model(of store: TodoStore) throws -> StoreModel {
        var model = StoreModel()
        model.listOrder = try store.lists().map(\.id)
        model.manual = [:]
        for listID in model.listOrder {
            model.manual[listID] = []
            let ids = try store.connection.query("SELECT id FROM todos WHERE list_id = ? ORDER BY position, id", [listID]) {
                $0.int64(at: 0)
            }
            var previous: Int64?
            for id in ids {
                model.insert(try #require(try store.item(id: id)), after: previous)
                previous = id
            }
        }
        return model
    }

    @Test("Todos read by id come back in the order asked, skipping missing ones, across chunks of a page")
    func itemsByID() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let ids = try (0..<70).map { try store.add(title: "Todo \($0)").value.id }
            let wanted = Array(ids.reversed()) + [999_999] + [ids[3], ids[3]]
            let titles = try store.items(ids: wanted).map(\.title)
            #expect(titles == (0..<70).reversed().map { "Todo \($0)" } + ["Todo 3", "Todo 3"])
            #expect(try store.items(ids: [ids[5]]).map(\.title) == ["Todo 5"])
            #expect(try store.items(ids: [Int64]()).isEmpty)
        }
    }
}
