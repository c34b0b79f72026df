import TermTable
import TodoStore

/// Titles that wrap (`W`, `wrap yes`): the row grows to fit its title, at most `maximumTitleLines`
/// lines, the last of them ending in "…" when the title needs more. The title wraps at spaces (CJK
/// anywhere, never inside a grapheme) within its own column, so every line starts under the first;
/// the due date and the ✎ end the last line, the box, priority and flag stay on the first.
extension TodoCell {
    /// The most lines a wrapped title takes; what does not fit ends in "…".
    static let maximumTitleLines = 3

    /// The lines the title takes when it wraps (1 when it does not, or when the todo cannot be read),
    /// measured exactly as `draw(in:)` lays it out.
    func wrappedHeight(width: Int) -> Int {
        guard wrapsTitle, let item else { return 1 }
        let place = titlePlace(for: item, from: titleStart(for: item, width: width), width: width)
        return min(Self.maximumTitleLines, Self.wrappedTitle(item.title, columns: place.columns, style: .plain).lines.count)
    }

    /// A title broken into lines of `columns` columns: all of them up to one past `maximumTitleLines`
    /// (which is enough to know the title is cut); `isTruncated` says more of the title followed.
    ///
    /// Only a prefix is wrapped: a line holds at most `columns` glyphs of one column or more, so four
    /// lines' worth decides the first three, and a 1 MB title costs what a short one does.
    static func wrappedTitle(_ title: String, columns: Int, style: Style) -> (lines: [[StyledGlyph]], isTruncated: Bool) {
        guard columns > 0 else { return ([[]], false) }
        let prefix = title.prefix((maximumTitleLines + 1) * columns + 1)
        let lines = TextWrapping.wrap(StyledText(String(prefix), style: style), width: columns)
        return (lines, prefix.endIndex != title.endIndex)
    }

    /// Draws the title over as many lines as the cell has (its measured height, at most
    /// `maximumTitleLines`), with the search matches highlighted line by line and the ✎ after the last
    /// line; returns the lines drawn and the column after the last line's text (where the tags go).
    func drawWrappedTitle(of item: TodoItem, in place: TitlePlace, canvas: inout Canvas) -> (lines: Int, end: Int) {
        let base = item.isDone ? theme.doneTitle : theme.title
        let wrapped = Self.wrappedTitle(item.title, columns: place.columns, style: base)
        // A row laid out with fewer lines than its title needs (not measured yet) cuts the title at its last line.
        let shown = max(1, min(wrapped.lines.count, canvas.height, Self.maximumTitleLines))
        var used = 0
        for index in 0..<shown {
            var glyphs = wrapped.lines[index]
            if index == shown - 1, wrapped.lines.count > shown || wrapped.isTruncated {
                // The rest of the title follows on the same line, so the canvas fills it and ends it in "…".
                for rest in wrapped.lines[shown...] {
                    glyphs.append(StyledGlyph(.space, style: base))
                    glyphs.append(contentsOf: rest)
                }
                // Only a title whose wrapped prefix takes no room (zero-width characters) gets here
                // without overflowing: one "…" after it still says the title goes on.
                if wrapped.isTruncated { glyphs.append(StyledGlyph(.ellipsis, style: base)) }
            }
            let origin = Point(x: place.x, y: index)
            used = canvas.draw(glyphs: glyphs, at: origin, maxWidth: place.columns, truncation: .ellipsis)
            markMatches(in: glyphs.map(\.glyph.text).joined(), at: origin, columns: place.columns, canvas: &canvas)
        }
        var end = place.x + used
        if place.marksNotes { end += canvas.draw(Self.notesMarker, at: Point(x: end, y: shown - 1), style: theme.notes) }
        return (shown, end)
    }
}
