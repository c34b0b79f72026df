import Foundation
import Synchronization
import Testing
@testable import TodoStore

@Suite("Background search")
struct BackgroundSearchTests {
    private func found(_ store: TodoStore, _ text: String) throws -> [String] {
        let query = SectionQuery(listID: TodoStore.inboxListID, search: text)
        return try store.items(query, in: 0..<store.count(query)).map(\.title)
    }

    @Test("finds in the background exactly what the key thread finds, one-character CJK and emoji queries included", arguments: [
        "a", "mi", "M", "牛", "买", "🍎", "👍🏽", "ä", "σ", "%", "zq", "milk", "nothing"
    ])
    func sameMatches(text: String) throws {
        try withTemporaryFolder { folder in
            let titles = ["Buy milk", "MILKSHAKE", "买牛奶", "牛奶糖", "🍎 apple", "thumbs 👍🏽 up", "Äpfel", "ΣΟΦΙΑ", "100% done", "zq once"]
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            try store.importItems(titles.map { NewTodo(title: $0) })
            let query = SectionQuery(listID: TodoStore.inboxListID, search: text)
            store.startSearch([query])
            store.waitForSearch()
            let answers = store.takeSearchResults()
            #expect(answers.last == FoundSearch(text: text, outcome: .complete))
            #expect(store.hasSearchResults(for: [query]))
            let background = try found(store, text)
            let reference = try openStore(folder + "/tick.db")
            defer { reference.close() }
            #expect(background == (try found(reference, text)))
        }
    }

    @Test("the first matches near the top come first, then all of them; the first ones are a prefix of the whole answer")
    func firstMatchesFirst() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            var titles = (0..<5_000).map { "todo \($0)" }
            titles[3] = "zq near the top"
            titles[4_900] = "zq far down"
            try store.importItems(titles.map { NewTodo(title: $0) })
            let query = SectionQuery(listID: TodoStore.inboxListID, search: "zq")
            store.startSearch([query])
            store.waitForSearch()
            #expect(store.takeSearchResults().map(\.outcome) == [.firstMatches, .complete])
            #expect(try found(store, "zq") == ["zq near the top", "zq far down"])
        }
    }

    @Test("an answer asked for before the store changed is dropped as stale, never shown")
    func staleAfterChange() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            _ = try store.add(title: "milk")
            let query = SectionQuery(listID: TodoStore.inboxListID, search: "mi")
            store.startSearch([query])
            store.waitForSearch()
            _ = try store.add(title: "mint")
            #expect(store.takeSearchResults().map(\.outcome) == [.stale, .stale])
            #expect(!store.hasSearchResults(for: [query]))
            #expect(try found(store, "mi").sorted() == ["milk", "mint"])
        }
    }

    @Test("a newer search interrupts the older one's running statement, whose answer never comes")
    func newerSearchInterrupts() throws {
        try withTemporaryFolder { folder in
            let running = DispatchSemaphore(value: 0), typed = DispatchSemaphore(value: 0)
            let first = Mutex(true)
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            store.backgroundSearchHooks.whileQuerying = { text in
                guard text == "a", first.withLock({ $0 }) else { return }
                first.withLock { $0 = false }
                running.signal()
                typed.wait()
            }
            try store.importItems((0..<500).map { NewTodo(title: "task \($0)") } + [NewTodo(title: "ab")])
            store.startSearch([SectionQuery(listID: TodoStore.inboxListID, search: "a")])
            running.wait()
            store.startSearch([SectionQuery(listID: TodoStore.inboxListID, search: "ab")])
            typed.signal()
            store.waitForSearch()
            #expect(store.interruptedSearches == 1)
            #expect(store.takeSearchResults().map(\.text).allSatisfy { $0 == "ab" })
            #expect(try found(store, "ab") == ["ab"])
        }
    }
}
