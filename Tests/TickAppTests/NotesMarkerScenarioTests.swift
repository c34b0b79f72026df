import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 17: a todo with notes shows ✎ after its title.
@Suite("The notes marker")
struct NotesMarkerScenarioTests {
    @Test("A todo with notes shows ✎ after its title, dimmed; a long title gives way to it")
    func notesMarker() throws {
        let scenario = try Scenario(["Buy milk", "A title far too long for this row of the list", "Plain"])
        for title in ["Buy milk", "A title far too long for this row of the list"] {
            try scenario.store.update(id: scenario.id(of: title), notes: "oat, not cow")
        }
        scenario.list.reloadFromStore()
        try scenario.type("G")  // the highlight (reverse video) out of the way
        #expect(Array(scenario.screen[1...3]) == ["[ ] Buy milk ✎", "[ ] A title far too long for this ro… ✎", "[ ] Plain"])
        #expect(scenario.style(of: "✎", onLine: 1) == Style(attributes: .dim))
    }

    @Test("Notes written in the details view bring the ✎ at once; emptied notes take it away")
    func notesMarkerFollowsEdits() throws {
        let scenario = try Scenario(["Buy milk"])
        try scenario.type("<Enter>noat<Esc><Esc>")
        #expect(scenario.screen[1] == "[ ] Buy milk ✎")
        try scenario.store.update(id: scenario.id(of: "Buy milk"), notes: "")
        scenario.list.reloadFromStore()
        #expect(scenario.screen[1] == "[ ] Buy milk")
    }

    @Test("The ✎ takes the color a config file gives the notes element")
    func notesColor() throws {
        let configuration = Configuration.parse("color notes cyan", path: "/c")
        #expect(configuration.problems.isEmpty)
        let scenario = try Scenario(["Buy milk", "Plain"], configuration: configuration)
        try scenario.store.update(id: scenario.id(of: "Buy milk"), notes: "oat")
        scenario.list.reloadFromStore()
        try scenario.type("G")
        #expect(scenario.style(of: "✎", onLine: 1) == Style(foreground: .cyan))
    }
}
