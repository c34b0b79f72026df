extension TableView {
    // MARK: Walking the stack of headers, rows and footers

    /// The first item of `section` or of a later section, skipping empty ones.
    func firstItem(inOrAfter section: Int) -> LayoutItem? {
        var section = max(0, section)
        while section < rowCounts.count {
            if headerHeights[section] > 0 { return .header(section) }
            if rowCounts[section] > 0 { return .row(IndexPath(row: 0, section: section)) }
            if footerHeights[section] > 0 { return .footer(section) }
            section += 1
        }
        return nil
    }

    /// The last item of `section` or of an earlier section, skipping empty ones.
    func lastItem(inOrBefore section: Int) -> LayoutItem? {
        var section = min(section, rowCounts.count - 1)
        while section >= 0 {
            if footerHeights[section] > 0 { return .footer(section) }
            if rowCounts[section] > 0 { return .row(IndexPath(row: rowCounts[section] - 1, section: section)) }
            if headerHeights[section] > 0 { return .header(section) }
            section -= 1
        }
        return nil
    }

    /// The item below another.
    func item(after item: LayoutItem) -> LayoutItem? {
        switch item {
        case .header(let section):
            if rowCounts[section] > 0 { return .row(IndexPath(row: 0, section: section)) }
            if footerHeights[section] > 0 { return .footer(section) }
            return firstItem(inOrAfter: section + 1)
        case .row(let indexPath):
            if indexPath.row + 1 < rowCounts[indexPath.section] {
                return .row(IndexPath(row: indexPath.row + 1, section: indexPath.section))
            }
            if footerHeights[indexPath.section] > 0 { return .footer(indexPath.section) }
            return firstItem(inOrAfter: indexPath.section + 1)
        case .footer(let section):
            return firstItem(inOrAfter: section + 1)
        }
    }

    /// The item above another.
    func item(before item: LayoutItem) -> LayoutItem? {
        switch item {
        case .header(let section):
            return lastItem(inOrBefore: section - 1)
        case .row(let indexPath):
            if indexPath.row > 0 { return .row(IndexPath(row: indexPath.row - 1, section: indexPath.section)) }
            if headerHeights[indexPath.section] > 0 { return .header(indexPath.section) }
            return lastItem(inOrBefore: indexPath.section - 1)
        case .footer(let section):
            if rowCounts[section] > 0 { return .row(IndexPath(row: rowCounts[section] - 1, section: section)) }
            if headerHeights[section] > 0 { return .header(section) }
            return lastItem(inOrBefore: section - 1)
        }
    }

    // MARK: Heights

    /// An item's height in lines, measuring a row (through its cell) when heights are automatic.
    func height(of item: LayoutItem) -> Int {
        switch item {
        case .header(let section): return headerHeights[section]
        case .footer(let section): return footerHeights[section]
        case .row(let indexPath): return height(ofRowAt: indexPath)
        }
    }

    func height(ofRowAt indexPath: IndexPath) -> Int {
        if let known = measuredHeights[indexPath] { return known }
        let requested = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        let height: Int
        if requested == TableView.automaticDimension {
            height = max(1, measureRow(at: indexPath))
            counters.rowsMeasured += 1
        } else {
            height = max(1, requested)
        }
        rememberHeight(height, for: indexPath)
        return height
    }

    /// The height a row is assumed to have until it is measured.
    func estimatedHeight(ofRowAt indexPath: IndexPath) -> Int {
        if let known = measuredHeights[indexPath] { return known }
        let estimate = delegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? estimatedRowHeight
        return max(1, estimate > 0 ? estimate : (rowHeight > 0 ? rowHeight : 1))
    }

    private func rememberHeight(_ height: Int, for indexPath: IndexPath) {
        if measuredHeights.count >= TableView.measuredHeightsCapacity {
            // Keep the memory flat: forget measurements of rows that are not on screen.
            let visible = Set(visibleItems.compactMap(\.item.indexPath))
            measuredHeights = measuredHeights.filter { visible.contains($0.key) }
        }
        measuredHeights[indexPath] = height
    }

    /// The height a row's configured cell asks for: the cell on screen, or a freshly dequeued one.
    ///
    /// A fresh cell is kept for this pass (the row is likely shown next) only while the cells held stay within a
    /// screenful plus one: a page or a jump measures many rows that never show, and holding all their cells would
    /// create cells beyond the viewport's bound, so those go straight back to the pool.
    func measureRow(at indexPath: IndexPath) -> Int {
        if let cell = visibleCells[indexPath] ?? measuringCells[indexPath] { return cell.heightThatFits(width: contentWidth) }
        let cell = configuredCell(at: indexPath)
        let height = cell.heightThatFits(width: contentWidth)
        if visibleCells.count + measuringCells.count <= frame.height {
            measuringCells[indexPath] = cell
        } else {
            cellPool.put(cell)
        }
        return height
    }

    /// Asks the data source for the row's cell.
    func configuredCell(at indexPath: IndexPath) -> TableViewCell {
        guard let dataSource else {
            fatalError("TableView: a row at \(indexPath) is shown but the table has no data source")
        }
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        cell.setNeedsDisplay()
        return cell
    }

    // MARK: Moving the anchor

    /// Makes the anchor valid: the first item when unset, offset within the anchor's height.
    func normalizeAnchor() {
        if anchor == nil || !isValidItem(anchor!) {
            anchor = firstItem(inOrAfter: 0)
            anchorOffset = 0
        }
        guard let current = anchor else { anchorOffset = 0; return }
        let height = self.height(of: current)
        if anchorOffset >= height || anchorOffset < 0 { moveAnchor(byLines: 0) }
    }

    /// Moves the top of the viewport by `lines` (positive is down), stopping at the ends of the
    /// content; returns the lines actually moved.
    @discardableResult
    func moveAnchor(byLines lines: Int) -> Int {
        guard var current = anchor else { return 0 }
        var offset = anchorOffset + lines
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
        anchor = current
        anchorOffset = offset
        return moved - clampToContentEnd()
    }

    /// Pulls the viewport back up when it would show empty space below the last item; returns the lines moved up.
    @discardableResult
    func clampToContentEnd() -> Int {
        guard let start = anchor else { return 0 }
        var filled = -anchorOffset
        var item: LayoutItem? = start
        while let current = item, filled < frame.height {
            filled += height(of: current)
            item = self.item(after: current)
        }
        guard filled < frame.height else { return 0 }
        var gap = frame.height - filled
        var moved = 0
        var current = start
        var offset = anchorOffset
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
        anchor = current
        anchorOffset = offset
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
        let previousAnchor = anchor
        let previousOffset = anchorOffset
        normalizeAnchor()
        if keepSelectionVisibleAfterLayout {
            keepSelectionVisibleAfterLayout = false
            if let selected = selectedIndexPath, isValid(selected) { reveal(selected, at: .none) }
        }
        clampToContentEnd()
        let items = placeItems()
        commit(items)
        if previousAnchor != anchor || previousOffset != anchorOffset {
            delegate?.tableViewDidScroll(self)
        }
    }

    /// The items that cover the viewport from the anchor down.
    func placeItems() -> [VisibleItem] {
        var items: [VisibleItem] = []
        var y = -anchorOffset
        var item = anchor
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
            case .row(let indexPath): rows.append(indexPath)
            case .header(let section): headers.append(section)
            case .footer(let section): footers.append(section)
            }
        }
        if let pinned = pinnedHeader, !headers.contains(pinned.section) { headers.insert(pinned.section, at: 0) }

        let rowSet = Set(rows)
        for (indexPath, cell) in visibleCells where !rowSet.contains(indexPath) {
            visibleCells[indexPath] = nil
            endDisplaying(cell, at: indexPath)
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

        updateHeaderFooterViews(headers: Set(headers), footers: Set(footers))
        visibleItems = items
        updatePrefetching()
    }

    /// Sets the table-owned state of a cell (highlight, editing, mark).
    func applyState(to cell: TableViewCell, at indexPath: IndexPath) {
        cell.isSelected = indexPath == selectedIndexPath
        cell.isEditing = isEditing
        cell.isMarked = markedIndexPaths.contains(indexPath)
    }

    /// Where the header of the top section is pinned, pushed up by the next section's header.
    private func pinnedHeaderPosition(for items: [VisibleItem]) -> (section: Int, y: Int)? {
        guard pinsSectionHeaders, let first = items.first else { return nil }
        let section = first.item.section
        let height = headerHeights[section]
        guard height > 0, !(first.item == .header(section) && first.y == 0) else { return nil }
        var y = 0
        if let next = items.first(where: { if case .header(let other) = $0.item { return other > section } else { return false } }),
           next.y < height {
            y = next.y - height
        }
        return y + height > 0 ? (section, y) : nil
    }

    func endDisplaying(_ cell: TableViewCell, at indexPath: IndexPath) {
        delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        cellPool.put(cell)
    }

    func endDisplayingHeader(_ view: TableViewHeaderFooterView, section: Int) {
        delegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        headerFooterPool.put(view)
    }

    func endDisplayingFooter(_ view: TableViewHeaderFooterView, section: Int) {
        delegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        headerFooterPool.put(view)
    }

    private func updateHeaderFooterViews(headers: Set<Int>, footers: Set<Int>) {
        for (section, view) in visibleHeaders where !headers.contains(section) {
            visibleHeaders[section] = nil
            endDisplayingHeader(view, section: section)
        }
        for section in headers.sorted() {
            if let view = visibleHeaders[section] {
                refreshTitle(of: view, title: dataSource?.tableView(self, titleForHeaderInSection: section))
                continue
            }
            let view = delegate?.tableView(self, viewForHeaderInSection: section)
                ?? defaultHeaderFooterView(title: dataSource?.tableView(self, titleForHeaderInSection: section), showsRule: true)
            visibleHeaders[section] = view
            delegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        }
        for (section, view) in visibleFooters where !footers.contains(section) {
            visibleFooters[section] = nil
            endDisplayingFooter(view, section: section)
        }
        for section in footers.sorted() {
            if let view = visibleFooters[section] {
                refreshTitle(of: view, title: dataSource?.tableView(self, titleForFooterInSection: section))
                continue
            }
            let view = delegate?.tableView(self, viewForFooterInSection: section)
                ?? defaultHeaderFooterView(title: dataSource?.tableView(self, titleForFooterInSection: section), showsRule: false)
            visibleFooters[section] = view
            delegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
    }

    static let defaultHeaderFooterIdentifier = "TermTable.TableViewHeaderFooterView"

    private func defaultHeaderFooterView(title: String?, showsRule: Bool) -> TableViewHeaderFooterView {
        if !headerFooterPool.isRegistered(TableView.defaultHeaderFooterIdentifier) {
            headerFooterPool.register(TableViewHeaderFooterView.self, for: TableView.defaultHeaderFooterIdentifier)
        }
        let view = dequeueReusableHeaderFooterView(withIdentifier: TableView.defaultHeaderFooterIdentifier)!
        view.text = StyledText(title ?? "")
        view.showsRule = showsRule
        return view
    }

    /// Titles from the data source are re-read on every layout, so counts in headers stay current.
    private func refreshTitle(of view: TableViewHeaderFooterView, title: String?) {
        guard view.reuseIdentifier == TableView.defaultHeaderFooterIdentifier, let title else { return }
        if view.text.plainText != title { view.text = StyledText(title) }
    }
}
