extension TableView {
    /// Lays out if needed and draws the visible rows, headers, footers, revealed swipe actions and
    /// the scroll indicator into the canvas, inside `frame`. Drawing never changes the data.
    public func draw(in canvas: inout Canvas) {
        layoutIfNeeded()
        trackScroll()
        canvas.fill(frame, style: backgroundStyle)
        let width = contentWidth
        if let background = backgroundView {
            background.render(width: width, height: frame.height)
            canvas.copy(background.buffer, from: background.buffer.bounds, to: frame.origin)
        }
        for visible in visibleItems {
            if case .header(let section) = visible.item, pinnedHeader?.section == section { continue }
            guard let view = view(for: visible.item) else { continue }
            view.render(width: width, height: visible.height)
            let slide = swipeSlide(for: visible.item)
            copy(view, at: visible.y, height: visible.height, slide: slide, into: &canvas)
            if let open = openSwipe, visible.item == .row(open.indexPath), let rect = rectForVisible(visible) {
                drawSwipeButtons(open, rowRect: rect, in: &canvas)
            }
        }
        if let pinned = pinnedHeader, let view = visibleHeaders[pinned.section] {
            view.render(width: width, height: sections.headerHeights[pinned.section])
            copy(view, at: pinned.y, height: sections.headerHeights[pinned.section], slide: 0, into: &canvas)
        }
        drawScrollIndicator(in: &canvas)
    }

    private func view(for item: LayoutItem) -> TableReusableView? {
        switch item {
        case .refreshControl: return refreshControl
        case .row(let indexPath): return visibleCells[indexPath]
        case .header(let section): return visibleHeaders[section]
        case .footer(let section): return visibleFooters[section]
        }
    }

    /// How far a row's content is slid sideways by revealed swipe actions.
    private func swipeSlide(for item: LayoutItem) -> Int {
        guard let open = openSwipe, item == .row(open.indexPath) else { return 0 }
        let width = min(swipeButtonsWidth(open), contentWidth)
        return open.isLeading ? width : -width
    }

    private func rectForVisible(_ visible: VisibleItem) -> Rect? {
        let top = max(0, visible.y), bottom = min(frame.height, visible.y + visible.height)
        guard bottom > top else { return nil }
        return Rect(x: frame.minX, y: frame.minY + top, width: contentWidth, height: bottom - top)
    }

    /// Copies the part of a view's buffer that falls inside the viewport, slid by `slide` columns.
    private func copy(_ view: TableReusableView, at y: Int, height: Int, slide: Int, into canvas: inout Canvas) {
        let top = max(0, -y)
        let bottom = min(height, frame.height - y)
        guard bottom > top else { return }
        let width = contentWidth
        let source = Rect(x: max(0, -slide), y: top, width: width - abs(slide), height: bottom - top)
        let destination = Point(x: frame.minX + max(0, slide), y: frame.minY + y + top)
        // The source is at most the content width, so the copy never spills past the table's columns.
        canvas.copy(view.buffer, from: source, to: destination)
    }

    /// The thumb's top line and height in the viewport, or nil when all content fits.
    public var scrollIndicatorThumb: (top: Int, height: Int)? {
        layoutIfNeeded()
        let viewportHeight = frame.height
        guard showsVerticalScrollIndicator, viewportHeight > 0, !visibleItems.isEmpty else { return nil }
        let atTop = viewport.anchor == sections.topItem && viewport.offset == 0
        var atBottom = false
        if let last = visibleItems.last { atBottom = item(after: last.item) == nil && last.y + last.height <= viewportHeight }
        if atTop && atBottom { return nil }
        let content = max(contentHeight, viewportHeight + 1)
        let thumb = min(viewportHeight, max(1, viewportHeight * viewportHeight / content))
        let track = viewportHeight - thumb
        // The position counts items rather than lines: a row measured for the first time (its estimate replaced)
        // changes no count, so the thumb does not jump as rows come into view, and a line scrolled moves it by at
        // most one item's share of the track.
        guard let anchor = viewport.anchor else { return nil }
        let position = Double(itemIndex(of: anchor)) + Double(viewport.offset) / Double(max(1, height(of: anchor)))
        let fraction = min(1, position / max(1, bottomItemPosition()))
        var top = atTop ? 0 : (atBottom ? track : Int(Double(track) * fraction))
        top = min(max(atTop ? 0 : (track > 1 ? 1 : 0), top), atBottom ? track : max(0, track - (track > 1 ? 1 : 0)))
        return (top, thumb)
    }

    private func drawScrollIndicator(in canvas: inout Canvas) {
        guard let thumb = scrollIndicatorThumb else { return }
        // Whole runs of one glyph (drawn on every frame: no text to measure), in one style for the
        // column, so a redrawn line needs no attribute switch.
        let x = frame.maxX - 1
        canvas.fill(Rect(x: x, y: frame.minY, width: 1, height: frame.height), with: Self.trackGlyph)
        canvas.fill(Rect(x: x, y: frame.minY + thumb.top, width: 1, height: thumb.height), with: Self.thumbGlyph)
    }

    private static let trackGlyph = Glyph(text: "│", width: 1)
    private static let thumbGlyph = Glyph(text: "┃", width: 1)
}
