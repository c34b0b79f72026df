import Foundation
import Testing
@testable import TodoStore

@Suite("Search")
struct SearchTests {
    static let titles = ["Buy milk", "MILKSHAKE with friends", "bread", "买牛奶", "牛奶糖", "thumbs 👍🏽 up", "Äpfel kaufen",
                         "say \"hi\"", "100% done_deal", "ΣΟΦΙΑ's party", "e\u{301}clair"]

    private func store(_ folder: String) throws -> TodoStore {
        let store = try openStore(folder + "/tick.db")
        try store.importItems(Self.titles.map { NewTodo(title: $0, notes: $0 == "bread" ? "remember the Milk" : "") })
        return store
    }

    private func found(_ store: TodoStore, _ text: String) throws -> [String] {
        let query = SectionQuery(listID: TodoStore.inboxListID, search: text)
        let items = try store.items(query, in: 0..<100)
        #expect(try store.count(query) == items.count)
        return items.map(\.title)
    }

    @Test("matches titles and notes ignoring case, for short and long queries and in any script", arguments: [
        ("Milk", ["Buy milk", "MILKSHAKE with friends", "bread"]),
        ("mi", ["Buy milk", "MILKSHAKE with friends", "bread"]),
        ("M", ["Buy milk", "MILKSHAKE with friends", "bread", "thumbs 👍🏽 up"]),
        ("牛", ["买牛奶", "牛奶糖"]),
        ("牛奶", ["买牛奶", "牛奶糖"]),
        ("买牛奶", ["买牛奶"]),
        ("👍🏽", ["thumbs 👍🏽 up"]),
        ("👍🏽 up", ["thumbs 👍🏽 up"]),
        ("äpfel", ["Äpfel kaufen"]),
        ("ä", ["Äpfel kaufen"]),
        ("σοφια", ["ΣΟΦΙΑ's party"]),
        ("σ", ["ΣΟΦΙΑ's party"]),
        ("\"hi\"", ["say \"hi\""]),
        ("\"\u{301}hi", []),  // a quote carrying a combining mark is still escaped for the index
        ("%", ["100% done_deal"]),
        ("_", ["100% done_deal"]),
        ("0% d", ["100% done_deal"]),
        ("nothing here", []),
    ])
    func matches(text: String, expected: [String]) throws {
        try withTemporaryFolder { folder in
            let shown = try found(try store(folder), text)
            #expect(Set(shown) == Set(expected))
        }
    }

    @Test("an empty search shows everything; a search keeps the section's order, open todos first")
    func orderAndEmpty() throws {
        try withTemporaryFolder { folder in
            let store = try store(folder)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "")) == Self.titles.count)
            let milk = try #require(try store.items(SectionQuery(listID: TodoStore.inboxListID, search: "milk"), in: 0..<1).first)
            try store.setDone(true, ids: [milk.id])
            #expect(try found(store, "milk") == ["MILKSHAKE with friends", "bread", "Buy milk"])
            let openOnly = SectionQuery(listID: TodoStore.inboxListID, includesCompleted: false, search: "milk")
            #expect(try store.items(openOnly, in: 0..<10).map(\.title) == ["MILKSHAKE with friends", "bread"])
            #expect(try store.index(of: milk.id, in: openOnly) == nil)
            #expect(try store.index(of: milk.id, in: SectionQuery(listID: TodoStore.inboxListID, search: "milk")) == 2)
        }
    }

    @Test("results follow changes: ours at once, another connection's after it commits")
    func followsChanges() throws {
        try withTemporaryFolder { folder in
            let store = try store(folder)
            #expect(try found(store, "tea") == [])
            try store.add(title: "green tea")
            #expect(try found(store, "tea") == ["green tea"])
            #expect(try found(store, "te") == ["green tea"])
            let other = try openStore(folder + "/tick.db")
            try other.add(title: "black tea")
            #expect(try found(store, "tea") == ["black tea", "green tea"])
            let green = try #require(try store.items(SectionQuery(listID: 1, search: "green"), in: 0..<1).first)
            try other.update(id: green.id, title: "green coffee")
            #expect(try found(store, "tea") == ["black tea"])
        }
    }

    @Test("a search shows at most searchLimit rows per list and counts only those", arguments: [2, 3])
    func limit(length: Int) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            try store.importItems((0..<1_050).map { NewTodo(title: "milk \($0)", completedAt: $0 % 2 == 0 ? Date(unixMilliseconds: Int64($0)) : nil) })
            let query = SectionQuery(listID: TodoStore.inboxListID, search: String("milk".prefix(length)))
            #expect(try store.count(query) == SectionQuery.searchLimit)
            let all = try store.items(query, in: 0..<2_000)
            #expect(all.count == SectionQuery.searchLimit)
            #expect(all.prefix(525).allSatisfy { !$0.isDone } && all.dropFirst(525).allSatisfy { $0.isDone })
            #expect(try store.index(of: all[999].id, in: query) == 999)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, includesCompleted: false, search: "milk")) == 525)
        }
    }
}
