import CNcursesw
import TermTable

/// Copies canvases into ncurses' virtual screen, touching only changed cells, one `doupdate` per frame.
final class CanvasPresenter {
    private let window: UnsafeMutablePointer<WINDOW>
    private let capability: ColorCapability
    private let defaultColorsWork: Bool
    private var pairs: ColorPairTable
    private var looks: [Style: (attributes: attr_t, pair: Int32)] = [:]
    /// The last frame handed to ncurses, and the screen size it was clipped to.
    private var shown: Canvas?
    private var shownScreen = Size(width: 0, height: 0)
    private var cursorVisible = false
    private var scalarBuffer = [wchar_t](repeating: 0, count: CellText.maximumScalars + 1)

    init(window: UnsafeMutablePointer<WINDOW>, capability: ColorCapability, defaultColorsWork: Bool) {
        self.window = window
        self.capability = capability
        self.defaultColorsWork = defaultColorsWork
        pairs = ColorPairTable(capacity: capability == .monochrome ? 0 : Int(cn_color_pairs())) { pair, foreground, background in
            // Without use_default_colors, -1 is not a color: fall back to the classic white on black.
            let fg = foreground < 0 && !defaultColorsWork ? 7 : Int32(foreground)
            let bg = background < 0 && !defaultColorsWork ? 0 : Int32(background)
            return init_extended_pair(pair, fg, bg) == OK
        }
    }

    /// The terminal's current size.
    var screenSize: Size { Size(width: Int(getmaxx(window)), height: Int(getmaxy(window))) }

    /// Forgets what the terminal shows, so the next frame clears and repaints everything.
    func invalidate() {
        shown = nil
        clearok(cn_curscr(), true)
    }

    /// Draws `canvas` (clipped to the terminal, blank beyond it) and puts the cursor at `cursor` or hides it.
    ///
    /// No scroll hint is needed: ncurses' doupdate compares line hashes of the old and new screen
    /// and turns a one-line scroll into a scroll region plus one new line by itself (measured:
    /// ~100 bytes per one-line scroll of an 80x24 list, identical with a wscrl hint).
    func present(_ canvas: Canvas, cursor: Point?) {
        let screen = screenSize
        var previous = shown
        if let old = previous, old.size != canvas.size || shownScreen != screen { previous = nil }
        if previous == nil { werase(window) }
        for run in CanvasDiff.changedRuns(from: previous, to: canvas, visible: screen) {
            for x in run.columns { draw(canvas[x, run.y], x: x, y: run.y, screenWidth: screen.width) }
        }
        placeCursor(cursor, within: Size(width: min(canvas.width, screen.width), height: min(canvas.height, screen.height)))
        wnoutrefresh(window)
        doupdate()
        shown = canvas
        shownScreen = screen
    }

    private func draw(_ cell: CanvasCell, x: Int, y: Int, screenWidth: Int) {
        guard !cell.isContinuation else { return }  // ncurses fills the right half of a wide glyph itself
        let drawable = CellText.drawable(cell, x: x, screenWidth: screenWidth)
        let look = resolvedLook(drawable.style)
        CellText.fill(&scalarBuffer, with: drawable.scalars)
        var character = cchar_t()
        var pair = look.pair
        scalarBuffer.withUnsafeBufferPointer { buffer in
            _ = setcchar(&character, buffer.baseAddress, look.attributes, 0, &pair)
        }
        // Returns ERR for the bottom-right cell, where the cursor cannot advance; the cell is still set.
        _ = mvwadd_wch(window, Int32(y), Int32(x), &character)
    }

    private func resolvedLook(_ style: Style) -> (attributes: attr_t, pair: Int32) {
        if let cached = looks[style] { return cached }
        let look = capability.look(for: style)
        var attributes = attr_t(0)
        if look.attributes.contains(.bold) { attributes |= cn_a_bold() }
        if look.attributes.contains(.dim) { attributes |= cn_a_dim() }
        if look.attributes.contains(.underline) { attributes |= cn_a_underline() }
        if look.attributes.contains(.reverse) { attributes |= cn_a_reverse() }
        if look.attributes.contains(.italic) { attributes |= cn_a_italic() }
        let pair = look.usesColor ? pairs.pair(foreground: look.foreground, background: look.background) : 0
        looks[style] = (attributes, pair)
        return (attributes, pair)
    }

    private func placeCursor(_ cursor: Point?, within visible: Size) {
        if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < visible.width, cursor.y < visible.height {
            if !cursorVisible {
                curs_set(1)
                cursorVisible = true
            }
            leaveok(window, false)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            if cursorVisible {
                curs_set(0)
                cursorVisible = false
            }
            // The cursor is hidden: let ncurses leave it wherever the last write put it.
            leaveok(window, true)
        }
    }
}
