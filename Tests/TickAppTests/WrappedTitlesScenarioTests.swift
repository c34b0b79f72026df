import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

/// Issue 19, titles that wrap: `W` (or `wrap yes`) lets a row grow to fit its title, at most three
/// lines then "…", through the table's automatic row heights.
@Suite("Wrapped titles")
struct WrappedTitlesScenarioTests {
    static let dentist = "Call the dentist about the appointment on Friday and ask whether the new insurance card covers the cleaning too"
    static let passport = "Renew passport 🛂 before the trip to Japan next spring, and book the photo appointment first"
    static let groceries = "买牛奶和面包，然后去邮局寄包裹给奶奶，顺便买一些水果和蔬菜回家做晚饭吃吧"
    static let endless = "A very long title that goes on and on" + String(repeating: " and on", count: 30) + " past three lines"

    /// A scenario over the four long titles and two short ones, with due dates, a priority and notes.
    static func longTitles(size: Size, configuration: Configuration = Configuration()) throws -> Scenario {
        let scenario = try Scenario(["Buy oat milk", dentist, passport, groceries, "Write the quarterly report", endless],
                                    size: size, configuration: configuration)
        try scenario.store.update(id: scenario.id(of: dentist), due: "2026-12-04")
        try scenario.store.update(id: scenario.id(of: passport), priority: 3, due: "2026-11-30")
        try scenario.store.update(id: scenario.id(of: "Write the quarterly report"), notes: "Q4", priority: 1, due: "2026-11-20")
        scenario.list.reloadFromStore()
        return scenario
    }

    @Test("At 80×24 W wraps long titles under their first column; the due date ends the last line, priority starts the first")
    func screen80x24() throws {
        let scenario = try Self.longTitles(size: Size(width: 80, height: 24))
        try scenario.type("W")
        #expect(Array(scenario.screen.prefix(13)) == [
            rule("▾ Inbox · 6 open", width: 79),
            "[ ]     Buy oat milk",
            "[ ]     Call the dentist about the appointment on Friday and ask",
            row("        whether the new insurance card covers the cleaning too", "in 7 d", width: 79),
            "[ ] !!! Renew passport 🛂 before the trip to Japan next spring, and",
            row("        book the photo appointment first", "in 3 d", width: 79),
            "[ ]     买牛奶和面包，然后去邮局寄包裹给奶奶，顺便买一些水果和蔬菜回家做晚饭吃",
            "        吧",
            row("[ ]   ! Write the quarterly report ✎", "7 d late", width: 79),
            "[ ]     A very long title that goes on and on and on and on and on and on and",
            "        on and on and on and on and on and on and on and on and on and on and",
            "        on and on and on and on and on and on and on and on and on and on and …",
            "",
        ])
        #expect(scenario.status.hasPrefix("Wrapping long titles (up to 3 lines) · W cuts them"))
        try scenario.type("W")
        #expect(scenario.screen[2] == row("[ ]     Call the dentist about the appointment on Friday and ask wh…", "in 7 d", width: 79))
        #expect(scenario.screen[5] == row("[ ]   ! Write the quarterly report ✎", "7 d late", width: 79))
        #expect(scenario.status.hasPrefix("Cutting long titles with … · W wraps them"))
    }

    @Test("At 20×5 a wrapped title takes up to three lines and ends in … ; the selected row's style covers all its lines")
    func screen20x5() throws {
        let scenario = try Self.longTitles(size: Size(width: 20, height: 5))
        try scenario.type("Wj")
        #expect(scenario.selectedTitle == Self.dentist)
        #expect(Array(scenario.screen.prefix(4)) == [
            rule("▾ Inbox · 6 open", width: 19),
            "[ ]     Call the",
            "        dentist",
            "        about the …",
        ])
        let canvas = scenario.canvas
        for y in 1...3 {
            for x in 0..<19 {
                #expect(canvas[x, y].style.attributes.contains(.reverse), "column \(x) of line \(y) is in the selection style")
            }
        }
    }

    @Test("Wide glyphs wrap whole: CJK breaks between characters, emoji and flags and combining marks are never split", arguments: [
        ("买牛奶和面包然后去邮局", ["[ ] 买牛奶和面包", "    然后去邮局"]),
        ("👍🏽👍🏽👍🏽👍🏽👍🏽 ok", ["[ ] 👍🏽👍🏽👍🏽", "    👍🏽👍🏽 ok"]),
        ("🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵", ["[ ] 🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵", "    🇯🇵🇯🇵🇯🇵"]),
        ("cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301}", ["[ ] cafe\u{301} cafe\u{301}", "    cafe\u{301} cafe\u{301}"]),
    ])
    func wideGlyphs(title: String, expected: [String]) throws {
        let scenario = try Scenario([title], size: Size(width: 17, height: 6))
        try scenario.type("W")
        #expect(Array(scenario.screen[1...expected.count]) == expected)
        #expect(scenario.screen[expected.count + 1] == "")
        for line in scenario.canvas.lines { #expect(DisplayWidth.of(line) <= 17) }
    }

    @Test("A key script turns wrapping on and resizes: the screen it prints at 20×5 shows the rewrapped rows")
    func keyScript() throws {
        let temporary = try TemporaryStore()
        let script = "<Today 2026-11-29>aBuy oat milk<Enter>a\(Self.dentist) @2026-12-04<Enter>W<Resize 20x5>"
        let result = try ScriptRunner.run(script: script, store: temporary.store, size: Size(width: 80, height: 24))
        #expect(withoutIndicator(result.screen.lines) == [
            "▾ Inbox · 2 open ──",
            "[ ] Call the",
            "    dentist about",
            "    the appointmen…",
            "Wrapping long titl…",
        ])
    }

    @Test("W back and forth keeps the selected todo on screen, at the bottom as in the middle", arguments: [4, 7, 15])
    func toggleKeepsSelection(downs: Int) throws {
        let scenario = try Scenario((0..<30).map { "Todo \($0) " + String(repeating: "with a long title ", count: 4) }, size: Size(width: 40, height: 10))
        try scenario.type(String(repeating: "j", count: downs))
        let selected = scenario.selectedTitle
        for _ in 0..<3 {
            try scenario.type("W")
            #expect(scenario.selectedTitle == selected)
            let rect = try #require(scenario.table.indexPathForSelectedRow.flatMap { scenario.table.rectForRow(at: $0) })
            #expect(rect.minY >= 1 && rect.maxY <= 9, "the whole selected row shows between the header and the status line")
            try scenario.type("W")
            #expect(scenario.selectedTitle == selected)
            let cut = try #require(scenario.table.indexPathForSelectedRow.flatMap { scenario.table.rectForRow(at: $0) })
            #expect(cut.minY >= 1 && cut.maxY <= 9)
        }
    }

    @Test("j, k and PgDn move one todo at a time over wrapped rows, and the selected row always shows whole")
    func navigation() throws {
        let titles = (0..<40).map { $0 % 3 == 0 ? "Todo \($0) " + String(repeating: "word ", count: 12) : "Todo \($0)" }
        let scenario = try Scenario(titles, size: Size(width: 30, height: 10))
        try scenario.type("W")
        func checkSelectionShows() throws {
            let rect = try #require(scenario.table.indexPathForSelectedRow.flatMap { scenario.table.rectForRow(at: $0) })
            #expect(rect.minY >= 1 && rect.maxY <= 9)
        }
        for step in 1..<40 {
            try scenario.type("j")
            #expect(scenario.table.indexPathForSelectedRow?.row == step)
            try checkSelectionShows()
        }
        for step in (0..<39).reversed() {
            try scenario.type("k")
            #expect(scenario.table.indexPathForSelectedRow?.row == step)
            try checkSelectionShows()
        }
        var previous = 0
        for _ in 0..<5 {
            try scenario.type("<PageDown>")
            let now = try #require(scenario.table.indexPathForSelectedRow?.row)
            #expect(now > previous, "a page down moves forward")
            #expect(now - previous <= 8, "a page of 8 lines holds at most 8 rows")
            previous = now
            try checkSelectionShows()
        }
        // The viewport scrolls by lines: a row of three lines scrolls in line by line, never in a jump.
        #expect(scenario.table.scrollIndicatorThumb != nil)
    }

    @Test("A resize while wrapped measures again only the rows on screen, and rewraps them at the new width")
    func resize() throws {
        let scenario = try Scenario(size: Size(width: 60, height: 12))
        try scenario.store.importItems((0..<2_000).map { NewTodo(title: "Todo \($0) " + String(repeating: "word ", count: 8)) })
        scenario.list.reloadFromStore()
        try scenario.type("W" + String(repeating: "<PageDown>", count: 20))
        let selected = scenario.selectedTitle
        let measured = scenario.table.reuseStatistics.rowsMeasured
        scenario.app.resize(to: Size(width: 30, height: 12))
        let lines = scenario.screen
        let rows = scenario.table.indexPathsForVisibleRows.count
        #expect(scenario.table.reuseStatistics.rowsMeasured - measured <= rows + 2, "only what is on screen (and a row either side) is measured")
        #expect(scenario.selectedTitle == selected)
        #expect(lines.contains("    word word word word word"))
        for line in scenario.canvas.lines { #expect(DisplayWidth.of(line) <= 30) }
        let rect = try #require(scenario.table.indexPathForSelectedRow.flatMap { scenario.table.rectForRow(at: $0) })
        #expect(rect.minY >= 1 && rect.maxY <= 11)
    }

    @Test("10,000 wrapped todos: paging through them creates at most a screenful of cells plus two, and measures only rows shown")
    func cellsStayBounded() throws {
        let temporary = try TemporaryStore()
        try temporary.store.importItems((0..<10_000).map { NewTodo(title: $0 % 2 == 0 ? "Todo \($0) " + String(repeating: "word ", count: 10) : "Todo \($0)") })
        let app = makeApp(temporary.store, size: Size(width: 30, height: 12))
        try app.type("W")
        _ = app.renderScreen()
        var thumbTop = 0
        for _ in 0..<60 {
            try app.type("<PageDown>")
            _ = app.renderScreen()
            // Rows measured taller than their estimate must not pull the indicator back while paging down.
            let thumb = try #require(app.list.tableView.scrollIndicatorThumb)
            #expect(thumb.top >= thumbTop)
            thumbTop = thumb.top
        }
        try app.type("G")
        _ = app.renderScreen()
        try app.type("gg")
        _ = app.renderScreen()
        let statistics = app.list.tableView.reuseStatistics
        #expect(statistics.cellsCreated <= 11 + 2)
        #expect(statistics.rowsMeasured < 2_000, "rows paged past are measured once each, the ones jumped over not at all")
        #expect(app.list.pageReads < 100)
    }

    @Test("Keys arriving in bursts (key repeat: a hundred j, then one frame) over wrapped rows create at most a screenful of cells plus two, also when a burst leaves tall rows for short ones")
    func burstsStayBounded() throws {
        let temporary = try TemporaryStore()
        // Three-line titles first, then one-line ones: a burst leaves a screen of few tall rows for many short ones.
        try temporary.store.importItems((0..<12_000).map {
            NewTodo(title: "Todo \($0) " + String(repeating: "word ", count: $0 < 300 ? 14 : ($0 * 7) % 6), listName: ["Inbox", "Work", "Home"][$0 % 3])
        })
        let app = makeApp(temporary.store, size: Size(width: 40, height: 24))
        // The first frame shows 23 one-line rows: their cells must all be reused once rows take more lines.
        _ = app.renderScreen()
        try app.type("W")
        _ = app.renderScreen()
        for _ in 0..<100 {
            try app.type(String(repeating: "j", count: 100))
            _ = app.renderScreen()
        }
        #expect(app.list.tableView.reuseStatistics.cellsCreated <= 23 + 2, "\(app.list.tableView.reuseStatistics)")
    }

    @Test("Entering editing mode narrows every row by its mark, so a title that just fitted takes one more line")
    func editingModeRemeasures() throws {
        // 26 columns of content: "[ ] " then a 22-column title fills the line; with the mark it needs two.
        let scenario = try Scenario(["Twenty-two columns ok", "Next"], size: Size(width: 27, height: 6))
        try scenario.type("W")
        #expect(Array(scenario.screen[1...2]) == ["[ ] Twenty-two columns ok", "[ ] Next"])
        try scenario.type("v")
        #expect(Array(scenario.screen[1...3]) == ["○ [ ] Twenty-two columns", "      ok", "○ [ ] Next"])
        try scenario.type("<Esc>")
        #expect(Array(scenario.screen[1...2]) == ["[ ] Twenty-two columns ok", "[ ] Next"])
    }

    @Test("A priority column that appears narrows every title: rows measured before, now off screen, are measured again when they come back")
    func columnChangeRemeasuresOffScreenRows() throws {
        // 35 columns for the title: "[ ] " + 31 columns fit one line; with the priority column ("!!! ") they need two.
        let exact = "Thirty-one columns exactly here"
        let scenario = try Scenario([exact] + (1..<30).map { "Todo \($0)" }, size: Size(width: 36, height: 8))
        try scenario.type("W")
        #expect(scenario.screen[1] == "[ ] " + exact)
        try scenario.type("G+gg")
        #expect(Array(scenario.screen[1...3]) == ["[ ]     Thirty-one columns exactly", "        here", "[ ]     Todo 1"])
    }

    @Test("A title whose wrapped part takes no room (zero-width characters) still ends in one …, not in a row of them")
    func zeroWidthPrefix() throws {
        let scenario = try Scenario(["a" + String(repeating: "\u{200B}", count: 500) + " visible end"], size: Size(width: 24, height: 5))
        try scenario.type("W")
        #expect(scenario.screen[1].hasPrefix("[ ] a"))
        #expect(scenario.screen[1].hasSuffix("…"))
        #expect(scenario.screen[1].filter { $0 == "…" }.count == 1)
        #expect(scenario.screen[2] == "")
    }

    @Test("Search matches are highlighted on every line of a wrapped title")
    func searchHighlightsEveryLine() throws {
        let scenario = try Scenario(["milk and bread and more milk for the cat and milk"], size: Size(width: 24, height: 8))
        try scenario.type("W/milk")
        let canvas = scenario.canvas
        // The row is selected too: its reverse video is added, the match's background stays.
        let matched = (1...3).filter { y in (0..<24).contains { canvas[$0, y].style.background == scenario.app.theme.match.background } }
        #expect(matched == [1, 2, 3], "\(canvas.lines)")
    }

    @Test("A title edited to need more lines grows its row; another todo's change keeps the rows below in place")
    func editGrowsRow() throws {
        let scenario = try Scenario(["Short", "Below"], size: Size(width: 30, height: 8))
        try scenario.type("W")
        #expect(Array(scenario.screen[1...2]) == ["[ ] Short", "[ ] Below"])
        try scenario.type("e<C-e> and now a much longer title than before<Enter>")
        #expect(Array(scenario.screen[1...4]) == ["[ ] Short and now a much", "    longer title than before", "[ ] Below", ""])
    }

    @Test("W is remembered across a restart; the config file's wrap applies until W chooses otherwise")
    func remembered() throws {
        let scenario = try Scenario(["Buy milk"], configuration: Configuration.parse("wrap yes", path: "/c"))
        #expect(scenario.list.options.wrapsTitles)
        #expect(scenario.table.rowHeight == TableView.automaticDimension)
        try scenario.type("W")
        try scenario.restart()
        #expect(!scenario.list.options.wrapsTitles, "W was pressed: the choice wins over the config file")
        #expect(scenario.table.rowHeight == 1)
        try scenario.type("W")
        try scenario.restart()
        #expect(scenario.list.options.wrapsTitles)
    }

    @Test("wrap wants yes or no in the config file")
    func configurationProblem() {
        let configuration = Configuration.parse("wrap sometimes", path: "/c")
        #expect(configuration.problems == ["/c:1: wrap wants yes or no"])
        #expect(!configuration.wrapsTitles)
    }

    @Test("W can be rebound like any list key, and help lists it under Lists and views")
    func rebinding() throws {
        let scenario = try Scenario(["Buy milk"], configuration: Configuration.parse("unbind W\nbind <C-w> toggleWrap", path: "/c"))
        try scenario.type("W")
        #expect(!scenario.list.options.wrapsTitles)
        try scenario.type("<C-w>")
        #expect(scenario.list.options.wrapsTitles)
        #expect(Command.toggleWrap.group == .lists)
    }

    @Test("Wrapped, a title's tags, due date and ↻ end its last line, as they end the one line when cut")
    func tagsAndRecurrenceEndTheLastLine() throws {
        let scenario = try Scenario(["A rather long title that needs more than one line to be shown in full"], size: Size(width: 50, height: 6))
        let id = try scenario.id(of: "A rather long title that needs more than one line to be shown in full")
        try scenario.store.update(id: id, due: "2026-12-04", recurrence: .some(try RecurrenceRule(rrule: "FREQ=WEEKLY")), tags: ["home", "weekly"])
        scenario.list.reloadFromStore()
        #expect(scenario.screen[1].hasPrefix("[ ] A rather long tit… #home #weekly"), "\(scenario.screen)")
        #expect(scenario.screen[1].hasSuffix(" ↻"))
        try scenario.type("W")
        #expect(scenario.screen[1] == "[ ] A rather long")
        #expect(scenario.screen[2] == "    title that needs")
        #expect(scenario.screen[3].hasPrefix("    more than one lin… #home #weekly"), "\(scenario.screen)")
        #expect(scenario.screen[3].hasSuffix(" ↻"))
        #expect(scenario.screen[3].hasSuffix(" in 7 d ↻"))
    }
}

/// A fuzz run found it: with titles wrapped, `m` to a list made on the spot left the moved todo's
/// cell on the row below it, so the list showed the moved todo twice and hid the one that took its place.
@Suite("Wrapped titles: moving to another list")
struct WrappedTitlesMoveScenarioTests {
    @Test("With titles wrapped, m to a new list shows the todo below in its place and the moved one only in the new list",
          arguments: ["W", ""])
    func moveToNewList(wrap: String) throws {
        let scenario = try Scenario(["one", "two", "three"], size: Size(width: 40, height: 8))
        try scenario.type("\(wrap)gmNewList<Enter>")
        #expect(Array(scenario.screen.prefix(5)) == [
            rule("▾ Inbox · 2 open", width: 39),
            "[ ] two",
            "[ ] three",
            rule("▾ NewList · 1 open", width: 39),
            "[ ] one",
        ])
    }
}
