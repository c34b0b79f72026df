import TermTable

/// How much color the session draws with, decided once at start-up.
public enum ColorCapability: Sendable, Equatable, CustomStringConvertible {
    /// No color: attributes only (a monochrome terminal, `NO_COLOR`, or colors turned off).
    case monochrome
    /// The 8 ANSI colors; bright foregrounds become the base color plus bold.
    case ansi8
    /// The 16 ANSI colors; palette colors above 15 become the nearest of them.
    case ansi16
    /// The 256-color palette.
    case palette256

    /// The capability for a terminal reporting `colorCount` colors, given the user's preference and
    /// the `NO_COLOR` variable (any non-empty value turns color off unless colors were asked for).
    public static func decide(
        terminalHasColors: Bool,
        colorCount: Int,
        preference: ColorPreference,
        noColor: String?
    ) -> ColorCapability {
        switch preference {
        case .disabled: return .monochrome
        case .automatic: if let noColor, !noColor.isEmpty { return .monochrome }
        case .enabled: break
        }
        guard terminalHasColors else { return .monochrome }
        switch colorCount {
        case 256...: return .palette256
        case 16..<256: return .ansi16
        case 8..<16: return .ansi8
        default: return .monochrome
        }
    }

    /// A short name for `--stats` and logs.
    public var description: String {
        switch self {
        case .monochrome: return "monochrome"
        case .ansi8: return "8 colors"
        case .ansi16: return "16 colors"
        case .palette256: return "256 colors"
        }
    }
}

/// A style reduced to what the terminal can show: palette indices (-1 = default) and attributes.
public struct TerminalLook: Hashable, Sendable {
    /// Foreground palette index, -1 for the terminal's default.
    public var foreground: Int16
    /// Background palette index, -1 for the terminal's default.
    public var background: Int16
    /// Attributes to set, including bold added for bright colors on 8-color terminals.
    public var attributes: TextAttributes

    /// Creates a look.
    public init(foreground: Int16, background: Int16, attributes: TextAttributes) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// Whether the look needs a color pair other than the default one.
    public var usesColor: Bool { foreground >= 0 || background >= 0 }
}

extension ColorCapability {
    /// Reduces a style to this capability.
    public func look(for style: Style) -> TerminalLook {
        var attributes = style.attributes
        switch self {
        case .monochrome:
            return TerminalLook(foreground: -1, background: -1, attributes: attributes)
        case .palette256:
            return TerminalLook(foreground: style.foreground.index, background: style.background.index, attributes: attributes)
        case .ansi16:
            return TerminalLook(
                foreground: Self.nearestANSI(style.foreground.index),
                background: Self.nearestANSI(style.background.index),
                attributes: attributes)
        case .ansi8:
            var foreground = Self.nearestANSI(style.foreground.index)
            if foreground >= 8 {
                // Bold is how 8-color terminals have always shown the bright half of the palette.
                foreground -= 8
                attributes.insert(.bold)
            }
            var background = Self.nearestANSI(style.background.index)
            if background >= 8 { background -= 8 }
            return TerminalLook(foreground: foreground, background: background, attributes: attributes)
        }
    }

    /// The nearest of the 16 ANSI colors to a palette index (by xterm's default RGB values).
    public static func nearestANSI(_ index: Int16) -> Int16 {
        guard index >= 16 else { return index }
        let target = rgb(ofPaletteIndex: Int(index))
        var best: Int16 = 0
        var bestDistance = Int.max
        for candidate in 0..<16 {
            let color = ansiRGB[candidate]
            let distance = (0..<3).reduce(0) { $0 + (color[$1] - target[$1]) * (color[$1] - target[$1]) }
            if distance < bestDistance {
                bestDistance = distance
                best = Int16(candidate)
            }
        }
        return best
    }

    /// xterm's default RGB for the 16 ANSI colors.
    static let ansiRGB: [[Int]] = [
        [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
        [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
    ]

    /// RGB of a 256-palette entry above 15: the 6×6×6 cube, then the 24-step gray ramp.
    static func rgb(ofPaletteIndex index: Int) -> [Int] {
        if index >= 232 {
            let level = 8 + 10 * (index - 232)
            return [level, level, level]
        }
        let levels = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return [levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6]]
    }
}
