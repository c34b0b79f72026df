import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Issue 31, collapsing a parent at a constant cost: the open rows a collapsed parent hides are
/// counted from the end of its subtree, found by a seek per level in `todos_outline` (schema version
/// 14), never by reading the rows of the subtree. Costs are counted in SQLite's virtual-machine
/// steps (`statementSteps`), not timed.
@Suite("Outline index")
struct OutlineIndexTests {
    /// Takes a current store back to the version before the outline index.
    static let backBeforeOutlineIndexSQL = WaitingCountTests.backToVersion14SQL + "DROP INDEX todos_outline;"

    /// Inbox: A (A1 (A1a, A1b done), A2 done (A2x)), B; Errands: E, whose parent names A's UID
    /// (in another list, so not in effect). Returns the ids by title.
    static func tree(_ store: TodoStore) throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        ids["A"] = try store.add(title: "A").value.id
        ids["A1"] = try store.addSubtask(title: "A1", toParent: ids["A"]!).value.id
        ids["A1a"] = try store.addSubtask(title: "A1a", toParent: ids["A1"]!).value.id
        ids["A1b"] = try store.addSubtask(title: "A1b", toParent: ids["A1"]!).value.id
        ids["A2"] = try store.addSubtask(title: "A2", toParent: ids["A"]!).value.id
        ids["A2x"] = try store.addSubtask(title: "A2x", toParent: ids["A2"]!).value.id
        ids["B"] = try store.add(title: "B", after: ids["A2x"]).value.id
        try store.setDone(true, ids: [ids["A1b"]!, ids["A2"]!])
        let errands = try store.addList(named: "Errands").value
        ids["E"] = try store.add(title: "E", listID: errands.id).value.id
        let a = try #require(try store.item(id: ids["A"]!))
        try store.executeForTools("UPDATE todos SET parent_uid = '\(a.uid)' WHERE id = \(ids["E"]!)")
        return ids
    }

    @Test("The rows a parent hides are its open subtasks at every depth, those under a done subtask too, none of another list")
    func countsTheOpenRowsOfTheSubtree() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let ids = try Self.tree(store)
        #expect(try store.openSubtreeRowCount(of: ids["A"]!) == 3, "A1, A1a and A2x")
        #expect(try store.openSubtreeRowCount(of: ids["A1"]!) == 1, "A1a (A1b is done)")
        #expect(try store.openSubtreeRowCount(of: ids["A1a"]!) == 0)
        #expect(try store.openSubtreeRowCount(of: ids["B"]!) == 0)
        #expect(try store.openSubtreeRowCount(of: ids["A2"]!) == 0, "a done parent hides nothing")
        #expect(try store.openSubtreeRowCount(of: ids["E"]!) == 0)
        #expect(try store.openSubtreeRowCount(of: 9_999) == 0, "a todo that is gone")
        // The same as walking the subtree.
        for title in ["A", "A1", "B"] {
            #expect(try store.openSubtreeRowCount(of: ids[title]!) == store.openSubtaskCount(of: ids[title]!), "\(title)")
        }
    }

    /// Inbox: Top, then Big with `subtasks` subtasks, the last of them with `subtasks / 10` of its
    /// own, then Last. The steps of counting Big's rows once the rank blocks are loaded, and the count.
    static func steps(subtasks: Int) throws -> (steps: Int, count: Int) {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let top = try store.add(title: "Top").value
        let big = try store.add(title: "Big", after: top.id).value
        let children = try store.add((0..<subtasks).map { NewTodo(title: "Child \($0)", listName: "Inbox") },
                                     toList: TodoStore.inboxListID, after: big.id).value
        try store.executeForTools("UPDATE todos SET parent_uid = '\(big.uid)' WHERE title LIKE 'Child %'")
        let last = try #require(children.last)
        let grandchildren = try store.add((0..<(subtasks / 10)).map { NewTodo(title: "Grandchild \($0)", listName: "Inbox") },
                                          toList: TodoStore.inboxListID, after: last.id).value
        try store.executeForTools("UPDATE todos SET parent_uid = '\(last.uid)' WHERE title LIKE 'Grandchild %'")
        _ = try store.add(title: "Last", after: try #require(grandchildren.last).id)
        _ = try store.openSubtreeRowCount(of: top.id)  // loads the rank blocks' sizes
        let before = store.statementSteps
        let count = try store.openSubtreeRowCount(of: big.id)
        return (store.statementSteps - before, count)
    }

    @Test("Counting the rows under a parent of 20,000 subtasks reads about as much as under one of 2,000")
    func countCostIgnoresTheSubtree() throws {
        let small = try Self.steps(subtasks: 2_000), large = try Self.steps(subtasks: 20_000)
        #expect(small.count == 2_200 && large.count == 22_000)
        // Two counts inside rank blocks (at most about 1,024 index entries each) and a seek per level;
        // reading the subtree's rows cost ten times as much at ten times the subtasks.
        #expect(large.steps < small.steps * 2, "\(large.steps) steps against \(small.steps)")
    }

    @Test("A parent's last subtask is one seek at the end of its run in todos_outline (and its row), no sort")
    func lastSubtaskIsASeek() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let plan = try store.connection.query("EXPLAIN QUERY PLAN " + TodoStore.lastSubtaskSQL, ["uid", Int64(1)]) { $0.string(at: 3) }
        #expect(plan.contains { $0.contains("USING INDEX todos_outline (parent_uid=? AND list_id=?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test("A store from before the outline index upgrades: the index is made, its outline counted the same, undo still works")
    func upgradesFromTheVersionBefore() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            var ids: [String: Int64] = [:]
            do {
                let store = try openStore(path)
                ids = try Self.tree(store)
                try store.update(id: ids["B"]!, title: "B edited")
                try store.connection.execute(Self.backBeforeOutlineIndexSQL + "PRAGMA user_version = \(Schema.outlineIndexVersion - 1);")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try store.connection.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'todos_outline'") == 1)
            #expect(try store.openSubtreeRowCount(of: ids["A"]!) == 3)
            try store.undo()
            #expect(try store.item(id: ids["B"]!)?.title == "B")
            #expect(try store.integrityProblems() == [])
        }
    }
}
