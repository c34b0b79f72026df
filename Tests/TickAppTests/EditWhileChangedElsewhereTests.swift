import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 28, point 15: a title edit submitted in the app after another device (or another Tick)
/// changed the todo while the input line was open. The other change arrives as the sync writes it:
/// a second store on the same file, writing remote steps. The first Enter says the todo changed and
/// saves nothing (issue 27: an answer never acts on a todo other than the one asked about); Enter
/// again merges the edit with that change: a field only the other side changed keeps their change,
/// a field both changed keeps the edit (the later change), and the loser is said and recorded.
@Suite("Editing a todo that changed elsewhere meanwhile")
struct EditWhileChangedElsewhereTests {
    private func changeElsewhere(_ scenario: Scenario, _ body: (TodoStore) throws -> Void) throws {
        let other = try TodoStore(path: scenario.temporary.path, durability: .noSync)
        defer { other.close() }
        try other.asRemote { try body(other) }
        #expect(scenario.app.showExternalChanges())
    }

    @Test("The title changed on both sides: the edit, made later, is kept; the status line names the title that lost, and it is recorded")
    func bothChangedTheTitle() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 140, height: 6))
        try scenario.type("e")
        let milk = try scenario.id(of: "Buy milk")
        try changeElsewhere(scenario) { _ = try $0.update(id: milk, title: "Buy oat milk") }
        try scenario.type("<C-u>Buy soy milk<Enter>")
        #expect(try scenario.store.item(id: milk)?.title == "Buy oat milk")
        #expect(scenario.status.hasPrefix("“Buy milk” was edited elsewhere meanwhile · not saved · Enter saves yours over it · Esc keeps it"))
        try scenario.type("<Enter>")
        #expect(try scenario.store.item(id: milk)?.title == "Buy soy milk")
        #expect(scenario.status.hasPrefix("“Buy soy milk” changed elsewhere while you edited it; yours was kept, its title “Buy oat milk” lost "))
        let conflict = try #require(try scenario.store.syncConflicts(limit: 1).first)
        #expect(conflict.field == "title" && conflict.title == "Buy soy milk")
        #expect(conflict.lostValue == "kept the edit made here (later), the change «Buy oat milk» made elsewhere while it was open lost")
    }

    @Test("A field only the other side changed (the due date, the priority) keeps its change: the edit writes only what it changed")
    func otherFieldsKeepTheOtherChange() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 140, height: 6))
        try scenario.type("e")
        let milk = try scenario.id(of: "Buy milk")
        try changeElsewhere(scenario) { _ = try $0.update(id: milk, priority: 2, due: .some("2026-12-05")) }
        try scenario.type("<C-u>Buy soy milk<Enter>")
        #expect(try scenario.store.item(id: milk)?.title == "Buy milk")
        try scenario.type("<Enter>")
        let item = try #require(try scenario.store.item(id: milk))
        #expect(item.title == "Buy soy milk" && item.due == "2026-12-05" && item.priority == 2)
        #expect(scenario.status.hasPrefix("Edited “Buy soy milk”"))
        #expect(try scenario.store.syncConflicts(limit: 1).isEmpty)
    }

    @Test("Notes edited in the details while another device changed them: the edit is kept, and the notes that lost are said and recorded")
    func bothChangedTheNotes() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 140, height: 14))
        try scenario.type("j<Enter>n")
        let mom = try scenario.id(of: "Call mom")
        try changeElsewhere(scenario) { _ = try $0.update(id: mom, notes: "From the phone") }
        try scenario.type("Ask about Sunday<Esc>")
        #expect(try scenario.store.item(id: mom)?.notes == "From the phone")
        #expect(scenario.app.lastMessage?.text == "“Call mom” had its notes changed elsewhere meanwhile · notes not saved · Ctrl-s saves yours over them · Esc again keeps theirs")
        try scenario.type("<C-s>")
        #expect(try scenario.store.item(id: mom)?.notes == "Ask about Sunday")
        #expect(scenario.app.lastMessage?.text == "“Call mom” changed elsewhere while you edited it; yours was kept, its notes “From the phone” lost")
        let conflict = try #require(try scenario.store.syncConflicts(limit: 1).first)
        #expect(conflict.field == "notes" && conflict.title == "Call mom")
        // Saved again with nothing changed elsewhere: an ordinary save.
        try scenario.type("n!<Esc>")
        #expect(scenario.app.lastMessage?.text == "Notes saved for “Call mom”")
    }

    @Test("The same change made on both sides is no conflict")
    func sameChangeIsNoConflict() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 140, height: 6))
        try scenario.type("e")
        let milk = try scenario.id(of: "Buy milk")
        try changeElsewhere(scenario) { _ = try $0.update(id: milk, title: "Buy soy milk") }
        try scenario.type("<C-u>Buy soy milk<Enter><Enter>")
        #expect(try scenario.store.item(id: milk)?.title == "Buy soy milk")
        #expect(try scenario.store.syncConflicts(limit: 1).isEmpty)
    }
}
