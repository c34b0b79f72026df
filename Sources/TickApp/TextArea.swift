import TermTable

/// A multi-line text editor for notes: lines of grapheme clusters and a cursor; Enter breaks the line.
struct TextArea: Equatable {
    private(set) var lines: [[Character]]
    private(set) var row = 0
    private(set) var column = 0
    private var top = 0

    /// Starts editing `text` with the cursor at its end.
    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        if lines.isEmpty { lines = [[]] }
        row = lines.count - 1
        column = lines[row].count
    }

    /// The text, lines joined by newlines.
    var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// Applies a key as `keyMap` says; a character bound to nothing there is typed. Returns false for
    /// keys it does not handle (saving and leaving: the caller decides).
    mutating func handle(_ key: Key, keyMap: ModeKeyMap<NotesKeyAction> = .standard) -> Bool {
        guard let action = keyMap.action(for: key) else {
            guard case .character(let character) = key else { return false }
            type(character)
            return true
        }
        switch action {
        case .save, .done: return false
        case .newLine:
            let rest = Array(lines[row][column...])
            lines[row].removeSubrange(column...)
            lines.insert(rest, at: row + 1)
            row += 1
            column = 0
        case .insertSpace: type(" ")
        case .deleteBackward:
            if column > 0 {
                lines[row].remove(at: column - 1)
                column -= 1
            } else if row > 0 {
                column = lines[row - 1].count
                lines[row - 1] += lines[row]
                lines.remove(at: row)
                row -= 1
            }
        case .deleteForward:
            if column < lines[row].count {
                lines[row].remove(at: column)
            } else if row + 1 < lines.count {
                lines[row] += lines[row + 1]
                lines.remove(at: row + 1)
            }
        case .moveLeft:
            if column > 0 { column -= 1 } else if row > 0 { row -= 1; column = lines[row].count }
        case .moveRight:
            if column < lines[row].count { column += 1 } else if row + 1 < lines.count { row += 1; column = 0 }
        case .moveUp: if row > 0 { row -= 1; column = min(column, lines[row].count) }
        case .moveDown: if row + 1 < lines.count { row += 1; column = min(column, lines[row].count) }
        case .moveToLineStart: column = 0
        case .moveToLineEnd: column = lines[row].count
        case .deleteToLineEnd: lines[row].removeSubrange(column...)
        case .deleteToLineStart: lines[row].removeSubrange(..<column); column = 0
        }
        return true
    }

    /// Types one character at the cursor.
    private mutating func type(_ character: Character) {
        lines[row].insert(character, at: column)
        column += 1
    }

    /// Inserts pasted text at the cursor: its line breaks break lines (notes have lines), tabs
    /// become spaces and other control characters are dropped.
    mutating func insert(pasted text: String) {
        let pasted = PastedText.lines(of: text)
        let rest = Array(lines[row][column...])
        lines[row].removeSubrange(column...)
        lines[row] += Array(pasted[0])
        for line in pasted.dropFirst() {
            row += 1
            lines.insert(Array(line), at: row)
        }
        column = lines[row].count
        lines[row] += rest
    }

    /// Draws the lines in `area`, scrolled to keep the cursor in view; returns the cursor's position.
    mutating func draw(in canvas: inout Canvas, area: Rect, style: Style) -> Point {
        guard area.height > 0, area.width > 0 else { return area.origin }
        if row < top { top = row }
        if row >= top + area.height { top = row - area.height + 1 }
        var cursor = area.origin
        for (offset, index) in (top..<min(lines.count, top + area.height)).enumerated() {
            let y = area.minY + offset
            if index == row {
                var editor = LineEditor(text: String(lines[index]))
                for _ in 0..<(lines[index].count - column) { _ = editor.perform(.moveLeft) }
                cursor = editor.draw(in: &canvas, at: Point(x: area.minX, y: y), width: area.width, style: style)
            } else {
                canvas.draw(String(lines[index]), at: Point(x: area.minX, y: y), style: style, maxWidth: area.width, truncation: .ellipsis)
            }
        }
        return cursor
    }
}
