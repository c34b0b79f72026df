import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 33, point 5: `<Shell tick ls …>` lets a key script (the demo) show a glimpse of the command
/// line: a prompt, the line and what the command prints, run in-process on the script's store.
@Suite("Key scripts: a glimpse of the command line")
struct ShellScriptScenarioTests {
    /// The screens `<Snap>` printed while playing `script` on `store`, each as its lines.
    func snaps(_ script: String, store: TodoStore, size: Size) throws -> [[String]] {
        let runner = ScriptRunner(store: store, size: size)
        var screens: [[String]] = []
        runner.onScreen = { _, screen in screens.append(screen.lines) }
        runner.play(steps: try KeyScript.parseSteps(script))
        return screens
    }

    @Test("<Shell tick ls --due today> draws the prompt, the line, what tick ls prints on the script's store and day, and the next prompt over the whole screen; the next key brings the app back on the same store")
    func glimpseThenBackToTheApp() throws {
        let temporary = try TemporaryStore()
        let screens = try snaps("""
            <Today 2026-12-01 10:00>aPay rent !! @today #home<Enter>aShip it @tomorrow<Enter>aCall Mom @today<Enter>
            <Shell tick ls --due today><Wait 2s><Snap>kx<Snap>
            """, store: temporary.store, size: Size(width: 50, height: 8))
        #expect(screens == [
            [
                "$ tick ls --due today",
                "1  [ ]  !!   2026-12-01  Inbox  Pay rent #home",
                "3  [ ]       2026-12-01  Inbox  Call Mom",
                "$",
                "",
                "",
                "",
                "",
            ],
            [
                "▾ Inbox · 2 open · 1 done ───────────────────────",
                "[ ]  !! Pay rent #home                      today",
                "[ ]     Call Mom                            today",
                "[✓]     Ship it                          tomorrow",
                "",
                "",
                "",
                "Done: “Ship it”                    2 open · 1 done",
            ],
        ])
    }

    @Test("A glimpse wraps a line longer than the screen as a terminal does and, taller than the screen, keeps the last rows")
    func wrapsAndScrolls() throws {
        let temporary = try TemporaryStore()
        for number in 1...6 { _ = try temporary.store.append(title: "Todo number \(number) with a long title", toListNamed: nil) }
        let screens = try snaps("<Shell tick ls><Snap>", store: temporary.store, size: Size(width: 24, height: 7))
        // Each row of tick ls is "6  [ ]", the list and the title (no priority or due column: no todo has
        // one): 46 columns, two rows of 24; the rows of todos 1 to 3 and the line typed have scrolled away.
        #expect(screens == [[
            "4  [ ]  Inbox  Todo numb",
            "er 4 with a long title",
            "5  [ ]  Inbox  Todo numb",
            "er 5 with a long title",
            "6  [ ]  Inbox  Todo numb",
            "er 6 with a long title",
            "$",
        ]])
    }

    @Test("A title's control characters reach the glimpse as visible placeholders, never raw")
    func controlCharactersAreShownSafely() throws {
        let temporary = try TemporaryStore()
        _ = try temporary.store.append(title: "Bell\u{07} and \u{1B}[31mred", toListNamed: nil)
        let screens = try snaps("<Shell tick show 1><Snap>", store: temporary.store, size: Size(width: 40, height: 16))
        let lines = try #require(screens.first)
        #expect(lines[0] == "$ tick show 1")
        #expect(lines[1] == "id        1")
        #expect(lines[2] == "title     Bell␇ and ␛[31mred")
        #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        // What the glimpse keeps of the output is safe already, not only what the canvas makes of it.
        let app = TickApp(store: temporary.store, size: Size(width: 40, height: 16))
        let glimpse = ShellGlimpse(running: try ShellCommandLine.parse("tick show 1"), in: app)
        #expect(glimpse.status == 0 && glimpse.output.contains("Bell␇ and ␛[31mred"))
        #expect(!glimpse.output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F })
    }

    @Test("A command that fails shows its message in the glimpse, as a terminal shows standard error, and the script goes on")
    func failureShowsItsMessage() throws {
        let temporary = try TemporaryStore()
        let screens = try snaps("<Shell tick show 7><Snap>aMilk<Enter><Snap>", store: temporary.store, size: Size(width: 44, height: 4))
        #expect(screens == [
            [
                "$ tick show 7",
                "tick show: no todo has id 7 (tick ls shows t",
                "he ids); nothing was changed",
                "$",
            ],
            [
                "▾ Inbox · 1 open ──────────────────────────",
                "[ ] Milk",
                "",
                "Added “Milk”                 1 open · 0 done",
            ],
        ])
    }

    @Test("--frames prints the glimpse as a frame of its own, headed with the line it ran")
    func framesHeading() throws {
        let temporary = try TemporaryStore()
        let runner = ScriptRunner(store: temporary.store, size: Size(width: 30, height: 4))
        runner.recordsFrames = true
        var headings: [String] = []
        runner.onScreen = { heading, _ in headings.append(heading) }
        runner.play(steps: try KeyScript.parseSteps("<Caption From the shell><Shell tick ls '#work'>j"))
        #expect(headings == ["--- frame 1 start ---", "--- frame 2 after $ tick ls '#work': From the shell ---",
                             "--- frame 3 after j: From the shell ---"])
    }

    @Test("<Shell> reads its line as a shell would: the command's name, and the words unquoted")
    func parsing() throws {
        #expect(try KeyScript.parseSteps("<Shell tick ls --due today>")
                == [.shell(ShellCommandLine(text: "tick ls --due today", commandName: "ls", arguments: ["--due", "today"]))])
        #expect(try KeyScript.parseSteps("<shell  tick ls '#work' '!!!' \"oat milk\" >")
                == [.shell(ShellCommandLine(text: "tick ls '#work' '!!!' \"oat milk\"", commandName: "ls", arguments: ["#work", "!!!", "oat milk"]))])
        #expect(try KeyScript.parseSteps("<Shell tick show 3 --json>")
                == [.shell(ShellCommandLine(text: "tick show 3 --json", commandName: "show", arguments: ["3", "--json"]))])
    }

    @Test("A <Shell> line that tick or a shell would not take is an error naming the problem and where it is, before anything runs", arguments: [
        ("<Shell>", 1, "<Shell> wants a tick command to show, like <Shell tick ls --due today>"),
        ("ab<Shell ls>", 3, "<Shell> shows a tick command, starting with tick and its command, like <Shell tick ls --due today> (got <Shell ls>)"),
        ("<Shell tick>", 1, "<Shell> shows a tick command, starting with tick and its command, like <Shell tick ls --due today> (got <Shell tick>)"),
        ("<Shell tick lss>", 1, "<Shell> knows no command \"lss\": it shows tick ls or tick show, like <Shell tick ls --due today>"),
        ("<Shell tick add Milk>", 1, "<Shell> shows only commands that change nothing (tick ls or tick show), not tick add: the app would not see the change"),
        ("<Shell tick ls --bogus>", 1, "<Shell tick ls --bogus>: tick ls: unknown option \"--bogus\" (to pass a word starting with \"-\", put -- before it)"),
        ("<Shell tick show milk>", 1, "<Shell tick show milk>: tick show: \"milk\" is not a todo id (ids are the numbers tick ls shows)"),
        ("<Shell tick ls --db /tmp/other.db>", 1, "<Shell> runs on the script's own store and settings: leave out --db and --config"),
        ("<Shell tick ls #work>", 1, "<Shell> shows a line to paste into a shell, where an unquoted # starting a word means a comment: quote it, like <Shell tick ls '#work' '!!'>"),
        ("<Shell tick ls \"!!\">", 1, "<Shell> shows a line to paste into a shell, where ! outside single quotes means history: quote it, like <Shell tick ls '#work' '!!'>"),
        ("<Shell tick ls 'oat milk>", 1, "<Shell> cannot split \"tick ls 'oat milk\" into words: a ' quote is not closed"),
        ("<Shell tick ls $HOME>", 1, "<Shell> cannot split \"tick ls $HOME\" into words: it uses $, which needs a shell (Tick runs programs without one)"),
        ("x\n<Shell tick ls --due today", 1, "unclosed tag <Shell: a tag ends at the first > on its line, with no < before it (write <lt> for a literal <)"),
    ])
    func badLines(script: String, column: Int, problem: String) {
        let line = script.contains("\n") ? 2 : 1
        #expect(throws: KeyScript.ParseError(problem: problem, line: line, column: column)) {
            try KeyScript.parseSteps(script)
        }
    }
}
