import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 6, search: `/` filters live on every keystroke (case-insensitive, any script), matches are
/// highlighted in the rows, Enter keeps them for `n` / `N`, Esc shows the full list again.
@Suite("Search scenarios")
struct SearchScenarioTests {
    private func store() throws -> Scenario {
        try Scenario(["Buy milk", "Call mom", "Milk the cow", "Äpfel kaufen", "买牛奶 and 面包", "Renew passport 🛂"],
                     lists: ["Work": ["Mail Σοφία", "Ship it"]], size: Size(width: 40, height: 12))
    }

    /// The titles on screen, in order.
    private func shownTitles(_ scenario: Scenario) -> [String] {
        scenario.screen.filter { $0.hasPrefix("[") }.map { String($0.dropFirst(4)) }
    }

    @Test("Every keystroke filters all lists; Backspace widens the filter again")
    func liveFiltering() throws {
        let scenario = try store()
        let steps: [(String, [String])] = [
            ("/m", ["Buy milk", "Call mom", "Milk the cow", "Mail Σοφία"]),
            ("i", ["Buy milk", "Milk the cow"]),
            ("l", ["Buy milk", "Milk the cow"]),
            ("k<Space>t", ["Milk the cow"]),
            ("<BS><BS><BS>", ["Buy milk", "Milk the cow"]),
            ("<C-u>", ["Buy milk", "Call mom", "Milk the cow", "Äpfel kaufen", "买牛奶 and 面包", "Renew passport 🛂", "Mail Σοφία", "Ship it"]),
        ]
        for (keys, titles) in steps {
            try scenario.type(keys)
            #expect(shownTitles(scenario) == titles, "after \(keys)")
        }
    }

    @Test("The search line and the headers say what is matched")
    func screen() throws {
        let scenario = try store()
        try scenario.type("/MIL")
        #expect(Array(scenario.screen[0...10]) == [
            rule("▾ Inbox · 2 matches"),
            "[ ] Buy milk",
            "[ ] Milk the cow",
            rule("▾ Work · 0 matches"),
            "", "", "", "", "", "",
            "/MIL",
        ])
        #expect(scenario.app.renderScreen().cursor == Point(x: 4, y: 10))
    }

    @Test("Matching ignores case in any script, and finds CJK and emoji", arguments: [
        ("MILK", ["Buy milk", "Milk the cow"]), ("äPFEL", ["Äpfel kaufen"]), ("ΣΟΦΊΑ", ["Mail Σοφία"]), ("σοφία", ["Mail Σοφία"]),
        ("牛奶", ["买牛奶 and 面包"]), ("🛂", ["Renew passport 🛂"]), ("zzz", []),
    ])
    func matching(query: String, titles: [String]) throws {
        let scenario = try store()
        try scenario.type("/" + query)
        #expect(shownTitles(scenario) == titles)
    }

    @Test("Matches are highlighted in the rows: exactly the matched characters, whatever their case or width", arguments: [
        ("mil", "[ ] Buy milk", "mil"), ("MIL", "[ ] Milk the cow", "Mil"), ("äpfel", "[ ] Äpfel kaufen", "Äpfel"),
        ("牛奶", "[ ] 买牛奶 and 面包", "牛奶"), ("σοφία", "[ ] Mail Σοφία", "Σοφία"),
    ])
    func highlights(query: String, line: String, matched: String) throws {
        let scenario = try store()
        try scenario.type("/" + query + "<Enter>G")  // the highlight (reverse video) on the last row, out of the way
        let y = try #require(scenario.canvas.lines.firstIndex(of: line))
        let canvas = scenario.canvas
        let start = DisplayWidth.of(String(line[..<line.range(of: matched)!.lowerBound]))
        let end = start + DisplayWidth.of(matched)
        for x in 0..<DisplayWidth.of(line) {
            let isMatch = canvas[x, y].style == Style(foreground: .black, background: .yellow)
            #expect(isMatch == (start..<end).contains(x), "column \(x) of \(line)")
        }
    }

    @Test("A match cut off by the row's end is marked up to the “…”, which keeps the title's style; one past it is not marked")
    func highlightsInTruncatedTitle() throws {
        // 24 columns: "[ ] " then 20 for the title, whose last column holds "…".
        let scenario = try Scenario(["Water the plants before milk run", "Order oat milk"], size: Size(width: 24, height: 8))
        try scenario.type("/plants before m<Enter>G")
        let y = try #require(scenario.line(containing: "Water"))
        #expect(scenario.canvas.line(y).hasPrefix("[ ] Water the plants b…"))
        let match = Style(foreground: .black, background: .yellow)
        let marked = (0..<24).filter { scenario.canvas[$0, y].style == match }
        #expect(marked == Array(14..<22), "“plants b” is what shows of the match")
        #expect(scenario.canvas[22, y].text == "…")
        #expect(scenario.canvas[22, y].style != match)
    }

    @Test("A decomposed letter in a title is highlighted by a search typed with the precomposed one, and the other way round",
          arguments: [("Cafe\u{301} au lait", "café"), ("Café au lait", "cafe\u{301}")])
    func highlightsAcrossNormalForms(title: String, query: String) throws {
        let scenario = try Scenario([title, "Tea"], size: Size(width: 40, height: 8))
        try scenario.type("/" + query + "<Enter>G")
        let y = try #require(scenario.line(containing: "au lait"))
        let match = Style(foreground: .black, background: .yellow)
        #expect((0..<40).filter { scenario.canvas[$0, y].style == match } == Array(4..<8))
    }

    @Test("Enter closes the search line, shows every todo with the matches still marked, and n / N step through them")
    func nextAndPrevious() throws {
        let scenario = try store()
        try scenario.type("/mil<Enter>")
        #expect(shownTitles(scenario).count == 8)
        #expect(scenario.selectedTitle == "Buy milk")
        #expect(scenario.app.lastMessage?.text == "“mil” · n next match · N previous · Esc clears")
        let steps: [(String, String, String)] = [
            ("n", "Milk the cow", "Match 2 of 2 for “mil”"), ("n", "Buy milk", "Match 1 of 2 for “mil”"),
            ("N", "Milk the cow", "Match 2 of 2 for “mil”"), ("N", "Buy milk", "Match 1 of 2 for “mil”"),
        ]
        for (key, title, message) in steps {
            try scenario.type(key)
            #expect(scenario.selectedTitle == title)
            #expect(scenario.app.lastMessage?.text == message)
        }
        try scenario.type("<Esc>n")
        #expect(scenario.app.lastMessage?.text == "No search: / searches")
        #expect(scenario.style(of: "mil", onLine: 1)?.background != .yellow)
    }

    @Test("n and N cross lists in screen order, wrapping at either end")
    func matchesAcrossLists() throws {
        let scenario = try store()
        try scenario.type("/m<Enter>")
        #expect(scenario.selectedTitle == "Buy milk")
        try scenario.type("N")
        #expect(scenario.selectedTitle == "Mail Σοφία")
        #expect(scenario.app.lastMessage?.text == "Match 4 of 4 for “m”")
        try scenario.type("nnn")
        #expect(scenario.selectedTitle == "Milk the cow")
        try scenario.type("n")
        #expect(scenario.selectedTitle == "Mail Σοφία")
    }

    @Test("↓ / ↑ move the highlight among the matches; Esc shows every todo again, the highlight on that todo")
    func escapeKeepsTheTodo() throws {
        let scenario = try store()
        try scenario.type("/mil" + "<Down><Down><Up><Down>")
        #expect(scenario.selectedTitle == "Milk the cow")
        #expect(scenario.screen[10] == "/mil")
        try scenario.type("<Esc>")
        #expect(shownTitles(scenario).count == 8)
        #expect(scenario.selectedTitle == "Milk the cow")
        #expect(scenario.style(of: "Milk", onLine: 3)?.background != .yellow)
    }

    @Test("Esc after a search that matched nothing goes back to the todo highlighted before")
    func escapeWithoutMatches() throws {
        let scenario = try store()
        try scenario.type("jjj/zzz")
        #expect(scenario.screen.contains { $0.contains("No todos match “zzz”") })
        try scenario.type("<Esc>")
        #expect(scenario.selectedTitle == "Äpfel kaufen")
    }

    @Test("Notes are searched too")
    func notesAreSearched() throws {
        let scenario = try store()
        try scenario.store.update(id: scenario.id(of: "Ship it"), notes: "remember the changelog")
        try scenario.type("/changelog")
        #expect(shownTitles(scenario) == ["Ship it ✎"])
    }
}
