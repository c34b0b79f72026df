import Foundation
import Testing

/// Issue 16: pastes must not run as commands, and Ctrl-\ quits cleanly. The real binary in a tmux
/// pane, pasted into with `paste-buffer -p` (bracketed, since Tick asks for it).
@Suite("tick: pastes and Ctrl-\\ in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct PasteEndToEndTests {
    let e2e = TickEndToEndTests()

    /// Seeds a store with titles through a key script.
    private func seed(_ database: String, titles: [String]) throws {
        let script = titles.map { "a\($0)<Enter>" }.joined()
        let outcome = try CommandLineTests.run(["--db", database, "--size", "40x10"], input: script)
        try #require(outcome.status == 0, "\(outcome.errors)")
    }

    /// What `tick ls` prints for the store: every todo and its state.
    private func listing(_ database: String) throws -> String {
        let outcome = try CommandLineTests.run(["ls", "--all", "--db", database])
        try #require(outcome.status == 0, "\(outcome.errors)")
        return outcome.output
    }

    @Test("Pasting milk⏎dd⏎ while adding changes nothing but the input line: no todo deleted, no details view")
    func pasteIntoTheInputLine() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try seed(scratch.database, titles: ["One", "Two", "Three"])
        let before = try listing(scratch.database)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        defer { session.kill() }
        let list = try session.waitFor(text: "3 open")
        try session.sendKeys("a")
        try session.waitFor(text: "Add to Inbox:")
        try session.paste("milk\ndd\n")
        let asked = try session.waitFor(text: "Add 2 todos, one per line?")
        #expect(Array(asked[0..<4]) == Array(list[0..<4]), "the list is untouched")
        #expect(try listing(scratch.database) == before)
        try session.sendKeys("n")
        let joined = try session.waitFor(text: "Add to Inbox: milk dd")
        #expect(Array(joined[0..<4]) == Array(list[0..<4]))
        #expect(!joined.contains { $0.hasPrefix("Details") })
        try session.sendKeys("Escape")
        try session.waitFor(text: "Cancelled")
        #expect(try listing(scratch.database) == before)
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test("Enter at the question gives its default, named on it: the pasted lines are added as todos")
    func enterAddsThePastedLines() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try seed(scratch.database, titles: ["One", "Two", "Three"])
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 80, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "3 open")
        try session.sendKeys("a")
        try session.waitFor(text: "Add to Inbox:")
        try session.paste("milk\neggs\n")
        let asked = try session.waitFor(text: "Add 2 todos, one per line?")
        #expect(asked.contains("Add 2 todos, one per line? y/Enter yes · n no, one line · Esc cancels"), "\(asked)")
        try session.sendKeys("Enter")
        let added = try session.waitFor(text: "Added 2 todos")
        #expect(Array(added[1...5]).map { $0.trimmingCharacters(in: .whitespaces) } == ["[ ] One", "[ ] milk", "[ ] eggs", "[ ] Two", "[ ] Three"],
                "\(added)")
        #expect(try listing(scratch.database).contains("milk"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test("A paste that arrives in two pieces with a pause between is still one paste, not keys")
    func pasteInPieces() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try seed(scratch.database, titles: ["One", "Two", "Three"])
        let before = try listing(scratch.database)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 50, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "3 open")
        try session.sendKeys("a")
        try session.waitFor(text: "Add to Inbox:")
        // A slow link: the second piece comes well after the Esc delay (25 ms), within the paste's 500 ms.
        try session.sendBytes(Array("\u{1B}[200~milk".utf8))
        Thread.sleep(forTimeInterval: 0.1)
        try session.sendBytes(Array("\rdd\r\u{1B}[201~".utf8))
        try session.waitFor(text: "Add 2 todos, one per line?")
        #expect(try listing(scratch.database) == before)
    }

    @Test("A paste on the list is ignored; one whose end marker never comes ends after a pause and keys work again")
    func pasteOnTheListAndUnfinishedPaste() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try seed(scratch.database, titles: ["One", "Two", "Three"])
        let before = try listing(scratch.database)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 60, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "3 open")
        try session.paste("dd\n")
        try session.waitFor(text: "Paste ignored: press a to add")
        #expect(try listing(scratch.database) == before)
        try session.sendKeys("Q")  // a key that only says so, so the next message is news
        try session.waitFor(text: "Q does nothing here")
        // A start marker with no end: the pasted dd stays text, then x is a key again.
        try session.sendBytes(Array("\u{1B}[200~dd".utf8))
        try session.waitFor(text: "Paste ignored: press a to add")
        #expect(try listing(scratch.database) == before)
        try session.sendKeys("x")
        try session.waitFor(text: "Done: “One”")
    }

    @Test("Bracketed paste is off again after Tick ends, however it ends: a paste into the shell has no markers",
          arguments: ["q", "C-c", "C-\\"])
    func bracketedPasteOffAfterExit(key: String) throws {
        let scratch = try TickEndToEndTests.Scratch()
        // The shell survives the signal (as an interactive one would), then echoes what is pasted.
        let command = "sh -c 'trap : INT QUIT; \(try e2e.tick("--db \(scratch.database)")); echo exit=$?; stty echo icanon; cat -v; sleep 10'"
        let session = try TmuxSession(command: command, width: 60, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "0 open")
        try session.sendKeys(key)
        try session.waitFor(text: "exit=")
        try session.paste("pasted\n")
        let screen = try session.waitFor(text: "pasted")
        #expect(!screen.contains { $0.contains("200~") || $0.contains("201~") }, "\(screen)")
    }

    @Test("While Ctrl-Z has Tick stopped, bracketed paste is off; after fg it is on again")
    func bracketedPasteOffWhileSuspended() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let session = try TmuxSession(command: "bash --norc --noprofile -i", width: 60, height: 12)
        defer { session.kill() }
        try session.waitFor(text: "bash-")
        // bash's own readline would turn bracketed paste on and off around its prompt: not here.
        try session.sendKeys("bind 'set enable-bracketed-paste off'", literal: true)
        try session.sendKeys("Enter")
        try session.sendKeys(try e2e.tick("--db \(scratch.database)"), literal: true)
        try session.sendKeys("Enter")
        try session.waitFor(text: "0 open")
        try session.sendKeys("C-z")
        try session.waitFor(text: "Stopped")
        try session.sendKeys("cat -v", literal: true)
        try session.sendKeys("Enter")
        try session.paste("while stopped\n")
        let screen = try session.waitFor(text: "while stopped")
        #expect(!screen.contains { $0.contains("200~") || $0.contains("201~") }, "\(screen)")
        try session.sendKeys("C-d")
        try session.sendKeys("fg", literal: true)
        try session.sendKeys("Enter")
        try session.waitFor(text: "0 open")
        try session.paste("dd")
        try session.waitFor(text: "Paste ignored: press a to add")
    }

    @Test("Ctrl-\\ (SIGQUIT) quits like SIGTERM: status 131, the terminal restored, and no backtrace on the screen")
    func controlBackslashQuits() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let command = "sh -c 'trap : QUIT; \(try e2e.tick("--db \(scratch.database)")); echo exit=$?; stty -a | tr \" ;\" \"\\n\\n\" | grep -E \"^-?(echo|icanon|isig)$\" | tr \"\\n\" \" \"; echo; sleep 10'"
        let session = try TmuxSession(command: command, width: 80, height: 24)
        defer { session.kill() }
        try session.waitFor(text: "0 open · 0 done")
        try session.sendKeys("C-\\")
        let screen = try session.waitFor(text: "exit=")
        #expect(screen.contains("exit=131"), "\(screen)")
        let modes = try session.waitFor(text: "icanon")
        let flags = Set(modes.flatMap { $0.split(separator: " ").map(String.init) })
        #expect(flags.isSuperset(of: ["echo", "icanon", "isig"]) && flags.isDisjoint(with: ["-echo", "-icanon", "-isig"]))
        #expect(try session.query("#{alternate_on}") == "0")
        #expect(try session.query("#{cursor_flag}") == "1")
        let text = modes.joined(separator: "\n")
        for trace in ["Backtrac", "Signal 3", "crashed", "Thread 0", "💣"] {
            #expect(!text.contains(trace), "\(text)")
        }
    }
}
