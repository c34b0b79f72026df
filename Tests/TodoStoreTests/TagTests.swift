import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Issue 19: tags are stored beside the todo, journaled with it (undo and redo put them back), and
/// indexed so that `#work` finds exactly the todos tagged `work`.
@Suite("Tags: storage, undo, search")
struct TagTests {
    /// The tag index as stored, `tag:todo` sorted: what searches read.
    static func index(_ store: TodoStore) throws -> [String] {
        try store.connection.query("SELECT tag, todo_id FROM todo_tags ORDER BY todo_id, tag") { "\($0.string(at: 0)):\($0.int64(at: 1))" }
    }

    @Test("A todo keeps its tags, in order and without repeats; editing them updates the index in the same step")
    func storage() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let item = try store.add(title: "Report", tags: ["work", "Q4", "work", "WORK"]).value
            #expect(item.tags == ["work", "Q4"])
            #expect(try store.item(id: item.id)?.tags == ["work", "Q4"])
            #expect(try Self.index(store) == ["Q4:\(item.id)", "work:\(item.id)"])
            try store.update(id: item.id, tags: ["home"])
            #expect(try Self.index(store) == ["home:\(item.id)"])
            try store.delete(ids: [item.id])
            #expect(try Self.index(store).isEmpty)
            try expectIntact(store)
        }
    }

    @Test("Undo and redo put the tags and the index back with the todo")
    func undoRedo() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let item = try store.add(title: "Report", tags: ["work"]).value
            try store.update(id: item.id, tags: ["home", "urgent"])
            try store.undo()
            #expect(try store.item(id: item.id)?.tags == ["work"])
            #expect(try Self.index(store) == ["work:\(item.id)"])
            try store.redo()
            #expect(try store.item(id: item.id)?.tags == ["home", "urgent"])
            #expect(try Self.index(store) == ["home:\(item.id)", "urgent:\(item.id)"])
            try store.delete(ids: [item.id])
            try store.undo()
            #expect(try store.item(id: item.id)?.tags == ["home", "urgent"])
            #expect(try Self.index(store) == ["home:\(item.id)", "urgent:\(item.id)"])
        }
    }

    @Test("A change of tags alone is a change the screen hears about")
    func tagChangeIsReported() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let item = try store.add(title: "Report").value
            let change = try store.update(id: item.id, tags: ["work"]).change
            #expect(change.todos.first { $0.id == item.id }?.fieldsChanged == true)
        }
    }

    @Test("Words that are not tags are refused before anything is stored", arguments: ["", "12", "two words", "a\"b", "#work", "a,b"])
    func invalidTags(tag: String) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            #expect(throws: StoreError.self) { try store.add(title: "Report", tags: [tag]).value }
            #expect(store.count == 0)
        }
    }

    @Test("#work finds the todos tagged work, any ASCII case, and not #workshop nor a title that says #work")
    func searchIsExact() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let report = try store.add(title: "Report", tags: ["Work"]).value
            try store.add(title: "Plan", tags: ["workshop"])
            try store.add(title: "Mentions #work in text")
            let done = try store.add(title: "Old report", tags: ["work"]).value
            try store.setDone(true, ids: [done.id])
            let query = SectionQuery(listID: TodoStore.inboxListID, search: "#work")
            #expect(try store.count(query) == 2)
            #expect(try store.items(query, in: 0..<2).map(\.id) == [report.id, done.id])
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "#WORK")) == 2)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "#wor")) == 0)
            // Plain words still search titles.
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "report")) == 2)
            #expect(try store.items(taggedWith: "work", inList: TodoStore.inboxListID).map(\.id) == [report.id])
            #expect(try store.items(taggedWith: "work", inList: TodoStore.inboxListID, includesDone: true).map(\.id) == [report.id, done.id])
        }
    }

    @Test("A tag on many todos is found among the first rows: the same first matches, in order, and not a longer tag")
    func commonTag() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let count = MatchFinder.fewTaggedTodos * 3 / 2
            let todos = (0..<count).map { NewTodo(title: "todo \($0)", tags: [$0 % 4 == 0 ? "manyx" : "many"]) }
            let imported = try store.importItems(todos)
            let query = SectionQuery(listID: TodoStore.inboxListID, search: "#Many")
            #expect(try store.count(query) == SectionQuery.searchLimit)
            let expected = imported.filter { $0.tags == ["many"] }.prefix(SectionQuery.searchLimit).map(\.id)
            #expect(try store.items(query, in: 0..<SectionQuery.searchLimit).map(\.id) == expected)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "#manyx")) == SectionQuery.searchLimit)
        }
    }

    @Test("A tag search reads the tag index, not the todos")
    func searchUsesTheIndex() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let plan = try store.connection.query("""
                EXPLAIN QUERY PLAN SELECT todos.id FROM todo_tags CROSS JOIN todos ON todos.id = todo_tags.todo_id
                WHERE todo_tags.tag = 'work' AND list_id = 1 AND completed_at IS NULL ORDER BY position, id LIMIT 10
                """) { $0.string(at: 3) }
            #expect(plan.contains { $0.contains("SEARCH todo_tags USING PRIMARY KEY (tag=?)") })
            #expect(!plan.contains { $0.hasPrefix("SCAN todos") })
        }
    }
}

/// Issue 19: tags travel through JSON (`"tags"`) and todo.txt (`@context`).
@Suite("Tags: import and export")
struct TagInteropTests {
    static let utc = LocalTime.utc

    @Test("todo.txt @contexts import as tags and export back as @contexts after the title")
    func todoTxt() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let text = "(A) Call @phone Mom @Family +Work\nEmail bob@example.com @ @123\n"
            let imported = try store.importDocument(try TodoTxtFormat.decode(Data(text.utf8), zone: Self.utc))
            #expect(imported.map(\.title) == ["Call Mom", "Email bob@example.com @ @123"])
            #expect(imported.map(\.tags) == [["phone", "Family"], []])
            var exported = ""
            try TodoTxtFormat.export(store, zone: Self.utc) { exported += $0 }
            // The Inbox comes first; the @contexts follow the title, before the +project.
            #expect(exported == "Email bob@example.com @ @123\n(A) Call Mom @phone @Family +Work\n")
            // And back: the same todos again.
            let copy = try openStore(folder + "/copy.db")
            defer { copy.close() }
            let again = try copy.importDocument(try TodoTxtFormat.decode(Data(exported.utf8), zone: Self.utc))
            #expect(Set(again.map { "\($0.title) \($0.tags)" }) == Set(imported.map { "\($0.title) \($0.tags)" }))
        }
    }

    @Test("JSON carries the tags both ways; a tag that is not one is refused with its line")
    func json() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            try store.add(title: "Report", tags: ["work", "日本"])
            var exported = ""
            try JSONFormat.export(store) { exported += $0 }
            #expect(exported.contains("\"tags\": [\"work\", \"日本\"]"))
            let copy = try openStore(folder + "/copy.db")
            defer { copy.close() }
            let imported = try copy.importDocument(try JSONFormat.decode(Data(exported.utf8)))
            #expect(imported.map(\.tags) == [["work", "日本"]])
            #expect(throws: InteropError.self) { try JSONFormat.decode(Data(#"[{"title": "x", "tags": ["a b"]}]"#.utf8)) }
            #expect(throws: InteropError.self) { try JSONFormat.decode(Data(#"[{"title": "x", "tags": "work"}]"#.utf8)) }
        }
    }
}

/// Issue 19: a version 6 store upgrades to tags in place, and its journal still undoes.
@Suite("Migration to version 7: tags")
struct MigrationFromVersion6Tests {
    @Test("A version 6 store upgrades in place: no tags yet, tags work after, and a step journaled before the upgrade still undoes")
    func fromVersion6() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try MigrationToVersion7Tests.makeVersion6Store(at: path) { v6 in
                try v6.run("INSERT INTO todos(list_id, title, position, created_at) VALUES (1, 'Pay rent #home', 65536, 1796126400000)")
                // A rename journaled by version 6 (no tags columns), waiting for undo.
                try v6.run("INSERT INTO history_steps(description) VALUES ('edit “Pay rent #home”')")
                try v6.run("UPDATE history_state SET recording = 1")
                try v6.run("UPDATE todos SET title = 'Pay the rent #home' WHERE id = 1")
                try v6.run("UPDATE history_state SET recording = NULL")
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            // Titles written before tags keep their words: nothing is reinterpreted.
            #expect(try store.item(id: 1)?.tags == [])
            #expect(try store.item(id: 1)?.title == "Pay the rent #home")
            #expect(try store.undo().value != nil)
            #expect(try store.item(id: 1)?.title == "Pay rent #home")
            #expect(try store.item(id: 1)?.tags == [])
            let added = try store.add(title: "Report", tags: ["work"]).value
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "#work")) == 1)
            try store.undo()
            #expect(try store.item(id: added.id) == nil)
            #expect(try TagTests.index(store).isEmpty)
            try expectIntact(store)
        }
    }
}
