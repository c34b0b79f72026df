import Testing
import TermTable
@testable import TickApp

/// Issue 33 point 4: named themes (`theme light` in the config file, `T` to try the next), a
/// selected row readable on a light terminal, and colors still off under `NO_COLOR`.
@Suite("Named themes")
struct NamedThemeTests {
    /// Every style of a theme, by the config file's element name.
    static func styles(of theme: Theme) -> [(String, Style)] {
        ThemeAndConfigScenarioTests.elements.map { ($0.key, theme[keyPath: $0.value]) }.sorted { $0.0 < $1.0 }
    }

    @Test("A theme line in the config file chooses the theme by name", arguments: ThemeName.allCases)
    func configChoosesTheTheme(name: ThemeName) {
        let configuration = Configuration.parse("theme \(name.rawValue.uppercased())", path: "/c")
        #expect(configuration.problems.isEmpty)
        #expect(configuration.themeName == name)
    }

    @Test("An unknown theme is a problem naming the themes there are, and the default stays")
    func unknownThemeIsReported() {
        let configuration = Configuration.parse("theme solarized", path: "/c")
        #expect(configuration.themeName == .dark)
        #expect(configuration.problems == ["/c:1: theme wants one of: dark, light, high-contrast, 16-color"])
    }

    @Test("On a 256-color terminal the light theme puts a light grey bar under the selected row and the dark theme a dark one")
    func selectionBarFitsTheBackground() {
        #expect(Theme.named(.light, for: .palette256).selection == Style(background: .indexed(253)))
        #expect(Theme.named(.dark, for: .palette256).selection == Style(background: .indexed(237)))
        // With fewer colors both follow the terminal's own colors: reverse video.
        #expect(Theme.named(.light, for: .ansi).selection == Style(attributes: .reverse))
    }

    @Test("The light theme writes no yellow or cyan text, which washes out on white", arguments: [ThemeColors.ansi, .palette256])
    func lightThemeAvoidsPaleColors(capability: ThemeColors) {
        for (name, style) in Self.styles(of: Theme.named(.light, for: capability)) where style.foreground != .default {
            #expect(![Color.yellow, .cyan, .brightYellow, .brightCyan, .white, .brightWhite].contains(style.foreground), "\(name)")
        }
    }

    @Test("The high-contrast theme dims nothing and marks the selected row with reverse video and bold")
    func highContrastDimsNothing() {
        let theme = Theme.named(.highContrast, for: .palette256)
        for (name, style) in Self.styles(of: theme) { #expect(!style.attributes.contains(.dim), "\(name)") }
        #expect(theme.selection.attributes == [.reverse, .bold])
    }

    @Test("The 16-color theme keeps to the terminal's own palette even where 256 colors are there")
    func basicThemeKeepsToSixteenColors() {
        let theme = Theme.named(.basic, for: .palette256)
        #expect(theme == .standard)
        for (name, style) in Self.styles(of: theme) {
            #expect(style.foreground.index < 16 && style.background.index < 16, "\(name)")
        }
    }

    @Test("T tries each theme in turn and comes back to the first, saying how to keep the one shown")
    func keyCyclesThemes() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 100, height: 8))
        scenario.app.useTheme(.dark, on: .palette256)
        var seen: [ThemeName] = []
        for _ in ThemeName.allCases {
            try scenario.type("T")
            seen.append(scenario.app.themeName)
            #expect(scenario.app.theme == Theme.named(scenario.app.themeName, for: .palette256))
            #expect(scenario.status.hasPrefix("Theme: \(scenario.app.themeName.rawValue) · theme \(scenario.app.themeName.rawValue) in the config file keeps it"),
                    "\(scenario.status)")
        }
        #expect(seen == [.light, .highContrast, .basic, .dark])
        // The selected row is drawn with the theme in use.
        try scenario.type("T")
        #expect(scenario.canvas[0, 1].style.background == .indexed(253))
    }

    @Test("Color lines of the config file stay over every theme T shows")
    func configColorsStayOverEveryTheme() throws {
        let configuration = Configuration.parse("color header magenta bold", path: "/c")
        let scenario = try Scenario(["Buy milk"], configuration: configuration)
        scenario.app.useTheme(configuration.themeName, on: .palette256)
        for _ in ThemeName.allCases {
            try scenario.type("T")
            #expect(scenario.style(of: "Inbox", onLine: 0) == Style(foreground: .magenta, attributes: .bold))
        }
    }

    @Test("Without colors (NO_COLOR) T changes nothing and says why")
    func noColorsNoThemes() throws {
        let scenario = try Scenario(["Buy milk"], configuration: Configuration.parse("theme light", path: "/c"))
        scenario.app.useTheme(.light, on: .monochrome)
        let before = scenario.app.theme
        #expect(before == Theme.light.monochrome)
        try scenario.type("T")
        #expect(scenario.app.theme == before)
        #expect(scenario.status.hasPrefix("No colors here"))
    }

    @Test("A rebound theme key is the one the message offers")
    func reboundKeyIsOffered() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 100, height: 8),
                                    configuration: Configuration.parse("unbind T\nbind <C-t> cycleTheme", path: "/c"))
        try scenario.type("T")
        #expect(scenario.app.themeName == .dark)
        try scenario.type("<C-t>")
        #expect(scenario.app.themeName == .light)
        #expect(scenario.status.contains("· Ctrl-t tries the next"), "\(scenario.status)")
    }
}
