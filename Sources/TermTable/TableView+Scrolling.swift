extension TableView {
    /// Scrolls the content by whole lines (positive is down), stopping at either end; returns the lines moved.
    ///
    /// The selected row does not follow, as in UIKit, where scrolling never changes the selection. Scrolling up
    /// when already at the top pulls the refresh control, if there is one (the mouse wheel's pull to refresh);
    /// scrolling down while its row is revealed hides the row, as the first line scrolled.
    @discardableResult
    public func scroll(byLines lines: Int) -> Int {
        if lines > 0, refreshControl?.state == .revealed {
            let rowWasOnScreen = viewport.anchor == .refreshControl
            _ = cancelRefreshPull()
            return (rowWasOnScreen ? 1 : 0) + moveContent(byLines: lines - (rowWasOnScreen ? 1 : 0))
        }
        let moved = moveContent(byLines: lines)
        if lines < 0, moved == 0 { _ = pullRefreshControl() }
        return moved
    }

    /// Scrolls the content by whole lines without pulling the refresh control (paging); returns the lines moved.
    @discardableResult
    func moveContent(byLines lines: Int) -> Int {
        loadDataIfNeeded()
        normalizeAnchor()
        let moved = moveAnchor(byLines: lines)
        if moved != 0 { closeSwipe() }
        setNeedsLayout()
        return moved
    }

    /// Scrolls so a row sits at the given position of the viewport.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool = false) {
        loadDataIfNeeded()
        guard isValid(indexPath) else { return }
        normalizeAnchor()
        reveal(indexPath, at: position)
        setNeedsLayout()
    }

    /// Scrolls so a section's header (or, without one, its first item) is at the top of the viewport;
    /// for sections with no rows, where `scrollToRow` has nothing to scroll to.
    public func scrollToHeader(ofSection section: Int) {
        loadDataIfNeeded()
        guard section >= 0, section < sections.rowCounts.count, let item = firstItem(inOrAfter: section), item.section == section else { return }
        viewport.anchor = item
        viewport.offset = 0
        clampToContentEnd()
        setNeedsLayout()
    }

    /// Lines scrolled from the top of the content (rows above the viewport at their measured or estimated heights).
    public var contentOffset: Int {
        loadDataIfNeeded()
        normalizeAnchor()
        guard let anchor = viewport.anchor else { return 0 }
        return estimatedTop(of: anchor) + viewport.offset
    }

    /// The content's height in lines: measured rows at their height, the rest at the estimate.
    public var contentHeight: Int {
        loadDataIfNeeded()
        var total = sections.refreshRowHeight
        for section in sections.rowCounts.indices {
            total += sections.headerHeights[section] + sections.footerHeights[section]
        }
        let estimate = uniformEstimate
        total += totalNumberOfRows * estimate
        for (indexPath, height) in heightCache.measured where isValid(indexPath) { total += height - estimate }
        return total
    }

    /// How many items (headers, rows, footers) come before an item.
    func itemIndex(of item: LayoutItem) -> Int {
        guard item != .refreshControl else { return 0 }
        var index = sections.refreshRowHeight > 0 ? 1 : 0
        for section in 0..<item.section {
            index += (sections.headerHeights[section] > 0 ? 1 : 0) + sections.rowCounts[section] + (sections.footerHeights[section] > 0 ? 1 : 0)
        }
        let header = sections.headerHeights[item.section] > 0 ? 1 : 0
        switch item {
        case .refreshControl, .header: return index
        case .row(let indexPath): return index + header + indexPath.row
        case .footer: return index + header + sections.rowCounts[item.section]
        }
    }

    /// Where the viewport's top is, counting items and the fraction of one, when scrolled to the end (from known
    /// heights and estimates, measuring nothing).
    func bottomItemPosition() -> Double {
        var remaining = frame.height
        var item = lastItem(inOrBefore: sections.rowCounts.count - 1)
        while let current = item {
            let height = heightWithoutMeasuring(of: current)
            if height >= remaining { return Double(itemIndex(of: current)) + Double(height - remaining) / Double(height) }
            remaining -= height
            item = self.item(before: current)
        }
        return 0
    }

    /// Lines a pinned header covers at the top when `indexPath` is scrolled to the top.
    func pinnedInset(above indexPath: IndexPath) -> Int {
        guard pinsSectionHeaders else { return 0 }
        return sections.headerHeights[indexPath.section]
    }

    /// Lines taken by the `count` items above (negative direction) or below a row, for scroll padding.
    func paddingLines(around indexPath: IndexPath, count: Int, above: Bool) -> Int {
        var lines = 0
        var item = LayoutItem.row(indexPath)
        var rows = 0
        while rows < count, let next = above ? self.item(before: item) : self.item(after: item) {
            lines += height(of: next)
            if case .row = next { rows += 1 }
            item = next
        }
        return lines
    }

    /// The line where an item starts relative to the viewport top, if it lies within `limit` lines below the anchor.
    func viewportLine(of target: LayoutItem, within limit: Int) -> Int? {
        guard let anchor = viewport.anchor, anchor <= target else { return nil }
        var y = -viewport.offset
        var item: LayoutItem? = anchor
        while let current = item, y <= limit {
            if current == target { return y }
            y += height(of: current)
            item = self.item(after: current)
        }
        return nil
    }

    /// Moves the anchor so the row is visible at the requested position (`.none`: as little as needed).
    func reveal(_ indexPath: IndexPath, at position: ScrollPosition) {
        let target = LayoutItem.row(indexPath)
        let height = self.height(ofRowAt: indexPath)
        let viewportHeight = frame.height
        guard viewportHeight > 0 else { return }
        // Padding and the pinned header give way when the viewport is too small for them.
        let room = max(0, viewportHeight - height)
        let pinned = min(room, pinnedInset(above: indexPath))
        let above = min(room - pinned, paddingLines(around: indexPath, count: scrollPadding, above: true))
        let below = min(room - pinned - above, paddingLines(around: indexPath, count: scrollPadding, above: false))

        func place(atLine line: Int) {
            viewport.anchor = target
            viewport.offset = 0
            moveAnchor(byLines: -line)
        }

        switch position {
        case .top:
            place(atLine: pinned + above)
        case .middle:
            place(atLine: max(pinned, (viewportHeight - height) / 2))
        case .bottom:
            place(atLine: max(pinned, viewportHeight - height - below))
        case .none:
            let current = viewportLine(of: target, within: viewportHeight + height + below)
            if let line = current, line >= pinned + above, line + height + below <= viewportHeight {
                return  // already fully visible with its context
            }
            if current == nil, let anchor = viewport.anchor, target < anchor {
                place(atLine: pinned + above)
            } else if let line = current, line < pinned + above {
                place(atLine: pinned + above)
            } else {
                place(atLine: max(pinned + above, viewportHeight - height - below))
            }
        }
    }
}
