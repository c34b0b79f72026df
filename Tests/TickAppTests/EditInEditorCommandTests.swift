import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 30: `tick edit ID` with nothing else opens the todo in `$VISUAL`/`$EDITOR` as a small form
/// (the title line with its markers, a blank line, the notes) and saves it as one change, losing
/// nothing when the editor fails or the todo changed meanwhile.
@Suite("Command line: tick edit ID in an editor")
struct EditInEditorCommandTests {
    /// A fake editor: records the file's text, then writes `replacement` (from that text) over it,
    /// runs `meanwhile` (another process's change) and ends as `outcome` says.
    final class FakeEditor: @unchecked Sendable {
        var shown: [String] = []
        var commands: [[String]] = []
        var replacement: (String) -> String
        var meanwhile: () throws -> Void = {}
        var outcome = ProgramLauncher.Outcome.exited(0)

        init(_ replacement: @escaping (String) -> String) { self.replacement = replacement }

        func run(_ command: [String], _ environment: [String: String]) -> ProgramLauncher.Outcome {
            commands.append(command)
            let path = command.last!
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>"
            shown.append(text)
            try! replacement(text).write(toFile: path, atomically: true, encoding: .utf8)
            try! meanwhile()
            return outcome
        }
    }

    /// Runs `tick edit ID` on a terminal with `$EDITOR` set and `editor` as the program run.
    private func edit(_ tick: CommandHarness, _ id: Int64, editor: FakeEditor, terminal: Bool = true,
                      environment: [String: String] = ["EDITOR": "fake-editor --wait"]) -> CommandHarness.Outcome {
        tick.run(["edit", String(id)]) { context in
            context.environment.merge(environment) { $1 }
            context.inputIsTerminal = terminal
            context.runEditor = editor.run
        }
    }

    /// A store with one todo with every marker and notes; its id.
    private func filled(_ tick: CommandHarness) throws -> Int64 {
        #expect(tick.run(["add", "Pay rent #home !! @2026-12-24 15:00 @every month"]).status == 0)
        #expect(tick.run(["edit", "1", "--notes", "line 1\nline 2"]).status == 0)
        return 1
    }

    @Test("The editor gets the title line with its markers, a blank line and the notes; the saved form is one change")
    func savesTheForm() throws {
        let tick = try CommandHarness()
        let id = try filled(tick)
        let editor = FakeEditor { _ in "Pay the rent #flat ! @2026-12-31\n\nline 1\nline 3\n" }
        let outcome = edit(tick, id, editor: editor)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(editor.shown == ["Pay rent #home !! @2026-12-24T15:00 @every month\n\nline 1\nline 2\n"])
        #expect(Array(try #require(editor.commands.first).prefix(2)) == ["fake-editor", "--wait"])
        let item = try #require(try tick.withStore { try $0.item(id: id) })
        #expect(item.title == "Pay the rent")
        #expect(item.tags == ["flat"])
        #expect(item.priority == 1)
        #expect(item.due == "2026-12-31")
        #expect(item.recurrence == nil, "the @every taken out of the line stops it")
        #expect(item.notes == "line 1\nline 3")
        #expect(outcome.output.hasPrefix("Edited 1: "))
        // One undo step brings every field back.
        #expect(tick.run(["undo"]).status == 0)
        let undone = try #require(try tick.withStore { try $0.item(id: id) })
        #expect(undone.title == "Pay rent" && undone.notes == "line 1\nline 2" && undone.priority == 2 && undone.due == "2026-12-24T15:00")
        #expect(undone.recurrence != nil)
    }

    @Test("Saving the form unchanged (or only respaced) says Nothing changed and records no step")
    func unchanged() throws {
        let tick = try CommandHarness()
        let id = try filled(tick)
        for replacement in [{ (text: String) in text }, { (text: String) in text.replacingOccurrences(of: "Pay rent", with: "Pay  rent ") }] {
            let outcome = edit(tick, id, editor: FakeEditor(replacement))
            #expect(outcome.status == 0)
            #expect(outcome.output == "Nothing changed\n")
        }
        #expect(tick.run(["undo"]).status == 0)
        #expect(try tick.withStore { try $0.item(id: id)?.notes } == "", "the last step was still the notes edit")
    }

    @Test("An editor that fails changes nothing and says why", arguments: [
        (ProgramLauncher.Outcome.exited(1), "nothing changed: fake-editor exited with status 1"),
        (.killed(signal: 9), "nothing changed: fake-editor was ended by signal 9"),
        (.couldNotStart("No such file or directory"), "nothing changed: cannot start fake-editor ($EDITOR): No such file or directory"),
    ])
    func editorFails(outcome: ProgramLauncher.Outcome, message: String) throws {
        let tick = try CommandHarness()
        let id = try filled(tick)
        let editor = FakeEditor { _ in "Something else\n" }
        editor.outcome = outcome
        let result = edit(tick, id, editor: editor)
        #expect(result.status == 1)
        #expect(result.errors == "tick edit: \(message)\n")
        #expect(try tick.withStore { try $0.item(id: id)?.title } == "Pay rent")
    }

    @Test("A todo changed or deleted by another process while the editor ran is not overwritten; the text is kept in a file")
    func changedMeanwhile() throws {
        for change in ["edit", "rm"] {
            let tick = try CommandHarness()
            let id = try filled(tick)
            let editor = FakeEditor { _ in "My version\n\nmy notes\n" }
            editor.meanwhile = {
                let other = try TodoStore(path: tick.path)
                defer { other.close() }
                if change == "edit" { _ = try other.update(id: id, title: "Their version") } else { _ = try other.delete(ids: [id]) }
            }
            let outcome = edit(tick, id, editor: editor)
            #expect(outcome.status == 1)
            #expect(outcome.errors.contains(change == "edit" ? "was changed while you edited it" : "was deleted while you edited it"))
            let path = try #require(outcome.errors.components(separatedBy: "your text is kept in ").last?.trimmingCharacters(in: .newlines))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "My version\n\nmy notes\n")
            try FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
            if change == "edit" { #expect(try tick.withStore { try $0.item(id: id)?.title } == "Their version") }
        }
    }

    @Test("Without a terminal on standard input, or without $VISUAL and $EDITOR, it says what to do and opens nothing")
    func noTerminal() throws {
        let tick = try CommandHarness()
        let id = try filled(tick)
        let editor = FakeEditor { _ in "x\n" }
        let piped = edit(tick, id, editor: editor, terminal: false)
        #expect(piped.status == 2)
        #expect(piped.errors.hasPrefix("tick edit: standard input is not a terminal"))
        let unset = tick.run(["edit", String(id)]) { context in
            context.environment = ["HOME": tick.folder.path]
            context.inputIsTerminal = true
            context.runEditor = editor.run
        }
        #expect(unset.status == 2)
        #expect(unset.errors.hasPrefix("tick edit: neither $VISUAL nor $EDITOR is set"))
        #expect(editor.commands.isEmpty)
        #expect(tick.run(["edit", "99"]) { $0.inputIsTerminal = true; $0.environment["EDITOR"] = "true" }.errors.contains("no todo has id 99"))
    }

    @Test("$VISUAL wins over $EDITOR, and a real program runs on the file")
    func realEditor() throws {
        let tick = try CommandHarness()
        let id = try filled(tick)
        let script = tick.file("editor.sh")
        try "#!/bin/sh\nprintf 'Renamed @tomorrow\\n\\n%s\\n' \"$1\" > \"$2\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let outcome = tick.run(["edit", String(id)]) { context in
            context.environment.merge(["VISUAL": "\(script) visual", "EDITOR": "false"]) { $1 }
            context.inputIsTerminal = true
        }
        #expect(outcome.status == 0, "\(outcome.errors)")
        let item = try #require(try tick.withStore { try $0.item(id: id) })
        #expect(item.title == "Renamed")
        #expect(item.due == tick.today.adding(days: 1).iso)
        #expect(item.notes == "visual")
        #expect(item.tags.isEmpty && item.priority == 0)
    }

    @Test("A title line that is empty once its markers are out saves nothing and keeps the text")
    func emptyTitle() throws {
        let tick = try CommandHarness()
        let id = try filled(tick)
        let outcome = edit(tick, id, editor: FakeEditor { _ in "!! @fri\n\nnotes\n" })
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("the title is empty"))
        let path = try #require(outcome.errors.components(separatedBy: "your text is kept in ").last?.trimmingCharacters(in: .newlines))
        try FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
        #expect(try tick.withStore { try $0.item(id: id)?.title } == "Pay rent")
    }
}
