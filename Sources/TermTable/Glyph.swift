/// One drawable unit of text: a spacing character plus any zero-width marks drawn on it.
///
/// This is exactly what one ncurses `cchar_t` holds, so a canvas of glyphs maps one to
/// one onto the terminal. Control characters never become glyphs: they are replaced by
/// visible placeholders (ESC becomes ␛, C1 controls and bidi overrides become �).
public struct Glyph: Hashable, Sendable {
    /// The code points written to the terminal: safe to print, never a control character.
    public var scalars: GlyphScalars
    /// Columns taken: 1 or 2.
    public var width: Int

    /// Creates a glyph; callers are responsible for `text` being printable.
    public init(text: String, width: Int) {
        scalars = GlyphScalars(text)
        self.width = width
    }

    /// Creates a glyph from its scalars.
    public init(scalars: GlyphScalars, width: Int) {
        self.scalars = scalars
        self.width = width
    }

    /// The text written to the terminal.
    public var text: String { scalars.string }

    /// Whether this is a plain space (where words break).
    public var isSpace: Bool { scalars.isSpace }

    /// A blank, one-column glyph.
    public static let space = Glyph(text: " ", width: 1)
    /// The ellipsis that ends truncated text.
    public static let ellipsis = Glyph(text: "…", width: 1)


    /// The visible stand-in for a character that must not reach the terminal.
    static func placeholder(for scalar: Unicode.Scalar) -> Glyph {
        let value = scalar.value
        if value < 0x20 {
            return Glyph(text: String(Unicode.Scalar(0x2400 + value)!), width: 1)
        }
        if value == 0x7F {
            return Glyph(text: "\u{2421}", width: 1)
        }
        return Glyph(text: "\u{FFFD}", width: 1)
    }
}

/// The glyphs of a string, produced lazily so a 1 MB title costs only what is drawn.
public struct GlyphSequence<S: StringProtocol>: Sequence {
    private let text: S

    /// Splits `text` into glyphs.
    public init(_ text: S) { self.text = text }

    /// An iterator over the glyphs.
    public func makeIterator() -> Iterator { Iterator(text.unicodeScalars.makeIterator()) }

    /// Walks the scalars, gathering zero-width marks onto the glyph before them.
    public struct Iterator: IteratorProtocol {
        private var scalars: S.UnicodeScalarView.Iterator
        private var pending: Unicode.Scalar?

        init(_ scalars: S.UnicodeScalarView.Iterator) { self.scalars = scalars }

        /// The next glyph with its zero-width marks, or nil at the end.
        public mutating func next() -> Glyph? {
            while true {
                guard let scalar = pending ?? scalars.next() else { return nil }
                pending = nil
                let kind = DisplayWidth.kind(of: scalar)
                switch kind {
                case .zeroWidth:
                    continue  // a mark with nothing before it to sit on
                case .unprintable:
                    skipMarks()
                    return Glyph.placeholder(for: scalar)
                case .narrow, .wide:
                    var glyph = GlyphScalars(scalar)
                    while let next = scalars.next() {
                        if DisplayWidth.kind(of: next) == .zeroWidth {
                            glyph.append(next)  // marks beyond what a cell holds are dropped
                        } else {
                            pending = next
                            break
                        }
                    }
                    return Glyph(scalars: glyph, width: kind == .wide ? 2 : 1)
                }
            }
        }

        private mutating func skipMarks() {
            while let next = scalars.next() {
                if DisplayWidth.kind(of: next) != .zeroWidth {
                    pending = next
                    return
                }
            }
        }
    }
}
