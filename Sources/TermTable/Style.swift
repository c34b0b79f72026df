/// A terminal color: the terminal's default, one of the 16 ANSI colors, or a 256-color palette index.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The palette index, or -1 for the terminal's default color.
    public let index: Int16

    /// A palette index (0–255); 0–7 are the ANSI colors, 8–15 their bright forms.
    public static func indexed(_ index: UInt8) -> Color { Color(index: Int16(index)) }

    /// The terminal's own foreground or background color.
    public static let `default` = Color(index: -1)
    /// ANSI color 0: black.
    public static let black = Color(index: 0)
    /// ANSI color 1: red.
    public static let red = Color(index: 1)
    /// ANSI color 2: green.
    public static let green = Color(index: 2)
    /// ANSI color 3: yellow.
    public static let yellow = Color(index: 3)
    /// ANSI color 4: blue.
    public static let blue = Color(index: 4)
    /// ANSI color 5: magenta.
    public static let magenta = Color(index: 5)
    /// ANSI color 6: cyan.
    public static let cyan = Color(index: 6)
    /// ANSI color 7: white.
    public static let white = Color(index: 7)
    /// ANSI color 8: bright black.
    public static let brightBlack = Color(index: 8)
    /// ANSI color 9: bright red.
    public static let brightRed = Color(index: 9)
    /// ANSI color 10: bright green.
    public static let brightGreen = Color(index: 10)
    /// ANSI color 11: bright yellow.
    public static let brightYellow = Color(index: 11)
    /// ANSI color 12: bright blue.
    public static let brightBlue = Color(index: 12)
    /// ANSI color 13: bright magenta.
    public static let brightMagenta = Color(index: 13)
    /// ANSI color 14: bright cyan.
    public static let brightCyan = Color(index: 14)
    /// ANSI color 15: bright white.
    public static let brightWhite = Color(index: 15)

    /// Whether this is the terminal's default color.
    public var isDefault: Bool { index < 0 }

    /// The color's name ("red", "brightBlue", "color208"), for test failures.
    public var description: String {
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        switch index {
        case ..<0: return "default"
        case 0..<8: return names[Int(index)]
        case 8..<16: return "bright" + names[Int(index) - 8].capitalized
        default: return "color\(index)"
        }
    }
}

private extension String {
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}

/// Text attributes a terminal can render (bold, dim, underline, reverse video, italic).
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// One bit per attribute.
    public let rawValue: UInt8
    /// Attributes from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Faint text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 2)
    /// Foreground and background swapped: the default look of the selected row.
    public static let reverse = TextAttributes(rawValue: 1 << 3)
    /// Italic text, where the terminal has it.
    public static let italic = TextAttributes(rawValue: 1 << 4)
}

/// How a piece of text looks: colors and attributes.
public struct Style: Hashable, Sendable {
    /// The text color.
    public var foreground: Color
    /// The background color.
    public var background: Color
    /// Bold, dim, underline and so on.
    public var attributes: TextAttributes

    /// Creates a style; every part defaults to the terminal's plain look.
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with more attributes added.
    public func adding(_ extra: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    /// This style with another foreground color.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with another background color.
    public func background(_ color: Color) -> Style {
        var copy = self
        copy.background = color
        return copy
    }
}
