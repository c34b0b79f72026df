import CNcursesw
import TermTable

/// Copies canvases into ncurses' virtual screen, touching only changed cells, one `doupdate` per frame.
final class CanvasPresenter {
    private let window: UnsafeMutablePointer<WINDOW>
    private let capability: ColorCapability
    private let defaultColorsWork: Bool
    private var pairs: ColorPairTable
    private var looks: [Style: (attributes: attr_t, pair: Int32)] = [:]
    private var lastLook: (style: Style, look: (attributes: attr_t, pair: Int32))?
    /// The last frame handed to ncurses, and the screen size it was clipped to.
    private var shown: Canvas?
    private var shownScreen = Size(width: 0, height: 0)
    private var cursorVisible = false
    /// The characters of one style run, reused from frame to frame.
    private var text: [wchar_t] = []
    /// The cells of one run as ncurses cells, reused from frame to frame.
    private var line: [cchar_t] = []
    /// A blank ncurses cell in each style met so far (attributes and color pair set by `setcchar`).
    private var blanks: [Style: cchar_t] = [:]

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
    /// ncurses' doupdate finds a scroll by itself (line hashes) and sends a scroll region plus the new
    /// line; a `scroll` hint saves the CPU of handing it every shifted line first: the virtual screen
    /// is scrolled with `wscrl`, and only lines that really changed are copied.
    func present(_ canvas: Canvas, cursor: Point?, scroll: ScrollHint? = nil) {
        let screen = screenSize
        var previous = shown
        if let old = previous, old.size != canvas.size || shownScreen != screen { previous = nil }
        if previous == nil { werase(window) }
        var slid: ScrollHint?
        if let hint = scroll, previous != nil, hint.fits(height: min(canvas.height, screen.height)) {
            wsetscrreg(window, Int32(hint.lines.lowerBound), Int32(hint.lines.upperBound - 1))
            scrollok(window, true)
            wscrl(window, Int32(hint.distance))
            scrollok(window, false)
            wsetscrreg(window, 0, Int32(screen.height - 1))
            slid = hint
        }
        let runs = CanvasDiff.changedRuns(from: previous, scrolledBy: slid, to: canvas, visible: screen)
        if !runs.isEmpty {
            // The run buffer is moved out of the object for the loop, so the per-cell work touches only locals.
            var text = self.text, line = self.line
            self.text = []
            self.line = []
            canvas.cells.withUnsafeBufferPointer { cells in
                for run in runs where !copy(run, of: cells, canvasWidth: canvas.width, screenWidth: screen.width, into: &line) {
                    draw(run, of: cells, canvasWidth: canvas.width, screenWidth: screen.width, text: &text)
                }
            }
            self.text = text
            self.line = line
            wattr_set(window, 0, 0, nil)
        }
        placeCursor(cursor, within: Size(width: min(canvas.width, screen.width), height: min(canvas.height, screen.height)))
        wnoutrefresh(window)
        doupdate()
        shown = canvas
        shownScreen = screen
    }

    /// Copies a run of changed cells into the window with one `wadd_wchnstr`, cell by cell with
    /// their own attributes (no cursor movement, no per-character processing). Returns false, having
    /// written nothing, when a glyph's width by the C library differs from the canvas's (a character
    /// newer than the libc tables): `draw` then lets ncurses place such text itself.
    private func copy(_ run: CellRun, of cells: UnsafeBufferPointer<CanvasCell>, canvasWidth: Int, screenWidth: Int,
                      into line: inout [cchar_t]) -> Bool {
        line.removeAll(keepingCapacity: true)
        let row = run.y * canvasWidth
        var last: (style: Style, blank: cchar_t)?
        for x in run.columns where !cells[row + x].isContinuation {
            let cell = CellText.drawable(cells[row + x], x: x, screenWidth: screenWidth)
            // Neighbouring cells mostly share a style: skip the dictionary for a repeat.
            var blank: cchar_t
            if let last, last.style == cell.style {
                blank = last.blank
            } else {
                blank = blanks[cell.style] ?? makeBlank(cell.style)
                last = (cell.style, blank)
            }
            var agrees = true
            withUnsafeMutableBytes(of: &blank.chars) { raw in
                let chars = raw.bindMemory(to: wchar_t.self)
                CellText.fill(chars, with: cell.scalars)
                if chars[0] >= 0x80, wcwidth(chars[0]) != Int32(cell.width) { agrees = false }
            }
            guard agrees else { return false }
            line.append(blank)
        }
        wmove(window, Int32(run.y), Int32(run.columns.lowerBound))
        _ = line.withUnsafeBufferPointer { wadd_wchnstr(window, $0.baseAddress, Int32($0.count)) }
        return true
    }

    /// A blank cell in `style`, remembered for the next cells in that style.
    private func makeBlank(_ style: Style) -> cchar_t {
        let look = resolvedLook(style)
        var blank = cchar_t()
        var space: [wchar_t] = [0x20, 0]
        var pair = look.pair
        _ = setcchar(&blank, &space, look.attributes, 0, &pair)
        blanks[style] = blank
        return blank
    }

    /// Writes a run of changed cells as strings of one style each: one attribute change and one
    /// `waddnwstr` per style, not one call per cell (combining marks follow their base character;
    /// ncurses fills the right half of a wide glyph itself).
    private func draw(_ run: CellRun, of cells: UnsafeBufferPointer<CanvasCell>, canvasWidth: Int, screenWidth: Int,
                      text: inout [wchar_t]) {
        wmove(window, Int32(run.y), Int32(run.columns.lowerBound))
        let row = run.y * canvasWidth
        var x = run.columns.lowerBound
        while x < run.columns.upperBound {
            let style = cells[row + x].style
            text.removeAll(keepingCapacity: true)
            while x < run.columns.upperBound {
                let cell = cells[row + x]
                guard cell.style == style else { break }
                if !cell.isContinuation {
                    let drawable = CellText.drawable(cell, x: x, screenWidth: screenWidth)
                    CellText.append(drawable.scalars, to: &text)
                }
                x += 1
            }
            guard !text.isEmpty else { continue }
            let look = resolvedLook(style)
            var pair = look.pair
            wattr_set(window, look.attributes, 0, &pair)
            // Returns ERR when it ends on the bottom-right cell, where the cursor cannot advance; the cell is still set.
            _ = text.withUnsafeBufferPointer { waddnwstr(window, $0.baseAddress, Int32($0.count)) }
        }
    }

    private func resolvedLook(_ style: Style) -> (attributes: attr_t, pair: Int32) {
        // Neighbouring cells mostly share a style: skip the dictionary for a repeat.
        if let last = lastLook, last.style == style { return last.look }
        if let cached = looks[style] {
            lastLook = (style, cached)
            return cached
        }
        let look = capability.look(for: style)
        var attributes = attr_t(0)
        if look.attributes.contains(.bold) { attributes |= cn_a_bold() }
        if look.attributes.contains(.dim) { attributes |= cn_a_dim() }
        if look.attributes.contains(.underline) { attributes |= cn_a_underline() }
        if look.attributes.contains(.reverse) { attributes |= cn_a_reverse() }
        if look.attributes.contains(.italic) { attributes |= cn_a_italic() }
        let pair = look.usesColor ? pairs.pair(foreground: look.foreground, background: look.background) : 0
        looks[style] = (attributes, pair)
        lastLook = (style, (attributes, pair))
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
