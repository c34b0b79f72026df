import Foundation
import Testing
@testable import TodoStore

/// Issue 17: editing mode's changes of many todos, each one transaction and one undo step.
@Suite("Batch edits")
struct BatchEditTests {
    @Test("setFlagged flags several todos in one step; todos already flagged are left out of it")
    func flagSeveral() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let ids = try ["a", "b", "c"].map { try store.add(title: $0).value.id }
            try store.update(id: ids[0], isFlagged: true)
            let flagged = try store.setFlagged(true, ids: ids + [ids[1]]).value
            #expect(flagged.map(\.isFlagged) == [true, true, true])
            #expect(try store.undo().value?.description == "flag 2 todos")
            #expect(try ids.map { try store.item(id: $0)!.isFlagged } == [true, false, false])
            #expect(try store.setFlagged(true, ids: [ids[0]]).value.count == 1)
            #expect(try store.undo().value?.description == "flag “a”", "a change of nothing adds no step")
        }
    }

    @Test("changePriority moves each priority by the steps within none…high, in one step", arguments: [
        (1, [0, 1, 3, 7], [1, 2, 3, 7]),
        (2, [0, 1, 3, 7], [2, 3, 3, 7]),
        (-1, [0, 1, 3, 7], [0, 0, 2, 2]),
    ])
    func priorities(steps: Int, before: [Int], after: [Int]) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let ids = try before.enumerated().map { try store.add(title: "t\($0.offset)", priority: $0.element).value.id }
            #expect(try store.changePriority(by: steps, ids: ids).value.map(\.priority) == after)
            #expect(try ids.map { try store.item(id: $0)!.priority } == after)
            _ = try store.undo()
            #expect(try ids.map { try store.item(id: $0)!.priority } == before)
            try expectIntact(store)
        }
    }

    @Test("move(ids:toList:) puts the todos at the top of the list in the order given, in one step")
    func moveSeveral() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            var ids: [Int64] = []
            for title in ["a", "b", "c", "d"] { ids.append(try store.add(title: title, after: ids.last).value.id) }
            try store.add(title: "w", listID: work.id)
            let already = try store.add(title: "x", listID: work.id).value
            let moved = try store.move(ids: [ids[2], ids[0], already.id], toList: work.id).value
            #expect(moved.map(\.listID) == [work.id, work.id, work.id])
            let titles = { (list: Int64) in try store.items(SectionQuery(listID: list), in: 0..<10).map(\.title) }
            #expect(try titles(work.id) == ["c", "a", "x", "w"])
            #expect(try titles(TodoStore.inboxListID) == ["b", "d"])
            #expect(try store.undo().value?.description == "move 2 todos")
            #expect(try titles(TodoStore.inboxListID) == ["a", "b", "c", "d"])
            try expectIntact(store)
            #expect(throws: StoreError.listNotFound(id: 99)) { try store.move(ids: ids, toList: 99).value }
        }
    }
}
