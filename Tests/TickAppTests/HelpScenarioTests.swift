import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 6, help: generated from the key map in effect, scrollable, closed by ?, Esc, q (and F1).
@Suite("Help scenarios")
struct HelpScenarioTests {
    /// Every entry of help, on a screen tall enough to show all of it, wrapped summaries joined again.
    private func allHelp(configuration: Configuration = Configuration()) throws -> [String] {
        // Tall enough for every mode's keys (the list's, then the swiped row's, the input line's…).
        let scenario = try Scenario(["Buy milk"], size: Size(width: 100, height: 200), configuration: configuration)
        try scenario.type("?")
        return Self.joined(scenario.screen)
    }

    /// Help lines with each wrapped summary's continuation lines joined to its first line.
    static func joined(_ lines: [String]) -> [String] {
        var entries: [String] = []
        for line in lines {
            if line.hasPrefix(" "), let last = entries.popLast() {
                entries.append(last + " " + line.drop(while: { $0 == " " }))
            } else {
                entries.append(line)
            }
        }
        return entries
    }

    @Test("Every binding of the key map is in help, with its keys and what it does, grouped")
    func everyBinding() throws {
        let help = try allHelp()
        #expect(help[0] == "Tick help — ? or Esc closes")
        for command in Command.allCases {
            let keys = KeyMap.standard.keys(for: command).map(HelpOverlay.name).joined(separator: " ")
            guard !keys.isEmpty else { continue }
            #expect(help.contains { $0.hasPrefix(keys + " ") && $0.contains(command.summary) }, "\(command)")
        }
        for group in Command.Group.allCases {
            #expect(help.contains { $0.hasPrefix(group.rawValue + " ─") }, "\(group)")
        }
        // Editing mode's own keys have their own group, saying what they do to the marked rows.
        #expect(help.contains { $0.hasPrefix("d ") && $0.contains("delete the marked todos (asks first)") })
    }

    @Test("A config file's bindings show in help: a new key joins its command, an unbound key is gone")
    func followsTheConfiguration() throws {
        let configuration = Configuration.parse("bind <C-n> moveDown\nunbind d\nunbind ?\nbind <F2> help", path: "/c")
        let scenario = try Scenario(["Buy milk"], size: Size(width: 100, height: 200), configuration: configuration)
        try scenario.type("?")
        #expect(!scenario.app.hasOverlay)
        try scenario.type("<F2>")
        let help = Self.joined(scenario.screen)
        #expect(help.contains { $0.hasPrefix("j ↓ Ctrl-n ") && $0.contains("next todo") })
        #expect(!help.contains { $0.contains("delete the selected todo") })
        #expect(help.contains { $0.hasPrefix("F1 F2 ") && $0.contains("show or hide this help") })
    }

    @Test("Help scrolls with j, Space, PgDn and G, its pinned group header following")
    func scrolls() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 10))
        try scenario.type("?")
        #expect(scenario.screen[1].hasPrefix("Moving around ─"))
        #expect(scenario.screen[2].hasPrefix("j ↓"))
        try scenario.type("<Space>")
        #expect(!scenario.screen.contains { $0.hasPrefix("j ↓") })
        try scenario.type("G")
        #expect(scenario.screen.contains { $0.hasPrefix("Tick ─") })
        #expect(scenario.screen[8].hasPrefix("q ") && scenario.screen[8].contains("quit"))
        try scenario.type("g")
        #expect(scenario.screen[2].hasPrefix("j ↓"))
    }

    @Test("A summary too long for the screen wraps under its own column instead of being cut")
    func wrapsLongSummaries() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 30))
        try scenario.type("?")
        let start = try #require(scenario.screen.firstIndex { $0.hasPrefix("a ") })
        #expect(Array(scenario.screen[start...(start + 3)]) == [
            "a                  add a todo after the selected one (!,",
            "                   !!, !!! priority; @tomorrow, @fri 15:00,",
            "                   @2026-12-24, @+3d due; @every week",
            "                   repeats; #word tag)",
        ])
        #expect(scenario.screen[start + 4].hasPrefix("e "))
    }

    @Test("?, Esc, q and F1 close help, leaving the list exactly as it was", arguments: ["?", "<Esc>", "q", "<F1>"])
    func closes(key: String) throws {
        let scenario = try Scenario(["Buy milk", "Call mom"])
        try scenario.type("j")
        let before = scenario.screen
        try scenario.type("?<PageDown>" + key)
        #expect(!scenario.app.hasOverlay)
        #expect(!scenario.app.isFinished)
        #expect(scenario.screen == before)
    }

    @Test("An unbound key says so and points to help")
    func unboundKey() throws {
        let scenario = try Scenario(["Buy milk"])
        try scenario.type("Q")
        #expect(scenario.app.lastMessage == .error("Q does nothing here · ? shows the keys"))
    }
}
