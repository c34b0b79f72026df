import TermTable

/// tt-browse without a terminal: a diffable data source over the log's line numbers, variable-height
/// cells, a footer that loads more, keys in and a canvas out. The executable only adds ncurses.
public final class LogBrowser: TableViewDelegate, TableViewDataSourcePrefetching {
    /// What the footer under the last line says.
    public enum Footer: Equatable, Sendable {
        case idle, loading
        case failed(String)
    }

    /// The table of lines, above the status line.
    public let tableView: TableView
    /// The diffable data source driving the table: one section (0), the line numbers as items.
    public private(set) var dataSource: TableViewDiffableDataSource<Int, Int>!
    /// Lines in the log so far.
    public private(set) var lineCount: Int
    /// The footer's state.
    public private(set) var footer = Footer.idle
    /// Whether `q` was pressed.
    public private(set) var isFinished = false
    /// The `:` jump being typed, if any.
    public private(set) var jumpInput: String?
    /// A fetch starts when the last line on screen is this close to the end.
    public var loadMoreDistance = 20
    private let backend: LogBackend
    /// Fingerprints loaded ahead for lines announced by the table's prefetching, until their rows show.
    public private(set) var prefetched: [Int: String] = [:]
    private var prefetchTickets: [Int: WorkTicket] = [:]

    /// A browser over `lineCount` lines on a screen of `size` (the last line is the status line).
    public init(lineCount: Int, backend: LogBackend, size: Size) throws {
        self.lineCount = lineCount
        self.backend = backend
        tableView = TableView(frame: Rect(x: 0, y: 0, width: size.width, height: max(1, size.height - 1)))
        tableView.register(LogLineCell.self, forCellReuseIdentifier: LogLineCell.identifier)
        tableView.rowHeight = TableView.automaticDimension
        tableView.estimatedRowHeight = 2
        dataSource = TableViewDiffableDataSource(tableView: tableView) { [unowned self] table, indexPath, line in
            let cell = table.dequeueReusableCell(withIdentifier: LogLineCell.identifier, for: indexPath) as! LogLineCell
            // A prefetch still running for the line is given up: the cell loads its line itself, and only its cell
            // may be handed the result.
            if let ticket = prefetchTickets.removeValue(forKey: line) { backend.cancel(ticket) }
            cell.show(line: line, backend: backend, known: prefetched.removeValue(forKey: line))
            return cell
        }
        dataSource.sectionFooterTitleProvider = { [unowned self] _ in footerTitle }
        tableView.delegate = self
        tableView.prefetchDataSource = self
        var snapshot = DiffableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<lineCount))
        try dataSource.apply(snapshot, animatingDifferences: false)
    }

    var footerTitle: String {
        switch footer {
        case .idle: "\(lineCount) lines · more load when you reach the end"
        case .loading: "Loading…"
        case .failed(let message): "Couldn't load more lines: \(message) · r retries"
        }
    }

    /// Acts on a key: j/k/↓/↑ a line, Space/b a page, g/G the ends, `:N` Enter jumps to line N, r retries, q quits.
    public func handle(_ key: Key) {
        if jumpInput != nil { return typeJump(key) }
        let page = max(1, tableView.frame.height - 1)
        switch key {
        case .character("j"), .down: tableView.scroll(byLines: 1)
        case .character("k"), .up: tableView.scroll(byLines: -1)
        case .character(" "), .pageDown, .control("f"): tableView.scroll(byLines: page)
        case .character("b"), .pageUp, .control("b"): tableView.scroll(byLines: -page)
        case .character("g"), .home: jump(toLine: 1)
        case .character("G"), .end: jump(toLine: lineCount)
        case .character(":"): jumpInput = ""
        case .character("r"): if case .failed = footer { fetchPage() }
        case .character("q"): isFinished = true
        case .resize(let width, let height): tableView.frame = Rect(x: 0, y: 0, width: width, height: max(1, height - 1))
        default: break
        }
        loadMoreIfNeeded()
    }

    private func typeJump(_ key: Key) {
        switch key {
        // 18 digits still make an Int; any more would make the jump silently do nothing.
        case .character(let digit) where digit.isASCII && digit.isNumber && jumpInput!.count < 18: jumpInput! += String(digit)
        case .backspace: jumpInput = jumpInput!.isEmpty ? nil : String(jumpInput!.dropLast())
        case .enter: if let line = Int(jumpInput!) { jump(toLine: line) }; jumpInput = nil; loadMoreIfNeeded()
        case .escape: jumpInput = nil
        default: break
        }
    }

    /// Shows line `line` (1-based, clamped to the log) at the top, or the last line at the bottom.
    public func jump(toLine line: Int) {
        guard lineCount > 0 else { return }
        let row = min(max(1, line), lineCount) - 1
        tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: row == lineCount - 1 ? .bottom : .top)
        if row == lineCount - 1 { tableView.scroll(byLines: 1) }  // and the footer under it
    }

    /// Fetches the next page when the reader is near the end, unless a fetch runs or the last one failed.
    func loadMoreIfNeeded() {
        guard footer == .idle, let last = tableView.indexPathsForVisibleRows.last,
              last.row >= lineCount - loadMoreDistance else { return }
        fetchPage()
    }

    private func fetchPage() {
        footer = .loading
        tableView.setNeedsLayout()
        backend.fetchPage(after: lineCount) { [weak self] result in self?.pageArrived(result) }
    }

    /// Appends a fetched page through a snapshot: the diffable data source inserts the rows, and the
    /// lines on screen stay where they are.
    private func pageArrived(_ result: Result<Int, FetchError>) {
        tableView.setNeedsLayout()
        switch result {
        case .failure(let error): footer = .failed(error.message)
        case .success(let count):
            var snapshot = dataSource.snapshot()
            snapshot.appendItems(Array(lineCount..<lineCount + count))
            do {
                try dataSource.apply(snapshot)
                lineCount += count
                footer = .idle
            } catch {
                footer = .failed("\(error)")
            }
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
        for indexPath in indexPaths {
            if let ticket = prefetchTickets.removeValue(forKey: indexPath.row) { backend.cancel(ticket) }
        }
    }

    /// Draws the table and the status line into `canvas` (resized to the screen).
    public func render(into canvas: inout Canvas) {
        canvas.clear()
        tableView.draw(in: &canvas)
        let top = tableView.indexPathsForVisibleRows.first.map { $0.row + 1 } ?? 0
        let status = jumpInput.map { ":\($0)  line number, Enter jumps, Esc cancels" } ?? "line \(top) of \(lineCount) · j k Space b g G :N r q"
        canvas.draw(status, at: Point(x: 0, y: canvas.height - 1), style: Style(attributes: .reverse), maxWidth: canvas.width)
    }
}
