import Foundation
import Testing
@testable import TodoStore

@Suite("Lists")
struct ListTests {
    @Test("a new store has exactly the Inbox, and it survives reopening")
    func inboxAlwaysExists() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            #expect(try store.lists().map(\.name) == ["Inbox"])
            #expect(try store.list(id: TodoStore.inboxListID)?.name == "Inbox")
            store.close()
            #expect(try openStore(path).lists().map(\.id) == [TodoStore.inboxListID])
        }
    }

    @Test("lists are added at the end or at an index, kept in the user's order, and found by name ignoring case")
    func addAndFind() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "  Work ").value
            #expect(work.name == "Work")
            try store.addList(named: "Home", at: 0)
            try store.addList(named: "Errands", at: 2)
            #expect(try store.lists().map(\.name) == ["Home", "Inbox", "Errands", "Work"])
            #expect(try store.list(named: " wORK ")?.id == work.id)
            #expect(try store.list(named: "Nothing") == nil)
            #expect(throws: StoreError.indexOutOfRange(index: 9, count: 4)) { try store.addList(named: "Far", at: 9).value }
        }
    }

    @Test("blank and duplicate names are refused with one-line messages", arguments: ["", "   ", "\n", "inbox", " INBOX ", "Work", "wOrK"])
    func refusedNames(name: String) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            let before = try store.lists()
            #expect { try store.addList(named: name).value } throws: { error in
                guard case StoreError.invalidListName = error else { return false }
                return !"\(error)".contains("\n")
            }
            if name.lowercased().contains("inbox") {
                #expect(throws: StoreError.self) { try store.renameList(id: work.id, to: name).value }
            }
            #expect(try store.lists() == before)
        }
    }

    @Test("renaming keeps the list and its todos; changing only the case of a name is allowed")
    func rename() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            try store.add(title: "report", listID: work.id)
            #expect(try store.renameList(id: work.id, to: "Job").value.name == "Job")
            #expect(try store.renameList(id: work.id, to: "JOB").value.name == "JOB")
            #expect(try store.list(id: work.id)?.openCount == 1)
            #expect(throws: StoreError.listNotFound(id: 99)) { try store.renameList(id: 99, to: "x").value }
        }
    }

    @Test("deleting a list moves its todos to the end of another list in their order, or deletes them", arguments: [true, false])
    func delete(movingTodos: Bool) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            try store.add(title: "inbox todo")
            let a = try store.add(title: "a", listID: work.id).value
            let b = try store.add(title: "b", listID: work.id, after: a.id).value
            try store.setDone(true, ids: [b.id])
            try store.deleteList(id: work.id, movingTodosTo: movingTodos ? TodoStore.inboxListID : nil)
            #expect(try store.list(id: work.id) == nil)
            let inbox = SectionQuery(listID: TodoStore.inboxListID)
            #expect(try store.items(inbox, in: 0..<10).map(\.title) == (movingTodos ? ["inbox todo", "a", "b"] : ["inbox todo"]))
            #expect(store.count == (movingTodos ? 3 : 1))
            #expect(try store.list(id: TodoStore.inboxListID)?.doneCount == (movingTodos ? 1 : 0))
            try expectIntact(store)
        }
    }

    @Test("the Inbox cannot be deleted, and a list cannot hand its todos to itself or to a missing list")
    func refusedDeletes() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            #expect(throws: StoreError.cannotDeleteInbox) { try store.deleteList(id: TodoStore.inboxListID, movingTodosTo: nil).value }
            #expect(!StoreError.cannotDeleteInbox.description.contains("\n"))
            #expect(throws: StoreError.self) { try store.deleteList(id: work.id, movingTodosTo: work.id).value }
            #expect(throws: StoreError.listNotFound(id: 42)) { try store.deleteList(id: work.id, movingTodosTo: 42).value }
            #expect(throws: StoreError.listNotFound(id: 42)) { try store.deleteList(id: 42, movingTodosTo: nil).value }
            #expect(try store.lists().count == 2)
        }
    }

    @Test("moveList puts a list at the given index", arguments: [
        (from: 0, to: 3, expected: ["B", "C", "D", "Inbox"]),
        (from: 3, to: 0, expected: ["D", "Inbox", "B", "C"]),
        (from: 1, to: 2, expected: ["Inbox", "C", "B", "D"]),
        (from: 2, to: 2, expected: ["Inbox", "B", "C", "D"]),
    ])
    func moveList(from: Int, to: Int, expected: [String]) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            for name in ["B", "C", "D"] { try store.addList(named: name) }
            let moving = try store.lists()[from]
            try store.moveList(id: moving.id, to: to)
            #expect(try store.lists().map(\.name) == expected)
        }
    }

    @Test("many inserts at the same list index renumber the lists and keep the order")
    func crowdedListPositions() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            var expected = ["Inbox"]
            for number in 0..<40 {
                try store.addList(named: "L\(number)", at: 1)
                expected.insert("L\(number)", at: 1)
            }
            #expect(try store.lists().map(\.name) == expected)
        }
    }

    @Test("collapsing is stored and survives reopening")
    func collapse() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let work = try store.addList(named: "Work").value
            try store.setCollapsed(true, listID: work.id)
            store.close()
            #expect(try openStore(path).list(id: work.id)?.isCollapsed == true)
        }
    }

    @Test("each list counts its own open and done todos; the store counts all of them")
    func countsPerList() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            let a = try store.add(title: "a").value
            let b = try store.add(title: "b", listID: work.id).value
            try store.add(title: "c", listID: work.id)
            try store.setDone(true, ids: [b.id])
            try store.move(id: a.id, toList: work.id, after: nil)
            let lists = try store.lists()
            #expect(lists.map(\.openCount) == [0, 2])
            #expect(lists.map(\.doneCount) == [0, 1])
            #expect(store.openCount == 2 && store.doneCount == 1 && store.count == 3)
        }
    }
}
