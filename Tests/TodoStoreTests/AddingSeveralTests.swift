import Foundation
import Testing
@testable import TodoStore

/// Adding several todos at once (a pasted list of lines): one transaction, one undoable step.
@Suite("Adding several todos")
struct AddingSeveralTests {
    private static let inbox = SectionQuery(listID: TodoStore.inboxListID)

    private func titles(_ store: TodoStore) throws -> [String] {
        try store.items(Self.inbox, in: 0..<1_000).map(\.title)
    }

    @Test("They go in their order right after the todo given, with their markers, and one undo takes them all back")
    func orderAndOneStep() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let first = try store.add(title: "first").value
            try store.add(title: "last", after: first.id)
            let added = try store.add([NewTodo(title: "milk"), NewTodo(title: "rent", priority: 2, due: "2026-12-24"), NewTodo(title: "dd")],
                                      toList: TodoStore.inboxListID, after: first.id).value
            #expect(added.map(\.title) == ["milk", "rent", "dd"])
            #expect(added[1].priority == 2 && added[1].due == "2026-12-24")
            #expect(try titles(store) == ["first", "milk", "rent", "dd", "last"])
            #expect(try store.undo().value?.description == "add 3 todos")
            #expect(try titles(store) == ["first", "last"])
            #expect(try store.redo().value?.todoIDs == added.map(\.id))
            #expect(try titles(store) == ["first", "milk", "rent", "dd", "last"])
        }
    }

    @Test("One blank title or bad due day refuses them all, writing nothing")
    func allOrNothing() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            try store.add(title: "kept")
            #expect(throws: StoreError.self) {
                try store.add([NewTodo(title: "milk"), NewTodo(title: "  ")], toList: TodoStore.inboxListID)
            }
            #expect(throws: StoreError.invalidDue("2026-02-30")) {
                try store.add([NewTodo(title: "milk"), NewTodo(title: "x", due: "2026-02-30")], toList: TodoStore.inboxListID)
            }
            #expect(try titles(store) == ["kept"])
            #expect(try store.undo().value?.description == "add “kept”")
        }
    }
}
