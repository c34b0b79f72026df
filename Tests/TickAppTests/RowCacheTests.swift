import Testing
import TermTable
@testable import TickApp
import TodoStore

@Suite("Rows read from the store")
struct RowCacheTests {
    @Test("Toggling, deleting, flagging and adding patch the rows already read instead of reading them again")
    func changesReadNothing() throws {
        let temporary = try TemporaryStore()
        try temporary.store.importItems((0..<300).map { NewTodo(title: "Todo \($0)") })
        let app = makeApp(temporary.store, size: Size(width: 40, height: 20))
        try app.type("jjj")
        _ = app.renderScreen()
        let before = app.list.pageReads
        try app.type("xjdfaNew one<Enter>k")
        let lines = withoutIndicator(app.screenLines)
        #expect(app.list.pageReads == before)
        // And what is shown is still exactly the store's order.
        let query = app.list.query(forSection: 0)
        let truth = try temporary.store.items(query, in: 0..<18).map { $0.title }
        for (line, title) in zip(lines.dropFirst(), truth) { #expect(line.contains(title), "\(line) should show \(title)") }
    }

    @Test("Forty toggles in a row read about one new page, not a page per toggle, while the list shifts up under them")
    func shiftingListReadsOnlyNewRows() throws {
        let temporary = try TemporaryStore()
        try temporary.store.importItems((0..<1_000).map { NewTodo(title: "Todo \($0)") })
        let app = makeApp(temporary.store, size: Size(width: 40, height: 20))
        _ = app.renderScreen()
        let before = app.list.pageReads
        for _ in 0..<40 {
            try app.type("x")
            _ = app.renderScreen()
        }
        #expect(app.list.pageReads - before <= 2)
        let lines = withoutIndicator(app.screenLines)
        let truth = try temporary.store.items(app.list.query(forSection: 0), in: 0..<18).map { $0.title }
        #expect(truth.first == "Todo 40")
        for (line, title) in zip(lines.dropFirst(), truth) { #expect(line.contains(title), "\(line) should show \(title)") }
    }
}
