import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Subtasks in the store: a todo's parent in the same list, the outline kept together in the
/// manual order, every change one undo step, and no loop of parents possible.
@Suite("Subtasks in the store")
struct SubtaskStoreTests {
    /// The list's todos in order as "title" indented by two spaces per level.
    static func outline(_ store: TodoStore, listID: Int64 = TodoStore.inboxListID) throws -> [String] {
        try store.flatOrder().filter { $0.listID == listID }.map {
            String(repeating: "  ", count: try store.depth(of: $0.id)) + $0.title
        }
    }

    /// Trip > (Flights, Hotel > (Pay deposit)), then Groceries.
    static func tripStore() throws -> (TodoStore, [String: Int64]) {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let trip = try store.add(title: "Trip").value
        let groceries = try store.add(title: "Groceries", after: trip.id).value
        let flights = try store.addSubtask(title: "Flights", toParent: trip.id).value
        let hotel = try store.addSubtask(title: "Hotel", toParent: trip.id).value
        let deposit = try store.addSubtask(title: "Pay deposit", toParent: hotel.id).value
        return (store, ["Trip": trip.id, "Groceries": groceries.id, "Flights": flights.id, "Hotel": hotel.id,
                        "Pay deposit": deposit.id])
    }

    @Test("a subtask goes at the end of its parent's subtree, and the outline reads parents, children and depths")
    func addingSubtasks() throws {
        let (store, ids) = try Self.tripStore()
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Hotel", "    Pay deposit", "Groceries"])
        #expect(try store.parentID(of: ids["Hotel"]!) == ids["Trip"])
        #expect(try store.children(of: ids["Trip"]!).map(\.title) == ["Flights", "Hotel"])
        #expect(try store.subtreeIDs(of: ids["Trip"]!) == [ids["Trip"]!, ids["Flights"]!, ids["Hotel"]!, ids["Pay deposit"]!])
        #expect(try store.ancestorIDs(of: ids["Pay deposit"]!) == [ids["Hotel"]!, ids["Trip"]!])
        #expect(try store.item(id: ids["Flights"]!)?.parentUID == store.item(id: ids["Trip"]!)?.uid)
        _ = try store.undo()
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Hotel", "Groceries"])
    }

    @Test("depth is not limited by the model")
    func deepChain() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        var parent = try store.add(title: "Level 0").value
        for level in 1...60 { parent = try store.addSubtask(title: "Level \(level)", toParent: parent.id).value }
        #expect(try store.depth(of: parent.id) == 60)
        #expect(try store.flatOrder().map(\.title) == (0...60).map { "Level \($0)" })
    }

    @Test("indent makes a todo the last subtask of the one above at its level, outdent lifts it after its parent's subtree, each one undo step")
    func indentAndOutdent() throws {
        let (store, ids) = try Self.tripStore()
        try store.indent(id: ids["Groceries"]!)
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Hotel", "    Pay deposit", "  Groceries"])
        try store.outdent(id: ids["Flights"]!)
        #expect(try Self.outline(store) == ["Trip", "  Hotel", "    Pay deposit", "  Groceries", "Flights"])
        try store.indent(id: ids["Groceries"]!)
        #expect(try Self.outline(store) == ["Trip", "  Hotel", "    Pay deposit", "    Groceries", "Flights"])
        _ = try store.undo()
        _ = try store.undo()
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Hotel", "    Pay deposit", "  Groceries"])
        _ = try store.undo()
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Hotel", "    Pay deposit", "Groceries"])
        // The last subtask outdents in place; a todo set under its own parent again stays last there.
        try store.outdent(id: ids["Pay deposit"]!)
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Hotel", "  Pay deposit", "Groceries"])
        try store.setParent(id: ids["Flights"]!, to: ids["Trip"]!)
        #expect(try Self.outline(store) == ["Trip", "  Hotel", "  Pay deposit", "  Flights", "Groceries"])
        try store.setParent(id: ids["Flights"]!, to: nil)
        #expect(try Self.outline(store) == ["Trip", "  Hotel", "  Pay deposit", "Flights", "Groceries"])
        #expect(throws: StoreError.self) { try store.indent(id: ids["Trip"]!) }
        #expect(throws: StoreError.self) { try store.indent(id: ids["Hotel"]!) }
        #expect(try store.integrityProblems() == [])
    }

    @Test("a parent under its own subtask, or under itself, is refused with a typed error and changes nothing",
          arguments: [("Trip", "Pay deposit"), ("Hotel", "Pay deposit"), ("Hotel", "Hotel"), ("Trip", "Hotel")])
    func cyclesAreRefused(child: String, parent: String) throws {
        let (store, ids) = try Self.tripStore()
        let before = try Self.outline(store)
        #expect {
            try store.setParent(id: ids[child]!, to: ids[parent]!)
        } throws: { error in
            if case .parentCycle = error as? StoreError { return true }
            return false
        }
        #expect(try Self.outline(store) == before)
        #expect(throws: StoreError.self) { try store.move(id: ids[child]!, toList: TodoStore.inboxListID, after: ids["Pay deposit"]!) }
        #expect(try Self.outline(store) == before)
    }

    @Test("moving a parent moves its subtree, within the list and to another list, in one undo step")
    func movingAParent() throws {
        let (store, ids) = try Self.tripStore()
        try store.move(id: ids["Trip"]!, toList: TodoStore.inboxListID, after: ids["Groceries"]!)
        #expect(try Self.outline(store) == ["Groceries", "Trip", "  Flights", "  Hotel", "    Pay deposit"])
        let work = try store.addList(named: "Work").value
        try store.move(id: ids["Hotel"]!, toList: work.id, after: nil)
        #expect(try Self.outline(store) == ["Groceries", "Trip", "  Flights"])
        #expect(try Self.outline(store, listID: work.id) == ["Hotel", "  Pay deposit"])
        _ = try store.undo()
        #expect(try Self.outline(store) == ["Groceries", "Trip", "  Flights", "  Hotel", "    Pay deposit"])
        // Moving a subtask after a todo of another parent makes it that todo's sibling.
        try store.move(id: ids["Pay deposit"]!, toList: TodoStore.inboxListID, after: ids["Flights"]!)
        #expect(try Self.outline(store) == ["Groceries", "Trip", "  Flights", "  Pay deposit", "  Hotel"])
        // The marked rows' move to another list takes subtrees along.
        try store.move(ids: [ids["Trip"]!], toList: work.id)
        #expect(try Self.outline(store, listID: work.id) == ["Trip", "  Flights", "  Pay deposit", "  Hotel"])
        #expect(try store.integrityProblems() == [])
    }

    @Test("deleting a parent deletes its subtree or lifts its children one level, either in one undo step")
    func deletingAParent() throws {
        let (store, ids) = try Self.tripStore()
        try store.delete(ids: [ids["Hotel"]!], subtasks: .onlyThese)
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Pay deposit", "Groceries"])
        _ = try store.undo()
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Hotel", "    Pay deposit", "Groceries"])
        try store.delete(ids: [ids["Trip"]!], subtasks: .subtasksToo)
        #expect(try Self.outline(store) == ["Groceries"])
        _ = try store.undo()
        #expect(try Self.outline(store) == ["Trip", "  Flights", "  Hotel", "    Pay deposit", "Groceries"])
        // A chain deleted together lifts what stays below it to the nearest parent that stays.
        try store.delete(ids: [ids["Trip"]!, ids["Hotel"]!])
        #expect(try Self.outline(store) == ["Flights", "Pay deposit", "Groceries"])
        #expect(try store.integrityProblems() == [])
    }

    @Test("completing a parent completes its open subtasks too or only itself, in one undo step")
    func completingAParent() throws {
        let (store, ids) = try Self.tripStore()
        #expect(try store.openSubtaskCount(of: ids["Trip"]!) == 3)
        _ = try store.setDone(true, ids: [ids["Flights"]!])
        #expect(try store.subtaskProgress(of: ids["Trip"]!) == SubtaskProgress(done: 1, total: 2))
        _ = try store.setDone(true, ids: [ids["Trip"]!], subtasks: .onlyThese)
        #expect(try store.flatOrder().filter(\.isDone).map(\.title) == ["Trip", "Flights"])
        _ = try store.undo()
        _ = try store.setDone(true, ids: [ids["Trip"]!], subtasks: .subtasksToo)
        #expect(try store.flatOrder().filter(\.isDone).map(\.title) == ["Trip", "Flights", "Hotel", "Pay deposit"])
        _ = try store.undo()
        #expect(try store.flatOrder().filter(\.isDone).map(\.title) == ["Flights"])
    }

    @Test("a change of parent is a change of the todo's row, for the screen")
    func changeOfParentIsAnUpdate() throws {
        let (store, ids) = try Self.tripStore()
        let change = try store.indent(id: ids["Groceries"]!).change
        #expect(change.todos.map(\.id) == [ids["Groceries"]!])
        // Its place is the same: only "fields changed" makes the screen draw its row again.
        #expect(change.todos.map(\.fieldsChanged) == [true])
    }

    /// A todo as an import brings it: its UID and its parent's UID, in `list`.
    private static func importedTodo(_ title: String, uid: String, parent: String?, list: String = "Inbox") -> NewTodo {
        var item = NewTodo(title: title, listName: list)
        item.uid = uid
        item.parentUID = parent
        return item
    }

    @Test("an import gathers a subtask that came before its parent, keeps a parent in another list as it came, and refuses only the parent that closes a loop")
    func importingParents() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let summary = try store.importItems([
            Self.importedTodo("Child", uid: "c", parent: "p"),
            Self.importedTodo("Other", uid: "o", parent: nil),
            Self.importedTodo("Parent", uid: "p", parent: nil),
            Self.importedTodo("Elsewhere", uid: "e", parent: "w"),
            Self.importedTodo("Work parent", uid: "w", parent: nil, list: "Work"),
            Self.importedTodo("Loop A", uid: "la", parent: "lb"),
            Self.importedTodo("Loop B", uid: "lb", parent: "la"),
        ], options: ImportOptions())
        #expect(summary.refusedParents == ["lb"])
        #expect(try Self.outline(store) == ["Other", "Parent", "  Child", "Elsewhere", "Loop B", "  Loop A"])
        let elsewhere = try #require(try store.item(uid: "e"))
        #expect(elsewhere.parentUID == "w")
        #expect(try store.parentID(of: elsewhere.id) == nil)
        // An update by UID takes the new parent; one that would loop keeps the old.
        let again = try store.importItems([Self.importedTodo("Loop A", uid: "la", parent: nil), Self.importedTodo("Loop B", uid: "lb", parent: "c")],
                                          options: ImportOptions())
        #expect(again.refusedParents == [])
        #expect(try Self.outline(store) == ["Other", "Parent", "  Child", "    Loop B", "Elsewhere", "Loop A"])
        let loop = try store.importItems([Self.importedTodo("Parent", uid: "p", parent: "lb")], options: ImportOptions())
        #expect(loop.refusedParents == ["p"])
        #expect(try store.item(uid: "p")?.parentUID == nil)
        #expect(try store.integrityProblems() == [])
    }

    @Test("an import gathers the subtasks an earlier import brought before their parents, more parents at once than one query asks for")
    func importingParentsOfWaitingSubtasks() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        // More parents than a chunk of UIDs (`receivedChunkSize`), as a sync's later answer brings them.
        let count = TodoStore.receivedChunkSize + 30
        _ = try store.importItems((0..<count).map { Self.importedTodo("Child \($0)", uid: "c\($0)", parent: "p\($0)") }
                              + [Self.importedTodo("Elsewhere", uid: "e", parent: "p0", list: "Work")], options: ImportOptions())
        #expect(try Self.outline(store) == (0..<count).map { "Child \($0)" })
        _ = try store.importItems((0..<count).map { Self.importedTodo("Parent \($0)", uid: "p\($0)", parent: nil) }, options: ImportOptions())
        #expect(try Self.outline(store) == (0..<count).flatMap { ["Parent \($0)", "  Child \($0)"] })
        // A subtask in another list than its parent stays where it is.
        let elsewhere = try #require(try store.item(uid: "e"))
        #expect(try store.parentID(of: elsewhere.id) == nil)
        #expect(try store.integrityProblems() == [])
    }
}
