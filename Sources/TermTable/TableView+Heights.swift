/// Row heights: fixed, per row from the delegate, or measured through the row's cell (automatic), with
/// estimates standing in for rows not measured yet. The measured ones live in `heightCache`.
extension TableView {
    /// An item's height in lines, measuring a row (through its cell) when heights are automatic.
    func height(of item: LayoutItem) -> Int {
        switch item {
        case .refreshControl: return sections.refreshRowHeight
        case .header(let section): return sections.headerHeights[section]
        case .footer(let section): return sections.footerHeights[section]
        case .row(let indexPath): return height(ofRowAt: indexPath)
        }
    }

    /// A row's height in lines: remembered, fixed, or measured through its cell (and then remembered).
    func height(ofRowAt indexPath: IndexPath) -> Int {
        if let known = heightCache[indexPath] { return known }
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
        heightCache.remember(height, for: indexPath, keepingRowsIn: visibleItems)
        return height
    }

    /// The height assumed for every row not remembered, in the content-height sums.
    var uniformEstimate: Int { max(1, estimatedRowHeight > 0 ? estimatedRowHeight : max(1, rowHeight)) }

    /// The height a row is assumed to have until it is measured.
    func estimatedHeight(ofRowAt indexPath: IndexPath) -> Int {
        if let known = heightCache[indexPath] { return known }
        let estimate = delegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? estimatedRowHeight
        return max(1, estimate > 0 ? estimate : (rowHeight > 0 ? rowHeight : 1))
    }

    /// The height a row's configured cell asks for: the cell on screen, or a freshly dequeued one.
    ///
    /// A fresh cell is kept for this pass (the row is likely shown next) only while the cells held stay within a
    /// screenful plus one: a page or a jump measures many rows that never show, and holding all their cells would
    /// create cells beyond the viewport's bound, so those go straight back to the pool.
    func measureRow(at indexPath: IndexPath) -> Int {
        if let cell = visibleCells[indexPath] ?? measuringCells[indexPath] { return cell.heightThatFits(width: contentWidth) }
        let cell = configuredCell(at: indexPath)
        // Measured as it will show: in editing mode the mark narrows the content, and a wrapped row grows.
        applyState(to: cell, at: indexPath)
        let height = cell.heightThatFits(width: contentWidth)
        if visibleCells.count + measuringCells.count <= frame.height {
            measuringCells[indexPath] = cell
        } else {
            cellPool.put(cell)
        }
        return height
    }

    /// Returns the cells measured since the last layout to the pool: they were configured for rows
    /// as the data stood then, and after a reload or a batch update the same index path may name
    /// another row (a row moved to another section left the row below it showing the moved one).
    func forgetMeasuringCells() {
        for (_, cell) in measuringCells { cellPool.put(cell) }
        measuringCells.removeAll()
    }

    /// Asks the data source for the row's cell.
    func configuredCell(at indexPath: IndexPath) -> TableViewCell {
        guard let dataSource else {
            fatalError("TableView: a row at \(indexPath) is shown but the table has no data source")
        }
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        applyIndentation(to: cell, at: indexPath)
        cell.setNeedsDisplay()
        return cell
    }

    /// Sets the row's indentation level from the delegate's `tableView(_:indentationLevelForRowAt:)`
    /// after the data source configured its cell, as UIKit does. A 0 leaves a level the cell gave
    /// itself, but takes back one the delegate gave it earlier (a row reconfigured in place keeps
    /// its cell, without `prepareForReuse`).
    func applyIndentation(to cell: TableViewCell, at indexPath: IndexPath) {
        let level = max(0, delegate?.tableView(self, indentationLevelForRowAt: indexPath) ?? 0)
        guard level > 0 || cell.indentationIsFromDelegate else { return }
        cell.indentationLevel = level
        cell.indentationIsFromDelegate = level > 0
    }

    /// The estimated top line of an item within the whole content.
    func estimatedTop(of item: LayoutItem) -> Int {
        guard item != .refreshControl else { return 0 }
        let estimate = uniformEstimate
        let section = item.section
        var top = sections.refreshRowHeight
        for earlier in 0..<section { top += sections.headerHeights[earlier] + sections.footerHeights[earlier] }
        let rowsBefore: Int
        switch item {
        case .refreshControl, .header: rowsBefore = sections.sectionStarts[section]
        case .row(let indexPath): rowsBefore = sections.sectionStarts[section] + indexPath.row; top += sections.headerHeights[section]
        case .footer: rowsBefore = sections.sectionStarts[section] + sections.rowCounts[section]; top += sections.headerHeights[section]
        }
        top += rowsBefore * estimate
        for (indexPath, height) in heightCache.measured where isValid(indexPath) && flatIndex(of: indexPath) < rowsBefore {
            top += height - estimate
        }
        return top
    }

    /// An item's height without measuring it: a measured or fixed height when known, else the estimate.
    func heightWithoutMeasuring(of item: LayoutItem) -> Int {
        guard case .row(let indexPath) = item else { return height(of: item) }
        if let known = heightCache[indexPath] { return known }
        let requested = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        return requested == TableView.automaticDimension ? estimatedHeight(ofRowAt: indexPath) : max(1, requested)
    }
}
