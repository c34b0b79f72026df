import Testing
import TermTable
@testable import TickApp
import TodoStore

/// A NUL typed (or played from a script) into a title or notes is refused with the store's message,
/// and the text stays in the editor so the user can remove the ␀ and save.
@Suite("The app refuses a NUL in titles and notes and keeps the text")
struct NULTextScenarioTests {
    /// Types `before`, a NUL, then `after`, as keys.
    private func type(_ scenario: Scenario, _ before: String, nulThen after: String) throws {
        try scenario.type(before)
        scenario.app.handle(.character("\u{0}"))
        _ = scenario.app.renderScreen()
        try scenario.type(after)
    }

    @Test("adding a title with a NUL says why, keeps the input line, and adds it once the ␀ is removed")
    func addTitle() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 8))
        try type(scenario, "aCall ", nulThen: "mum<Enter>")
        #expect(scenario.app.lastMessage?.text == "Not saved: invalid title: a title cannot contain a NUL character (U+0000, shown as ␀)")
        #expect(scenario.lineAboveStatus == "Add to Inbox: Call ␀mum")
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk"])
        try scenario.type("<Left><Left><Left><BS><Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk", "Call mum"])
    }

    @Test("editing a title to hold a NUL is refused and the todo keeps its title")
    func editTitle() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 8))
        try type(scenario, "e<End> ", nulThen: "now<Enter>")
        #expect(scenario.app.lastMessage?.text.contains("a title cannot contain a NUL character") == true)
        #expect(try scenario.titles(inList: "Inbox") == ["Buy milk"])
    }

    @Test("notes with a NUL are not saved; the editor keeps them until fixed, and Esc again gives up on them")
    func notes() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 14))
        let id = try scenario.id(of: "Buy milk")
        try type(scenario, "<Enter>nOat", nulThen: " milk<Esc>")
        #expect(scenario.app.lastMessage?.text == "Not saved: invalid notes: notes cannot contain a NUL character (U+0000, shown as ␀)")
        #expect(scenario.screen[0] == "Details — editing notes, not saved · Esc again discards")
        #expect(scenario.screen.contains("  Oat␀ milk"))
        #expect(try scenario.store.item(id: id)?.notes == "")
        // Fixed, Esc saves.
        try scenario.type("<Home><Right><Right><Right><Del><Esc>")
        #expect(try scenario.store.item(id: id)?.notes == "Oat milk")
        #expect(scenario.screen[0].hasPrefix("Details — Esc back"))
        // Refused again, a second Esc without a change leaves the editor and the stored notes as they were.
        try type(scenario, "n<End>", nulThen: "<Esc>")
        #expect(scenario.screen[0].hasPrefix("Details — editing notes, not saved"))
        try scenario.type("<Esc>")
        #expect(scenario.screen[0].hasPrefix("Details — Esc back"))
        #expect(try scenario.store.item(id: id)?.notes == "Oat milk")
    }
}
