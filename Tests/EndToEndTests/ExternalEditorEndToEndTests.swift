import Foundation
import Testing

/// Issue 19: `E` in the details runs the real `$EDITOR` with the terminal handed over, then repaints;
/// `o` starts `$BROWSER` detached.
/// The editor is a small script that logs what it was given and what the terminal was like.
@Suite("tick: notes in $EDITOR and links in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ExternalEditorEndToEndTests {
    let e2e = TickEndToEndTests()

    /// A store with one todo, "Call Ann", whose notes are "old notes".
    private func seed(_ database: String) throws {
        let added = try CommandLineTests.run(["add", "Call Ann", "--db", database])
        try #require(added.status == 0, "\(added.errors)")
        let noted = try CommandLineTests.run(["edit", "1", "--notes", "old notes", "--db", database])
        try #require(noted.status == 0, "\(noted.errors)")
    }

    /// An executable editor script in `folder` that logs its file, the file's mode and the terminal's
    /// settings to `editor.log`, prints to the terminal, (with `stopsFirst`) stops its process group as vim's
    /// Ctrl-Z does, then writes `text` into the file and exits `status`.
    private func editorScript(in folder: URL, writing text: String, status: Int, stopsFirst: Bool = false) throws -> (script: String, log: String) {
        let log = folder.appendingPathComponent("editor.log").path
        let script = folder.appendingPathComponent("fake-editor").path
        try """
        #!/bin/sh
        # The file comes last, after any words of $EDITOR.
        shift $(($# - 1))
        {
          echo "file=$1"
          stat -c 'mode=%a' "$1"
          echo "before=$(cat "$1")"
          echo "stty=$(stty -a < /dev/tty | tr '\\n' ' ')"
        } > "\(log).part"
        mv "\(log).part" "\(log)"
        echo "THE EDITOR WAS HERE"
        \(stopsFirst ? "kill -TSTP 0" : "")
        printf '%s\\n' '\(text)' > "$1"
        exit \(status)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return (script, log)
    }

    private func notes(_ database: String) throws -> String {
        let listed = try CommandLineTests.run(["ls", "--all", "--json", "--db", database])
        try #require(listed.status == 0, "\(listed.errors)")
        return listed.output
    }

    private func logged(_ log: String) throws -> [String: String] {
        let text = try String(contentsOfFile: log, encoding: .utf8)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return fields
    }

    @Test("E hands the terminal to $EDITOR (echo and line mode back), saves what it wrote, removes the file, repaints")
    func editorSaves() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try seed(scratch.database)
        let editor = try editorScript(in: scratch.folder, writing: "edited by the script", status: 0)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 60, height: 16,
                                      environment: ["EDITOR": "\(editor.script) --wait", "VISUAL": "", "TMPDIR": scratch.folder.path])
        defer { session.kill() }
        try session.waitFor(text: "1 open")
        try session.sendKeys("Enter")
        try session.waitFor(text: "old notes")
        try session.sendKeys("E")
        let back = try session.waitFor(text: "edited by the script")
        #expect(back[0].hasPrefix("Details — Esc back"))
        #expect(!back.contains { $0.contains("THE EDITOR WAS HERE") }, "the whole screen is repainted")
        #expect(back.contains { $0.hasPrefix("Notes saved for “Call Ann”") })
        let fields = try logged(editor.log)
        let file = try #require(fields["file"])
        #expect(file.hasPrefix(scratch.folder.path + "/tick-notes-"))
        #expect(fields["mode"] == "600")
        #expect(fields["before"] == "old notes")
        let stty = try #require(fields["stty"])
        #expect(stty.contains(" icanon ") && stty.contains(" echo "), "the editor gets the terminal as the shell had it: \(stty)")
        #expect(!FileManager.default.fileExists(atPath: file), "the notes file is removed")
        // Keys work again after the editor: back to the list, undo the notes, quit.
        try session.sendKeys("Escape")
        // The details' status line shows the counts too: wait for the list itself, or Esc and u could
        // arrive together and read as Alt-u.
        try session.waitFor("the list") { !($0.first ?? "").hasPrefix("Details") }
        try session.sendKeys("u")
        try session.waitFor(text: "Undid")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try notes(scratch.database).contains("old notes"))
    }

    @Test("An editor that exits 1 changes nothing, and the status line says so")
    func editorFails() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try seed(scratch.database)
        let editor = try editorScript(in: scratch.folder, writing: "must not be saved", status: 1)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 70, height: 16,
                                      environment: ["EDITOR": editor.script, "VISUAL": "", "TMPDIR": scratch.folder.path])
        defer { session.kill() }
        try session.waitFor(text: "1 open")
        try session.sendKeys("Enter")
        try session.waitFor(text: "old notes")
        try session.sendKeys("E")
        let back = try session.waitFor(text: "exited with status 1")
        #expect(back.contains { $0.contains("old notes") })
        #expect(!back.contains { $0.contains("must not be saved") || $0.contains("THE EDITOR WAS HERE") })
        let file = try #require(try logged(editor.log)["file"])
        #expect(!FileManager.default.fileExists(atPath: file))
        try session.sendKeys("q")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let stored = try notes(scratch.database)
        #expect(stored.contains("old notes") && !stored.contains("must not be saved"))
    }

    @Test("o starts $BROWSER with the link, detached: what it prints never reaches the screen and Tick keeps running")
    func openerDetached() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let added = try CommandLineTests.run(["add", "Read https://example.com/post).", "--db", scratch.database])
        try #require(added.status == 0, "\(added.errors)")
        let log = scratch.folder.appendingPathComponent("browser.log").path
        let script = scratch.folder.appendingPathComponent("fake-browser").path
        try """
        #!/bin/sh
        echo "BROWSER SCRIBBLE"
        echo "BROWSER ERROR" >&2
        printf '%s|' "$@" > "\(log).part"
        mv "\(log).part" "\(log)"
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 70, height: 8,
                                      environment: ["BROWSER": "\(script) --new-tab %s"])
        defer { session.kill() }
        try session.waitFor(text: "1 open")
        try session.sendKeys("o")
        try session.waitFor(text: "Opening https://example.com/post with fake-browser")
        // Waits for the opener's log (not a timing assertion: the deadline only ends a hung test).
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: log), Date() < deadline { usleep(20_000) }
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "--new-tab|https://example.com/post|")
        try session.sendKeys("j")
        let screen = try session.capture()
        #expect(!screen.contains { $0.contains("BROWSER") })
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test("Ctrl-Z in the editor (vim stops its whole process group) stops Tick too: the shell gets the terminal, fg finishes the edit")
    func suspendedEditor() throws {
        let scratch = try TickEndToEndTests.Scratch()
        try seed(scratch.database)
        let editor = try editorScript(in: scratch.folder, writing: "after the stop", status: 0, stopsFirst: true)
        // A shell with job control, as a person has: a stop in a process group without one is discarded.
        let session = try TmuxSession(command: "bash --norc --noprofile -i", width: 60, height: 16,
                                      environment: ["EDITOR": editor.script, "VISUAL": "", "TMPDIR": scratch.folder.path])
        defer { session.kill() }
        try session.waitFor(text: "bash-")
        try session.sendKeys(try e2e.tick("--db \(scratch.database)"), literal: true)
        try session.sendKeys("Enter")
        try session.waitFor(text: "1 open")
        try session.sendKeys("Enter")
        try session.waitFor(text: "old notes")
        try session.sendKeys("E")
        try session.waitFor(text: "Stopped")
        try session.sendKeys("fg", "Enter")
        let back = try session.waitFor(text: "after the stop")
        #expect(back.contains { $0.hasPrefix("Notes saved for “Call Ann”") })
        try session.sendKeys("q")
        try session.sendKeys("q")
        try session.waitFor("the shell's prompt after Tick quit") { $0.filter { $0.contains("bash-") }.count >= 2 }
    }
}
