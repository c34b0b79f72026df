/// A scrolling list of rows drawn from a data source, a terminal port of `UITableView`.
///
/// The table owns no data. It asks its data source how many sections and rows there are
/// and for a configured cell per visible row, asks its delegate about heights, selection and
/// actions, and draws any number of rows with a small set of recycled cells.
open class TableView {
    /// Asks the delegate or the cell for the height (`rowHeight`, header and footer heights).
    public static let automaticDimension = -1

    /// Supplies sections, rows and cells. Held weakly.
    public weak var dataSource: TableViewDataSource? { didSet { needsReload = true } }
    /// Answers questions about heights, selection, actions and display. Held weakly.
    public weak var delegate: TableViewDelegate? { didSet { needsReload = true } }
    /// Hears about rows before they come into view. Held weakly.
    public weak var prefetchDataSource: TableViewDataSourcePrefetching?

    /// Where the table draws on the canvas; the viewport is this rectangle.
    public var frame: Rect {
        didSet {
            guard frame.size != oldValue.size else { return }
            if frame.width != oldValue.width { measuredHeights.removeAll() }
            updatePoolCapacity()
            keepSelectionVisibleAfterLayout = true
            setNeedsLayout()
        }
    }

    /// Height of every row in lines, or `automaticDimension` to let cells size themselves.
    public var rowHeight = 1 { didSet { measuredHeights.removeAll(); setNeedsLayout() } }
    /// Guess used for rows not yet measured (and to size the scroll indicator).
    public var estimatedRowHeight = 1 { didSet { setNeedsLayout() } }
    /// Height of section headers; `automaticDimension` is one line for sections that have a header.
    public var sectionHeaderHeight = TableView.automaticDimension { didSet { reloadSectionMetrics() } }
    /// Height of section footers; `automaticDimension` is one line for sections that have a footer.
    public var sectionFooterHeight = TableView.automaticDimension { didSet { reloadSectionMetrics() } }
    /// Whether the header of the section at the top stays pinned while its rows scroll under it.
    public var pinsSectionHeaders = true { didSet { setNeedsLayout() } }
    /// Whether a scroll indicator is drawn in the rightmost column (which rows then do not use).
    public var showsVerticalScrollIndicator = true { didSet { setNeedsLayout() } }
    /// Rows of context kept above and below the highlighted row when the table follows it.
    public var scrollPadding = 0
    /// Whether moving past the last row continues at the first (and the other way round).
    public var wrapsSelection = false
    /// How many rows beyond the viewport are announced to the prefetch data source.
    public var prefetchDistance = 10
    /// Whether rows can be marked (multiple selection) in editing mode.
    public var allowsMultipleSelectionDuringEditing = true
    /// Drawn behind the rows over the whole viewport, e.g. an empty-state message.
    public var backgroundView: TableReusableView? { didSet { setNeedsLayout() } }
    /// Style of the empty part of the viewport.
    public var backgroundStyle = Style.plain

    /// Whether the table is in editing mode (rows show marks; see `setEditing`).
    public internal(set) var isEditing = false

    /// How well cells are being recycled.
    public var reuseStatistics: ReuseStatistics {
        var statistics = counters
        statistics.cellsPooled = cellPool.count
        return statistics
    }

    // MARK: State shared by the extensions

    var counters = ReuseStatistics()
    var cellPool = ReusePool<TableViewCell>()
    var headerFooterPool = ReusePool<TableViewHeaderFooterView>()

    /// Row counts per section as the table last learned them ("before" for the next update).
    var rowCounts: [Int] = []
    /// First flat row index of each section.
    var sectionStarts: [Int] = []
    var headerHeights: [Int] = []
    var footerHeights: [Int] = []

    /// The item at the top of the viewport and how many of its lines are scrolled above it.
    var anchor: LayoutItem?
    var anchorOffset = 0
    /// What the last layout placed on screen.
    var visibleItems: [VisibleItem] = []
    /// The pinned header, when one is drawn: its section and its top line in the viewport.
    var pinnedHeader: (section: Int, y: Int)?

    var visibleCells: [IndexPath: TableViewCell] = [:]
    var visibleHeaders: [Int: TableViewHeaderFooterView] = [:]
    var visibleFooters: [Int: TableViewHeaderFooterView] = [:]
    /// Cells configured to measure a row during this layout pass, not yet on screen.
    var measuringCells: [IndexPath: TableViewCell] = [:]
    /// When set, dequeueing for this row hands back this cell (`reconfigureRows`).
    var reconfiguring: (indexPath: IndexPath, cell: TableViewCell)?

    /// Heights of rows seen so far (bounded), used instead of estimates.
    var measuredHeights: [IndexPath: Int] = [:]
    static let measuredHeightsCapacity = 4096

    var selectedIndexPath: IndexPath?
    var markedIndexPaths: Set<IndexPath> = []

    var prefetchedIndexPaths: Set<IndexPath> = []
    var lastPrefetchDirection = 1
    var lastFirstVisibleFlatIndex: Int?

    /// The revealed swipe actions, when a row is swiped open.
    var openSwipe: SwipeState?

    var needsLayout = true
    /// Set when the data source changed; counts are loaded on first use, as UIKit does.
    var needsReload = true
    var keepSelectionVisibleAfterLayout = false
    /// Set when an update moved the highlight to a replacement row that must be checked for highlightability.
    var pendingSelectionCheck = false
    var batchDepth = 0
    var pendingUpdate = BatchUpdate()

    /// Creates a table drawing into `frame`.
    public init(frame: Rect = .zero) {
        self.frame = frame
        updatePoolCapacity()
    }

    // MARK: Registration and dequeueing

    /// Registers the class to create for a cell reuse identifier.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        cellPool.register(cellClass, for: identifier)
    }

    /// Registers the class to create for a header or footer reuse identifier.
    public func register(_ viewClass: TableViewHeaderFooterView.Type, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterPool.register(viewClass, for: identifier)
    }

    /// A cell for the row: a recycled one (after `prepareForReuse`) or a new one. The identifier must be registered.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        counters.cellsDequeued += 1
        if let (path, cell) = reconfiguring, path == indexPath, cell.reuseIdentifier == identifier {
            return cell
        }
        if let cell = cellPool.take(identifier) {
            counters.cellsReused += 1
            cell.prepareForReuse()
            return cell
        }
        guard let cell = cellPool.make(identifier) else {
            fatalError("TableView: unable to dequeue a cell with identifier \"\(identifier)\": "
                + "register a class for the identifier with register(_:forCellReuseIdentifier:) first")
        }
        counters.cellsCreated += 1
        return cell
    }

    /// A recycled or new header/footer view, or nil when the identifier is not registered (as in UIKit).
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView? {
        if let view = headerFooterPool.take(identifier) {
            view.prepareForReuse()
            return view
        }
        let view = headerFooterPool.make(identifier)
        if view != nil { counters.headerFooterViewsCreated += 1 }
        return view
    }

    func updatePoolCapacity() {
        // Each row is at least one line, so a screenful never needs more cells than lines.
        let capacity = max(4, frame.height + 2)
        cellPool.capacityPerIdentifier = capacity
        headerFooterPool.capacityPerIdentifier = capacity
    }

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
        measuredHeights.removeAll()
        markedIndexPaths = markedIndexPaths.filter(isValid)
        prefetchedIndexPaths.removeAll()
        openSwipe = nil
        if let selected = selectedIndexPath, !isValid(selected) {
            selectedIndexPath = nearestRow(toFlatIndex: flatIndexClamped(selected))
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

    /// The row under a point of the canvas (for mouse clicks), or nil for headers, footers and empty space.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        layoutIfNeeded()
        guard frame.contains(point) else { return nil }
        let line = point.y - frame.minY
        if let pinned = pinnedHeader, line >= pinned.y, line < pinned.y + headerHeights[pinned.section] { return nil }
        return visibleItems.first { line >= $0.y && line < $0.y + $0.height }?.item.indexPath
    }

    /// Columns available to rows: the frame minus the scroll indicator's column.
    public var contentWidth: Int { max(0, frame.width - (showsVerticalScrollIndicator ? 1 : 0)) }

    /// Whether a layout item still exists in the current counts.
    func isValidItem(_ item: LayoutItem) -> Bool {
        switch item {
        case .header(let section): return section < rowCounts.count && headerHeights[section] > 0
        case .footer(let section): return section < rowCounts.count && footerHeights[section] > 0
        case .row(let indexPath): return isValid(indexPath)
        }
    }
}
