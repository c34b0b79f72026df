import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 17: a date marker that does not parse is not silently kept, and two due dates are not
/// silently cut to one. Today is Friday 2026-11-27.
@Suite("Date marker scenarios")
struct DateMarkerScenarioTests {
    private func scenario() throws -> Scenario {
        try Scenario(["One"], size: Size(width: 80, height: 6))
    }

    @Test("A word that looks like a date but is none is added as typed, and the status line says so", arguments: [
        ("Tax @2026-02-30", "@2026-02-30 is not a date; kept in the title · Added “Tax @2026-02-30”"),
        ("Call @25:00", "@25:00 is not a date; kept in the title · Added “Call @25:00”"),
        ("Party @dec32 @next-wek", "@dec32 and @next-wek are not dates; kept in the title · Added “Party @dec32 @next-wek”"),
    ])
    func hintWhenAdding(typed: String, status: String) throws {
        let scenario = try scenario()
        try scenario.type("a\(typed)<Enter>")
        #expect(!scenario.app.isPrompting)
        #expect(scenario.app.lastMessage == .info(status))
        #expect(scenario.status.hasPrefix(String(status.prefix(40))))
        #expect(try scenario.titles(inList: "Inbox") == ["One", typed])
    }

    @Test("Other @ words are added without a hint")
    func noHintForPlainWords() throws {
        let scenario = try scenario()
        try scenario.type("aCall @home about bob@example.com<Enter>")
        #expect(scenario.app.lastMessage == .info("Added “Call @home about bob@example.com”"))
    }

    @Test("The forms people type set the due day", arguments: [
        ("Tax @dec5", "2026-12-05"), ("Tax @5dec", "2026-12-05"), ("Tax @next-week", "2026-11-30"), ("Tax @eom", "2026-11-30"),
    ])
    func commonForms(typed: String, due: String) throws {
        let scenario = try scenario()
        try scenario.type("a\(typed)<Enter>")
        let added = try scenario.store.item(id: try scenario.id(of: "Tax"))
        #expect(added?.due == due)
        #expect(scenario.app.lastMessage == .info("Added “Tax”"))
    }

    @Test("Two due dates keep the input line open with an error naming both; nothing is added until one goes")
    func twoDueDatesWhenAdding() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("aTax @2026-12-31 @tom<Enter>")
        #expect(scenario.app.isPrompting)
        #expect(scenario.app.lastMessage == .error("Two due dates, @2026-12-31 and @tom: keep one"))
        #expect(scenario.screen[4] == "Add to Inbox: Tax @2026-12-31 @tom")
        #expect(try StoreSnapshot(scenario.store) == before)
        try scenario.type("<BS><BS><BS><BS><Enter>")
        #expect(!scenario.app.isPrompting)
        #expect(try scenario.store.item(id: try scenario.id(of: "Tax"))?.due == "2026-12-31")
    }

    @Test("Editing a title: two due dates are refused, a word that is no date gets the hint")
    func editing() throws {
        let scenario = try scenario()
        try scenario.type("e<End> @fri @mon<Enter>")
        #expect(scenario.app.isPrompting)
        #expect(scenario.app.lastMessage == .error("Two due dates, @fri and @mon: keep one"))
        #expect(try scenario.store.item(id: try scenario.id(of: "One"))?.due == nil)
        try scenario.type("<Esc>e<End> @2026-02-30<Enter>")
        #expect(!scenario.app.isPrompting)
        #expect(scenario.app.lastMessage == .info("@2026-02-30 is not a date; kept in the title · Edited “One @2026-02-30”"))
    }

    @Test("A pasted line with two due dates refuses the paste, naming the line; unread words are named after adding")
    func pastedLines() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("a<Paste>milk @25:00<Enter>rent @fri @sat</Paste>y")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(scenario.app.lastMessage == .error("Line 2 has two due dates, @fri and @sat: nothing added"))
        try scenario.type("<Esc>a<Paste>milk @25:00<Enter>rent @fri</Paste>y")
        #expect(try scenario.titles(inList: "Inbox") == ["One", "milk @25:00", "rent"])
        #expect(scenario.app.lastMessage == .info("@25:00 is not a date; kept in the title · Added 2 todos · u undoes",
                                               while: .undoable(change: scenario.list.changeCount)))
    }
}
