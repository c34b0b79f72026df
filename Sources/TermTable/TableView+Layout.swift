extension TableView {
    // MARK: Moving the anchor

    /// Makes the anchor valid: the first item when unset, offset within the anchor's height.
    func normalizeAnchor() {
        if viewport.anchor.map(isValidItem) != true {
            viewport.anchor = sections.topItem
            viewport.offset = 0
        }
        guard let current = viewport.anchor else { viewport.offset = 0; return }
        let height = self.height(of: current)
        if viewport.offset >= height || viewport.offset < 0 { moveAnchor(byLines: 0) }
    }

    /// Moves the top of the viewport by `lines` (positive is down), stopping at the ends of the
    /// content; returns the lines actually moved.
    @discardableResult
    func moveAnchor(byLines lines: Int) -> Int {
        guard var current = viewport.anchor else { return 0 }
        var offset = viewport.offset + lines
        var moved = lines
        while offset < 0 {
            guard let previous = item(before: current) else {
                moved -= offset
                offset = 0
                break
            }
            current = previous
            offset += height(of: previous)
        }
        while offset >= height(of: current) {
            guard let next = item(after: current) else {
                let excess = offset - (height(of: current) - 1)
                moved -= excess
                offset = height(of: current) - 1
                break
            }
            offset -= height(of: current)
            current = next
        }
        viewport.anchor = current
        viewport.offset = offset
        return moved - clampToContentEnd()
    }

    /// Pulls the viewport back up when it would show empty space below the last item; returns the lines moved up.
    @discardableResult
    func clampToContentEnd() -> Int {
        guard let start = viewport.anchor else { return 0 }
        var filled = -viewport.offset
        var item: LayoutItem? = start
        while let current = item, filled < frame.height {
            filled += height(of: current)
            item = self.item(after: current)
        }
        guard filled < frame.height else { return 0 }
        var gap = frame.height - filled
        var moved = 0
        var current = start
        var offset = viewport.offset
        while gap > 0 {
            if offset > 0 {
                let step = min(offset, gap)
                offset -= step
                gap -= step
                moved += step
                continue
            }
            guard let previous = self.item(before: current) else { break }
            current = previous
            offset = height(of: previous)
        }
        viewport.anchor = current
        viewport.offset = offset
        return moved
    }

    // MARK: The layout pass

    /// Places rows, headers and footers in the viewport, dequeuing cells for rows that appear and
    /// recycling cells of rows that left.
    public func layoutIfNeeded() {
        loadDataIfNeeded()
        guard needsLayout else { return }
        needsLayout = false
        counters.layoutPasses += 1
        let previousAnchor = viewport.anchor
        let previousOffset = viewport.offset
        normalizeAnchor()
        if keepSelectionVisibleAfterLayout {
            keepSelectionVisibleAfterLayout = false
            if let selected = selection.selected, isValid(selected) { reveal(selected, at: .none) }
        }
        clampToContentEnd()
        dropRevealedRefreshRowScrolledAway()
        let items = placeItems()
        commit(items)
        if previousAnchor != viewport.anchor || previousOffset != viewport.offset {
            delegate?.tableViewDidScroll(self)
        }
    }

    /// The items that cover the viewport from the anchor down. Not a pure function of counts and
    /// heights: with automatic heights, a row not measured yet is measured here by configuring its
    /// cell through the data source (`measureRow(at:)`), as UIKit's self-sizing cells are.
    func placeItems() -> [VisibleItem] {
        var items: [VisibleItem] = []
        var y = -viewport.offset
        var item = viewport.anchor
        while let current = item, y < frame.height {
            let height = self.height(of: current)
            items.append(VisibleItem(item: current, y: y, height: height))
            y += height
            item = self.item(after: current)
        }
        return items
    }

    /// Makes `items` the screen: recycles what left, dequeues what arrived, tells the delegate.
    private func commit(_ items: [VisibleItem]) {
        pinnedHeader = pinnedHeaderPosition(for: items)

        var rows: [IndexPath] = []
        var headers: [Int] = []
        var footers: [Int] = []
        for visible in items {
            switch visible.item {
            case .refreshControl: break
            case .row(let indexPath): rows.append(indexPath)
            case .header(let section): headers.append(section)
            case .footer(let section): footers.append(section)
            }
        }
        if let pinned = pinnedHeader, !headers.contains(pinned.section) { headers.insert(pinned.section, at: 0) }

        // Rows are placed in display order, so `rows` is sorted: a binary search spares building a set.
        for (indexPath, cell) in visibleCells where !Self.sorted(rows, contains: indexPath) {
            visibleCells[indexPath] = nil
            endDisplaying(cell, at: indexPath)
        }
        // Cells measured for rows that do not show (keys arriving in a burst measure rows scrolled past)
        // go back before any row is dequeued, so the rows that do show reuse them instead of new cells.
        for (indexPath, cell) in measuringCells where !Self.sorted(rows, contains: indexPath) {
            measuringCells[indexPath] = nil
            cellPool.put(cell)
        }
        for indexPath in rows where visibleCells[indexPath] == nil {
            let cell = measuringCells.removeValue(forKey: indexPath) ?? configuredCell(at: indexPath)
            visibleCells[indexPath] = cell
            applyState(to: cell, at: indexPath)
            delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        }
        for (_, cell) in measuringCells { cellPool.put(cell) }
        measuringCells.removeAll()
        for (indexPath, cell) in visibleCells { applyState(to: cell, at: indexPath) }

        updateHeaderFooterViews(headers: headers, footers: footers)
        visibleItems = items
        updatePrefetching()
    }

    /// Whether the ascending `paths` hold `indexPath`.
    static func sorted(_ paths: [IndexPath], contains indexPath: IndexPath) -> Bool {
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < indexPath { low = middle + 1 } else { high = middle }
        }
        return low < paths.count && paths[low] == indexPath
    }

    /// Sets the table-owned state of a cell (selection, editing, mark).
    func applyState(to cell: TableViewCell, at indexPath: IndexPath) {
        cell.isSelected = indexPath == selection.selected
        cell.isEditing = isEditing
        cell.isMarked = selection.isMarked(indexPath)
    }

    /// Where the header of the top section is pinned, pushed up by the next section's header.
    private func pinnedHeaderPosition(for items: [VisibleItem]) -> (section: Int, y: Int)? {
        // The refresh control's row at the top comes before every header: nothing is pinned over it.
        guard pinsSectionHeaders, let first = items.first, first.item != .refreshControl else { return nil }
        let section = first.item.section
        let height = sections.headerHeights[section]
        guard height > 0, !(first.item == .header(section) && first.y == 0) else { return nil }
        var y = 0
        if let next = items.first(where: { if case .header(let other) = $0.item { return other > section } else { return false } }),
           next.y < height {
            y = next.y - height
        }
        return y + height > 0 ? (section, y) : nil
    }
}
