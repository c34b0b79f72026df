import TermTable

/// The colors a theme may use, as the terminal reported them (the run loop decides from
/// `Terminal`'s `ColorCapability`; key scripts and tests draw with `.ansi`).
public enum ThemeColors: Sendable, Equatable {
    /// None: attributes only (`NO_COLOR`, a monochrome terminal).
    case monochrome
    /// The 8 or 16 ANSI colors.
    case ansi
    /// The 256-color palette.
    case palette256
}

/// The named looks a config line (`theme light`) chooses and `T` cycles through.
public enum ThemeName: String, CaseIterable, Sendable {
    /// Tick's default, for dark terminal backgrounds: greys and a dark grey bar for the selected row
    /// where the terminal has 256 colors, the 8 ANSI colors elsewhere.
    case dark
    /// For light terminal backgrounds: darker greys, a light grey bar for the selected row, and no
    /// yellow text (unreadable on white).
    case light
    /// No dim text anywhere, bright colors, bold where meaning matters, reverse video for the
    /// selected row: for low vision, bright rooms and projectors.
    case highContrast = "high-contrast"
    /// The 8 ANSI colors and attributes only, even on a 256-color terminal: the terminal's own
    /// palette decides every color.
    case basic = "16-color"

    /// The theme after this one, as `T` cycles.
    public var next: ThemeName {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

extension Theme {
    /// The theme called `name` for a terminal with `colors`: the 256-color version of the dark and
    /// light themes where the terminal has 256 colors. On a terminal without color the caller applies
    /// the config file's colors and then takes `monochrome` (as `TickApp.useTheme(_:on:)` does).
    public static func named(_ name: ThemeName, for colors: ThemeColors) -> Theme {
        let rich = colors == .palette256
        switch name {
        case .dark: return rich ? .rich : .standard
        case .light: return rich ? .lightRich : .light
        case .highContrast: return .highContrast
        case .basic: return .standard
        }
    }

    /// The light theme in the 8 ANSI colors: blue and magenta instead of cyan and yellow, which
    /// wash out on white; reverse video for the selected row (it follows the terminal's own colors).
    public static let light: Theme = {
        var theme = Theme()
        theme.check = Style(foreground: .green, attributes: .bold)
        theme.flag = Style(foreground: .magenta, attributes: .bold)
        theme.due = Style(foreground: .blue)
        theme.dueToday = Style(foreground: .magenta, attributes: .bold)
        theme.match = Style(foreground: .black, background: .yellow)
        return theme
    }()

    /// The light theme with 256 colors: mid greys that stay readable on white, and a light grey bar
    /// for the selected row under the terminal's dark text.
    public static let lightRich: Theme = {
        var theme = Theme.light
        theme.doneTitle = Style(foreground: .indexed(245))
        theme.hint = Style(foreground: .indexed(243))
        theme.emptyState = Style(foreground: .indexed(245))
        theme.notes = Style(foreground: .indexed(245))
        theme.tag = Style(foreground: .indexed(243))
        theme.check = Style(foreground: .indexed(28), attributes: .bold)
        theme.flag = Style(foreground: .indexed(130), attributes: .bold)
        theme.due = Style(foreground: .indexed(25))
        theme.dueToday = Style(foreground: .indexed(130), attributes: .bold)
        theme.overdue = Style(foreground: .indexed(160), attributes: .bold)
        theme.priority = Style(foreground: .indexed(160), attributes: .bold)
        theme.match = Style(foreground: .indexed(16), background: .indexed(222))
        theme.selection = Style(background: .indexed(253))
        return theme
    }()

    /// Bright colors and bold, nothing dimmed; the selected row in reverse video and bold.
    public static let highContrast: Theme = {
        var theme = Theme()
        theme.title = Style.plain
        // Not dimmed: the ✓ in the box says it is done.
        theme.doneTitle = Style.plain
        theme.check = Style(foreground: .indexed(10), attributes: .bold)
        theme.error = Style(foreground: .indexed(15), background: .indexed(1), attributes: .bold)
        theme.hint = Style.plain
        theme.promptLabel = Style(attributes: [.bold, .underline])
        theme.emptyState = Style.plain
        theme.priority = Style(foreground: .indexed(9), attributes: .bold)
        theme.flag = Style(foreground: .indexed(11), attributes: .bold)
        theme.notes = Style(attributes: .bold)
        theme.tag = Style(foreground: .indexed(14))
        theme.due = Style(foreground: .indexed(14), attributes: .bold)
        theme.dueToday = Style(foreground: .indexed(11), attributes: [.bold, .underline])
        theme.overdue = Style(foreground: .indexed(9), attributes: [.bold, .underline])
        theme.match = Style(foreground: .indexed(0), background: .indexed(11), attributes: .bold)
        theme.header = Style(attributes: [.bold, .underline])
        theme.selection = Style(attributes: [.reverse, .bold])
        return theme
    }()
}
