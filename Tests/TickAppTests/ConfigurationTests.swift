import Testing
import TermTable
@testable import TickApp

@Suite("Config file")
struct ConfigurationTests {
    @Test("A config file with every setting is applied")
    func everySetting() throws {
        let text = """
        # my Tick settings
        bind <C-n> moveDown
        bind <C-p> moveUp      # like Emacs
        unbind d
        color done bright-black dim
        color error white on red bold
        color hint 244
        mouse no
        """
        let configuration = Configuration.parse(text, path: "/home/me/.config/tick/config")
        #expect(configuration.problems.isEmpty)
        #expect(configuration.keyMap.command(for: .control("n")) == .moveDown)
        #expect(configuration.keyMap.command(for: .control("p")) == .moveUp)
        #expect(configuration.keyMap.command(for: .character("d")) == nil)
        #expect(configuration.keyMap.command(for: .character("x")) == .toggle)
        #expect(configuration.colors["done"] == Style(foreground: .brightBlack, attributes: .dim))
        #expect(configuration.colors["error"] == Style(foreground: .white, background: .red, attributes: .bold))
        #expect(configuration.colors["hint"] == Style(foreground: .indexed(244)))
        #expect(configuration.mouse == false)
        let theme = Theme.standard.applying(configuration.colors)
        #expect(theme.doneTitle.foreground == .brightBlack)
    }

    @Test("Broken lines are reported with file, line and problem; the other lines still apply")
    func brokenLines() {
        let text = """
        bind <C-n> moveDown
        bind <Nope> moveUp
        bind x fly
        colour done red
        color sky blue
        color done purple
        mouse maybe
        bind j
        color done red blinking
        bind <C-k> moveUp
        """
        let configuration = Configuration.parse(text, path: "/c")
        #expect(configuration.problems.count == 8)
        #expect(configuration.problems[0] == "/c:2: unknown key <Nope> in key \"<Nope>\"")
        #expect(configuration.problems[1].hasPrefix("/c:3: unknown command \"fly\""))
        #expect(configuration.problems[2].hasPrefix("/c:4: unknown setting \"colour\""))
        #expect(configuration.problems[3].hasPrefix("/c:5: unknown element \"sky\""))
        #expect(configuration.problems[4].hasPrefix("/c:6: unknown color \"purple\""))
        #expect(configuration.problems[5] == "/c:7: mouse wants yes or no")
        #expect(configuration.problems[6].hasPrefix("/c:8: bind wants a key and a command"))
        #expect(configuration.problems[7].hasPrefix("/c:9: unknown attribute \"blinking\""))
        #expect(configuration.keyMap.command(for: .control("n")) == .moveDown)
        #expect(configuration.keyMap.command(for: .control("k")) == .moveUp)
    }

    @Test("Problems show in the status line at start-up, and rebound keys work in the app")
    func appliedToTheApp() throws {
        let temporary = try TemporaryStore()
        let configuration = Configuration.parse("bind n add\nwhat\n", path: "/c")
        let app = TickApp(store: temporary.store, size: Size(width: 60, height: 6), configuration: configuration)
        #expect(app.screenLines.last?.hasPrefix("config: /c:2: unknown setting \"what\"") == true)
        try app.type("nvia config<Enter>")
        #expect(app.screenLines[1] == "[ ] via config")
    }

    @Test("The config file is found through TICK_CONFIG, XDG_CONFIG_HOME, then HOME", arguments: [
        (["TICK_CONFIG": "/a/b", "XDG_CONFIG_HOME": "/x", "HOME": "/h"], "/a/b"),
        (["XDG_CONFIG_HOME": "/x", "HOME": "/h"], "/x/tick/config"),
        (["XDG_CONFIG_HOME": "relative", "HOME": "/h"], "/h/.config/tick/config"),
        (["HOME": "/h"], "/h/.config/tick/config"),
    ])
    func location(environment: [String: String], expected: String) {
        #expect(Configuration.defaultPath(environment: environment) == expected)
    }
}
