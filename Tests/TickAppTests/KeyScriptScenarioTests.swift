import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

@Suite("Key-script scenarios")
struct KeyScriptScenarioTests {
    @Test("The README example: adding Buy milk and toggling it shows it checked")
    func readmeExample() throws {
        let temporary = try TemporaryStore()
        let lines = try play("aBuy milk<Enter>x", on: temporary.store)
        #expect(lines == [
            "▾ Inbox · 0 open · 1 done ─────────────",
            "[✓] Buy milk",
            "", "", "", "", "",
            "Done: “Buy milk”         0 open · 1 done",
        ])
    }

    @Test("Add, move, toggle and delete leave the expected screen; a done todo moves to the end of its list")
    func addMoveToggleDelete() throws {
        let temporary = try TemporaryStore()
        let app = makeApp(temporary.store)
        try app.type("aOne<Enter>aTwo<Enter>aThree<Enter>kkx")
        // One is done: it sits after the open todos; the highlight stays in place, on Two.
        #expect(withoutIndicator(app.screenLines).prefix(4) == ["▾ Inbox · 2 open · 1 done ─────────────", "[ ] Two", "[ ] Three", "[✓] One"])
        #expect(app.list.selectedItem?.title == "Two")
        try app.type("<Down>d")
        #expect(app.screenLines == [
            "▾ Inbox · 1 open · 1 done ─────────────",
            "[ ] Two",
            "[✓] One",
            "",
            "",
            "",
            "Deleted “Three” · u",
            "undoes                   1 open · 1 done",
        ])
        // The highlight moved to the row after the deleted one.
        #expect(app.list.selectedItem?.title == "One")
    }

    @Test("A new todo goes right after the highlighted one and becomes highlighted")
    func addGoesAfterSelection() throws {
        let temporary = try TemporaryStore()
        let app = makeApp(temporary.store)
        try app.type("aA<Enter>aC<Enter>kaB<Enter>")
        #expect(app.screenLines[1...3] == ["[ ] A", "[ ] B", "[ ] C"])
        #expect(app.list.tableView.indexPathForSelectedRow?.row == 1)
    }

    @Test("An empty store shows the empty state in the middle of the list")
    func emptyState() throws {
        let temporary = try TemporaryStore()
        let lines = try play("", on: temporary.store, size: Size(width: 40, height: 7))
        #expect(lines[2] == "   No todos yet — press a to add one")
        #expect(lines[6].hasSuffix("0 open · 0 done"))
    }

    @Test("Empty and whitespace-only titles are refused with a message and nothing is added", arguments: ["", "   ", "<Tab><Space>"])
    func blankTitlesAreRefused(title: String) throws {
        let temporary = try TemporaryStore()
        let app = makeApp(temporary.store)
        try app.type("a\(title)<Enter>")
        #expect(app.isPrompting)
        #expect(app.lastMessage?.kind == .error)
        #expect(app.screenLines.suffix(app.statusRows).joined(separator: " ").hasPrefix("A todo needs a title"))
        #expect(temporary.store.count == 0)
        try app.type("<Esc>")
        #expect(!app.isPrompting)
    }

    @Test("Esc cancels adding and nothing is stored")
    func escCancels() throws {
        let temporary = try TemporaryStore()
        let lines = try play("aDraft<Esc>", on: temporary.store)
        #expect(temporary.store.count == 0)
        #expect(lines.last?.hasPrefix("Cancelled") == true)
    }

    @Test("Titles in any script keep their width: CJK and emoji take two columns, long titles end in …")
    func wideTitles() throws {
        let temporary = try TemporaryStore()
        let lines = try play("a买牛奶<Enter>a👍 ok<Enter>aA title much too long for this narrow screen<Enter>",
                             on: temporary.store, size: Size(width: 24, height: 6))
        #expect(lines[1] == "[ ] 买牛奶")
        #expect(lines[2] == "[ ] 👍 ok")
        // The last column belongs to the scroll indicator once rows could scroll; here they fit, so it is blank.
        #expect(lines[3] == "[ ] A title much too l…")
        #expect(DisplayWidth.of(lines[3]) == 23)
    }

    @Test("Control characters in a title show as placeholders, never raw")
    func controlCharactersArePlaceholders() throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(title: "evil\u{1B}[2Jbell\u{07}c1\u{9B}31m")
        let screen = ScriptRunner.run(keys: [], store: temporary.store, size: Size(width: 40, height: 4)).screen
        #expect(screen.lines[1] == "[ ] evil␛[2Jbell␇c1\u{FFFD}31m")
        for cell in screen.cells {
            for scalar in cell.text.unicodeScalars {
                #expect(scalar.value >= 0x20 && !(0x7F..<0xA0).contains(scalar.value))
            }
        }
    }

    @Test("j/k, g/G, PgDn and Ctrl-d move the highlight and the viewport follows it")
    func navigation() throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(titles: (0..<30).map { "Todo \($0)" })
        let app = makeApp(temporary.store, size: Size(width: 30, height: 6))
        let table = app.list.tableView
        try app.type("G")
        #expect(table.indexPathForSelectedRow?.row == 29)
        #expect(app.screenLines[4] == "[ ] Todo 29                  ┃")
        #expect(app.screenLines[0].hasPrefix("▾ Inbox · 30 open"))  // the header stays pinned
        try app.type("g")
        #expect(table.indexPathForSelectedRow?.row == 0)
        #expect(app.screenLines[1] == "[ ] Todo 0                   │")
        try app.type("<PageDown>")
        #expect(table.indexPathForSelectedRow?.row == 4)
        try app.type("<C-d>")
        #expect(table.indexPathForSelectedRow?.row == 6)
        try app.type("jjjjjjjjjj")
        #expect(table.indexPathForSelectedRow?.row == 16)
        #expect(withoutIndicator(app.screenLines).last(where: { !$0.hasSuffix("done") }) == "[ ] Todo 16")
        try app.type("<End><Up><Up><C-u><PageUp><Home>")
        #expect(table.indexPathForSelectedRow?.row == 0)
    }

    @Test("An unknown tag is an error naming it and its position")
    func unknownTag() {
        #expect(throws: KeyScript.ParseError(problem: "unknown key <Foo>", line: 2, column: 3)) {
            try KeyScript.parse("ab\nxy<Foo>")
        }
    }

    @Test("A problem after tags on the same line is at the column it starts, counting each tag's characters", arguments: [
        ("<Enter><Foo>", 1, 8, "unknown key <Foo>"), ("<Enter><Enter>x<Foo>", 1, 16, "unknown key <Foo>"),
        ("a<C-d><Foo>", 1, 7, "unknown key <Foo>"), ("<lt><gt><Foo>", 1, 9, "unknown key <Foo>"),
        ("<Esc>\n<Up><Foo>", 2, 5, "unknown key <Foo>"), ("买<Space>牛奶<Foo>", 1, 11, "unknown key <Foo>"),
        ("<Snap><Wait 5ms><Foo>", 1, 17, "unknown key <Foo>"), ("<Enter><Wait soon>", 1, 8, "<Wait> wants a duration"),
        ("<Tab><Foo", 1, 6, "unclosed tag"),
    ])
    func problemAfterTags(text: String, line: Int, column: Int, problem: String) {
        #expect {
            try KeyScript.parseSteps(text)
        } throws: { error in
            guard let error = error as? KeyScript.ParseError else { return false }
            return error.line == line && error.column == column && error.problem.contains(problem)
        }
    }

    @Test("A script read in pieces keeps counting columns across a tag that ends a piece")
    func problemAfterTagsInPieces() throws {
        var position = KeyScript.Position()
        #expect(try KeyScript.parseSteps("<Enter>", from: &position) == [.key(.enter)])
        #expect(throws: KeyScript.ParseError(problem: "unknown key <Foo>", line: 1, column: 8)) {
            try KeyScript.parseSteps("<Foo>", from: &position)
        }
    }

    @Test("A resize re-lays out the list and keeps the highlight visible; a tiny terminal gets a note")
    func resize() throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(titles: (0..<20).map { "Todo \($0)" })
        let app = makeApp(temporary.store, size: Size(width: 30, height: 12))
        try app.type("jjjjjjjjjj")
        app.handle(.resize(width: 20, height: 5))
        #expect(withoutIndicator(app.screenLines).contains("[ ] Todo 10"))
        app.handle(.resize(width: 8, height: 2))
        #expect(app.screenLines[0] == "Termina…")
        app.handle(.resize(width: 30, height: 12))
        #expect(withoutIndicator(app.screenLines).contains("[ ] Todo 10"))
    }
}
