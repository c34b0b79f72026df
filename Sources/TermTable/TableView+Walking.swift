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
            // A fixed height that every estimate already assumes needs no remembering: asking again is
            // cheap, and unremembered rows keep the sums over remembered heights (content height, a
            // row's estimated top) short, whatever the number of rows scrolled past.
            if height == estimatedHeight(ofRowAt: indexPath), height == uniformEstimate { return height }
        }
        rememberHeight(height, for: indexPath)
        return height
    }

    /// The height assumed for every row not remembered, in the content-height sums.
    var uniformEstimate: Int { max(1, estimatedRowHeight > 0 ? estimatedRowHeight : max(1, rowHeight)) }

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
}
