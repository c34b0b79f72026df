import TermTable

/// A one-line text editor with the keys shell users expect; every step is a grapheme cluster,
/// so an emoji or a CJK character is deleted or crossed with one key press.
public struct LineEditor: Equatable {
    /// The characters being edited.
    public private(set) var characters: [Character]
    /// The cursor, as an index into `characters` (0 = before the first).
    public private(set) var cursor: Int
    /// The first character shown when the text is wider than the line.
    private var scrollOffset = 0
    /// Characters measured by `draw` since the editor was made. Drawing measures only the characters
    /// between the first shown and the cursor and those on screen, never the whole text, so a key in a
    /// 1 MB title costs what it costs in a short one; a test holds drawing to that.
    private(set) var widthLookups = 0

    /// Starts editing `text` with the cursor at its end.
    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The current text.
    public var text: String {
        // Appending in a loop is specialized here; `String(characters)` takes the standard
        // library's generic path, tens of microseconds for a title.
        var text = ""
        text.reserveCapacity(characters.count)
        for character in characters { text.append(character) }
        return text
    }

    /// What a key did to the editor.
    public enum Outcome: Equatable {
        /// The text or cursor changed (or the key was absorbed).
        case edited
        /// Enter: the caller should take the text.
        case submitted
        /// Esc: the caller should drop the editor.
        case cancelled
        /// Not an editing key.
        case ignored
    }

    /// Applies a key as `keyMap` says; a character bound to nothing there is typed.
    public mutating func handle(_ key: Key, keyMap: ModeKeyMap<InputKeyAction> = .standard) -> Outcome {
        guard let action = keyMap.action(for: key) else {
            guard case .character(let character) = key else { return .ignored }
            insert(character)
            return .edited
        }
        return perform(action)
    }

    /// Does what an input line's action asks.
    public mutating func perform(_ action: InputKeyAction) -> Outcome {
        switch action {
        case .submit: return .submitted
        case .cancel: return .cancelled
        case .moveLeft: cursor = max(0, cursor - 1)
        case .moveRight: cursor = min(characters.count, cursor + 1)
        case .moveToStart: cursor = 0
        case .moveToEnd: cursor = characters.count
        case .moveWordLeft: cursor = wordStart(before: cursor)
        case .moveWordRight: cursor = wordEnd(after: cursor)
        case .deleteBackward:
            guard cursor > 0 else { break }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { break }
            characters.remove(at: cursor)
        case .deleteToSpace:
            // As readline's unix-word-rubout: back to the previous blank, so a whole `@2026-12-24` or `!!` goes.
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteWordBackward:
            let start = wordStart(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteWordForward:
            let end = wordEnd(after: cursor)
            characters.removeSubrange(cursor..<end)
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeSubrange(cursor...)
        case .insertSpace:
            insert(" ")
        }
        return .edited
    }

    /// Inserts text at the cursor (typing or a paste).
    public mutating func insert<S: StringProtocol>(_ text: S) {
        let new = Array(text)
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
    }

    /// Inserts one character at the cursor.
    public mutating func insert(_ character: Character) {
        characters.insert(character, at: cursor)
        cursor += 1
    }

    private func isWordCharacter(_ character: Character) -> Bool { !character.isWhitespace && !character.isPunctuation }

    private func wordStart(before index: Int) -> Int {
        var index = index
        while index > 0, !isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    private func wordEnd(after index: Int) -> Int {
        var index = index
        while index < characters.count, !isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    /// Draws the text into `width` columns at `origin`, scrolled sideways to keep the cursor in view;
    /// returns the cursor's column on the canvas.
    public mutating func draw(in canvas: inout Canvas, at origin: Point, width: Int, style: Style = .plain) -> Point {
        guard width > 0 else { return origin }
        // The first character that may be shown: walking back from the cursor while the characters
        // fit in the line, leaving a column for the cursor after the last one. Widths are never
        // negative, so every start from there to the cursor fits, and the scroll moves only as far
        // as it must. Summing from the old start instead re-added the same widths for every step:
        // opening the editor on a 200 KB title took 5 s.
        var earliest = cursor
        var used = 0
        while earliest > 0 {
            let columns = self.columns(at: earliest - 1)
            if used + columns > width - 1 { break }
            used += columns
            earliest -= 1
        }
        scrollOffset = max(min(scrollOffset, cursor), earliest)
        // The widths of the characters from there that fit in the line (and of the first one that does not).
        var widths: [Int] = []
        var shown = 0
        while scrollOffset + widths.count < characters.count, shown <= width {
            widths.append(columns(at: scrollOffset + widths.count))
            shown += widths[widths.count - 1]
        }
        // When all the rest fits with columns to spare (the terminal widened, the end was deleted),
        // characters hidden at the left come back into them: a line never shows blanks at its right
        // while text is hidden at its left. Only characters then drawn are measured.
        let room = cursor == characters.count ? width - 1 : width
        if scrollOffset + widths.count == characters.count, shown <= room {
            var before: [Int] = []
            while scrollOffset > 0 {
                let columns = self.columns(at: scrollOffset - 1)
                if shown + columns > room { break }
                shown += columns
                before.append(columns)
                scrollOffset -= 1
            }
            if !before.isEmpty { widths = before.reversed() + widths }
        }
        var x = origin.x
        var cursorX = origin.x
        for (offset, columns) in widths.enumerated() {
            let index = scrollOffset + offset
            if index == cursor { cursorX = x }
            guard x + columns <= origin.x + width else { break }
            canvas.draw(String(characters[index]), at: Point(x: x, y: origin.y), style: style, maxWidth: origin.x + width - x)
            x += columns
        }
        if cursor == characters.count { cursorX = x }
        return Point(x: min(cursorX, origin.x + width - 1), y: origin.y)
    }

    /// The columns the character at `index` takes on screen; every measurement goes through here.
    private mutating func columns(at index: Int) -> Int {
        widthLookups += 1
        return max(0, DisplayWidth.of(String(characters[index])))
    }

    /// Editors are equal when they hold the same text, cursor and scroll position (however much
    /// drawing they have done).
    public static func == (lhs: LineEditor, rhs: LineEditor) -> Bool {
        lhs.characters == rhs.characters && lhs.cursor == rhs.cursor && lhs.scrollOffset == rhs.scrollOffset
    }
}
