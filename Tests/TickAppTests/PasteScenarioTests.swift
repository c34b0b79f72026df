import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 16, pastes must not run as commands: a bracketed paste (`<Paste>…</Paste>` in a key script)
/// is text in the input lines, a question when it holds several todos, and ignored on the list.
@Suite("Paste scenarios")
struct PasteScenarioTests {
    private func scenario() throws -> Scenario {
        try Scenario(["One", "Two", "Three"], size: Size(width: 44, height: 10))
    }

    @Test("Pasting milk⏎dd⏎ while adding asks one question naming the count, and changes nothing until answered")
    func severalLinesAsk() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("a<Paste>milk<Enter>dd<Enter></Paste>")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(scenario.screen[7] == "Add to Inbox:")
        #expect(scenario.lineAboveStatus.hasPrefix("Add 2 todos, one per line? y/Enter yes"))
        #expect(scenario.selectedTitle == "One")
    }

    @Test("Yes adds each non-blank line as its own todo after the highlighted one, and one u takes them all back")
    func yesAddsAllAndOneUndo() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("a<Paste>milk<CR><CR>  <CR>pay rent !! @2026-12-24<CR>dd</Paste>y")
        #expect(try scenario.titles(inList: "Inbox") == ["One", "milk", "pay rent", "dd", "Two", "Three"])
        let rent = try #require(try scenario.store.item(id: scenario.id(of: "pay rent")))
        #expect(rent.priority == 2 && rent.due == "2026-12-24")
        #expect(!scenario.app.hasOverlay, "the input line closed as Enter closes it")
        #expect(scenario.selectedTitle == "dd")
        #expect(scenario.app.lastMessage?.text == "Added 3 todos · u undoes")
        try scenario.type("u")
        #expect(try StoreSnapshot(scenario.store) == before)
    }

    @Test("No puts the lines into the input line joined by spaces; Enter then adds one todo")
    func noKeepsOneLine() throws {
        let scenario = try scenario()
        try scenario.type("a<Paste>milk<Enter>dd<Enter></Paste>n")
        #expect(scenario.app.isPrompting)
        #expect(scenario.lineAboveStatus == "Add to Inbox: milk dd")
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["One", "milk dd", "Two", "Three"])
    }

    @Test("What was typed before the paste is part of its first line; Esc on the question keeps the line as it was")
    func typedTextAndEscape() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("abuy <Paste>milk<Enter>eggs</Paste>")
        #expect(scenario.lineAboveStatus.hasPrefix("Add 2 todos, one per line?"))
        try scenario.type("<Esc>")
        #expect(scenario.lineAboveStatus == "Add to Inbox: buy")
        #expect(try StoreSnapshot(scenario.store) == before)
        try scenario.type("<Paste>milk<Enter>eggs</Paste>y")
        #expect(try scenario.titles(inList: "Inbox") == ["One", "buy milk", "eggs", "Two", "Three"])
    }

    @Test("The question names its default answer as the other keys are named, y/Enter yes; Enter adds each line as a todo, as y does")
    func enterTakesTheDefault() throws {
        let scenario = try Scenario(["One", "Two", "Three"], size: Size(width: 72, height: 8))
        try scenario.type("a<Paste>milk<Enter>eggs</Paste>")
        #expect(scenario.screen == [
            rule("▾ Inbox · 3 open", width: 71),
            "[ ] One",
            "[ ] Two",
            "[ ] Three",
            "",
            "Add to Inbox:",
            "Add 2 todos, one per line? y/Enter yes · n no, one line · Esc cancels",
            row("? help · a add · x done · d delete", "3 open · 0 done", width: 72),
        ])
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["One", "milk", "eggs", "Two", "Three"])
        #expect(!scenario.app.hasOverlay, "the input line closed as y closes it")
        #expect(scenario.screen == [
            rule("▾ Inbox · 5 open", width: 71),
            "[ ] One",
            "[ ] milk",
            "[ ] eggs",
            "[ ] Two",
            "[ ] Three",
            "",
            row("Added 2 todos · u undoes", "5 open · 0 done", width: 72),
        ])
    }

    @Test("The other questions name no default: Enter there cancels as Esc does, and nothing changes", arguments: [
        ("v<Space><Space>d", "Delete 2 todos? y yes · n no · Esc cancels"),
        ("Ljd", "Delete list Work with 1 todo? m move them to Inbox · d delete them too · Esc cancels"),
    ])
    func enterCancelsWithoutDefault(keys: String, question: String) throws {
        let scenario = try Scenario(["One", "Two", "Three"], lists: ["Work": ["Ship it"]], size: Size(width: 90, height: 10))
        let before = try StoreSnapshot(scenario.store)
        try scenario.type(keys)
        #expect(scenario.screen.contains(question))
        try scenario.type("<Enter>")
        #expect(!scenario.screen.contains(question))
        #expect(scenario.app.lastMessage?.text == "Cancelled")
        #expect(try StoreSnapshot(scenario.store) == before)
    }

    @Test("A pasted key is no answer to the question: it stays open and nothing is added")
    func pasteIsNoAnswer() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("a<Paste>a<Enter>b</Paste><Paste>y</Paste>")
        #expect(scenario.lineAboveStatus.hasPrefix("Add 2 todos, one per line?"))
        #expect(try StoreSnapshot(scenario.store) == before)
    }

    @Test("A line with markers but no title refuses them all, keeping the text in the input line")
    func lineWithoutTitle() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("a<Paste>milk<Enter>!!</Paste>y")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(scenario.app.lastMessage?.text == "Line 2 has no title: nothing added")
        #expect(scenario.lineAboveStatus == "Add to Inbox: milk !!")
    }

    @Test("In an input line, line breaks and tabs become spaces and control characters are dropped", arguments: [
        ("a<Tab>b", "a b"),
        ("x<Esc>[2Jy", "x[2Jy"),
        ("bell<C-g>!<C-@>", "bell!"),
        ("milk<Enter>", "milk"),
        ("<Enter><Enter>milk<Enter><Enter>", "milk"),
        ("买 👍🏽<lt>ok<gt>", "买 👍🏽<ok>"),
    ])
    func sanitized(pasted: String, title: String) throws {
        let scenario = try scenario()
        try scenario.type("a<Paste>\(pasted)</Paste><Enter>")
        #expect(scenario.selectedTitle == title)
    }

    @Test("Editing a title, a pasted text of several lines becomes one line without a question")
    func editingJoinsLines() throws {
        let scenario = try scenario()
        try scenario.type("e<C-u><Paste>new<Enter>title</Paste>")
        #expect(scenario.lineAboveStatus == "Edit: new title")
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["new title", "Two", "Three"])
    }

    @Test("A paste into the list, with no input line open, is ignored with a message: dd deletes nothing")
    func listIgnoresPaste() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("<Paste>dd<Enter>x<Enter></Paste>")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(!scenario.app.hasOverlay)
        #expect(scenario.app.lastMessage?.text == "Paste ignored: press a to add a todo, then paste its title")
        try scenario.type("v<Paste>dd</Paste>")
        #expect(try StoreSnapshot(scenario.store) == before, "nor in editing mode")
    }

    @Test("The search line filters by a pasted text as by a typed one")
    func searchTakesPaste() throws {
        let scenario = try scenario()
        try scenario.type("/<Paste>Tw<Enter></Paste>")
        #expect(scenario.screen.contains { $0.hasPrefix("[ ] Two") })
        #expect(!scenario.screen.contains { $0.hasPrefix("[ ] One") })
    }

    @Test("Notes keep pasted line breaks; in the details view, a paste outside the notes is ignored")
    func notesKeepLines() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 14))
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("<Enter><Paste>xf</Paste>")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(scenario.app.lastMessage?.text == "Paste ignored: press n to write notes, then paste")
        try scenario.type("n<Paste>line one<CR>line<Tab>two<Esc></Paste><Esc>")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes == "line one\nline two")
    }

    @Test("Moving a todo to a list, a paste filters the choices as typed text")
    func pickerTakesPaste() throws {
        let scenario = try Scenario(["Buy milk"], lists: ["Travel": [], "Work": []], size: Size(width: 40, height: 10))
        try scenario.type("m<Paste>Wor<Enter></Paste><Enter>")
        #expect(try scenario.titles(inList: "Work") == ["Buy milk"])
    }
}

@Suite("Key scripts: <Paste>")
struct KeyScriptPasteTests {
    @Test("<Paste>…</Paste> is one paste; tags inside stand for the characters a paste may hold")
    func parses() throws {
        #expect(try KeyScript.parse("a<Paste>milk<Enter>d<Tab>d<lt><Esc><C-c>x</Paste>q")
            == [.character("a"), .paste("milk\nd\td<\u{1B}\u{03}x"), .character("q")])
        #expect(try KeyScript.parse("<paste>a\nb</PASTE>") == [.paste("ab")], "script line breaks are ignored, tags ignore case")
    }

    @Test("A paste's notation reads back as the same paste", arguments: ["milk\ndd\n", "a<b>c", "x\u{1B}[2J\u{07}\t", "买 👍🏽"])
    func roundTrip(text: String) throws {
        #expect(try KeyScript.parse(Key.paste(text).description) == [.paste(text)])
    }

    @Test("A paste without its end, or with a key that is no character, is an error naming the place", arguments: [
        ("ab<Paste>milk", "unclosed <Paste>: end the pasted text with </Paste>", 1, 3),
        ("<Paste>milk\nd<Up></Paste>", "<Up> cannot be pasted: inside <Paste> write text, <Enter>, <Tab>, <lt>, <Esc> or <C-x>", 2, 2),
        ("<Paste><Enter><Wait 1s></Paste>", "<Wait 1s> cannot be pasted: inside <Paste> write text, <Enter>, <Tab>, <lt>, <Esc> or <C-x>", 1, 15),
    ])
    func errors(script: String, problem: String, line: Int, column: Int) {
        #expect(throws: KeyScript.ParseError(problem: problem, line: line, column: column)) {
            try KeyScript.parse(script)
        }
    }

    @Test("Steps after a paste keep counting columns from the end of </Paste>")
    func columnsAfterPaste() {
        #expect(throws: KeyScript.ParseError(problem: "unknown key <Foo>", line: 1, column: 18)) {
            try KeyScript.parse("<Paste>ab</Paste><Foo>")
        }
    }

    @Test("A streamed script is never cut inside a paste, finished or still arriving")
    func streamedCut() {
        let head = "x" + String(repeating: "y", count: 100)
        let opening = head.utf8.count
        let open = Array((head + "<Paste>" + String(repeating: "z", count: 1000)).utf8)
        #expect(KeyScriptReader.safeCut(in: open, final: false) == opening)
        let closed = Array((head + "<Paste>" + String(repeating: "z", count: 1000) + "</Paste>w").utf8)
        #expect(KeyScriptReader.safeCut(in: closed, final: false) == closed.count - 1)
    }
}
