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

    @Test("a search whose first rows hold a screenful of matches answers once, complete, with what the key thread finds")
    func commonSearchAnswersOnce() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            try store.importItems((0..<5_000).map { NewTodo(title: "todo \($0)") })
            let query = SectionQuery(listID: TodoStore.inboxListID, search: "o")
            store.startSearch([query])
            store.waitForSearch()
            // The first rows' matches are the whole answer: no second pass over the same rows.
            #expect(store.takeSearchResults().map(\.outcome) == [.complete])
            let reference = try openStore(folder + "/tick.db")
            defer { reference.close() }
            #expect(try found(store, "o") == (try found(reference, "o")))
            #expect(try found(store, "o").count == SectionQuery.searchLimit)
        }
    }

    @Test("a common search stops reading at its last shown match: as much work at 5,000 todos as at 1,100")
    func commonSearchStopsAtLimit() throws {
        try withTemporaryFolder { folder in
            var steps: [Int] = []
            for count in [1_100, 5_000] {
                let store = try openStore(folder + "/\(count).db")
                defer { store.close() }
                try store.importItems((0..<count).map { NewTodo(title: "todo \($0)") })
                let query = SectionQuery(listID: TodoStore.inboxListID, search: "o")
                let before = store.statementSteps
                #expect(try store.count(query) == SectionQuery.searchLimit)
                steps.append(store.statementSteps - before)
            }
            // Reading the whole first window (4,096 rows) instead would cost about 3.7 times as much.
            #expect(steps[1] < steps[0] * 3 / 2, "\(steps)")
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
