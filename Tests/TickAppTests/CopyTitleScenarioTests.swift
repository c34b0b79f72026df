import Testing
import TermTable
@testable import TickApp
import TodoStore

/// `y`: the selected todo's title goes to the terminal's clipboard as an OSC 52 sequence, base64 and
/// without control characters; where the terminal or the config file does not allow it, it says why
/// and writes nothing.
@Suite("Copying a title (y)")
struct CopyTitleScenarioTests {
    /// The OSC 52 sequence a terminal receives for `text`.
    static func sequence(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + OSC52.base64(Array(text.utf8)) + Array("\u{1B}\\".utf8)
    }

    @Test("y copies the selected todo's title with OSC 52 and says so; nothing is written twice")
    func copiesSelectedTitle() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"])
        scenario.app.terminalAbilities = TerminalAbilities(clipboard: .osc52)
        try scenario.type("jy")
        #expect(scenario.app.lastMessage?.text == "Copied “Call mom” to the clipboard")
        #expect(scenario.app.takeTerminalOutput() == Self.sequence("Call mom"))
        #expect(scenario.app.takeTerminalOutput().isEmpty)
    }

    @Test("Base64 as RFC 4648 gives it, padding included", arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
    func base64(text: String, encoded: String) {
        #expect(String(decoding: OSC52.base64(Array(text.utf8)), as: UTF8.self) == encoded)
    }

    @Test("No control character of a title reaches the clipboard: escapes, bells, DEL and C1 go, tabs and line breaks become spaces")
    func controlsRemoved() {
        let hostile = "Pay\u{1B}]0;owned\u{07} rent\u{7F}\u{9B}2J\tnow\nplease"
        #expect(OSC52.withoutControls(hostile) == "Pay]0;owned rent2J now please")
        let bytes = OSC52.copying(OSC52.withoutControls(hostile))
        // The only controls in the sequence are its own: ESC at the start and the ESC \ ending it.
        let controls = bytes.enumerated().filter { $0.element < 0x20 || $0.element == 0x7F }.map(\.offset)
        #expect(controls == [0, bytes.count - 2])
    }

    @Test("Where the clipboard is not allowed, y says why and writes nothing", arguments: [
        (TerminalAbilities.none, "Not copied: key scripts write nothing to a terminal"),
        (TerminalAbilities.terminal(named: "xterm-256color", clipboardAllowed: false), "Not copied: the config file says clipboard no"),
        (TerminalAbilities.terminal(named: "linux", clipboardAllowed: true), "Not copied: the Linux console has no clipboard"),
    ])
    func refused(abilities: TerminalAbilities, said: String) throws {
        let scenario = try Scenario(["Buy milk"])
        scenario.app.terminalAbilities = abilities
        try scenario.type("y")
        #expect(scenario.app.lastMessage?.text == said)
        #expect(scenario.app.takeTerminalOutput().isEmpty)
    }

    @Test("A terminal type with a clipboard, and the config file's clipboard line")
    func abilities() {
        #expect(TerminalAbilities.terminal(named: "tmux-256color", clipboardAllowed: true).clipboard == .osc52)
        #expect(Configuration.parse("clipboard no\n", path: "/c").clipboard == false)
        #expect(Configuration.parse("", path: "/c").clipboard == true)
        #expect(Configuration.parse("clipboard maybe\n", path: "/c").problems == ["/c:1: clipboard wants yes or no"])
    }
}
