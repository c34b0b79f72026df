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

    /// What the right of a line `width` columns wide shows: the counts, with the sync state after them
    /// when there is one (in its short form, or alone, when the line is too narrow for all of it).
    private func rightText(lineWidth width: Int) -> String? {
        guard let sync else {
            let countsWidth = DisplayWidth.of(countsText)
            return counts != nil && (countsWidth + 2 <= width / 2 || message == nil) ? countsText : nil
        }
        // Beside a message the right part takes at most half the line; alone, the line less the hint's room.
        let room = message == nil ? width : width / 2 - 2
        let candidates = counts == nil ? [sync.full, sync.short] : [countsText + " · " + sync.full, countsText + " · " + sync.short, sync.full, sync.short]
        return candidates.first { DisplayWidth.of($0) <= room }
    }

    /// Where the right part starts on a line `width` columns wide: the width itself when it is not shown
    /// (no room for it beside a message).
    private func countsColumn(lineWidth width: Int) -> Int {
        guard let right = rightText(lineWidth: width) else { return width }
        return width - DisplayWidth.of(right)
    }

    /// The columns the message has on a line `width` columns wide; a longer one is cut with "…".
    func messageWidth(lineWidth width: Int) -> Int { max(0, countsColumn(lineWidth: width) - 1) }

    func draw(in canvas: inout Canvas, line: Int) {
        let width = canvas.width
        canvas.fill(Rect(x: 0, y: line, width: width, height: 1))
        let right = countsColumn(lineWidth: width)
        if right < width, let rightText = rightText(lineWidth: width) {
            canvas.draw(rightText, at: Point(x: max(0, right), y: line), style: theme.hint, truncation: .ellipsis)
        }
        let available = messageWidth(lineWidth: width)
        if let message {
            canvas.draw(message.text, at: Point(x: 0, y: line), style: message.kind == .error ? theme.error : theme.message,
                        maxWidth: available, truncation: .ellipsis)
        } else if available >= 20 {
            canvas.draw(hint, at: Point(x: 0, y: line), style: theme.hint,
                        maxWidth: available, truncation: .ellipsis)
        }
    }
}

/// The status line drawn last, copied into the next frames while nothing it shows changes: most
/// keys (scrolling, moving the selection) leave it as it is, and laying out its text (the counts'
/// digits, the `·` that takes the non-ASCII path) cost a tenth of such a frame's drawing.
struct StatusLineCache {
    private var drawn: (line: StatusLine, cells: Canvas)?

    /// Draws `line` into row `row` of `canvas`, from the cache when it shows the same at the same width.
    mutating func draw(_ line: StatusLine, in canvas: inout Canvas, row: Int) {
        if let drawn, drawn.line == line, drawn.cells.width == canvas.width {
            canvas.copy(drawn.cells, from: drawn.cells.bounds, to: Point(x: 0, y: row))
            return
        }
        var cells = Canvas(width: canvas.width, height: 1)
        line.draw(in: &cells, line: 0)
        canvas.copy(cells, from: cells.bounds, to: Point(x: 0, y: row))
        drawn = (line, cells)
    }
}
