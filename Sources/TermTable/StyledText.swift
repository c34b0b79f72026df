/// Text made of runs that each carry a style: what a cell or a status line draws.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A run of text in one style.
    public struct Span: Hashable, Sendable {
        /// The characters of the run (may contain anything; drawing makes it safe).
        public var text: String
        /// How the run looks.
        public var style: Style
        /// Creates a run.
        public init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, in order.
    public var spans: [Span]

    /// Creates styled text from runs.
    public init(_ spans: [Span] = []) { self.spans = spans }

    /// Creates text in a single style.
    public init(_ text: String, style: Style = .plain) { spans = [Span(text, style: style)] }

    /// Plain text from a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// The characters without styles.
    public var plainText: String { spans.map(\.text).joined() }
    /// The text without its styles.
    public var description: String { plainText }

    /// Whether the characters without styles are exactly `text`; one span (the usual case) is
    /// compared without building the joined string.
    public func hasPlainText(_ text: String) -> Bool {
        switch spans.count {
        case 0: return text.isEmpty
        case 1: return spans[0].text == text
        default: return plainText == text
        }
    }

    /// Whether there is no text at all.
    public var isEmpty: Bool { spans.allSatisfy(\.text.isEmpty) }

    /// Columns the text takes when drawn on one line.
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// Appends a run.
    public mutating func append(_ text: String, style: Style = .plain) {
        spans.append(Span(text, style: style))
    }

    /// Appends other styled text.
    public mutating func append(_ other: StyledText) { spans.append(contentsOf: other.spans) }

    /// Joins two styled texts.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The text as safe glyphs, each with its style, produced lazily.
    public var styledGlyphs: StyledGlyphSequence { StyledGlyphSequence(spans: spans) }
}

/// A glyph and the style it is drawn in.
public struct StyledGlyph: Hashable, Sendable {
    /// What is drawn.
    public var glyph: Glyph
    /// How it looks.
    public var style: Style
    /// Creates a styled glyph.
    public init(_ glyph: Glyph, style: Style) {
        self.glyph = glyph
        self.style = style
    }
}

/// The glyphs of styled text in order, produced lazily.
public struct StyledGlyphSequence: Sequence {
    let spans: [StyledText.Span]

    /// An iterator over the styled glyphs.
    public func makeIterator() -> Iterator { Iterator(spans: spans) }

    /// Walks each run's glyphs in turn.
    public struct Iterator: IteratorProtocol {
        private let spans: [StyledText.Span]
        private var index = 0
        private var glyphs: GlyphSequence<String>.Iterator?

        init(spans: [StyledText.Span]) { self.spans = spans }

        /// The next glyph with the style of its span, or nil at the end.
        public mutating func next() -> StyledGlyph? {
            while index < spans.count {
                if glyphs == nil { glyphs = GlyphSequence(spans[index].text).makeIterator() }
                if let glyph = glyphs!.next() { return StyledGlyph(glyph, style: spans[index].style) }
                glyphs = nil
                index += 1
            }
            return nil
        }
    }
}
