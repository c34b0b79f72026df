import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 6, colors and the config file: every element can be colored and the screen shows it; the
/// monochrome theme (what `NO_COLOR` gets) keeps every meaning through attributes alone.
@Suite("Themes and the config file")
struct ThemeAndConfigScenarioTests {
    /// The theme property behind each element name of the config file.
    nonisolated(unsafe) static let elements: [String: WritableKeyPath<Theme, Style>] = [
        "title": \.title, "done": \.doneTitle, "box": \.box, "check": \.check, "message": \.message, "error": \.error,
        "hint": \.hint, "prompt": \.promptLabel, "empty": \.emptyState, "priority": \.priority, "flag": \.flag, "notes": \.notes, "tag": \.tag,
        "due": \.due, "today": \.dueToday, "overdue": \.overdue, "match": \.match, "header": \.header,
        "selection": \.selection,
    ]

    /// A screen with every kind of row: later, today and late due dates, a priority, a flag, a done todo.
    private func everything(theme: Theme = .standard, configuration: Configuration = Configuration()) throws -> Scenario {
        let scenario = try Scenario(theme: theme, configuration: configuration)
        try scenario.type("aSoon ! @+3d<Enter>aToday @today<Enter>aLate @2026-11-20<Enter>aDone<Enter>xaFlagged<Enter>f")
        // "at" is only in Late; the highlight (reverse video) goes to Flagged, out of the way.
        try scenario.type("/at<Enter>gjjj")
        #expect(scenario.selectedTitle == "Flagged")
        return scenario
    }

    @Test("Every element a config file names colors its own part of the theme and nothing else",
          arguments: Theme.elementNames)
    func elementMapping(name: String) throws {
        let keyPath = try #require(Self.elements[name])
        let magenta = Style(foreground: .magenta, attributes: .italic)
        let theme = Theme.standard.applying([name: magenta])
        #expect(theme[keyPath: keyPath] == magenta)
        for (other, otherPath) in Self.elements where other != name {
            #expect(theme[keyPath: otherPath] == Theme.standard[keyPath: otherPath], "\(other)")
        }
    }

    @Test("Colors from a config file are what the screen is drawn with")
    func colorsOnScreen() throws {
        let configuration = Configuration.parse("""
            color done bright-black
            color header magenta bold
            color overdue white on red
            color today 208
            color due green underline
            color priority blue
            color flag cyan
            color box yellow
            color hint 242
            """, path: "/c")
        #expect(configuration.problems.isEmpty)
        let scenario = try everything(configuration: configuration)
        try scenario.type("<Esc>")
        let line = { (text: String) in try #require(scenario.line(containing: text)) }
        #expect(scenario.style(of: "Inbox", onLine: 0) == Style(foreground: .magenta, attributes: .bold))
        #expect(scenario.style(of: "Done", onLine: try line("Done")) == Style(foreground: .brightBlack))
        #expect(scenario.style(of: "7 d late", onLine: try line("d late")) == Style(foreground: .white, background: .red))
        #expect(scenario.style(of: "today", onLine: try line("Today")) == Style(foreground: .indexed(208)))
        #expect(scenario.style(of: "in 3 d", onLine: try line("Soon")) == Style(foreground: .green, attributes: .underline))
        #expect(scenario.style(of: "!", onLine: try line("Soon")) == Style(foreground: .blue))
        #expect(scenario.style(of: "[", onLine: try line("Soon")) == Style(foreground: .yellow))
        #expect(scenario.style(of: "open ·", onLine: 7) == Style(foreground: .indexed(242)))
    }

    @Test("Monochrome draws no color at all, yet late, today and later due dates, priorities, done todos and matches differ")
    func monochromeKeepsMeaning() throws {
        let scenario = try everything(theme: Theme.standard.monochrome)
        let canvas = scenario.canvas
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                #expect(canvas[x, y].style.foreground == .default && canvas[x, y].style.background == .default, "\(x),\(y)")
            }
        }
        let line = { (text: String) in try #require(scenario.line(containing: text)) }
        let later = scenario.style(of: "in 3 d", onLine: try line("Soon"))
        let today = scenario.style(of: "today", onLine: try line("Today"))
        let late = scenario.style(of: "7 d late", onLine: try line("d late"))
        #expect(later?.attributes == [])
        #expect(today?.attributes == .bold)
        #expect(late?.attributes == [.bold, .underline])
        #expect(scenario.style(of: "!", onLine: try line("Soon"))?.attributes == .bold)
        #expect(scenario.style(of: "Done", onLine: try line("Done"))?.attributes == .dim)
        #expect(scenario.style(of: "at", onLine: try line("d late"))?.attributes == [.underline, .bold])
        #expect(scenario.style(of: "Inbox", onLine: 0)?.attributes == .bold)
    }

    @Test("Monochrome keeps a config file's attributes and drops its colors")
    func monochromeWithConfig() {
        let configuration = Configuration.parse("color done red italic\ncolor header 33 underline", path: "/c")
        let theme = Theme.standard.applying(configuration.colors).monochrome
        #expect(theme.doneTitle == Style(attributes: .italic))
        #expect(theme.header == Style(attributes: .underline))
    }

    @Test("The 256-color theme greys done todos and hints instead of dimming them")
    func richTheme() throws {
        let scenario = try Scenario(["Buy milk"], theme: .rich)
        try scenario.type("xa Next<Enter>")
        #expect(scenario.style(of: "Buy milk", onLine: 2) == Style(foreground: .indexed(244)))
        #expect(scenario.style(of: "open ·", onLine: 7) == Style(foreground: .indexed(242)))
    }

    @Test("Broken lines are counted in the status line, with the key that lists them, and the good lines still apply")
    func brokenLinesInTheApp() throws {
        let configuration = Configuration.parse("bind <C-t> toggle\ncolour done red\ncolor header green\nbind x\nmouse perhaps\n",
                                                path: "/home/me/.config/tick/config")
        let scenario = try Scenario(["Buy milk"], size: Size(width: 90, height: 6), configuration: configuration)
        let message = "3 problems in the config file · ? shows them"
        #expect(scenario.status == message + String(repeating: " ", count: 90 - message.count - 15) + "1 open · 0 done")
        #expect(scenario.style(of: "3 problems", onLine: 5) == Style(foreground: .red, attributes: .bold))
        #expect(scenario.style(of: "Inbox", onLine: 0) == Style(foreground: .green))
        try scenario.type("<C-t>")
        #expect(scenario.screen[1] == "[✓] Buy milk")
    }

    @Test("Help lists every config problem first, each whole with its file and line, wrapped under itself")
    func problemsInHelp() throws {
        let configuration = Configuration.parse("colour done red\nbind x\nmouse perhaps\n", path: "/home/me/.config/tick/config")
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 16), configuration: configuration)
        try scenario.type("?")
        #expect(Array(scenario.screen[0...8]) == [
            "Tick help — ? or Esc closes",
            "Config file: 3 problems (the other lines apply) ───────────",
            "/home/me/.config/tick/config:1: unknown setting \"colour\"",
            "  (settings: bind, unbind, theme, color, mouse, list,",
            "  hide-completed, hide-waiting, wrap, sort, history, sync,",
            "  clipboard, view, remind-alert)",
            "/home/me/.config/tick/config:2: bind wants a key and a",
            "  command, like: bind <C-n> moveDown",
            "/home/me/.config/tick/config:3: mouse wants yes or no",
        ])
        #expect(scenario.screen[9].hasPrefix("Moving around ─"))
    }

    @Test("A single problem that fits is shown whole in the status line; help bound elsewhere, or nowhere, is named", arguments: [
        ("list Someday\n", "config: there is no list named Someday; L creates lists"),
        ("bind <F2> help\nunbind ?\nunbind <F1>\nwhat\n", "1 problem in the config file · F2 shows it"),
        ("unbind ?\nunbind <F1>\nwhat\nmouse perhaps\n", "2 problems in the config file · tick --check-config lists them"),
    ])
    func singleOrUnbound(text: String, message: String) throws {
        let configuration = Configuration.parse(text, path: "/c")
        let scenario = try Scenario(["Buy milk"], size: Size(width: 80, height: 6), configuration: configuration)
        #expect(scenario.app.lastMessage?.text == message)
        #expect(scenario.status.hasPrefix(message))
    }

    @Test("The highlighted row is reverse video in the standard theme, a grey bar in the 256-color theme, reverse again without color",
          arguments: [("standard", Theme.standard), ("rich", Theme.rich), ("monochrome", Theme.rich.monochrome)])
    func highlightLook(name: String, theme: Theme) throws {
        let scenario = try Scenario(["Other"], theme: theme)
        try scenario.type("aSoon @+3d<Enter>")  // added below Other, and highlighted
        let line = scenario.canvas.lines[2]
        let dueColumn = line.distance(from: line.startIndex, to: try #require(line.range(of: "in 3 d")).lowerBound)
        let blank = scenario.size.width - 3  // past the text, before the scroll indicator column
        if name == "rich" {
            // The bar fills the whole row, text and blanks, and colored text keeps its color on it.
            for column in [0, 6, blank] {
                #expect(scenario.canvas[column, 2].style.background == .indexed(237), "column \(column)")
                #expect(!scenario.canvas[column, 2].style.attributes.contains(.reverse), "column \(column)")
            }
            #expect(scenario.canvas[dueColumn, 2].style.foreground == Theme.rich.due.foreground)
            #expect(scenario.canvas[0, 1].style.background == .default)  // the other row is plain
        } else {
            for column in [0, 6, dueColumn, blank] {
                #expect(scenario.canvas[column, 2].style.attributes.contains(.reverse), "column \(column)")
            }
            #expect(!scenario.canvas[0, 1].style.attributes.contains(.reverse))
        }
    }

    @Test("A config file can choose the highlight: a background color, attributes, or both")
    func configuredHighlight() throws {
        let configuration = Configuration.parse("color selection default on blue bold", path: "/c")
        #expect(configuration.problems.isEmpty)
        let scenario = try Scenario(["Buy milk"], theme: Theme.standard.applying(configuration.colors))
        #expect(scenario.canvas[0, 1].style.background == .blue)
        #expect(scenario.canvas[0, 1].style.attributes == .bold)
        #expect(Theme.standard.applying(configuration.colors).monochrome.selection == Style(attributes: .bold))
    }
}
