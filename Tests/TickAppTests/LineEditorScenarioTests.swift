import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 4, the input line (`a`, `e`): cursor and word keys, deletions over whole grapheme clusters,
/// and sideways scrolling, seen on the screen's input line and in the saved title.
@Suite("Input line scenarios")
struct LineEditorScenarioTests {
    /// Types `keys` into a new todo's title and returns the title saved by Enter.
    private func added(_ keys: String) throws -> String? {
        let scenario = try Scenario()
        try scenario.type("a" + keys + "<Enter>")
        return scenario.selectedTitle
    }

    @Test("Word moves, word deletes, and deleting to either end", arguments: [
        ("one two three<M-b><M-b>X", "one Xtwo three"),
        ("one two three<Home><M-f>X", "oneX two three"),
        ("one two three<Home><M-f><M-f><M-F>X", "one two threeX"),
        ("one two three<C-w>", "one two"),
        ("one two  <C-w>", "one"),
        ("one, two<C-w>", "one,"),
        ("pay rent @2026-12-24<C-w>", "pay rent"),
        ("one two three<Home><M-d>", "two three"),
        ("one two three<C-a><M-f><M-d>", "one three"),
        ("one two<Left><Left><Left><C-u>X", "Xtwo"),
        ("one two<Home><Right><C-k>", "o"),
        ("one two<C-a>X<C-e>Y", "Xone twoY"),
        ("one<Left><Left><Left><Right>X<End>Y", "oXneY"),
    ])
    func wordsAndEnds(keys: String, title: String) throws {
        #expect(try added(keys) == title)
    }

    @Test("Alt-Backspace deletes a word as Alt-b sees it (stopping at punctuation); Ctrl-w back to the blank")
    func altBackspace() throws {
        let scenario = try Scenario()
        try scenario.type("apay rent @2026-12-24")
        scenario.app.handle(.alt("\u{7F}"))
        #expect(scenario.screen[6] == "Add to Inbox: pay rent @2026-12-")
        try scenario.type("<C-w>")
        #expect(scenario.screen[6] == "Add to Inbox: pay rent")
    }

    @Test("Backspace and Delete remove one grapheme cluster: an emoji, a flag, a family, a CJK character", arguments: [
        ("买牛奶<BS>", "买牛"),
        ("ok 👍🏽<BS>", "ok"),
        ("ok 🇩🇪<BS>", "ok"),
        ("ok 👨‍👩‍👧<BS>", "ok"),
        ("e\u{301}x<Left><BS>", "x"),
        ("买牛奶<Home><Del>", "牛奶"),
        ("👍🏽🇩🇪ok<Home><Del><Del>", "ok"),
        ("买牛奶<Left><Left><BS>", "牛奶"),
        ("🇩🇪🇫🇷<Left>X", "🇩🇪X🇫🇷"),
    ])
    func graphemeSteps(keys: String, title: String) throws {
        #expect(try added(keys) == title)
    }

    @Test("The cursor sits after the character it follows, two columns for a wide one")
    func cursorColumns() throws {
        let scenario = try Scenario()
        try scenario.type("a买牛奶")
        #expect(scenario.screen[6] == "Add to Inbox: 买牛奶")
        #expect(scenario.app.renderScreen().cursor == Point(x: 20, y: 6))
        try scenario.type("<Left>")
        #expect(scenario.app.renderScreen().cursor == Point(x: 18, y: 6))
        try scenario.type("<M-b>")
        #expect(scenario.app.renderScreen().cursor == Point(x: 14, y: 6))
    }

    @Test("A line wider than the screen scrolls sideways to keep the cursor in view, never splitting a wide character")
    func scrollsSideways() throws {
        let scenario = try Scenario(size: Size(width: 30, height: 6))
        try scenario.type("aabcdefghijklmnopqrstuvwxyz")
        #expect(scenario.screen[4] == "Add to Inbox: lmnopqrstuvwxyz")
        #expect(scenario.app.renderScreen().cursor == Point(x: 29, y: 4))
        try scenario.type("<Home>")
        #expect(scenario.screen[4] == "Add to Inbox: abcdefghijklmnop")
        #expect(scenario.app.renderScreen().cursor == Point(x: 14, y: 4))
        try scenario.type("<C-e><C-u>一二三四五六七八九十")
        #expect(scenario.screen[4] == "Add to Inbox: 四五六七八九十")
        #expect(scenario.app.renderScreen().cursor == Point(x: 28, y: 4))
        try scenario.type("<Enter>")
        #expect(scenario.selectedTitle == "一二三四五六七八九十")
    }

    @Test("A line scrolled sideways shows all of its text again once the terminal is wide enough for it")
    func widening() throws {
        let scenario = try Scenario(size: Size(width: 30, height: 6))
        try scenario.type("aA fairly long todo title that scrolls")
        #expect(scenario.screen[4] == "Add to Inbox: le that scrolls")
        try scenario.type("<Resize 80x6>")
        #expect(scenario.screen[4] == "Add to Inbox: A fairly long todo title that scrolls")
        #expect(scenario.app.renderScreen().cursor == Point(x: 51, y: 4))
        // Narrower again, it scrolls again, and only as far as the cursor needs.
        try scenario.type("<Resize 40x6>")
        #expect(scenario.screen[4] == "Add to Inbox: g todo title that scrolls")
        #expect(scenario.app.renderScreen().cursor == Point(x: 39, y: 4))
    }

    @Test("Deleting the end of a scrolled line brings back its hidden start instead of leaving blanks at the right")
    func deletingTheEnd() throws {
        let scenario = try Scenario(size: Size(width: 30, height: 6))
        try scenario.type("aabcdefghijklmnopqrstuvwxyz")
        #expect(scenario.screen[4] == "Add to Inbox: lmnopqrstuvwxyz")
        try scenario.type(String(repeating: "<Left>", count: 10) + "<C-k>")
        #expect(scenario.screen[4] == "Add to Inbox: bcdefghijklmnop")
        // With the cursor inside the text, the last column holds text too.
        try scenario.type("<Left><Left>")
        #expect(scenario.screen[4] == "Add to Inbox: abcdefghijklmnop")
        #expect(scenario.app.renderScreen().cursor == Point(x: 28, y: 4))
    }

    @Test("e opens the same editor on the title with its markers; Enter saves, Esc keeps the old title")
    func editor() throws {
        let scenario = try Scenario(["Pay rent"])
        try scenario.store.update(id: scenario.id(of: "Pay rent"), priority: 2, due: "2026-11-30")
        scenario.list.reloadFromStore()
        try scenario.type("e")
        #expect(scenario.screen[6] == "Edit: Pay rent !! @2026-11-30")
        try scenario.type("<C-w><C-w>now<Esc>")
        #expect(scenario.screen[1] == row("[ ]  !! Pay rent", "in 3 d"))
        try scenario.type("e<C-w>@tom<Enter>")  // Ctrl-w takes the whole due marker
        #expect(scenario.screen[1] == row("[ ]  !! Pay rent", "tomorrow"))
    }
}

/// The editor's text, built from its grapheme clusters, is exactly what was typed.
@Suite("Input line text")
struct LineEditorTextTests {
    @Test("The text reads back as typed: combining marks, emoji sequences, flags, CJK, a long paste", arguments: [
        "", "plain", "e\u{301}te\u{301}", "👩‍👩‍👧 family", "🇯🇵 flag", "買い物リスト", "tab\there",
        String(repeating: "long title ", count: 40),
    ])
    func textRoundTrips(typed: String) {
        var editor = LineEditor()
        for character in typed { _ = editor.handle(.character(character)) }
        #expect(editor.text == typed)
        #expect(LineEditor(text: typed).text == typed)
    }

    @Test("Live search hears every edit that changes the text and nothing else")
    func changeOnlyOnEdits() throws {
        final class Heard { var texts: [String] = [] }
        let heard = Heard()
        let prompt = PromptOverlay(label: "/", submit: { _ in true }, change: { heard.texts.append($0) })
        let temporary = try TemporaryStore()
        let app = makeApp(temporary.store)
        for key: Key in [.character("a"), .character("b"), .left, .home, .backspace, .end, .backspace] {
            _ = prompt.handle(key, app: app)
        }
        #expect(heard.texts == ["a", "ab", "a"])
    }
}
