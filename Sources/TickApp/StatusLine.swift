import TermTable

/// The bottom line: the last message at the left, the counts at the right.
struct StatusLine: Equatable {
    var message: StatusMessage?
    /// Nil while the store cannot be read: "0 open · 0 done" would say it is empty.
    var counts: (open: Int, done: Int)?
    var theme: Theme
    var readOnly: Bool
    /// The sync state after the counts ("✓ synced 14:02"); nil without sync.
    var sync: SyncIndicator? = nil
    /// What the line says without a message ("a add · x done · d delete · ? help", with the keys in effect).
    var hint = KeyNames().idleHint

    /// The sync state in words, with a shorter form for when the full one does not fit.
    struct SyncIndicator: Equatable {
        var full: String
        var short: String
    }

    static func == (lhs: StatusLine, rhs: StatusLine) -> Bool {
        lhs.message == rhs.message && lhs.sync == rhs.sync && lhs.hint == rhs.hint && lhs.counts?.open == rhs.counts?.open && lhs.counts?.done == rhs.counts?.done
            && (lhs.counts == nil) == (rhs.counts == nil) && lhs.readOnly == rhs.readOnly && lhs.theme == rhs.theme
    }

    /// The counts at the right ("3 open · 1 done"), or nothing while the store cannot be read.
    private var countsText: String {
        counts.map { "\($0.open) open · \($0.done) done" + (readOnly ? " · read-only" : "") } ?? ""
    }

    /// What the right of a line `width` columns wide shows, and the column it starts at: the counts,
    /// with the sync state after them when there is one (in its short form, or alone, when the line
    /// is too narrow for all of it); nil when there is no room for it beside the message. A layout
    /// works it out once: measuring the counts is most of a short message's cost.
    private func rightPart(lineWidth width: Int) -> (text: String, column: Int)? {
        let counts = countsText
        guard let sync else {
            let countsWidth = DisplayWidth.of(counts)
            return self.counts != nil && (countsWidth + 2 <= width / 2 || message == nil) ? (counts, width - countsWidth) : nil
        }
        // Beside a message the right part takes at most half the line; alone, the line less the hint's room.
        let room = message == nil ? width : width / 2 - 2
        let candidates = self.counts == nil ? [sync.full, sync.short] : [counts + " · " + sync.full, counts + " · " + sync.short, sync.full, sync.short]
        for candidate in candidates {
            let candidateWidth = DisplayWidth.of(candidate)
            if candidateWidth <= room { return (candidate, width - candidateWidth) }
        }
        return nil
    }

    /// The columns the message has on a line `width` columns wide, beside the counts.
    func messageWidth(lineWidth width: Int) -> Int { messageWidth(beside: rightPart(lineWidth: width), lineWidth: width) }

    /// The columns the message has beside `right` (the right part of the line) on a line `width` columns wide.
    private func messageWidth(beside right: (text: String, column: Int)?, lineWidth width: Int) -> Int {
        max(0, (right?.column ?? width) - 1)
    }

    /// The message's lines on a screen `width` columns wide: one when it fits beside the counts; a
    /// longer one wraps, its beginning on the lines above the status line (the whole width) and its
    /// end beside the counts, so it is read whole for as long as it is shown.
    func messageLines(lineWidth width: Int) -> [[StyledGlyph]] {
        guard let message, width > 0 else { return [] }
        let style = message.kind == .error ? theme.error : theme.message
        let beside = messageWidth(lineWidth: width)
        var lines = TextWrapping.wrap(StyledText(message.text, style: style), width: width)
        if lines.count == 1, Self.width(of: lines[0]) <= beside { return lines }
        // The last line shares the status line with the counts: what does not fit beside them goes up a line.
        if let last = lines.last, Self.width(of: last) > beside, beside > 0 {
            lines.removeLast()
            lines += TextWrapping.wrap(StyledText(last.map(\.glyph.text).joined(), style: style), width: beside)
        }
        return lines
    }

    private static func width(of line: [StyledGlyph]) -> Int { line.reduce(0) { $0 + $1.glyph.width } }

    /// How many rows the line takes on a screen `width` columns wide, at most `maxLines`: one, or more
    /// while a long message is shown.
    func rows(lineWidth width: Int, maxLines: Int) -> Int { Self.rows(messageLines: messageLines(lineWidth: width).count, maxLines: maxLines) }

    /// The rows a line whose message takes `messageLines` lines takes, at most `maxLines`.
    static func rows(messageLines: Int, maxLines: Int) -> Int { min(max(1, maxLines), max(1, messageLines)) }

    /// Draws the line into the last row of `canvas` and a long message's beginning into the rows above
    /// it (`canvas` is `rows(lineWidth:maxLines:)` tall). A message longer than `maxLines` lines ends
    /// with "…" (the recent messages show it whole).
    func draw(in canvas: inout Canvas, maxLines: Int) {
        draw(in: &canvas, maxLines: maxLines, messageLines: messageLines(lineWidth: canvas.width))
    }

    /// As `draw(in:maxLines:)`, with the message's lines on a line as wide as `canvas` already laid
    /// out (`messageLines(lineWidth:)`): laying them out is most of the line's cost.
    func draw(in canvas: inout Canvas, maxLines: Int, messageLines lines: [[StyledGlyph]]) {
        let width = canvas.width
        let line = canvas.height - 1
        canvas.fill(Rect(x: 0, y: 0, width: width, height: canvas.height))
        let right = rightPart(lineWidth: width)
        if let right, right.column < width {
            canvas.draw(right.text, at: Point(x: max(0, right.column), y: line), style: theme.hint, truncation: .ellipsis)
        }
        let available = messageWidth(beside: right, lineWidth: width)
        if message != nil {
            let shown = Array(lines.prefix(canvas.height))
            for (index, glyphs) in shown.enumerated() {
                let isLast = index == shown.count - 1
                // Past the rows it may take, the last row holds the rest of the message, cut with "…".
                let rest = isLast && shown.count < lines.count
                    ? lines[index...].enumerated().flatMap { $0.offset == 0 ? $0.element : [StyledGlyph(.space, style: $0.element.first?.style ?? theme.message)] + $0.element }
                    : glyphs
                canvas.draw(glyphs: rest, at: Point(x: 0, y: line - (shown.count - 1) + index), maxWidth: isLast ? available : width,
                            truncation: .ellipsis)
            }
        } else if available >= 20 {
            canvas.draw(hint, at: Point(x: 0, y: line), style: theme.hint,
                        maxWidth: available, truncation: .ellipsis)
        }
    }

    /// Draws the one-line status line into row `line` of `canvas` (a long message cut with "…").
    func draw(in canvas: inout Canvas, line: Int) {
        var cells = Canvas(width: canvas.width, height: 1)
        draw(in: &cells, maxLines: 1)
        canvas.copy(cells, from: cells.bounds, to: Point(x: 0, y: line))
    }
}

/// The status line drawn last, copied into the next frames while nothing it shows changes: most
/// keys (scrolling, moving the selection) leave it as it is, and laying out its text (the counts'
/// digits, the `·` that takes the non-ASCII path, a message's wrapping) cost a tenth of such a
/// frame's drawing. A frame asks for the rows it takes first (`rows(_:width:maxLines:)`), which
/// draws it once; the drawing then copies those cells.
struct StatusLineCache {
    /// The line drawn last and its cells. A struct, not a tuple: it is looked at twice a frame, and
    /// copying a tuple goes through the runtime's generic value witnesses (issue 29: a fixed cost of
    /// every key).
    private struct Drawn {
        var line: StatusLine
        var maxLines: Int
        var cells: Canvas
    }

    private var drawn: Drawn?

    /// How many rows `line` takes on a screen `width` columns wide (`StatusLine.rows(lineWidth:maxLines:)`),
    /// drawing it into the cache when it is not the line drawn last.
    mutating func rows(_ line: StatusLine, width: Int, maxLines: Int) -> Int {
        cells(of: line, width: width, maxLines: maxLines).height
    }

    /// Draws `line` into the rows of `canvas` ending at `row` (a long message takes rows above it),
    /// from the cache when it shows the same at the same width.
    mutating func draw(_ line: StatusLine, in canvas: inout Canvas, row: Int, maxLines: Int) {
        let cells = cells(of: line, width: canvas.width, maxLines: maxLines)
        canvas.copy(cells, from: cells.bounds, to: Point(x: 0, y: row - cells.height + 1))
    }

    /// The cells of `line` drawn on its rows of a screen `width` columns wide: the cached ones when it
    /// is the line drawn last at that width, else drawn now (its message laid out once) and kept.
    private mutating func cells(of line: StatusLine, width: Int, maxLines: Int) -> Canvas {
        if let drawn, drawn.line == line, drawn.maxLines == maxLines, drawn.cells.width == width { return drawn.cells }
        let lines = line.messageLines(lineWidth: width)
        var cells = Canvas(width: width, height: StatusLine.rows(messageLines: lines.count, maxLines: maxLines))
        line.draw(in: &cells, maxLines: maxLines, messageLines: lines)
        drawn = Drawn(line: line, maxLines: maxLines, cells: cells)
        return cells
    }
}
