import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// `o` in the list and in the details: the first link of the title or notes, opened with `$BROWSER`
/// or `xdg-open` through a fake opener that records the command.
@Suite("Opening a todo's link")
struct LinkOpenerScenarioTests {
    /// A scenario whose opener records its commands and answers `outcome`.
    private func scenario(_ titles: [String], environment: [String: String] = [:], outcome: ProgramLauncher.Outcome = .started,
                          refusal: String? = nil) throws -> (Scenario, () -> [[String]]) {
        let scenario = try Scenario(titles, size: Size(width: 100, height: 10))
        var commands: [[String]] = []
        scenario.app.externalPrograms = ExternalPrograms(environment: environment, runEditor: { _ in .exited(1) }, startOpener: {
            commands.append($0)
            return outcome
        }, refusal: refusal)
        return (scenario, { commands })
    }

    private func statusMessage(_ scenario: Scenario) -> String { scenario.app.lastMessage?.text ?? "" }

    @Test("o opens the selected todo's first link with xdg-open, detached, and says so")
    func xdgOpen() throws {
        let (scenario, commands) = try scenario(["Read https://example.com/post.", "Other"])
        try scenario.type("o")
        #expect(commands() == [["xdg-open", "https://example.com/post"]])
        #expect(statusMessage(scenario) == "Opening https://example.com/post with xdg-open")
    }

    @Test("$BROWSER is split into words; %s takes the link's place, else the link goes last", arguments: [
        ("firefox --new-tab", ["firefox", "--new-tab", "https://example.com"]),
        ("'/opt/My Browser/run' --url %s --quiet", ["/opt/My Browser/run", "--url", "https://example.com", "--quiet"]),
    ])
    func browser(variable: String, command: [String]) throws {
        let (scenario, commands) = try scenario(["See https://example.com"], environment: ["BROWSER": variable])
        try scenario.type("o")
        #expect(commands() == [command])
    }

    @Test("The notes' link is opened when the title has none, from the list and from the details")
    func notesLink() throws {
        let (scenario, commands) = try scenario(["Call Ann"])
        try scenario.store.update(id: try scenario.id(of: "Call Ann"), notes: "Her page: www.example.org/ann, ask first")
        try scenario.type("o<Enter>o")
        #expect(commands() == [["xdg-open", "https://www.example.org/ann"], ["xdg-open", "https://www.example.org/ann"]])
    }

    @Test("Without a link o says so and starts nothing")
    func noLink() throws {
        let (scenario, commands) = try scenario(["Buy milk"])
        try scenario.type("o")
        #expect(commands().isEmpty)
        #expect(statusMessage(scenario) == "No link in “Buy milk” or its notes (http://, https://, mailto:, www.)")
    }

    @Test("A missing opener gets a clear message")
    func missingOpener() throws {
        let (scenario, _) = try scenario(["See https://example.com"], outcome: .couldNotStart("No such file or directory"))
        try scenario.type("o")
        #expect(statusMessage(scenario)
                == "Cannot open https://example.com: cannot start xdg-open: No such file or directory · install xdg-utils or set $BROWSER")
    }

    @Test("A link with control characters is cut before them: none reaches the opener")
    func controlCharacters() throws {
        let (scenario, commands) = try scenario(["x"])
        try scenario.store.update(id: try scenario.id(of: "x"), notes: "https://example.com/a\u{1B}]52;c;evil\u{7}")
        try scenario.type("o")
        #expect(commands() == [["xdg-open", "https://example.com/a"]])
    }

    @Test("A key script starts no opener: o says which link it would open")
    func keyScript() throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        let result = try ScriptRunner.run(script: "aSee https://example.com/x<Enter>o", store: store, size: Size(width: 100, height: 6))
        #expect(ScriptRunner.text(of: result.screen).contains("Would open https://example.com/x with xdg-open (key scripts start no programs)"))
    }

    @Test("o is in the list's and the details' key maps")
    func keyMaps() {
        #expect(KeyMap.standard.command(for: .character("o")) == .openLink)
        #expect(ModeKeyMap<DetailKeyAction>.standard.action(for: .character("o")) == .openLink)
    }
}
