import Foundation
import Testing
@testable import TodoStore

/// Issue 30: importing a file again (a taskwarrior export, a vdir, an .ics) finds its todos by UID;
/// those with nothing new are left alone, so the second import of the same file changes nothing.
@Suite("Import: todos already there under their UID")
struct ImportByUIDTests {
    static func todos() -> [NewTodo] {
        var rent = NewTodo(title: "Pay rent", notes: "2026-12-02 08:30 Asked\n\nUDA estimate: 3", listName: "Home", priority: 2,
                           due: "2026-12-01T09:30", createdAt: Date(timeIntervalSince1970: 1_790_000_000), tags: ["money"])
        rent.uid = "d0153274-580e-456c-b18d-0abe05e7e8e5"
        rent.recurrence = try? RecurrenceRule(rrule: "FREQ=MONTHLY")
        rent.modifiedAt = Date(timeIntervalSince1970: 1_790_000_100)
        var done = NewTodo(title: "Buy milk", createdAt: Date(timeIntervalSince1970: 1_790_000_000),
                           completedAt: Date(timeIntervalSince1970: 1_790_500_000))
        done.uid = "9ef6a252-5eb0-47c3-a1f9-fa6750382279"
        return [rent, done]
    }

    @Test("The same todos again change nothing: no row written, no undo step, modification times kept")
    func secondImportChangesNothing() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            let first = try store.importDocument(InteropDocument(todos: Self.todos()), options: ImportOptions(skipsDuplicates: true, leavesUnchangedTodosAlone: true))
            #expect(first.imported.count == 2)
            let before = try StoreSnapshot(store)
            let modified = try first.imported.map { try store.modificationDate(ofTodo: $0.id) }
            let second = try store.importDocument(InteropDocument(todos: Self.todos()), options: ImportOptions(skipsDuplicates: true, leavesUnchangedTodosAlone: true))
            #expect(second.imported.isEmpty && second.updated.isEmpty && second.duplicateCount == 0)
            #expect(second.unchangedCount == 2)
            #expect(try StoreSnapshot(store) == before)
            #expect(try first.imported.map { try store.modificationDate(ofTodo: $0.id) } == modified)
            #expect(try store.undo().value?.description == "import 2 todos")
        }
    }

    @Test("A todo the file changed is updated; the others are counted unchanged", arguments: [
        "title", "notes", "priority", "due", "done", "tags", "rule", "list", "created", "modified",
    ])
    func oneChanged(field: String) throws {
        let store = try TodoStore(inMemoryWith: { Date(timeIntervalSince1970: 1_800_000_000) })
        try store.importDocument(InteropDocument(todos: Self.todos()))
        var changed = Self.todos()
        switch field {
        case "title": changed[0].title = "Pay the rent"
        case "notes": changed[0].notes += "\nUDA reviewer: Ann"
        case "priority": changed[0].priority = 3
        case "due": changed[0].due = "2026-12-01"
        case "done": changed[0].completedAt = Date(timeIntervalSince1970: 1_795_000_000)
        case "tags": changed[0].tags = ["money", "home"]
        case "rule": changed[0].recurrence = try RecurrenceRule(rrule: "FREQ=MONTHLY;INTERVAL=2")
        case "list": changed[0].listName = "Flat"
        // Only the modification time (taskwarrior's `modified`, a server's LAST-MODIFIED): taken over.
        case "modified": changed[0].modifiedAt = Date(timeIntervalSince1970: 1_790_000_200)
        default: changed[0].createdAt = Date(timeIntervalSince1970: 1_780_000_000)
        }
        let summary = try store.importDocument(InteropDocument(todos: changed), options: ImportOptions(skipsDuplicates: true, leavesUnchangedTodosAlone: true))
        #expect(summary.updated.map(\.title) == [changed[0].title] && summary.unchangedCount == 1 && summary.imported.isEmpty)
        if field == "modified", let updated = summary.updated.first {
            #expect(try store.modificationDate(ofTodo: updated.id) == changed[0].modifiedAt)
        }
    }

    @Test("Without leavesUnchangedTodosAlone (a sync's pull) a todo found by UID is written even when nothing changed")
    func optionOff() throws {
        let store = try TodoStore(inMemoryWith: { Date(timeIntervalSince1970: 1_800_000_000) })
        try store.importDocument(InteropDocument(todos: Self.todos()))
        let summary = try store.importDocument(InteropDocument(todos: Self.todos()), options: ImportOptions(skipsDuplicates: true))
        #expect(summary.updated.count == 2 && summary.unchangedCount == 0)
    }
}
