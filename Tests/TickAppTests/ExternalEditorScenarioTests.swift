import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// `E` in the details: the notes in `$VISUAL` / `$EDITOR`, through a fake editor that records what it
/// was run with and edits the file as a person would.
@Suite("Notes in an external editor")
struct ExternalEditorScenarioTests {
    /// An editor that records its command and whether the file existed, then does `edit` to the file.
    final class FakeEditor {
        var commands: [[String]] = []
        var edit: (String) -> ProgramLauncher.Outcome

        init(edit: @escaping (String) -> ProgramLauncher.Outcome) { self.edit = edit }

        /// An editor that replaces the file's text with `text` and exits 0.
        static func writing(_ text: String) -> FakeEditor {
            FakeEditor { path in
                try! text.write(toFile: path, atomically: false, encoding: .utf8)
                return .exited(0)
            }
        }

        var file: String? { commands.last?.last }

        func programs(_ environment: [String: String], refusal: String? = nil) -> ExternalPrograms {
            ExternalPrograms(environment: environment, runEditor: { command in
                self.commands.append(command)
                return self.edit(command.last!)
            }, startOpener: { _ in .started }, refusal: refusal)
        }
    }

    /// A scenario with one todo whose notes are `notes`, its details open, and `editor` as `$EDITOR`.
    private func detailsOpen(notes: String = "old notes", editor: FakeEditor,
                             environment: [String: String] = ["EDITOR": "fake-editor --wait"]) throws -> Scenario {
        let scenario = try Scenario(["Call Ann"], size: Size(width: 60, height: 16))
        try scenario.store.update(id: try scenario.id(of: "Call Ann"), notes: notes)
        scenario.app.externalPrograms = editor.programs(environment.merging(["TMPDIR": NSTemporaryDirectory()]) { $1 })
        try scenario.type("<Enter>")
        return scenario
    }

    /// The status line's whole message (the drawn one is cut to leave room for the counts).
    private func statusMessage(_ scenario: Scenario) -> String { scenario.app.lastMessage?.text ?? "" }

    private func notes(_ scenario: Scenario) throws -> String {
        try #require(try scenario.store.item(id: try scenario.id(of: "Call Ann"))).notes
    }

    @Test("E runs $EDITOR's words with the notes file last, saves what it wrote, and removes the file")
    func savesTheEdit() throws {
        var contents: String?
        let editor = FakeEditor { path in
            contents = try? String(contentsOfFile: path, encoding: .utf8)
            try! "new notes\nsecond line\n".write(toFile: path, atomically: false, encoding: .utf8)
            return .exited(0)
        }
        let scenario = try detailsOpen(editor: editor)
        try scenario.type("E")
        #expect(editor.commands.count == 1)
        #expect(Array(try #require(editor.commands.first).prefix(2)) == ["fake-editor", "--wait"])
        #expect(contents == "old notes\n")
        #expect(try notes(scenario) == "new notes\nsecond line")
        #expect(!FileManager.default.fileExists(atPath: try #require(editor.file)))
        #expect(scenario.app.needsFullRedraw)
        #expect(statusMessage(scenario).hasPrefix("Notes saved for “Call Ann”"))
        #expect(scenario.line(containing: "second line") != nil)
    }

    @Test("$VISUAL is chosen over $EDITOR")
    func visualFirst() throws {
        let editor = FakeEditor.writing("x")
        let scenario = try detailsOpen(editor: editor, environment: ["VISUAL": "code --wait", "EDITOR": "vi"])
        try scenario.type("E")
        #expect(editor.commands.first?.first == "code")
    }

    @Test("The editor's save is one undo step: u in the list brings the old notes back, Ctrl-R the new")
    func oneUndoStep() throws {
        let scenario = try detailsOpen(editor: .writing("edited\n"))
        try scenario.type("E")
        #expect(try notes(scenario) == "edited")
        try scenario.type("<Esc>u")
        #expect(try notes(scenario) == "old notes")
        try scenario.type("<C-r>")
        #expect(try notes(scenario) == "edited")
    }

    @Test("An editor that fails, is killed or cannot start changes nothing, says why, and leaves no file", arguments: [
        (ProgramLauncher.Outcome.exited(1), "Notes unchanged: fake-editor exited with status 1"),
        (.killed(signal: 9), "Notes unchanged: fake-editor was ended by signal 9"),
        (.couldNotStart("No such file or directory"), "Notes unchanged: cannot start fake-editor ($EDITOR): No such file or directory"),
    ])
    func failures(outcome: ProgramLauncher.Outcome, expected: String) throws {
        let editor = FakeEditor { path in
            try! "half-written".write(toFile: path, atomically: false, encoding: .utf8)
            return outcome
        }
        let scenario = try detailsOpen(editor: editor)
        try scenario.type("E")
        #expect(try notes(scenario) == "old notes")
        #expect(statusMessage(scenario) == expected)
        #expect(!FileManager.default.fileExists(atPath: try #require(editor.file)))
        // No step of its own: the one undo left is the one that wrote the old notes.
        _ = try scenario.store.undo()
        #expect(try notes(scenario) == "")
    }

    @Test("Saving without a change stores nothing and leaves no undo step")
    func unchanged() throws {
        let scenario = try detailsOpen(editor: FakeEditor { _ in .exited(0) })
        try scenario.type("E")
        #expect(statusMessage(scenario) == "Notes unchanged")
        // No step of its own: the one undo left is the one that wrote the old notes.
        _ = try scenario.store.undo()
        #expect(try notes(scenario) == "")
    }

    @Test("Without $VISUAL or $EDITOR, E opens the notes editor in place")
    func noEditorSet() throws {
        let editor = FakeEditor.writing("never")
        let scenario = try detailsOpen(editor: editor, environment: [:])
        try scenario.type("E")
        #expect(editor.commands.isEmpty)
        #expect(scenario.screen[0].hasPrefix("Details — editing notes"))
        try scenario.type("<End> typed here<Esc>")
        #expect(try notes(scenario) == "old notes typed here")
    }

    @Test("A value that needs a shell is refused with a message and nothing runs")
    func shellSyntax() throws {
        let editor = FakeEditor.writing("never")
        let scenario = try detailsOpen(editor: editor, environment: ["EDITOR": "vim $HOME/x"])
        try scenario.type("E")
        #expect(editor.commands.isEmpty)
        #expect(statusMessage(scenario).hasPrefix("Cannot run $EDITOR: it uses $, which needs a shell"))
    }

    @Test("Text with a NUL is refused like typed notes, and kept in the notes editor rather than lost")
    func nulRefused() throws {
        let scenario = try detailsOpen(editor: .writing("with\u{0}nul"))
        try scenario.type("E")
        #expect(try notes(scenario) == "old notes")
        #expect(statusMessage(scenario).hasPrefix("Not saved: invalid notes"))
        #expect(scenario.screen[0].hasPrefix("Details — editing notes, not saved"))
    }

    @Test("Notes changed elsewhere while the editor ran are not saved over: the edit stays in the notes editor, Ctrl-S saves it, Esc again keeps theirs",
          arguments: Interleaving.allCases, ["<C-s>", "<Esc>"])
    func changedElsewhere(_ interleaving: Interleaving, _ second: String) throws {
        var scenario: Scenario!
        let editor = FakeEditor { path in
            try! interleaving.changeUnseen(scenario) { try $0.update(id: try scenario.id(of: "Call Ann"), notes: "from elsewhere") }
            try! "mine".write(toFile: path, atomically: false, encoding: .utf8)
            return .exited(0)
        }
        scenario = try detailsOpen(editor: editor)
        try scenario.type("E")
        #expect(try notes(scenario) == "from elsewhere")
        #expect(statusMessage(scenario) == "“Call Ann” had its notes changed elsewhere meanwhile · notes not saved · Ctrl-s saves yours over them · Esc again keeps theirs")
        #expect(scenario.screen[0].hasPrefix("Details — editing notes, not saved"))
        try scenario.type(second)
        #expect(try notes(scenario) == (second == "<C-s>" ? "mine" : "from elsewhere"))
    }

    @Test("A todo deleted by another process or a sync while the editor ran: its notes are kept in a new todo, and the status line says so", arguments: Interleaving.allCases)
    func deletedElsewhere(_ interleaving: Interleaving) throws {
        var scenario: Scenario!
        var original: Int64 = 0
        let editor = FakeEditor { path in
            try! interleaving.changeUnseen(scenario) { try $0.delete(ids: [original]) }
            try! "mine".write(toFile: path, atomically: false, encoding: .utf8)
            return .exited(0)
        }
        scenario = try detailsOpen(editor: editor)
        original = try scenario.id(of: "Call Ann")
        try scenario.type("E")
        #expect(statusMessage(scenario) == "“Call Ann” was deleted while you edited its notes: they are saved in a new todo in Inbox · u undoes")
        #expect(try scenario.store.item(id: original) == nil)
        let kept = try #require(try scenario.store.item(id: try scenario.id(of: "Call Ann")))
        #expect(kept.notes == "mine")
    }

    /// An editor that, while it runs, deletes "Call Ann" from another connection, then writes "mine".
    private func editorDeletingTheTodo(_ scenario: @escaping () -> Scenario, then after: @escaping () -> Void = {}) -> FakeEditor {
        FakeEditor { path in
            let other = try! TodoStore(path: scenario().temporary.path)
            try! other.delete(ids: [try! scenario().id(of: "Call Ann")])
            other.close()
            try! "mine".write(toFile: path, atomically: false, encoding: .utf8)
            after()
            return .exited(0)
        }
    }

    @Test("Notes typed for a todo deleted elsewhere meanwhile are saved in a new todo with its title, which u takes back")
    func deletedMeanwhile() throws {
        var scenario: Scenario!
        let editor = editorDeletingTheTodo { scenario }
        scenario = try detailsOpen(editor: editor)
        let original = try scenario.id(of: "Call Ann")
        try scenario.type("E")
        let kept = try #require(try scenario.store.item(id: try scenario.id(of: "Call Ann")))
        #expect(kept.id != original)
        #expect(kept.notes == "mine")
        #expect(statusMessage(scenario) == "“Call Ann” was deleted while you edited its notes: they are saved in a new todo in Inbox · u undoes")
        #expect(!FileManager.default.fileExists(atPath: try #require(editor.file)))
        try scenario.type("<Esc>u")
        #expect(try scenario.store.item(id: kept.id) == nil)
    }

    @Test("When the new todo cannot be saved either, the file is kept and the message names it")
    func deletedMeanwhileAndRefused() throws {
        var scenario: Scenario!
        var failure: StoreFailureInjection?
        let editor = editorDeletingTheTodo({ scenario }, then: { failure = StoreFailureInjection(scenario.store, failing: .writes) })
        scenario = try detailsOpen(editor: editor)
        try scenario.type("E")
        failure?.lift()
        let file = try #require(editor.file)
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine")
        #expect(statusMessage(scenario).hasPrefix("“Call Ann” was deleted while you edited its notes, and they could not be saved ("))
        #expect(statusMessage(scenario).hasSuffix("): your text is kept in \(file)"))
    }

    @Test("A file replaced by a symbolic link is not read: nothing changes, and the message says why and where the file is")
    func symbolicLinkNotRead() throws {
        let secret = NSTemporaryDirectory() + "tick-notes-secret-\(UUID().uuidString)"
        try "private key".write(toFile: secret, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: secret) }
        let editor = FakeEditor { path in
            try! FileManager.default.removeItem(atPath: path)
            try! FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: secret)
            return .exited(0)
        }
        let scenario = try detailsOpen(editor: editor)
        try scenario.type("E")
        let file = try #require(editor.file)
        let folder = (file as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try notes(scenario) == "old notes")
        #expect(statusMessage(scenario) == "Notes not read: \(file) was replaced by a symbolic link, which Tick does not follow; kept in \(folder)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file)) == secret)
    }

    @Test("In a key script E starts no program: with an editor set it says so, without one it edits in place")
    func keyScripts() throws {
        let editor = FakeEditor.writing("never")
        let scenario = try Scenario(["Call Ann"], size: Size(width: 80, height: 8))
        scenario.app.externalPrograms = editor.programs(["EDITOR": "vim"], refusal: "key scripts start no programs")
        try scenario.type("<Enter>E")
        #expect(editor.commands.isEmpty)
        #expect(statusMessage(scenario).hasPrefix("$EDITOR not started: key scripts start no programs"))
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        let result = try ScriptRunner.run(script: "aCall Ann<Enter><Enter>Ehello<Esc>", store: store, size: Size(width: 50, height: 12))
        #expect(ScriptRunner.text(of: result.screen).contains("hello"))
    }

    @Test("E is in the details' key map, so help lists it and the config file can rebind it")
    func inTheKeyMap() throws {
        #expect(ModeKeyMap<DetailKeyAction>.standard.action(for: .character("E")) == .editNotesInEditor)
        var configuration = Configuration()
        let bound = configuration.keyMaps.bind(.control("e"), toActionNamed: "editNotesInEditor", in: .details)
        #expect(bound)
        let editor = FakeEditor.writing("rebound")
        let scenario = try Scenario(["Call Ann"], size: Size(width: 60, height: 12), configuration: configuration)
        scenario.app.externalPrograms = editor.programs(["EDITOR": "ed", "TMPDIR": NSTemporaryDirectory()])
        try scenario.type("<Enter><C-e>")
        #expect(try notes(scenario) == "rebound")
        try scenario.type("<Esc>?")
        #expect(scenario.app.hasOverlay)
    }
}
