extension TableView {
    // MARK: Counts

    /// The number of sections, as the table last learned it.
    public var numberOfSections: Int {
        loadDataIfNeeded()
        return rowCounts.count
    }

    /// The number of rows in a section, as the table last learned it.
    public func numberOfRows(inSection section: Int) -> Int {
        loadDataIfNeeded()
        return section >= 0 && section < rowCounts.count ? rowCounts[section] : 0
    }

    /// Rows in all sections.
    public var totalNumberOfRows: Int {
        loadDataIfNeeded()
        return (sectionStarts.last ?? 0) + (rowCounts.last ?? 0)
    }

    /// Loads counts the first time they are needed after the data source was set.
    func loadDataIfNeeded() {
        if needsReload { reloadData() }
    }

    /// Whether an index path names an existing row.
    public func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < rowCounts.count && indexPath.row >= 0
            && indexPath.row < rowCounts[indexPath.section]
    }

    /// A row's position counting rows of all sections.
    func flatIndex(of indexPath: IndexPath) -> Int { sectionStarts[indexPath.section] + indexPath.row }

    /// The row at a position counting rows of all sections.
    func indexPath(forFlatIndex index: Int) -> IndexPath? {
        guard index >= 0, index < totalNumberOfRows else { return nil }
        var low = 0, high = sectionStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        // Empty sections share a start with the next one: move to the section that has the row.
        var section = low
        while index - sectionStarts[section] >= rowCounts[section] { section += 1 }
        return IndexPath(row: index - sectionStarts[section], section: section)
    }

    /// Asks the data source for every count again.
    func reloadCounts() {
        let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        rowCounts = (0..<max(0, sections)).map { max(0, dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0) }
        rebuildSectionStarts()
        reloadSectionMetrics()
    }

    func rebuildSectionStarts() {
        sectionStarts = []
        sectionStarts.reserveCapacity(rowCounts.count)
        var start = 0
        for count in rowCounts {
            sectionStarts.append(start)
            start += count
        }
    }

    /// Header and footer heights per section, from the delegate or the titles.
    func reloadSectionMetrics() {
        headerHeights = (0..<rowCounts.count).map { section in
            let height = delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
            if height != TableView.automaticDimension { return max(0, height) }
            return hasHeader(section) ? 1 : 0
        }
        footerHeights = (0..<rowCounts.count).map { section in
            let height = delegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
            if height != TableView.automaticDimension { return max(0, height) }
            return hasFooter(section) ? 1 : 0
        }
        setNeedsLayout()
    }

    private func hasHeader(_ section: Int) -> Bool {
        dataSource?.tableView(self, titleForHeaderInSection: section) != nil
            || probe(delegate?.tableView(self, viewForHeaderInSection: section))
    }

    private func hasFooter(_ section: Int) -> Bool {
        dataSource?.tableView(self, titleForFooterInSection: section) != nil
            || probe(delegate?.tableView(self, viewForFooterInSection: section))
    }

    /// Whether the delegate supplied a view. A view dequeued only to find that out goes back to the pool, or
    /// every update (which reloads these metrics) would create new views.
    private func probe(_ view: TableViewHeaderFooterView?) -> Bool {
        guard let view else { return false }
        let onScreen = visibleHeaders.values.contains { $0 === view } || visibleFooters.values.contains { $0 === view }
        if !onScreen { headerFooterPool.put(view) }
        return true
    }

    // MARK: Reloading

    /// Forgets every row and asks the data source again, keeping the highlighted row and the
    /// scroll position where they still exist.
    public func reloadData() {
        needsReload = false
        reloadCounts()
        for (indexPath, cell) in visibleCells { endDisplaying(cell, at: indexPath) }
        visibleCells.removeAll()
        for (section, view) in visibleHeaders { endDisplayingHeader(view, section: section) }
        visibleHeaders.removeAll()
        for (section, view) in visibleFooters { endDisplayingFooter(view, section: section) }
        visibleFooters.removeAll()
        visibleItems.removeAll()
        heightCache.removeAll()
        selection.marked = selection.marked.filter(isValid)
        prefetching.announced.removeAll()
        openSwipe = nil
        if let selected = selection.selected, !isValid(selected) {
            selection.selected = nearestRow(toFlatIndex: flatIndexClamped(selected))
        }
        if let anchor, !isValidItem(anchor) {
            // UIKit keeps its content offset, clamped to the new content: stay at the row now at that position
            // (the layout pulls the view up from the end), not at the top.
            let row = anchor.indexPath.flatMap { nearestRow(toFlatIndex: flatIndexClamped($0)) }
            self.anchor = row.map(LayoutItem.row)
                ?? (rowCounts.isEmpty ? nil : firstItem(inOrAfter: min(anchor.section, rowCounts.count - 1)))
            anchorOffset = 0
        }
        setNeedsLayout()
    }

    /// Where a possibly stale index path would fall counting rows of all sections.
    func flatIndexClamped(_ indexPath: IndexPath) -> Int {
        guard !rowCounts.isEmpty else { return 0 }
        let section = min(max(0, indexPath.section), rowCounts.count - 1)
        return sectionStarts[section] + min(indexPath.row, max(0, rowCounts[section] - 1))
    }

    /// The nearest existing row to a flat position, or nil when the table is empty.
    func nearestRow(toFlatIndex index: Int) -> IndexPath? {
        let total = totalNumberOfRows
        guard total > 0 else { return nil }
        return indexPath(forFlatIndex: min(max(0, index), total - 1))
    }

    /// Marks the layout stale; the next draw or query lays out again.
    public func setNeedsLayout() { needsLayout = true }
}
