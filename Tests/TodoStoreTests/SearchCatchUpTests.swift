import Foundation
import Testing
@testable import TodoStore

/// The search index catches up on changes later (`search_pending`, schema version 4), while
/// searches find every todo by its current text at once.
///
/// Queries here have non-ASCII letters with case ("äpf"), which always go through the trigram
/// index: ASCII queries on small lists are answered by scanning the first rows instead.
@Suite("Search index catch-up")
struct SearchCatchUpTests {
    private func search(_ store: TodoStore, _ text: String) throws -> [String] {
        let query = SectionQuery(listID: TodoStore.inboxListID, search: text)
        return try store.items(query, in: 0..<100).map(\.title)
    }

    /// Rows of the search index's own storage: a change that indexes a todo writes some.
    private func indexRows(_ store: TodoStore) throws -> Int64 {
        try store.connection.scalarInt("SELECT count(*) FROM todos_fts_data")
    }

    @Test("Adding, editing and deleting note the todo for later and write nothing to the search index")
    func changesWriteNoIndex() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let before = try indexRows(store)
            let todo = try store.add(title: "Äpfel kaufen").value
            try store.update(id: todo.id, title: "Äpfel und Birnen")
            let other = try store.add(title: "Öl wechseln").value
            try store.delete(ids: [other.id])
            #expect(try indexRows(store) == before)
            #expect(store.todosAwaitingSearchIndex == 2)
        }
    }

    @Test("Before the index catches up, a search finds todos by their current text and not by their old one")
    func searchSeesCurrentText() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let kept = try store.add(title: "Äpfel kaufen").value
            store.tidySearchIndexCompletely()
            #expect(store.todosAwaitingSearchIndex == 0)
            #expect(try search(store, "äpf") == ["Äpfel kaufen"])

            // Indexed under its old title, then renamed: found only by the new one.
            try store.update(id: kept.id, title: "Birnen schälen")
            let added = try store.add(title: "ÄPFEL aus dem Garten").value
            #expect(store.todosAwaitingSearchIndex == 2)
            #expect(try search(store, "äpf") == ["ÄPFEL aus dem Garten"])
            #expect(try search(store, "SCHÄL") == ["Birnen schälen"])

            // Deleted before the index caught up: gone from searches; undo brings it back.
            try store.delete(ids: [added.id])
            #expect(try search(store, "äpf").isEmpty)
            try store.undo()
            #expect(try search(store, "äpf") == ["ÄPFEL aus dem Garten"])
        }
    }

    @Test("Idle tidying catches up first, a few hundred todos a step, then merges; results stay the same")
    func tidyingCatchesUp() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            // Single adds (not one batch, which indexes itself): 300 todos waiting.
            for number in 0..<300 { try store.add(title: "Übung \(number)") }
            try store.delete(ids: [try store.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<1)[0].id])
            #expect(store.todosAwaitingSearchIndex == 300)
            let before = try search(store, "übung 12")
            #expect(before.count == 11)

            #expect(store.tidySearchIndex(pages: 16))
            #expect(store.todosAwaitingSearchIndex == 300 - SearchIndex.catchUpRows)
            store.tidySearchIndexCompletely()
            #expect(store.todosAwaitingSearchIndex == 0)
            #expect(try search(store, "übung 12") == before)
            try expectIntact(store)
        }
    }

    @Test("A change of more than a few hundred rows (an import, its undo) indexes its todos itself")
    func bigChangesIndexThemselves() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let items = (0..<1_000).map { NewTodo(title: "Überweisung \($0)") }
            try store.importItems(items)
            #expect(store.todosAwaitingSearchIndex == 0)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "überweisung 99")) == 11)
            try store.undo()
            #expect(store.todosAwaitingSearchIndex == 0)
            #expect(try search(store, "überweisung").isEmpty)
            try expectIntact(store)
        }
    }

    @Test("A read-only store whose index has not caught up still finds todos by their current text")
    func readOnlyStoreSearches() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let writer = try openStore(path)
            let todo = try writer.add(title: "Äpfel kaufen").value
            writer.tidySearchIndexCompletely()
            try writer.update(id: todo.id, title: "Ähren lesen")
            writer.close()

            let reader = try openStore(path, readOnly: true)
            #expect(reader.todosAwaitingSearchIndex == 1)
            #expect(try search(reader, "ähr") == ["Ähren lesen"])
            #expect(try search(reader, "äpf").isEmpty)
            #expect(!reader.tidySearchIndex())
            #expect(reader.integrityCheck() == "ok")
        }
    }

    @Test("The deep check counts todos awaiting the index as indexed, and leaves them waiting")
    func integrityCheckLeavesQueue() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let todo = try store.add(title: "Äpfel kaufen").value
            store.tidySearchIndexCompletely()
            try store.update(id: todo.id, title: "Birnen")
            try store.add(title: "Öl")
            #expect(store.todosAwaitingSearchIndex == 2)
            #expect(store.integrityCheck() == "ok")
            #expect(store.todosAwaitingSearchIndex == 2)
            // A lost note (the index keeps the old title of a renamed todo) is caught.
            try store.connection.run("DELETE FROM search_pending WHERE todo_id = ?", [todo.id])
            #expect(store.integrityCheck() != "ok")
        }
    }

    @Test("A version 3 store upgrades to version 4: its index is kept, and later changes are queued")
    func upgradeFromVersion3() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            try store.add(title: "Äpfel kaufen")
            store.tidySearchIndexCompletely()
            // Back to version 3: no queue, the index written by triggers (and nothing of versions 5 to 7).
            try store.connection.execute(MigrationToVersion7Tests.backToVersion6SQL)
            try store.connection.execute("""
                DROP TABLE view_settings; DROP INDEX todos_with_priority; DROP INDEX todos_flagged;
                DROP TABLE todos_without_dates; DROP INDEX todos_by_title;
                DROP TABLE search_pending;
                DROP TRIGGER todos_search_insert; DROP TRIGGER todos_search_delete; DROP TRIGGER todos_search_update;
                PRAGMA user_version = 3;
                """)
            try store.connection.execute(Schema.searchTriggersSQL)
            store.close()

            let upgraded = try openStore(path)
            #expect(try upgraded.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try search(upgraded, "äpf") == ["Äpfel kaufen"])
            try upgraded.add(title: "Öl wechseln")
            #expect(upgraded.todosAwaitingSearchIndex == 1)
            #expect(try search(upgraded, "öl w") == ["Öl wechseln"])
            try expectIntact(upgraded)
        }
    }
}

extension TodoStore {
    /// Tidies until there is nothing left to do (tests only).
    func tidySearchIndexCompletely() {
        while tidySearchIndex(pages: 64) {}
    }
}
