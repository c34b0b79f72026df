import Testing
@testable import TodoStore

/// The todo a todo indents under (`previousSibling`) is found by a seek and a walk up the outline,
/// not by walking the manual order back over the subtree between them. Counted in SQLite's
/// virtual-machine steps (`statementSteps`), not timed.
@Suite("Finding the previous sibling")
struct PreviousSiblingCostTests {
    /// A (with `subtasks` subtasks, one of them with its own `subtasks`), then B at the top and C under
    /// A after them: the steps of finding B's and C's previous sibling, which must be A and A's last.
    static func steps(subtasks: Int) throws -> (top: Int, nested: Int) {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let a = try store.add(title: "A").value
        let children = try store.add((0..<subtasks).map { NewTodo(title: "A\($0)", listName: "Inbox") },
                                     toList: TodoStore.inboxListID, after: a.id).value
        try store.executeForTools("UPDATE todos SET parent_uid = '\(a.uid)' WHERE title LIKE 'A%' AND id != \(a.id)")
        let last = try #require(children.last)
        let grandchildren = try store.add((0..<subtasks).map { NewTodo(title: "G\($0)", listName: "Inbox") },
                                          toList: TodoStore.inboxListID, after: last.id).value
        try store.executeForTools("UPDATE todos SET parent_uid = '\(last.uid)' WHERE title LIKE 'G%'")
        let c = try store.add(title: "C", after: try #require(grandchildren.last).id).value
        try store.executeForTools("UPDATE todos SET parent_uid = '\(a.uid)' WHERE id = \(c.id)")
        let b = try store.add(title: "B", after: c.id).value

        var before = store.statementSteps
        #expect(try store.previousSibling(of: try #require(try store.item(id: b.id)))?.id == a.id)
        let top = store.statementSteps - before
        before = store.statementSteps
        #expect(try store.previousSibling(of: try #require(try store.item(id: c.id)))?.id == last.id)
        return (top, store.statementSteps - before)
    }

    @Test("Below a sibling with 2,000 subtasks it reads about as much as below one with 20")
    func seeksPastTheSubtree() throws {
        let small = try Self.steps(subtasks: 20), large = try Self.steps(subtasks: 2_000)
        #expect(large.top < small.top * 2, "at the top: \(large.top) steps against \(small.top)")
        #expect(large.nested < small.nested * 2, "under a parent: \(large.nested) steps against \(small.nested)")
    }

    @Test("The row above is a seek in the list's position index")
    func rowAboveIsASeek() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let plan = try store.connection.query("EXPLAIN QUERY PLAN " + TodoStore.rowAboveSQL, [Int64(1), Int64(5), Int64(5)]) { $0.string(at: 3) }
        #expect(plan.contains { $0.contains("USING COVERING INDEX todos_by_list_position (list_id=? AND position<") }, "\(plan)")
    }
}
