import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 19: `#word` in a typed title is a tag, shown dimmed after the title, found exactly by
/// `/#word`, kept through editing and undo.
@Suite("Tags in titles")
struct TagScenarioTests {
    @Test("#words become tags, in order, without repeats; #123, a lone # and #a#b stay title text", arguments: [
        ("Call Mom #phone #family", "Call Mom", ["phone", "family"]),
        ("#work Report #Work #q4", "Report", ["work", "q4"]),
        ("Fix bug #123 now", "Fix bug #123 now", []),
        ("C# and # alone", "C# and # alone", []),
        ("a#b #x#y", "a#b #x#y", []),
        ("Plan #日本 #släpp #well-being #to_do", "Plan", ["日本", "släpp", "well-being", "to_do"]),
        ("Pay rent !! #home @2026-12-01", "Pay rent", ["home"]),
    ])
    func parsing(text: String, title: String, tags: [String]) {
        let parsed = TitleSyntax.parse(text, today: Day(year: 2026, month: 11, day: 27)!)
        #expect(parsed.title == title)
        #expect(parsed.tags == tags)
    }

    @Test("A typed #tag shows dimmed at the end of the row, after the ✎; the title gives way to it when long")
    func rowShowsTags() throws {
        let scenario = try Scenario([], size: Size(width: 40, height: 8))
        try scenario.type("aCall Mom #phone<Enter>aA title far too long for this row #work #home<Enter>")
        try scenario.store.update(id: scenario.id(of: "Call Mom"), notes: "after six")
        scenario.list.reloadFromStore()
        try scenario.type("<Esc>G")
        #expect(Array(scenario.screen[1...2]) == ["[ ] Call Mom ✎ #phone", "[ ] A title far too long f… #work #home"])
        #expect(scenario.style(of: "#phone", onLine: 1) == Style(attributes: .dim))
        #expect(scenario.style(of: "Call", onLine: 1) == Style.plain)
        #expect(try scenario.store.item(id: scenario.id(of: "Call Mom"))?.tags == ["phone"])
    }

    @Test("The tag element takes the color a config file gives it")
    func tagColor() throws {
        let configuration = Configuration.parse("color tag magenta", path: "/c")
        #expect(configuration.problems.isEmpty)
        let scenario = try Scenario(["Plain"], configuration: configuration)
        try scenario.type("aReport #work<Enter><Esc><Up>")
        #expect(scenario.screen[2] == "[ ] Report #work")
        #expect(scenario.style(of: "#work", onLine: 2) == Style(foreground: .magenta))
    }

    @Test("Editing shows the tags in the input line; taking one out removes it, and u brings it back")
    func editingKeepsTags() throws {
        let scenario = try Scenario([])
        try scenario.type("aReport #work #q4<Enter><Esc>")
        try scenario.type("e")
        #expect(scenario.screen.contains { $0.contains("Report #work #q4") })
        try scenario.type("<BS><BS><BS><BS><Enter>")
        let id = try scenario.id(of: "Report")
        #expect(try scenario.store.item(id: id)?.tags == ["work"])
        #expect(scenario.screen[1] == "[ ] Report #work")
        try scenario.type("u")
        #expect(try scenario.store.item(id: id)?.tags == ["work", "q4"])
        #expect(scenario.screen[1] == "[ ] Report #work #q4")
    }

    @Test("/#work shows exactly the todos tagged work, not #workshop")
    func searchByTag() throws {
        let scenario = try Scenario([])
        try scenario.type("aPlan #workshop<Enter>aReport #work<Enter>aWork out<Enter><Esc>")
        try scenario.type("/#work")
        #expect(scenario.screen[0].hasPrefix("▾ Inbox · 1 match"))
        #expect(scenario.screen[1] == "[ ] Report #work")
        // The tag found is highlighted as a match is in a title; the other tags are not.
        try scenario.type("<Enter>aAlso #q4 #Work<Enter><Esc>/#work<Enter>")
        let also = try #require(scenario.line(containing: "Also"))
        #expect(scenario.style(of: "#Work", onLine: also) == scenario.theme.match)
        #expect(scenario.style(of: "#q4", onLine: also) != scenario.theme.match)
    }

    @Test("The details view lists the tags")
    func detailsShowTags() throws {
        let scenario = try Scenario([], size: Size(width: 40, height: 16))
        try scenario.type("aReport #work #q4<Enter><Esc><Enter>")
        let line = try #require(scenario.line(containing: "Tags"))
        #expect(scenario.screen[line].hasSuffix("#work #q4"))
    }
}
