/// One column of a canvas: a glyph (or the second half of a wide one) and its style.
public struct CanvasCell: Hashable, Sendable {
    /// The glyph's code points; none for the right half of a two-column glyph.
    public var scalars: GlyphScalars
    /// 1 or 2 for a glyph, 0 for the right half of a two-column glyph.
    public var width: UInt8
    /// How the cell looks.
    public var style: Style

    /// Creates a cell.
    public init(text: String, width: UInt8, style: Style) {
        scalars = GlyphScalars(text)
        self.width = width
        self.style = style
    }

    /// Creates a cell from a glyph's scalars.
    public init(scalars: GlyphScalars, width: UInt8, style: Style) {
        self.scalars = scalars
        self.width = width
        self.style = style
    }

    /// The glyph's printable text; empty for the right half of a two-column glyph.
    public var text: String { scalars.string }

    /// A space in the given style.
    public static func blank(_ style: Style = .plain) -> CanvasCell { CanvasCell(scalars: .space, width: 1, style: style) }

    /// Whether this is the right half of a two-column glyph.
    public var isContinuation: Bool { width == 0 }
}

/// How text that does not fit its width ends.
public enum Truncation: Sendable {
    /// Cut at the edge.
    case clip
    /// End with "…" so the reader knows there is more.
    case ellipsis
}

/// An in-memory grid of styled cells: what tables draw into, tests compare, and the terminal shows.
///
/// Like ratatui's `Buffer`, it knows nothing about terminals. Drawing clips to the grid,
/// keeps two-column glyphs whole (never half a CJK character), and makes text safe.
public struct Canvas: Hashable, Sendable {
    /// Width and height in cells.
    public private(set) var size: Size
    /// Cells in row-major order.
    public private(set) var cells: [CanvasCell]

    /// Creates a blank canvas.
    public init(width: Int, height: Int, style: Style = .plain) {
        size = Size(width: max(0, width), height: max(0, height))
        cells = Array(repeating: .blank(style), count: size.width * size.height)
    }

    /// Columns.
    public var width: Int { size.width }
    /// Lines.
    public var height: Int { size.height }
    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Changes the size and blanks every cell, keeping the storage so a reused row buffer does not allocate.
    public mutating func resize(width: Int, height: Int, style: Style = .plain) {
        size = Size(width: max(0, width), height: max(0, height))
        let count = size.width * size.height
        cells.removeAll(keepingCapacity: true)
        cells.append(contentsOf: repeatElement(.blank(style), count: count))
    }

    /// Blanks every cell.
    public mutating func clear(style: Style = .plain) {
        let blank = CanvasCell.blank(style)
        cells.withUnsafeMutableBufferPointer { Self.fill($0, with: blank) }
    }

    /// Sets every cell of `cells` to `cell` by block copies that double each time: cells are plain
    /// values, so this runs at the speed of copying memory rather than one field at a time.
    private static func fill(_ cells: UnsafeMutableBufferPointer<CanvasCell>, with cell: CanvasCell) {
        guard let base = cells.baseAddress, !cells.isEmpty else { return }
        base.pointee = cell
        var filled = 1
        while filled < cells.count {
            let count = min(filled, cells.count - filled)
            (base + filled).update(from: base, count: count)
            filled += count
        }
    }

    /// The cell at a column and line (both must be inside the canvas).
    public subscript(x: Int, y: Int) -> CanvasCell {
        cells[y * width + x]
    }

    /// Writes one glyph, keeping wide glyphs whole; returns false when it does not fit at `x`.
    @discardableResult
    public mutating func put(_ glyph: Glyph, x: Int, y: Int, style: Style, limit: Int? = nil) -> Bool {
        let right = min(limit ?? width, width)
        guard y >= 0, y < height, x >= 0, x + glyph.width <= right else { return false }
        let base = y * width + x
        // Only a cell holding half of a wide glyph needs its other half blanked.
        if cells[base].width != 1 { breakWideGlyph(at: x, y: y) }
        if glyph.width == 2, cells[base + 1].width != 1 { breakWideGlyph(at: x + 1, y: y) }
        cells[base] = CanvasCell(scalars: glyph.scalars, width: UInt8(glyph.width), style: style)
        if glyph.width == 2 { cells[base + 1] = CanvasCell(scalars: GlyphScalars(), width: 0, style: style) }
        return true
    }

    /// Overwriting half of a wide glyph blanks its other half, so no stray half-character remains.
    private mutating func breakWideGlyph(at x: Int, y: Int) {
        let index = y * width + x
        let cell = cells[index]
        if cell.width == 0, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if cell.width == 2, x + 1 < width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }

    /// Draws styled text on one line starting at `point`, within `maxWidth` columns; returns the columns used.
    @discardableResult
    public mutating func draw(_ text: StyledText, at point: Point, maxWidth: Int? = nil, truncation: Truncation = .clip) -> Int {
        draw(glyphs: text.styledGlyphs, at: point, maxWidth: maxWidth, truncation: truncation)
    }

    /// Draws plain text in one style; returns the columns used.
    @discardableResult
    public mutating func draw(_ text: String, at point: Point, style: Style = .plain, maxWidth: Int? = nil, truncation: Truncation = .clip) -> Int {
        if let used = drawPrintableASCII(text, at: point, style: style, maxWidth: maxWidth, truncation: truncation) { return used }
        return draw(glyphs: GlyphSequence(text).lazy.map { StyledGlyph($0, style: style) }, at: point, maxWidth: maxWidth, truncation: truncation)
    }

    /// The common case of `draw(_:at:style:…)` without decoding a scalar: when every byte that can
    /// reach the line (and the one after, which decides truncation) is printable ASCII, each byte is
    /// one narrow glyph. Returns nil, having drawn nothing, for any other text.
    private mutating func drawPrintableASCII(_ text: String, at point: Point, style: Style, maxWidth: Int?,
                                             truncation: Truncation) -> Int? {
        guard point.y >= 0, point.y < height, point.x >= 0, point.x < width else { return nil }
        let available = min(maxWidth ?? (width - point.x), width - point.x)
        guard available > 0 else { return nil }
        var text = text
        return text.withUTF8 { bytes -> Int? in
            let examined = min(bytes.count, available + 1)
            for index in 0..<examined where !(0x20...0x7E).contains(bytes[index]) { return nil }
            let overflows = bytes.count > available
            // Too long: the last column holds "…" instead of the last byte that fitted.
            let shown = overflows ? (truncation == .ellipsis ? available - 1 : available) : bytes.count
            let start = point.y * width + point.x
            if shown > 0 {
                breakWideGlyph(at: point.x, y: point.y)
                breakWideGlyph(at: point.x + shown - 1, y: point.y)
                for offset in 0..<shown {
                    cells[start + offset] = CanvasCell(scalars: GlyphScalars(Unicode.Scalar(bytes[offset])), width: 1, style: style)
                }
            }
            if overflows, truncation == .ellipsis { put(.ellipsis, x: point.x + shown, y: point.y, style: style) }
            return overflows ? available : bytes.count
        }
    }

    /// Draws a line of styled glyphs; returns the columns used.
    ///
    /// Only what can be shown is read, so a 1 MB title costs one line's worth of work. Each glyph is
    /// written one step late: when the text turns out too long, the "…" may take the place of the
    /// last glyph that fitted (never more than one, since a glyph is at most two columns wide).
    @discardableResult
    public mutating func draw<G: Sequence>(glyphs: G, at point: Point, maxWidth: Int? = nil, truncation: Truncation = .clip) -> Int
    where G.Element == StyledGlyph {
        guard point.y >= 0, point.y < height, point.x < width else { return 0 }
        let available = min(maxWidth ?? (width - point.x), width - point.x)
        guard available > 0 else { return 0 }
        var used = 0
        var x = point.x
        var pending: StyledGlyph?
        var lastWrittenStyle: Style?
        var overflow: StyledGlyph?
        for glyph in glyphs {
            if used + glyph.glyph.width > available {
                overflow = glyph
                break
            }
            if let previous = pending {
                if x >= 0 { put(previous.glyph, x: x, y: point.y, style: previous.style) }
                x += previous.glyph.width
                lastWrittenStyle = previous.style
            }
            pending = glyph
            used += glyph.glyph.width
        }
        if overflow != nil, truncation == .ellipsis, used + 1 > available, let last = pending {
            // No room for "…" after the last glyph that fitted: it goes in that glyph's place.
            used -= last.glyph.width
            pending = nil
        }
        if let last = pending {
            if x >= 0 { put(last.glyph, x: x, y: point.y, style: last.style) }
            x += last.glyph.width
            lastWrittenStyle = last.style
        }
        if let overflow {
            if truncation == .ellipsis {
                if x >= 0 { put(.ellipsis, x: x, y: point.y, style: lastWrittenStyle ?? overflow.style) }
                used += 1
            } else if used < available {
                // A wide glyph straddling the edge leaves a blank instead of half a character.
                if x >= 0 { put(.space, x: x, y: point.y, style: overflow.style) }
                used += 1
            }
        }
        return used
    }

    /// Fills a rectangle (clipped to the canvas) with one glyph.
    public mutating func fill(_ rect: Rect, with glyph: Glyph = .space, style: Style = .plain) {
        let clipped = rect.intersection(bounds)
        guard clipped.width > 0, clipped.height > 0 else { return }
        if glyph.width == 1 {
            let cell = CanvasCell(scalars: glyph.scalars, width: 1, style: style)
            for y in clipped.minY..<clipped.maxY {
                breakWideGlyph(at: clipped.minX, y: y)
                breakWideGlyph(at: clipped.maxX - 1, y: y)
            }
            // The first line is filled, the others are copies of it (this runs for the whole table on every frame).
            let (canvasWidth, rowWidth) = (width, clipped.width)
            let first = clipped.minY * canvasWidth + clipped.minX
            cells.withUnsafeMutableBufferPointer { storage in
                Self.fill(UnsafeMutableBufferPointer(rebasing: storage[first..<(first + rowWidth)]), with: cell)
                for line in 1..<clipped.height {
                    (storage.baseAddress! + first + line * canvasWidth).update(from: storage.baseAddress! + first, count: rowWidth)
                }
            }
            return
        }
        for y in clipped.minY..<clipped.maxY {
            var x = clipped.minX
            while x + glyph.width <= clipped.maxX {
                put(glyph, x: x, y: y, style: style)
                x += glyph.width
            }
            if x < clipped.maxX { put(.space, x: x, y: y, style: style) }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the text (used for the selected row).
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let clipped = rect.intersection(bounds)
        guard clipped.width > 0, clipped.height > 0 else { return }
        for y in clipped.minY..<clipped.maxY {
            for x in clipped.minX..<clipped.maxX { change(&cells[y * width + x].style) }
        }
    }

    /// Copies a rectangle of another canvas here with its top-left corner at `destination`, clipping to both.
    /// Rows are copied as slices; only the edges are fixed up so no half of a wide glyph is left behind.
    public mutating func copy(_ source: Canvas, from sourceRect: Rect, to destination: Point) {
        var from = sourceRect.intersection(source.bounds)
        var dx = destination.x + (from.minX - sourceRect.minX)
        let dy = destination.y + (from.minY - sourceRect.minY)
        // Clip horizontally to this canvas.
        if dx < 0 {
            from = Rect(x: from.minX - dx, y: from.minY, width: from.width + dx, height: from.height)
            dx = 0
        }
        if dx + from.width > width { from = Rect(x: from.minX, y: from.minY, width: width - dx, height: from.height) }
        guard from.width > 0, from.height > 0 else { return }
        for row in 0..<from.height {
            let ty = dy + row
            guard ty >= 0, ty < height else { continue }
            let sy = from.minY + row
            // Neighbours whose other half is about to be overwritten become blanks.
            breakWideGlyph(at: dx, y: ty)
            breakWideGlyph(at: dx + from.width - 1, y: ty)
            let target = ty * width + dx
            let start = sy * source.width + from.minX
            // One block copy per row (this runs for every visible row on every frame): cells are
            // plain values, so copying them is copying their bytes.
            let count = from.width
            source.cells.withUnsafeBufferPointer { copied in
                cells.withUnsafeMutableBufferPointer { storage in
                    (storage.baseAddress! + target).update(from: copied.baseAddress! + start, count: count)
                }
            }
            // A copied right half without its left half, or a left half without its right, is a blank.
            if cells[target].width == 0 { cells[target] = .blank(cells[target].style) }
            let last = target + from.width - 1
            if cells[last].width == 2 { cells[last] = .blank(cells[last].style) }
        }
    }

    /// The text of one line, with trailing spaces removed.
    public func line(_ y: Int) -> String {
        var text = String.UnicodeScalarView()
        for x in 0..<width { self[x, y].scalars.forEach { text.append(Unicode.Scalar($0)!) } }
        var line = String(text)
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every line's text, trailing spaces removed: what script mode prints and tests compare.
    public var lines: [String] { (0..<height).map(line) }

    /// The whole canvas as text, one line per row.
    public var text: String { lines.joined(separator: "\n") }
}

extension Rect {
    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
