import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Subtasks through todo.txt (topydo's `id:N` on a parent, `p:N` on each subtask) and Tick's JSON
/// (`"parent"`, the parent's `"id"`): export writes the outline, import reads it back whatever
/// order the todos come in, and a link that holds nothing is kept as text, never dropped.
@Suite("Interop: subtasks in todo.txt and JSON")
struct InteropSubtaskTests {
    static let utc = LocalTime.utc
    static let now = Date(timeIntervalSince1970: 1_796_126_400)

    /// The store's todos in order, each title indented two spaces per level of the outline.
    static func outline(_ store: TodoStore) throws -> [String] {
        try store.flatOrder().map { String(repeating: "  ", count: try store.depth(of: $0.id)) + $0.title }
    }

    /// Groceries, then Trip > Book flights > Compare prices, in the Inbox.
    static func tree(in store: TodoStore) throws {
        let trip = try store.add(title: "Trip").value
        let book = try store.addSubtask(title: "Book flights", toParent: trip.id).value
        try store.addSubtask(title: "Compare prices", toParent: book.id)
        try store.add(title: "Groceries")
    }

    static func decodeTodoTxt(_ text: String) throws -> InteropDocument {
        try TodoTxtFormat.decode(Data(text.utf8), zone: utc, now: now)
    }

    @Test("todo.txt export gives a parent id:N (its todo id) and each subtask p:N; importing it gives the same outline")
    func todoTxtRoundTrip() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/a.db")
            defer { store.close() }
            try Self.tree(in: store)
            var text = ""
            try TodoTxtFormat.export(store, zone: Self.utc, to: { text += $0 })
            let lines = text.split(separator: "\n").map { String($0.split(separator: " ").filter { $0.wholeMatch(of: /\d{4}-\d\d-\d\d/) == nil }.joined(separator: " ")) }
            #expect(lines == ["Groceries", "Trip id:1", "Book flights id:2 p:1", "Compare prices p:2"])
            let copy = try openSteppingStore(folder + "/b.db")
            defer { copy.close() }
            let document = try Self.decodeTodoTxt(text)
            #expect(document.tally[.subtaskLink] == 2 && document.tally[.unmatchedLink] == 0)
            try copy.importDocument(document)
            let shown1 = try Self.outline(copy)
            #expect(shown1 == ["Groceries", "Trip", "  Book flights", "    Compare prices"])
        }
    }

    @Test("todo.txt lines in any order make the outline: a p: before its id: line, a parent declaring two ids")
    func todoTxtAnyOrder() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/a.db")
            defer { store.close() }
            let document = try Self.decodeTodoTxt("Compare prices p:b\nPack p:t\nTrip id:t\nBook flights id:b p:t\nSocks p:t2\nLater id:t2 id:x\n")
            try store.importDocument(document)
            let shown2 = try Self.outline(store)
            #expect(shown2 == ["Trip", "  Pack", "  Book flights", "    Compare prices", "Later id:x", "  Socks"])
            #expect(document.tally.summary == "; mapped: 4 p: links to subtasks; kept in titles: 1 id:/p: word no other line matches")
        }
    }

    @Test("an id: no p: names, a p: no id: declares, a second p: and a second id:N stay in the title, counted")
    func todoTxtUnmatchedLinksStay() throws {
        let document = try Self.decodeTodoTxt("Book flights for March  id:7 url:x\nCall p:9 back\nTwo id:1\nFirst id:1\nChild p:1 p:2\n")
        #expect(document.todos.map(\.title) == ["Book flights for March  id:7 url:x", "Call p:9 back", "Two", "First id:1", "Child p:2"])
        #expect(document.todos[4].parentUID == document.todos[2].uid && document.todos[2].uid != nil)
        #expect(document.todos.filter { $0.parentUID != nil }.count == 1)
        #expect(document.tally[.unmatchedLink] == 4)
        #expect(document.tally.summary.contains("kept in titles: 4 id:/p: words no other line matches"))
    }

    @Test("a loop of p: links is refused for the link that closes it, which stays in its title; the rest is imported")
    func todoTxtLoop() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/a.db")
            defer { store.close() }
            let document = try Self.decodeTodoTxt("A id:1 p:2\nB id:2 p:1\nC p:1\nSelf id:s p:s\n")
            #expect(document.tally[.loopingLink] == 2 && document.tally[.subtaskLink] == 2)
            try store.importDocument(document)
            let shown3 = try Self.outline(store)
            #expect(shown3 == ["B p:1", "  A", "    C", "Self id:s p:s"])
        }
    }

    @Test("a line that is only links keeps them as its title, and still takes its place")
    func todoTxtOnlyLinks() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/a.db")
            defer { store.close() }
            try store.importDocument(try Self.decodeTodoTxt("id:1\nChild p:1\n"))
            let shown4 = try Self.outline(store)
            #expect(shown4 == ["id:1", "  Child"])
        }
    }

    @Test("JSON export writes a subtask's \"parent\" (its parent's id); importing it gives the same outline")
    func jsonRoundTrip() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/a.db")
            defer { store.close() }
            try Self.tree(in: store)
            var text = ""
            try JSONFormat.export(store, to: { text += $0 })
            let lines = text.split(separator: "\n")
            #expect(lines.first { $0.contains("\"Compare prices\"") }?.contains("\"parent\": 2") == true)
            #expect(lines.first { $0.contains("\"Trip\"") }?.contains("\"parent") == false)
            let copy = try openSteppingStore(folder + "/b.db")
            defer { copy.close() }
            try copy.importDocument(try JSONFormat.decode(Data(text.utf8), now: Self.now))
            let shown5 = try Self.outline(copy)
            #expect(shown5 == ["Groceries", "Trip", "  Book flights", "    Compare prices"])
        }
    }

    @Test("JSON \"parent\" may name a todo that comes later, with or without a uid; one naming no todo is refused at its line")
    func jsonForwardReferences() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/a.db")
            defer { store.close() }
            let text = """
                [{"id": 5, "title": "Compare prices", "parent": 9},
                 {"id": 9, "title": "Book flights", "parent": 2},
                 {"id": 2, "title": "Trip", "uid": "trip@example"}]
                """
            try store.importDocument(try JSONFormat.decode(Data(text.utf8), now: Self.now))
            let shown6 = try Self.outline(store)
            #expect(shown6 == ["Trip", "  Book flights", "    Compare prices"])
            #expect(try store.flatOrder().first?.uid == "trip@example")
            #expect(throws: InteropError(line: 2, problem: "\"parent\" is 3, but no todo of the file has \"id\": 3")) {
                try JSONFormat.decode(Data("[{\"id\": 1, \"title\": \"A\"},\n{\"title\": \"B\", \"parent\": 3}]".utf8), now: Self.now)
            }
        }
    }
}
