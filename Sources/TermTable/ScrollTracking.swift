/// Where the previous draw put the table's items, and how the rows slid between that draw and the last one,
/// so a terminal backend can scroll lines instead of redrawing them (`TableView.scrollSinceLastDraw`).
struct ScrollTracking {
    /// What the previous draw showed.
    private(set) var drawnItems: [VisibleItem] = []
    /// The header pinned in the previous draw: its section and top line.
    private(set) var drawnPinnedHeader: (section: Int, y: Int)?
    /// The table's frame in the previous draw (a resize is no slide).
    private(set) var drawnFrame = Rect.zero
    /// The slide found by the last draw.
    private(set) var lastScroll: TableScroll?
    /// Scratch space for `recordDraw`: where each drawn item was (kept to reuse its storage).
    private var drawnPositions = DrawnPositions()

    /// Records a draw of `visibleItems`, finding how the rows slid since the previous one.
    mutating func recordDraw(of visibleItems: [VisibleItem], pinnedHeader: (section: Int, y: Int)?, frame: Rect, headerHeights: [Int]) {
        defer {
            drawnItems = visibleItems
            drawnPinnedHeader = pinnedHeader
            drawnFrame = frame
        }
        lastScroll = nil
        // Nothing moved (the usual frame after a key that only changes a row or the status line).
        guard drawnFrame == frame, !visibleItems.isEmpty, visibleItems != drawnItems else { return }
        drawnPositions.index(drawnItems)
        var kept: [(item: VisibleItem, oldY: Int)] = []
        kept.reserveCapacity(visibleItems.count)
        // The one distance every kept item moved by, or nil once two differ.
        var common: Int?, uniform = true
        for item in visibleItems {
            guard let oldY = drawnPositions.y(of: item.item, in: drawnItems) else { continue }
            kept.append((item, oldY))
            if let common, common != oldY - item.y { uniform = false }
            common = common ?? oldY - item.y
        }
        guard uniform, let distance = common else {
            lastScroll = Self.partialSlide(of: kept, pinnedHeader: pinnedHeader, frame: frame, headerHeights: headerHeights)
            return
        }
        guard distance != 0, abs(distance) < frame.height else { return }
        // A header at the top in both frames (pinned now, pinned or simply first before) stays put;
        // only the rows under it slide.
        var top = frame.minY
        if let pinned = pinnedHeader, pinned.y == 0 {
            let wasPinned = drawnPinnedHeader.map { $0.section == pinned.section && $0.y == 0 } ?? false
            let wasFirst = drawnItems.contains { $0.item == .header(pinned.section) && $0.y == 0 }
            if wasPinned || wasFirst { top += headerHeights[pinned.section] }
        }
        guard top < frame.maxY else { return }
        lastScroll = TableScroll(lines: top..<frame.maxY, distance: distance)
    }

    /// Some rows slid while others stayed (a row deleted, inserted or moved on screen): the lines
    /// spanning where the rows that moved by the most common distance were and are now. Whatever
    /// else changed inside them is redrawn after the slide, so the hint only has to be mostly right.
    private static func partialSlide(of kept: [(item: VisibleItem, oldY: Int)], pinnedHeader: (section: Int, y: Int)?,
                                     frame: Rect, headerHeights: [Int]) -> TableScroll? {
        var votes: [Int: Int] = [:]
        for (item, oldY) in kept where oldY != item.y { votes[oldY - item.y, default: 0] += 1 }
        // The distance most rows moved by; on a tie the shorter one.
        guard let distance = votes.max(by: { ($0.value, -abs($0.key)) < ($1.value, -abs($1.key)) })?.key else { return nil }
        var low = Int.max, high = Int.min
        for (item, oldY) in kept where oldY - item.y == distance {
            low = min(low, item.y, oldY)
            high = max(high, max(item.y, oldY) + item.height)
        }
        // A header pinned at the top stays where it is.
        let pinnedLines = pinnedHeader.map { $0.y == 0 ? headerHeights[$0.section] : 0 } ?? 0
        let top = max(low, pinnedLines, 0), bottom = min(high, frame.height)
        guard abs(distance) < bottom - top else { return nil }
        return TableScroll(lines: (frame.minY + top)..<(frame.minY + bottom), distance: distance)
    }

    /// The same record after a batch update: what was drawn, under its new index paths (items that left are
    /// dropped), so the next draw can tell which lines slid.
    func remapped(by plan: UpdatePlan) -> ScrollTracking {
        var remapped = self
        remapped.drawnItems = drawnItems.compactMap { $0.remapped(by: plan) }
        remapped.drawnPinnedHeader = drawnPinnedHeader.flatMap { pinned in plan.newSection(forOld: pinned.section).map { ($0, pinned.y) } }
        return remapped
    }
}

extension VisibleItem {
    /// The same drawn item under the index paths a batch update gave it, or nil when it left.
    func remapped(by plan: UpdatePlan) -> VisibleItem? {
        var copy = self
        switch item {
        case .refreshControl:
            break
        case .row(let indexPath):
            guard let new = plan.newIndexPath(forOld: indexPath) else { return nil }
            copy.item = .row(new)
        case .header(let section):
            guard let new = plan.newSection(forOld: section) else { return nil }
            copy.item = .header(new)
        case .footer(let section):
            guard let new = plan.newSection(forOld: section) else { return nil }
            copy.item = .footer(new)
        }
        return copy
    }
}
