@testable import TermTable

/// A data source over arrays of strings, one array per section, recording every callback.
final class ArrayDataSource: TableViewDataSource, TableViewDelegate, TableViewDataSourcePrefetching {
    var sections: [[String]]
    var headerTitles: [String?] = []
    var footerTitles: [String?] = []
    var heights: [IndexPath: Int] = [:]
    var unselectable: Set<String> = []
    var cellRequests = 0
    var willDisplayCount: [IndexPath: Int] = [:]
    var didEndDisplayingCount: [IndexPath: Int] = [:]
    var displayedNow: Set<IndexPath> = []
    var prefetched: [[IndexPath]] = []
    var cancelled: [[IndexPath]] = []
    var selectedRows: [IndexPath] = []
    var deselectedRows: [IndexPath] = []
    var leadingActions: (IndexPath) -> SwipeActionsConfiguration? = { _ in nil }
    var trailingActions: (IndexPath) -> SwipeActionsConfiguration? = { _ in nil }
    var identifier = "cell"

    init(_ sections: [[String]]) { self.sections = sections }
    convenience init(rows: [String]) { self.init([rows]) }
    convenience init(count: Int) { self.init(rows: (0..<count).map { "Row \($0)" }) }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        cell.text = StyledText(sections[indexPath.section][indexPath.row])
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section < headerTitles.count ? headerTitles[section] : nil
    }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section < footerTitles.count ? footerTitles[section] : nil
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
        heights[indexPath] ?? tableView.rowHeight
    }
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        !unselectable.contains(sections[indexPath.section][indexPath.row])
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        willDisplayCount[indexPath, default: 0] += 1
        displayedNow.insert(indexPath)
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        didEndDisplayingCount[indexPath, default: 0] += 1
        displayedNow.remove(indexPath)
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selectedRows.append(indexPath) }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { deselectedRows.append(indexPath) }
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) { prefetched.append(indexPaths) }
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) { cancelled.append(indexPaths) }
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        leadingActions(indexPath)
    }
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        trailingActions(indexPath)
    }
}

/// A cell that counts how often it is prepared for reuse.
final class CountingCell: TableViewCell {
    nonisolated(unsafe) static var prepared = 0
    var reuseCount = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
    }
}

/// A table wired to a data source on a canvas of the given size, with a screen to draw into.
struct Harness {
    let table: TableView
    let source: ArrayDataSource
    var canvas: Canvas

    init(_ source: ArrayDataSource, width: Int = 20, height: Int = 5, indicator: Bool = false, cellClass: TableViewCell.Type = TableViewCell.self) {
        self.source = source
        table = TableView(frame: Rect(x: 0, y: 0, width: width, height: height))
        table.showsVerticalScrollIndicator = indicator
        table.register(cellClass, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        canvas = Canvas(width: width, height: height)
    }

    /// Draws and returns the screen's lines.
    mutating func screen() -> [String] {
        canvas.clear()
        table.draw(in: &canvas)
        return canvas.lines
    }
}
