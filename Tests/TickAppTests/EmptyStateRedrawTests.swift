import Testing
import TermTable
@testable import TickApp
import TodoStore

/// The empty state is the table's background, as tall as the table: it is drawn again only when
/// what it shows changes, not each time the lists are read again after a change (issue 29).
@Suite("The empty state's drawing")
struct EmptyStateRedrawTests {
    @Test("Marking a todo done, adding one or deleting one leaves the hidden empty state drawn as it was; emptying the list draws it")
    func drawnOnlyWhenItChanges() throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(titles: ["One", "Two", "Three"])
        let app = makeApp(temporary.store, size: Size(width: 40, height: 8))
        let emptyState = app.list.emptyState
        _ = app.renderScreen()
        #expect(!emptyState.needsDisplay)
        for script in ["x", "aFour<Enter>", "d"] {
            try app.type(script)
            #expect(!emptyState.needsDisplay, "after \(script)")
            _ = app.renderScreen()
        }
        try app.type("dddddd")
        #expect(emptyState.needsDisplay)
        #expect(app.screenLines.contains { $0.contains("press a to add one") })
    }
}
