extension TableView {
    // MARK: Counts

    /// The number of sections, as the table last learned it.
    public var numberOfSections: Int {
        loadDataIfNeeded()
        return sections.rowCounts.count
    }

    /// The number of rows in a section, as the table last learned it.
    public func numberOfRows(inSection section: Int) -> Int {
        loadDataIfNeeded()
        return section >= 0 && section < sections.rowCounts.count ? sections.rowCounts[section] : 0
    }

    /// Rows in all sections.
    public var totalNumberOfRows: Int {
        loadDataIfNeeded()
        return sections.totalNumberOfRows
    }

    /// Loads counts the first time they are needed after the data source was set.
    func loadDataIfNeeded() {
        if needsReload { reloadData() }
    }

    /// Whether an index path names an existing row.
    public func isValid(_ indexPath: IndexPath) -> Bool { sections.isValid(indexPath) }

    /// A row's position counting rows of all sections.
    func flatIndex(of indexPath: IndexPath) -> Int { sections.flatIndex(of: indexPath) }

    /// The row at a position counting rows of all sections.
    func indexPath(forFlatIndex index: Int) -> IndexPath? { sections.indexPath(forFlatIndex: index) }

    /// Asks the data source for every count again.
    func reloadCounts() {
        let sectionCount = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        sections.setRowCounts((0..<max(0, sectionCount)).map { max(0, dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0) })
        reloadSectionMetrics()
    }

    /// Header and footer heights per section, from the delegate or the titles.
    func reloadSectionMetrics() {
        sections.headerHeights = (0..<sections.count).map { section in
            let height = delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
            if height != TableView.automaticDimension { return max(0, height) }
            return hasHeader(section) ? 1 : 0
        }
        sections.footerHeights = (0..<sections.count).map { section in
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

    /// Forgets every row and asks the data source again, keeping the selected row and the
    /// scroll position where they still exist.
    public func reloadData() {
        needsReload = false
        reloadCounts()
        for (indexPath, cell) in visibleCells { endDisplaying(cell, at: indexPath) }
        visibleCells.removeAll()
        forgetMeasuringCells()
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
        if let anchor = viewport.anchor, !isValidItem(anchor) {
            // UIKit keeps its content offset, clamped to the new content: stay at the row now at that position
            // (the layout pulls the view up from the end), not at the top.
            let row = anchor.indexPath.flatMap { nearestRow(toFlatIndex: flatIndexClamped($0)) }
            viewport.anchor = row.map(LayoutItem.row)
                ?? (sections.rowCounts.isEmpty ? nil : firstItem(inOrAfter: min(anchor.section, sections.rowCounts.count - 1)))
            viewport.offset = 0
        }
        setNeedsLayout()
    }

    /// Where a possibly stale index path would fall counting rows of all sections.
    func flatIndexClamped(_ indexPath: IndexPath) -> Int {
        guard !sections.rowCounts.isEmpty else { return 0 }
        let section = min(max(0, indexPath.section), sections.rowCounts.count - 1)
        return sections.sectionStarts[section] + min(indexPath.row, max(0, sections.rowCounts[section] - 1))
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
