import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 16 §3: a store that cannot be read never looks empty, and nothing typed is lost to a failed write.
@Suite("Failed reads and writes")
struct FailedReadScenarioTests {
    @Test("A store that cannot be read says so, naming the file, instead of showing an empty list; the todos come back once it can")
    func unreadableStoreIsNotEmpty() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 120, height: 8))
        let failure = StoreFailureInjection(scenario.store, failing: .reads)
        let other = try TodoStore(path: scenario.temporary.path)
        defer { other.close() }
        try other.add(title: "From elsewhere")  // the poll notices it and reads again, which fails
        #expect(scenario.app.showExternalChanges())
        let screen = scenario.screen.joined(separator: "\n")
        #expect(screen.contains("Cannot read the store: \(scenario.temporary.path): disk I/O error"), "\(screen)")
        #expect(!screen.contains("No todos yet"))
        #expect(!scenario.status.contains("0 open"), "counts of an unreadable store are unknown, not zero")
        #expect(scenario.app.lastMessage?.kind == .error)

        failure.lift()
        #expect(scenario.app.showExternalChanges(), "an unreadable store is read again on every poll")
        #expect(scenario.screen[1...3] == ["[ ] From elsewhere", "[ ] Buy milk", "[ ] Call mom"])
        #expect(scenario.list.readFailure == nil)
    }

    @Test("A closed store (every call fails) shows the failure, and adding then says why and keeps the title")
    func closedStore() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 120, height: 8))
        scenario.store.close()
        #expect(scenario.app.showExternalChanges(), "a failed look for changes counts as one, so the failure is shown")
        #expect(scenario.screen.joined().contains("\(scenario.temporary.path): the store is closed"))
        #expect(!scenario.screen.joined().contains("No todos yet"))
        try scenario.type("aOat milk<Enter>")
        #expect(scenario.app.isPrompting, "the typed title is still there to try again")
        #expect(scenario.status.hasPrefix("Not added: Cannot read the store"), "\(scenario.status)")
    }

    @Test("An add next to a done todo whose list's last open todo cannot be read is not saved, rather than put at the top")
    func addBesideDoneTodo() throws {
        let scenario = try Scenario(["Open one", "Finished"], size: Size(width: 120, height: 8))
        try scenario.type("jx")  // Finished is done and still highlighted
        #expect(scenario.selectedTitle == "Finished")
        let failure = StoreFailureInjection(scenario.store, failing: .reads)
        try scenario.type("aNew<Enter>")
        #expect(scenario.status.hasPrefix("Not saved: "), "\(scenario.status)")
        #expect(scenario.app.isPrompting, "the title is still there to try again")
        #expect(scenario.store.count == 2)
        failure.lift()
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["Open one", "New", "Finished"])
    }

    @Test("Rows that cannot be read are reported in the status line, not drawn as blank todos")
    func unreadableRows() throws {
        let scenario = try Scenario((1...200).map { "Todo \($0)" }, size: Size(width: 120, height: 8))
        let failure = StoreFailureInjection(scenario.store, failing: .reads)
        defer { failure.lift() }
        try scenario.type("G")  // the last rows were never read
        #expect(scenario.status.hasPrefix("Cannot read the store: \(scenario.temporary.path): disk I/O error"), "\(scenario.status)")
    }

    @Test("Notes that cannot be saved stay in the editor; Ctrl-S saves them once the store works, and Esc twice leaves without them")
    func notesAreNotLost() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 14))
        try scenario.type("<Enter>nOat, not soy")
        let failure = StoreFailureInjection(scenario.store, failing: .writes)
        try scenario.type("<Esc>")
        #expect(scenario.screen.joined().contains("editing notes"), "the editor is still open")
        #expect(scenario.screen.joined().contains("Oat, not soy"))
        #expect(scenario.status.hasPrefix("Not saved: "), "\(scenario.status)")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes == "")
        failure.lift()
        try scenario.type("<C-s>")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes == "Oat, not soy")
        #expect(!scenario.screen.joined().contains("editing notes"))

        try scenario.type("nLater<Esc>")  // saved at once: no failure, Esc leaves the editor
        let refuse = StoreFailureInjection(scenario.store, failing: .writes)
        defer { refuse.lift() }
        try scenario.type("n more<Esc>")
        #expect(scenario.screen.joined().contains("editing notes"))
        try scenario.type("<Esc>")
        #expect(!scenario.screen.joined().contains("editing notes"), "a second Esc leaves, as the message said")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes == "Oat, not soyLater")
    }

    @Test("The details of a todo that cannot be read say so rather than that it no longer exists")
    func unreadableDetails() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 200, height: 14))
        try scenario.type("<Enter>")
        scenario.store.close()
        let screen = scenario.screen.joined(separator: "\n")
        #expect(screen.contains("Cannot read this todo: \(scenario.temporary.path): the store is closed"), "\(screen)")
        #expect(!screen.contains("no longer exists"))
    }

    @Test("n after a search whose matches cannot be read reports the failure, not that nothing matches")
    func unreadableMatches() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 120, height: 8))
        try scenario.type("/milk<Enter>")
        let failure = StoreFailureInjection(scenario.store, failing: .reads)
        defer { failure.lift() }
        try scenario.type("n")
        #expect(scenario.status.hasPrefix("Cannot read the store: "), "\(scenario.status)")
    }
}
