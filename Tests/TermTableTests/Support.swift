@testable import TermTable

/// A data source over arrays of strings, one array per section, recording every callback.
final class ArrayDataSource: TableViewDataSource, TableViewDelegate, TableViewDataSourcePrefetching {
    var sections: [[String]]
    var headerTitles: [String?] = []
    var footerTitles: [String?] = []
    var heights: [IndexPath: Int] = [:]
    /// Row heights by the row's text (consulted before `heights`), so a height follows its row through updates.
    var heightsByText: [String: Int] = [:]
    var unselectable: Set<String> = []
    /// Indentation levels by the row's text (`indentationLevelForRowAt`); rows not named answer 0.
    var levelsByText: [String: Int] = [:]
    /// Texts of rows that cannot be edited (marked, swiped).
    var uneditable: Set<String> = []
    /// Answers `willSelectRowAt`; nil keeps the proposed row.
    var willSelect: ((IndexPath) -> IndexPath?)?
    var cellRequests = 0
    var willDisplayCount: [IndexPath: Int] = [:]
    var didEndDisplayingCount: [IndexPath: Int] = [:]
    var displayedNow: Set<IndexPath> = []
    /// The cells, headers and footers on screen according to the display callbacks, by identity
    /// (index paths shift through updates without callbacks, as in UIKit).
    var displayedCells: Set<ObjectIdentifier> = []
    var displayedHeaders: Set<ObjectIdentifier> = []
    var displayedFooters: Set<ObjectIdentifier> = []
    /// Callbacks that broke the pairing: a second willDisplay, or a didEndDisplaying without one.
    var unpairedDisplayCallbacks: [String] = []
    var prefetched: [[IndexPath]] = []
    var cancelled: [[IndexPath]] = []
    var selectedRows: [IndexPath] = []
    var deselectedRows: [IndexPath] = []
    var leadingActions: (IndexPath) -> SwipeActionsConfiguration? = { _ in nil }
    var trailingActions: (IndexPath) -> SwipeActionsConfiguration? = { _ in nil }
    var identifier = "cell"
    /// Supplies custom header views (`viewForHeaderInSection`); nil uses the default titled header.
    var headerView: ((TableView, Int) -> TableViewHeaderFooterView?)?

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
        heightsByText[sections[indexPath.section][indexPath.row]] ?? heights[indexPath] ?? tableView.rowHeight
    }
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        !uneditable.contains(sections[indexPath.section][indexPath.row])
    }
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        willSelect.map { $0(indexPath) } ?? indexPath
    }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView? {
        headerView?(tableView, section)
    }
    func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
        levelsByText[sections[indexPath.section][indexPath.row]] ?? 0
    }
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        !unselectable.contains(sections[indexPath.section][indexPath.row])
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        willDisplayCount[indexPath, default: 0] += 1
        displayedNow.insert(indexPath)
        if !displayedCells.insert(ObjectIdentifier(cell)).inserted { unpairedDisplayCallbacks.append("willDisplay twice: row \(indexPath)") }
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        didEndDisplayingCount[indexPath, default: 0] += 1
        displayedNow.remove(indexPath)
        if displayedCells.remove(ObjectIdentifier(cell)) == nil { unpairedDisplayCallbacks.append("didEndDisplaying without willDisplay: row \(indexPath)") }
    }
    func tableView(_ tableView: TableView, willDisplayHeaderView view: TableViewHeaderFooterView, forSection section: Int) {
        if !displayedHeaders.insert(ObjectIdentifier(view)).inserted { unpairedDisplayCallbacks.append("willDisplay twice: header \(section)") }
    }
    func tableView(_ tableView: TableView, didEndDisplayingHeaderView view: TableViewHeaderFooterView, forSection section: Int) {
        if displayedHeaders.remove(ObjectIdentifier(view)) == nil { unpairedDisplayCallbacks.append("didEndDisplaying without willDisplay: header \(section)") }
    }
    func tableView(_ tableView: TableView, willDisplayFooterView view: TableViewHeaderFooterView, forSection section: Int) {
        if !displayedFooters.insert(ObjectIdentifier(view)).inserted { unpairedDisplayCallbacks.append("willDisplay twice: footer \(section)") }
    }
    func tableView(_ tableView: TableView, didEndDisplayingFooterView view: TableViewHeaderFooterView, forSection section: Int) {
        if displayedFooters.remove(ObjectIdentifier(view)) == nil { unpairedDisplayCallbacks.append("didEndDisplaying without willDisplay: footer \(section)") }
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

extension Harness {
    /// Lines whose first column carries the highlight (reverse video), after the last `screen()`.
    var highlightedLines: [Int] {
        (0..<canvas.height).filter { canvas[0, $0].style.attributes.contains(.reverse) }
    }

    /// Where the display callbacks and the table disagree about what is on screen (empty when they agree).
    var displayMismatches: [String] {
        var problems = source.unpairedDisplayCallbacks
        let cells = Set(table.visibleCells.values.map(ObjectIdentifier.init))
        if cells != source.displayedCells {
            problems.append("cells on screen \(table.visibleCells.keys.sorted()) disagree with the willDisplay/didEndDisplaying callbacks")
        }
        if Set(table.visibleHeaders.values.map(ObjectIdentifier.init)) != source.displayedHeaders {
            problems.append("headers on screen \(table.visibleHeaders.keys.sorted()) disagree with the header display callbacks")
        }
        if Set(table.visibleFooters.values.map(ObjectIdentifier.init)) != source.displayedFooters {
            problems.append("footers on screen \(table.visibleFooters.keys.sorted()) disagree with the footer display callbacks")
        }
        return problems
    }
}

