import TermTable

/// A layer over the list that takes the keys while it is open: an input line, the help, a question.
protocol Overlay: AnyObject {
    /// Handles a key; returns false when the overlay is done and should close.
    func handle(_ key: Key, app: TickApp) -> Bool
    /// Lines at the bottom of the screen taken from the list, or nil when the overlay covers the screen.
    var bottomLines: Int? { get }
    /// Draws into `area`; returns where the cursor should be, or nil to hide it.
    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point?
    /// Scrolls what the overlay shows by `lines` (negative: up) for the mouse wheel, without moving
    /// its selection; an overlay with nothing to scroll ignores it.
    func scrollByWheel(lines: Int)
}

extension Overlay {
    func scrollByWheel(lines: Int) {}
}

/// The input line at the bottom of the screen: a label and a line editor.
final class PromptOverlay: Overlay {
    /// The words before the text ("Add to Inbox: ").
    var label: String
    var editor: LineEditor
    /// Takes the submitted text; returns true to close, false to keep the line open (e.g. a refused title).
    let submit: (String) -> Bool
    /// Runs when Esc closes the line.
    let cancel: () -> Void
    /// Runs after every edit with the text so far (live search).
    let change: ((String) -> Void)?
    /// Gets the keys the editor has no use for (the search passes ↑/↓ to the list).
    let otherKey: ((Key) -> Void)?
    /// Adds a pasted text's lines as that many todos, after asking (see `paste`); true when they were added.
    var addLines: (([String]) -> Bool)?

    init(label: String, text: String = "", submit: @escaping (String) -> Bool, cancel: @escaping () -> Void = {},
         change: ((String) -> Void)? = nil, otherKey: ((Key) -> Void)? = nil) {
        self.label = label
        editor = LineEditor(text: text)
        self.submit = submit
        self.cancel = cancel
        self.change = change
        self.otherKey = otherKey
    }

    var bottomLines: Int? { 1 }

    func handle(_ key: Key, app: TickApp) -> Bool {
        if case .paste(let text) = key {
            paste(text, app: app)
            return true
        }
        // The characters, not the text: building a String per key made typing a title cost more
        // than saving it (a burst of 20 characters: ~1 ms).
        let before = change == nil ? nil : editor.characters
        switch editor.handle(key, keyMap: app.keyMaps.input) {
        case .edited:
            if let change, editor.characters != before { change(editor.text) }
            return true
        case .ignored:
            otherKey?(key)
            return true
        case .cancelled:
            cancel()
            return false
        case .submitted:
            return !submit(editor.text)
        }
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        canvas.fill(area)
        let labelWidth = canvas.draw(label, at: area.origin, style: theme.promptLabel, maxWidth: max(0, area.width - 4))
        return editor.draw(in: &canvas, at: Point(x: area.minX + labelWidth, y: area.minY), width: area.width - labelWidth)
    }
}
