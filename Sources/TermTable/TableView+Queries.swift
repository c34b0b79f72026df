extension TableView {
    // MARK: Queries about what is on screen

    /// The cell showing a row, or nil when the row is not visible.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        layoutIfNeeded()
        return visibleCells[indexPath]
    }

    /// The row a visible cell shows.
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        visibleCells.first { $0.value === cell }?.key
    }

    /// The rows on screen, top to bottom (including rows cut by the edges).
    public var indexPathsForVisibleRows: [IndexPath] {
        layoutIfNeeded()
        return visibleItems.compactMap(\.item.indexPath)
    }

    /// The cells on screen, top to bottom.
    public var visibleCellsInOrder: [TableViewCell] {
        indexPathsForVisibleRows.compactMap { visibleCells[$0] }
    }

    /// The header view shown for a section, if it is on screen.
    public func headerView(forSection section: Int) -> TableViewHeaderFooterView? {
        layoutIfNeeded()
        return visibleHeaders[section]
    }

    /// The footer view shown for a section, if it is on screen.
    public func footerView(forSection section: Int) -> TableViewHeaderFooterView? {
        layoutIfNeeded()
        return visibleFooters[section]
    }

    /// The rectangle a visible row occupies on the canvas (clipped to the viewport), or nil when off screen.
    public func rectForRow(at indexPath: IndexPath) -> Rect? {
        layoutIfNeeded()
        guard let item = visibleItems.first(where: { $0.item == .row(indexPath) }) else { return nil }
        let top = max(0, item.y), bottom = min(frame.height, item.y + item.height)
        guard bottom > top else { return nil }
        return Rect(x: frame.minX, y: frame.minY + top, width: contentWidth, height: bottom - top)
    }

    /// The rectangle a visible section header occupies on the canvas (clipped to the viewport), or nil
    /// when it is off screen; a header pinned to the top is found at its place in the content.
    public func rectForHeader(inSection section: Int) -> Rect? {
        layoutIfNeeded()
        guard let item = visibleItems.first(where: { $0.item == .header(section) }) else { return nil }
        let top = max(0, item.y), bottom = min(frame.height, item.y + item.height)
        guard bottom > top else { return nil }
        return Rect(x: frame.minX, y: frame.minY + top, width: contentWidth, height: bottom - top)
    }

    /// The row under a point of the canvas (for mouse clicks), or nil for headers, footers and empty space.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        layoutIfNeeded()
        guard frame.contains(point) else { return nil }
        let line = point.y - frame.minY
        if let pinned = pinnedHeader, line >= pinned.y, line < pinned.y + sections.headerHeights[pinned.section] { return nil }
        return visibleItems.first { line >= $0.y && line < $0.y + $0.height }?.item.indexPath
    }

    /// Columns available to rows: the frame minus the scroll indicator's column.
    public var contentWidth: Int { max(0, frame.width - (showsVerticalScrollIndicator ? 1 : 0)) }

    /// Whether a layout item still exists in the current counts.
    func isValidItem(_ item: LayoutItem) -> Bool { sections.isValidItem(item) }
}
