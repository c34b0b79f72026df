import Testing
@testable import TermTable

/// `DisplayWidth.of(_:)` for whole strings adds up code points' widths; it must agree with the
/// glyphs the canvas draws (`GlyphSequence`), marks, placeholders and wide characters included.
@Suite("A string's display width")
struct DisplayWidthTests {
    static let samples = [
        "", "plain ASCII", "3 open · 1 done", "买牛奶 milk", "e\u{301}cole", "\u{301}\u{301}x at the start",
        "👍🏽 and ❤️", "🇯🇵", "tab\there", "bell\u{7}\u{301}", "\u{7F}del", "bidi \u{202E}reversed\u{202C}",
        "zwj 👩\u{200D}💻", "C1 \u{85} control", "\u{FE0F}", "x\u{FE0F}\u{20E3}",
    ]

    @Test("a string is as wide as the glyphs drawn for it, marks, controls and wide characters included")
    func widthIsTheGlyphsWidth() {
        for text in Self.samples {
            let glyphs = GlyphSequence(text).reduce(0) { $0 + $1.width }
            #expect(DisplayWidth.of(text) == glyphs, "\(text.debugDescription)")
            #expect(DisplayWidth.of(text.dropFirst()) == GlyphSequence(text.dropFirst()).reduce(0) { $0 + $1.width },
                    "\(text.debugDescription) without its first character")
        }
    }

    @Test("known widths: a mark adds nothing, a control is one placeholder column, CJK takes two")
    func knownWidths() {
        #expect(DisplayWidth.of("e\u{301}cole") == 5)
        #expect(DisplayWidth.of("\u{301}x") == 1)
        #expect(DisplayWidth.of("a\u{7}b") == 3)
        #expect(DisplayWidth.of("买牛奶") == 6)
        #expect(DisplayWidth.of("799989 open · 200011 done") == 25)
    }
}
