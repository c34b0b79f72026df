import Foundation
import Testing
@testable import TodoStore

/// `items(_:in:following:)`: a page read as the continuation of the row before it must be exactly
/// the page `items(_:in:)` reads, for every kind of section and wherever the page starts.
@Suite("Pages continued from the row before")
struct ContinuedPageTests {
    /// A list of 3,000 todos, every third one done (completed in a shuffled order), plus a small list.
    private func store(_ folder: String) throws -> TodoStore {
        let store = try openStore(folder + "/tick.db")
        var generator = SystemRandomNumberGenerator()
        let stamps = Array(0..<1_000).shuffled(using: &generator)
        try store.importItems((0..<3_000).map { index in
            NewTodo(title: "todo \(index)", completedAt: index % 3 == 0 ? Date(unixMilliseconds: 1_700_000_000_000 + Int64(stamps[index / 3])) : nil)
        })
        let work = try store.addList(named: "Work").value
        for index in 0..<5 { try store.add(title: "work \(index)", listID: work.id) }
        return store
    }

    @Test("Any page, continued from the todo before it, equals the page read by its rows",
          arguments: [true, false])
    func continuedPagesAgree(includesCompleted: Bool) throws {
        try withTemporaryFolder { folder in
            let store = try store(folder)
            let query = SectionQuery(listID: TodoStore.inboxListID, includesCompleted: includesCompleted)
            let count = try store.count(query)
            // Starts in the open part, across the open/done boundary, in the done part, past the end.
            for start in [1, 2, 31, 511, 1_024, 1_990, 1_999, 2_000, 2_001, 2_500, 2_990, 2_999, 3_000] where start <= count {
                let previous = try #require(try store.items(query, in: (start - 1)..<start).first)
                let expected = try store.items(query, in: start..<(start + 32))
                #expect(try store.items(query, in: start..<(start + 32), following: previous) == expected, "start \(start)")
            }
        }
    }

    @Test("A todo that is not where the counts put it, a search or another sort read pages the usual way")
    func fallsBack() throws {
        try withTemporaryFolder { folder in
            let store = try store(folder)
            let manual = SectionQuery(listID: TodoStore.inboxListID)
            let done = try #require(try store.items(manual, in: 2_500..<2_501).first)
            // A done todo cannot come right before an open row: read by rows, not after it.
            #expect(try store.items(manual, in: 100..<132, following: done) == store.items(manual, in: 100..<132))
            let open = try #require(try store.items(manual, in: 10..<11).first)
            for query in [SectionQuery(listID: TodoStore.inboxListID, sort: .due), SectionQuery(listID: TodoStore.inboxListID, search: "todo 1")] {
                #expect(try store.items(query, in: 11..<43, following: open) == store.items(query, in: 11..<43))
            }
            // A todo of another list, and the first row, too.
            let work = try #require(try store.lists().first { $0.name == "Work" })
            let workTodo = try #require(try store.items(SectionQuery(listID: work.id), in: 0..<1).first)
            #expect(try store.items(manual, in: 11..<43, following: workTodo) == store.items(manual, in: 11..<43))
            #expect(try store.items(manual, in: 0..<32, following: open) == store.items(manual, in: 0..<32))
        }
    }
}
