/// Breaking text into lines of a given display width.
///
/// Words break at spaces; CJK and other wide characters may break anywhere, as in
/// East Asian typography; a single word longer than the line is split.
public enum TextWrapping {
    /// The lines of `text` wrapped to `width` columns (at least one line, possibly empty).
    ///
    /// Newlines end a line when `keepsLineBreaks` is true; otherwise they are shown as placeholders.
    public static func wrap(_ text: StyledText, width: Int, keepsLineBreaks: Bool = false) -> [[StyledGlyph]] {
        guard width > 0 else { return [[]] }
        if keepsLineBreaks {
            return paragraphs(of: text).flatMap { wrapParagraph($0.styledGlyphs, width: width) }
        }
        return wrapParagraph(text.styledGlyphs, width: width)
    }

    /// How many lines `text` takes at `width` columns.
    public static func lineCount(_ text: StyledText, width: Int, keepsLineBreaks: Bool = false) -> Int {
        wrap(text, width: width, keepsLineBreaks: keepsLineBreaks).count
    }

    private static func paragraphs(of text: StyledText) -> [StyledText] {
        var result: [StyledText] = [StyledText()]
        for span in text.spans {
            let parts = span.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index > 0 { result.append(StyledText()) }
                if !part.isEmpty { result[result.count - 1].append(String(part), style: span.style) }
            }
        }
        return result
    }

    private static func wrapParagraph(_ glyphs: StyledGlyphSequence, width: Int) -> [[StyledGlyph]] {
        var lines: [[StyledGlyph]] = []
        var line: [StyledGlyph] = []
        var lineWidth = 0
        // Index in `line` after which a break may happen, and whether it is a space to drop.
        var breakIndex: Int?

        for glyph in glyphs {
            let isSpace = glyph.glyph.isSpace
            if line.isEmpty, isSpace, !lines.isEmpty { continue }  // a wrapped line does not start with a space
            if lineWidth + glyph.glyph.width > width {
                if isSpace {
                    lines.append(trimmed(line))
                    line = []
                    lineWidth = 0
                    breakIndex = nil
                    continue
                }
                // Breaking after nothing but leading spaces would leave an empty line and gain no room.
                if let cut = breakIndex, cut > 0, line[..<cut].contains(where: { !$0.glyph.isSpace }) {
                    let carried = Array(line[cut...])
                    lines.append(trimmed(Array(line[..<cut])))
                    line = Array(carried.drop(while: { $0.glyph.isSpace }))
                } else {
                    lines.append(line)
                    line = []
                }
                lineWidth = line.reduce(0) { $0 + $1.glyph.width }
                breakIndex = nil
            }
            if glyph.glyph.width == 2, !line.isEmpty { breakIndex = line.count }
            line.append(glyph)
            lineWidth += glyph.glyph.width
            if isSpace || glyph.glyph.width == 2 { breakIndex = line.count }
        }
        // A space that overflowed ended the last line already: it must not add an empty one.
        if !line.isEmpty || lines.isEmpty { lines.append(trimmed(line)) }
        return lines
    }

    private static func trimmed(_ line: [StyledGlyph]) -> [StyledGlyph] {
        var line = line
        while line.last?.glyph.isSpace == true { line.removeLast() }
        return line
    }
}
