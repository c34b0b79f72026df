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
            if frame.width != oldValue.width { heightCache.removeAll() }
            updatePoolCapacity()
            keepSelectionVisibleAfterLayout = true
            setNeedsLayout()
        }
    }

    /// Height of every row in lines, or `automaticDimension` to let cells size themselves.
    public var rowHeight = 1 { didSet { heightCache.removeAll(); setNeedsLayout() } }
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
    /// Rows of context kept above and below the selected row when the table follows it.
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
    /// Pull to refresh: the control whose row a pull past the top reveals (see `RefreshControl`). Nil: no pull.
    public var refreshControl: RefreshControl? { didSet { refreshControlDidChange(from: oldValue) } }

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

    /// Row counts, section starts and header and footer heights as the table last learned them ("before" for the next update).
    var sections = SectionMetrics()

    /// The item at the top of the viewport and how many of its lines are scrolled above it.
    var viewport = Viewport()
    /// What the last layout placed on screen.
    var visibleItems: [VisibleItem] = []
    /// The pinned header, when one is drawn: its section and its top line in the viewport.
    var pinnedHeader: (section: Int, y: Int)?

    /// The cells, headers and footers on screen (the only views the table holds besides its pools).
    var visibleCells: [IndexPath: TableViewCell] = [:]
    var visibleHeaders: [Int: TableViewHeaderFooterView] = [:]
    var visibleFooters: [Int: TableViewHeaderFooterView] = [:]
    /// Cells configured to measure a row during this layout pass, not yet on screen.
    var measuringCells: [IndexPath: TableViewCell] = [:]
    /// When set, dequeueing for this row hands back this cell (`reconfigureRows`).
    var reconfiguring: (indexPath: IndexPath, cell: TableViewCell)?

    /// Heights of rows measured so far (bounded), used instead of estimates.
    var heightCache = HeightCache()

    /// The selected row and the rows marked in editing mode.
    var selection = SelectionState()

    /// The rows announced to the prefetch data source, and the direction they were announced for.
    var prefetching = PrefetchTracking()

    /// What the previous draw showed, to tell how far the rows slid since (`scrollSinceLastDraw`).
    var scrollTracking = ScrollTracking()

    /// The revealed swipe actions, when a row is swiped open.
    var openSwipe: SwipeState?

    /// Set when what the layout placed is stale; the next draw or query lays out again.
    var needsLayout = true
    /// Set when the data source changed; counts are loaded on first use, as UIKit does.
    var needsReload = true
    /// Set by a resize, or by an update while the selected row was fully visible: the next layout brings it into view.
    var keepSelectionVisibleAfterLayout = false
    /// The batch update in progress, if any.
    var batch = PendingBatch()

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
}
