import Foundation
import Testing

/// The built `tick` binary run in a real terminal (a tmux pane): what a user sees, keys typed by tmux.
@Suite("tick in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct TickEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/debug/tick").path

    /// A fresh folder for a store, removed at the end of the test.
    /// A scratch folder for one test and the store path in it.
    final class Scratch {
        private let scratch: ScratchFolder
        /// The folder.
        var folder: URL { scratch.url }
        /// `tick.db` in the folder.
        var database: String { scratch.path("tick.db") }
        init() throws { scratch = try ScratchFolder("e2e") }
    }

    func tick(_ arguments: String) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build (make test does)")
        // The user's own config file must not change what tests see.
        return "env TICK_CONFIG=/dev/null \(Self.binary) \(arguments)"
    }

    @Test("Add two todos, toggle one, quit, reopen: the list is exactly as it was")
    func persistsAcrossRestarts() throws {
        let scratch = try Scratch()
        let session = try TmuxSession(command: try tick("--db \(scratch.database)"), width: 60, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "No todos yet — press a to add one")
        try session.sendKeys("a")
        try session.waitFor(text: "Add to Inbox:")
        try session.sendKeys("Buy milk", literal: true)
        try session.sendKeys("Enter", "a")
        try session.sendKeys("Call 买 🎉", literal: true)
        try session.sendKeys("Enter")
        try session.waitFor(text: "2 open · 0 done")
        try session.sendKeys("k", "x")
        try session.waitFor(text: "1 open · 1 done")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)

        let reopened = try TmuxSession(command: try tick("--db \(scratch.database)"), width: 60, height: 10)
        defer { reopened.kill() }
        let screen = try reopened.waitFor(text: "1 open · 1 done")
        // Done todos sit at the end of their list.
        #expect(screen[0].hasPrefix("▾ Inbox · 1 open · 1 done"))
        #expect(screen[1].hasPrefix("[ ] Call 买 🎉"))
        #expect(screen[2].hasPrefix("[✓] Buy milk"))
        // The highlighted first row is drawn as a grey bar on this 256-color terminal (reverse video on others).
        let styled = try reopened.capture(escapes: true)
        #expect(styled[1].contains("48;5;237"), "\(styled[1].debugDescription)")
    }

    @Test("Ctrl-C quits and leaves the terminal restored: echo and canonical mode on, cursor shown, no alternate screen")
    func controlCRestoresTheTerminal() throws {
        let scratch = try Scratch()
        // `trap : INT` keeps the wrapping shell alive (as an interactive shell would be) while tick gets the signal.
        let command = "sh -c 'trap : INT; \(try tick("--db \(scratch.database)")); echo exit=$?; stty -a | tr \" ;\" \"\\n\\n\" | grep -E \"^-?(echo|icanon|isig)$\" | tr \"\\n\" \" \"; echo; sleep 10'"
        let session = try TmuxSession(command: command, width: 60, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "0 open · 0 done")
        try session.sendKeys("C-c")
        let screen = try session.waitFor(text: "exit=")
        #expect(screen.contains("exit=130"))
        let modes = try session.waitFor(text: "icanon")
        let flags = Set(modes.flatMap { $0.split(separator: " ").map(String.init) })
        #expect(flags.isSuperset(of: ["echo", "icanon", "isig"]) && flags.isDisjoint(with: ["-echo", "-icanon", "-isig"]))
        #expect(try session.query("#{alternate_on}") == "0")
        #expect(try session.query("#{cursor_flag}") == "1")
    }

    @Test("SIGTERM quits with status 143 and leaves the terminal restored")
    func sigtermRestoresTheTerminal() throws {
        let scratch = try Scratch()
        let pidFile = scratch.folder.appendingPathComponent("pid").path
        // A background job would lose the terminal; run tick in the foreground and find it as the shell's child.
        let foreground = "sh -c 'echo $$ > \(pidFile); \(try tick("--db \(scratch.database)")); echo exit=$?; stty -a | tr \" ;\" \"\\n\\n\" | grep -E \"^-?(echo|icanon)$\" | tr \"\\n\" \" \"; echo; sleep 10'"
        let session = try TmuxSession(command: foreground, width: 60, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "0 open · 0 done")
        let shell = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let pid = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        #expect(Foundation.kill(pid, SIGTERM) == 0)
        let screen = try session.waitFor(text: "icanon")
        #expect(screen.contains("exit=143"))
        let flags = Set(screen.flatMap { $0.split(separator: " ").map(String.init) })
        #expect(flags.isSuperset(of: ["echo", "icanon"]) && flags.isDisjoint(with: ["-echo", "-icanon"]))
        #expect(try session.query("#{alternate_on}") == "0")
        #expect(try session.query("#{cursor_flag}") == "1")
        #expect(try session.query("#{mouse_sgr_flag}") == "0")
    }

    @Test("A resize in the middle re-lays out the list, keeps the selection visible, and a tiny pane gets a note")
    func resizeInTheMiddle() throws {
        let scratch = try Scratch()
        let script = (0..<30).map { "aTodo \($0)<Enter>" }.joined()
        let seed = Process()
        seed.executableURL = URL(fileURLWithPath: try #require(Optional(Self.binary)))
        seed.arguments = ["--db", scratch.database, "--script", "-"]
        let input = Pipe()
        seed.standardInput = input
        seed.standardOutput = FileHandle.nullDevice
        try seed.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        seed.waitUntilExit()

        let session = try TmuxSession(command: try tick("--db \(scratch.database)"), width: 60, height: 20)
        defer { session.kill() }
        try session.waitFor(text: "30 open · 0 done")
        try session.sendKeys("G")
        try session.waitFor(text: "Todo 29")
        try session.resize(width: 20, height: 5)
        var screen = try session.waitFor(text: "Todo 29")
        #expect(screen.count == 5)
        try session.resize(width: 8, height: 2)
        screen = try session.waitFor(text: "Termina")
        try session.resize(width: 50, height: 12)
        screen = try session.waitFor(text: "Todo 29")
        #expect(screen.contains { $0.contains("Todo 20") })
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test("Rows toggled, deleted, added and moved in the middle of the list (the terminal scrolls just the rows that slid) end on the screen script mode draws")
    func slidingRowsMatchScriptMode() throws {
        let scratch = try Scratch()
        let adds = (1...30).map { "aTodo \($0)<Enter>" }.joined()
        #expect(try CommandLineTests.run(["--db", scratch.database, "--size", "50x12"], input: adds).status == 0)
        let copy = scratch.folder.appendingPathComponent("copy.db").path
        try FileManager.default.copyItem(atPath: scratch.database, toPath: copy)
        // Each step, typed in a terminal and played in script mode from the same store.
        let steps: [(keys: [String], script: String, settles: String)] = [
            (["g", "j", "j", "j", "x"], "gjjjx", "Done:"), (["j", "d"], "jd", "Deleted"), (["k", "k", "J", "J"], "kkJJ", "Moved"),
            (["a"], "a", "Add to"),
        ]
        let session = try TmuxSession(command: try tick("--db \(scratch.database)"), width: 50, height: 12)
        defer { session.kill() }
        try session.waitFor(text: "30 open")
        var script = ""
        for step in steps {
            for key in step.keys { try session.sendKeys(key) }
            try session.waitFor(text: step.settles)
            script += step.script
        }
        try session.sendKeys("Inserted here", literal: true)
        try session.sendKeys("Enter")
        try session.waitFor(text: "Inserted here")
        script += "Inserted here<Enter>"
        Thread.sleep(forTimeInterval: 0.3)
        let shown = try session.capture()
        let expected = try CommandLineTests.run(["--db", copy, "--size", "50x12"], input: script).output
            .components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        #expect(Array(shown.prefix(11)) == Array(expected.prefix(11)), "terminal:\n\(shown.joined(separator: "\n"))\nscript mode:\n\(expected.joined(separator: "\n"))")
    }

    @Test("CJK and emoji titles keep the columns aligned in a 20×5 terminal")
    func wideTitlesInATinyTerminal() throws {
        let scratch = try Scratch()
        let session = try TmuxSession(command: try tick("--db \(scratch.database)"), width: 20, height: 5)
        defer { session.kill() }
        try session.waitFor(text: "0 open")
        try session.sendKeys("a")
        try session.sendKeys("买牛奶买牛奶买牛奶买牛奶", literal: true)
        try session.sendKeys("Enter", "a")
        try session.sendKeys("👍 done", literal: true)
        try session.sendKeys("Enter")
        let screen = try session.waitFor(text: "👍 done")
        #expect(screen[1] == "[ ] 买牛奶买牛奶买…")
        #expect(screen[2] == "[ ] 👍 done")
    }

    @Test("Without a usable terminal Tick explains why and exits 1", arguments: [
        ("TERM=dumb", "TERM"), ("TERM=no-such-terminal", "no-such-terminal"),
    ])
    func unusableTerminal(setting: String, mention: String) throws {
        let scratch = try Scratch()
        let session = try TmuxSession(command: "sh -c 'env \(setting) \(try tick("--db \(scratch.database)")); echo exit=$?; sleep 10'", width: 100, height: 8)
        defer { session.kill() }
        let screen = try session.waitFor(text: "exit=")
        #expect(screen.contains("exit=1"))
        #expect(screen.contains { $0.contains("tick:") && $0.contains(mention) })
    }

    @Test("Interactive mode with standard output redirected says it needs a terminal")
    func stdoutNotATerminal() throws {
        let scratch = try Scratch()
        let session = try TmuxSession(command: "sh -c '\(try tick("--db \(scratch.database)")) > /dev/null; echo exit=$?; sleep 10'", width: 100, height: 8)
        defer { session.kill() }
        let screen = try session.waitFor(text: "exit=")
        #expect(screen.contains("exit=1"))
        #expect(screen.contains { $0.contains("terminal") })
    }
}

extension TickEndToEndTests {
    @Test("Escape sequences pasted into the input line never reach the terminal as commands")
    func titlesCannotControlTheTerminal() throws {
        let scratch = try Scratch()
        let session = try TmuxSession(command: try tick("--db \(scratch.database)"), width: 60, height: 8)
        defer { session.kill() }
        try session.waitFor(text: "0 open")
        try session.sendKeys("a")
        // ESC [ 2 J would clear the screen; ESC ] 0 ; … BEL would set the window title.
        try session.sendBytes(Array("x\u{1B}[2Jy\u{1B}]0;pwned\u{07}z".utf8))
        try session.sendKeys("Enter")
        let screen = try session.waitFor(text: "1 open")
        // The decoder swallows each whole sequence; what is left is plain text.
        #expect(screen[1].hasPrefix("[ ] xy"))
        #expect(screen[1].contains("z"))
        #expect(try session.query("#{pane_title}") != "pwned")
    }
}
