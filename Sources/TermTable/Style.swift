/// A terminal color: the terminal's default, one of the 16 ANSI colors, or a 256-color palette index.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The palette index, or -1 for the terminal's default color.
    public let index: Int16

    /// A palette index (0–255); 0–7 are the ANSI colors, 8–15 their bright forms.
    public static func indexed(_ index: UInt8) -> Color { Color(index: Int16(index)) }

    /// The terminal's own foreground or background color.
    public static let `default` = Color(index: -1)
    public static let black = Color(index: 0)
    public static let red = Color(index: 1)
    public static let green = Color(index: 2)
    public static let yellow = Color(index: 3)
    public static let blue = Color(index: 4)
    public static let magenta = Color(index: 5)
    public static let cyan = Color(index: 6)
    public static let white = Color(index: 7)
    public static let brightBlack = Color(index: 8)
    public static let brightRed = Color(index: 9)
    public static let brightGreen = Color(index: 10)
    public static let brightYellow = Color(index: 11)
    public static let brightBlue = Color(index: 12)
    public static let brightMagenta = Color(index: 13)
    public static let brightCyan = Color(index: 14)
    public static let brightWhite = Color(index: 15)

    /// Whether this is the terminal's default color.
    public var isDefault: Bool { index < 0 }

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
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let underline = TextAttributes(rawValue: 1 << 2)
    public static let reverse = TextAttributes(rawValue: 1 << 3)
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
