import Testing
@testable import TermTable

/// Drawing a line of text: plain ASCII takes a fast path and other text is drawn glyph by glyph
/// with the "…" decided one glyph late; both must put exactly the cells a straightforward
/// gather-then-truncate drawing puts, over any previous content.
@Suite("Canvas: drawing a line of text")
struct CanvasDrawingTests {
    /// The straightforward drawing: gather every glyph that fits, then make room for "…".
    private static func reference(_ text: String, on canvas: inout Canvas, at point: Point, style: Style,
                                  maxWidth: Int?, truncation: Truncation) -> Int {
        guard point.y >= 0, point.y < canvas.height, point.x < canvas.width else { return 0 }
        let available = min(maxWidth ?? (canvas.width - point.x), canvas.width - point.x)
        guard available > 0 else { return 0 }
        var line: [Glyph] = [], used = 0, overflow: Glyph?
        for glyph in GlyphSequence(text) {
            if used + glyph.width > available { overflow = glyph; break }
            line.append(glyph)
            used += glyph.width
        }
        if overflow != nil {
            if truncation == .ellipsis {
                while used + 1 > available, let last = line.popLast() { used -= last.width }
                line.append(.ellipsis)
                used += 1
            } else if used < available {
                line.append(.space)
                used += 1
            }
        }
        var x = point.x
        for glyph in line {
            if x >= 0 { canvas.put(glyph, x: x, y: point.y, style: style) }
            x += glyph.width
        }
        return used
    }

    /// A canvas whose line 0 holds wide glyphs, so a draw that starts or ends inside one must blank its other half.
    private static func background() -> Canvas {
        var canvas = Canvas(width: 12, height: 2)
        canvas.draw("漢字漢字漢字", at: Point(x: 0, y: 0), style: Style(foreground: .red))
        canvas.draw("ab漢字cd", at: Point(x: 1, y: 1))
        return canvas
    }

    static let texts = ["", "a", "abc", "hello world", "exactly10c", "exactly11ch", "a\u{301}bc", "漢字 and more",
                        "ab漢", "a\u{7}b", "tab\there", "e\u{301}\u{302}", "🛂 passport", "x漢"]

    @Test("Plain strings and styled text draw what gather-then-truncate draws, for every width, start and truncation",
          arguments: texts)
    func matchesReference(text: String) {
        let style = Style(foreground: .green)
        for truncation in [Truncation.clip, .ellipsis] {
            for maxWidth in [nil, 0, 1, 2, 3, 5, 10, 11] as [Int?] {
                for (x, y) in [(0, 0), (1, 0), (3, 0), (1, 1), (11, 0), (-1, 0)] {
                    var expected = Self.background(), plain = Self.background(), styled = Self.background()
                    let point = Point(x: x, y: y)
                    let usedExpected = Self.reference(text, on: &expected, at: point, style: style, maxWidth: maxWidth, truncation: truncation)
                    let usedPlain = plain.draw(text, at: point, style: style, maxWidth: maxWidth, truncation: truncation)
                    let usedStyled = styled.draw(StyledText(text, style: style), at: point, maxWidth: maxWidth, truncation: truncation)
                    let context = "\(text.debugDescription) at \(x),\(y) in \(maxWidth.map(String.init) ?? "all") \(truncation)"
                    #expect(plain == expected, "plain \(context)")
                    #expect(styled == expected, "styled \(context)")
                    #expect(usedPlain == usedExpected, "plain width \(context)")
                    #expect(usedStyled == usedExpected, "styled width \(context)")
                }
            }
        }
    }

    @Test("A truncated line's “…” takes the style of the last glyph shown")
    func ellipsisStyle() {
        var canvas = Canvas(width: 6, height: 1)
        var text = StyledText("abc", style: Style(foreground: .red))
        text.append("defgh", style: Style(foreground: .blue))
        canvas.draw(text, at: Point(x: 0, y: 0), truncation: .ellipsis)
        #expect(canvas.line(0) == "abcde…")
        #expect(canvas[5, 0].style == Style(foreground: .blue))
    }
}
