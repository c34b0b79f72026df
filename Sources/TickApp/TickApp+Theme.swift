import TermTable

extension TickApp {
    /// Draws with the theme `name` on a terminal with `colors`, the config file's `color` lines
    /// over it; without color (`NO_COLOR`, a monochrome terminal) only attributes remain.
    public func useTheme(_ name: ThemeName, on colors: ThemeColors) {
        themeName = name
        themeColors = colors
        let themed = Theme.named(name, for: colors).applying(colorChanges)
        theme = colors == .monochrome ? themed.monochrome : themed
    }

    /// `T`: the next theme, for this session; the message says how to keep it.
    func cycleTheme() {
        guard themeColors != .monochrome else {
            say(.info("No colors here (NO_COLOR is set or the terminal has none): every theme looks the same"))
            return
        }
        useTheme(themeName.next, on: themeColors)
        say(.info("Theme: \(themeName.rawValue) · theme \(themeName.rawValue) in the config file keeps it"
                             + list.keys.offer(.cycleTheme, "tries the next")))
    }
}
