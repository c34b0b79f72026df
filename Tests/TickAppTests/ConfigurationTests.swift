import Testing
import TermTable
import TodoStore
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
        #expect(app.screenLines.last?.hasPrefix("1 problem in the config file · ? shows it") == true)
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

@Suite("Config file view settings")
struct ConfigurationViewTests {
    @Test("list, hide-completed, sort and history are read and applied at start-up")
    func viewSettings() throws {
        let configuration = Configuration.parse("list work\nhide-completed yes\nsort due\nhistory 7\n", path: "/c")
        #expect(configuration.problems.isEmpty)
        #expect(configuration.defaultList == "work" && configuration.hidesCompleted && configuration.sort == .due && configuration.historyDepth == 7)
        let temporary = try TemporaryStore()
        let work = try temporary.store.addList(named: "Work").value
        let done = try temporary.store.add(title: "Old", listID: TodoStore.inboxListID).value
        try temporary.store.setDone(true, ids: [done.id])
        try temporary.store.add(title: "Later", listID: work.id, due: "2026-12-24")
        try temporary.store.add(title: "Sooner", listID: work.id, due: "2026-12-01")
        let app = TickApp(store: temporary.store, size: Size(width: 50, height: 8), configuration: configuration)
        let lines = withoutIndicator(app.screenLines)
        #expect(!lines.contains { $0.contains("Old") })          // completed hidden
        #expect(lines.firstIndex { $0.contains("Sooner") }! < lines.firstIndex { $0.contains("Later") }!)  // by due date
        try app.type("aIn work<Enter>")
        #expect(try temporary.store.item(id: app.list.selectedItem!.id)?.listID == work.id)  // started on Work
    }

    @Test("Bad view settings are reported and ignored", arguments: [
        ("sort sideways", "/c:1: sort wants one of: manual, due, priority, created"),
        ("hide-completed maybe", "/c:1: hide-completed wants yes or no"),
        ("history -3", "/c:1: history wants a number of changes from 0 to 10000"),
        ("list", "/c:1: list wants a list name, like: list Work"),
    ])
    func badSettings(line: String, problem: String) {
        let configuration = Configuration.parse(line, path: "/c")
        #expect(configuration.problems == [problem])
        #expect(configuration.sort == .manual && !configuration.hidesCompleted && configuration.historyDepth == 100)
    }
}
