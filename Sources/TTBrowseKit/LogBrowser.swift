import TermTable

/// tt-browse without a terminal: a diffable data source over the log's line numbers, variable-height
/// cells, a footer that loads more, keys in and a canvas out. The executable only adds ncurses.
///
/// The slow work (fingerprints, pages) is behind `LogBackend`; `BackgroundLogBackend` runs it off
/// the main thread and parks results in an inbox the loop drains between keys
/// (`deliverArrivedResults`), so the table is only touched on the main thread. A `LogLineCell`
/// drops a fingerprint that arrives for a line it no longer shows and cancels its load in
/// `prepareForReuse`; the footer's state (`Footer`) keeps a second fetch from starting; prefetched
/// fingerprints are bounded (256) and cancelled when the scrolling turns. `g`, `G` and a typed line
/// number then `G` go through `scrollToRow`.
public final class LogBrowser: TableViewDataSourcePrefetching {
    /// What the footer under the last line says: more load at the end, a page is loading, or a fetch failed.
    public enum Footer: Equatable, Sendable { case idle, loading, failed(String) }

    /// The table of lines, above the status line.
    public let tableView: TableView
    /// The diffable data source driving the table: one section (0), the line numbers as items.
    public private(set) var dataSource: TableViewDiffableDataSource<Int, Int>!
    /// Lines in the log so far.
    public private(set) var lineCount: Int
    /// The footer's state; a change lays the table out again, for the footer's new title.
    public private(set) var footer = Footer.idle { didSet { tableView.setNeedsLayout() } }
    /// Whether `q` was pressed.
    public private(set) var isFinished = false
    /// The digits typed so far: the line number the next `g` or `G` jumps to.
    public private(set) var typedLine: String?
    /// Fingerprints loaded ahead for lines announced by the table's prefetching, until their rows show.
    public private(set) var prefetched: [Int: String] = [:]
    private var prefetchTickets: [Int: WorkTicket] = [:]
    private let backend: LogBackend

    /// A browser over `lineCount` lines on a screen of `size` (the last line is the status line).
    public init(lineCount: Int, backend: LogBackend, size: Size) throws {
        (self.lineCount, self.backend) = (lineCount, backend)
        tableView = TableView(frame: Rect(x: 0, y: 0, width: size.width, height: max(1, size.height - 1)))
        tableView.register(LogLineCell.self, forCellReuseIdentifier: "line")
        tableView.rowHeight = TableView.automaticDimension
        tableView.estimatedRowHeight = 2
        tableView.prefetchDataSource = self
        dataSource = TableViewDiffableDataSource(tableView: tableView) { [unowned self] table, indexPath, line in
            let cell = table.dequeueReusableCell(withIdentifier: "line", for: indexPath) as! LogLineCell
            // A prefetch still running for the line is given up: the cell loads its line itself, and only its cell
            // may be handed the result.
            if let ticket = prefetchTickets.removeValue(forKey: line) { backend.cancel(ticket) }
            cell.show(line: line, backend: backend, known: prefetched.removeValue(forKey: line))
            return cell
        }
        dataSource.sectionFooterTitleProvider = { [unowned self] _ in
            switch footer {
            case .idle: "\(lineCount) lines · more load when you reach the end"
            case .loading: "Loading…"
            case .failed(let message): "Couldn't load more lines: \(message) · r retries"
            }
        }
        var snapshot = DiffableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<lineCount))
        try dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// Acts on a key: j/k/↓/↑ a line, Space/b a page, g/G the first/last line (or, after digits, that
    /// line, as in less), r retries, q quits.
    public func handle(_ key: Key) {
        let page = max(1, tableView.frame.height - 1), typed = typedLine
        typedLine = nil
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber: typedLine = (typed ?? "") + String(digit)
        case .character("j"), .down: tableView.scroll(byLines: 1)
        case .character("k"), .up: tableView.scroll(byLines: -1)
        case .character(" "), .pageDown, .control("f"): tableView.scroll(byLines: page)
        case .character("b"), .pageUp, .control("b"): tableView.scroll(byLines: -page)
        // More digits than an Int holds mean past the end.
        case .character("g"), .home: jump(toLine: typed.map { Int($0) ?? .max } ?? 1)
        case .character("G"), .end: jump(toLine: typed.map { Int($0) ?? .max } ?? lineCount)
        case .character("r"): if case .failed = footer { footer = .idle }  // and the fetch below starts again
        case .character("q"): isFinished = true
        case .resize(let width, let height): tableView.frame = Rect(x: 0, y: 0, width: width, height: max(1, height - 1))
        default: break
        }
        loadMoreIfNeeded()
    }

    /// Shows line `line` (1-based, clamped to the log) at the top, or the last line at the bottom.
    public func jump(toLine line: Int) {
        guard lineCount > 0 else { return }
        let row = min(max(1, line), lineCount) - 1
        tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: row == lineCount - 1 ? .bottom : .top)
        if row == lineCount - 1 { tableView.scroll(byLines: 1) }  // and the footer under it
    }

    /// Fetches the next page when the reader is near the end, unless a fetch runs or the last one failed
    /// (until `r`): the footer says Loading… meanwhile, and no second fetch starts.
    func loadMoreIfNeeded() {
        guard footer == .idle, let last = tableView.indexPathsForVisibleRows.last, last.row >= lineCount - 20 else { return }
        footer = .loading
        backend.fetchPage(after: lineCount) { [weak self] result in self?.pageArrived(result) }
    }

    /// Appends a fetched page through a snapshot: the diffable data source inserts the rows, and the
    /// lines on screen stay where they are.
    private func pageArrived(_ result: Result<Int, FetchError>) {
        do {
            var snapshot = dataSource.snapshot()
            try snapshot.appendItems(Array(lineCount..<lineCount + result.get()))
            try dataSource.apply(snapshot)
            (lineCount, footer) = (snapshot.numberOfItems, .idle)
        } catch {
            footer = .failed("\(error)")
        }
    }

    /// Starts loading the fingerprints of lines about to come into view.
    public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        for line in indexPaths.map(\.row) where prefetched[line] == nil && prefetchTickets[line] == nil {
            prefetchTickets[line] = backend.loadFingerprint(ofLine: line) { [weak self] value in
                guard let self, prefetchTickets.removeValue(forKey: line) != nil else { return }
                if prefetched.count >= 256 { prefetched.removeAll(keepingCapacity: true) }  // bounded, whatever the scrolling
                prefetched[line] = value
            }
        }
    }

    /// Cancels the loads of announced lines no longer expected (the scrolling turned, or a jump left them).
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        indexPaths.compactMap { prefetchTickets.removeValue(forKey: $0.row) }.forEach(backend.cancel)
    }

    /// Draws the table and the status line into `canvas`.
    public func render(into canvas: inout Canvas) {
        canvas.clear()
        tableView.draw(in: &canvas)
        let top = tableView.indexPathsForVisibleRows.first.map { $0.row + 1 } ?? 0
        let status = typedLine.map { "\($0) · g or G jumps to this line" } ?? "line \(top) of \(lineCount) · j k Space b g G NG r q"
        canvas.draw(status, at: Point(x: 0, y: canvas.height - 1), style: Style(attributes: .reverse), maxWidth: canvas.width)
    }
}
