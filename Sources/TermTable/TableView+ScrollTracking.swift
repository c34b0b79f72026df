/// How the rows moved between two draws: the lines of the canvas that slid and by how many lines.
///
/// A terminal can scroll a region of lines in one short command; a backend that is told about the
/// slide (ncurses' `wscrl`) only has to redraw the lines that really changed.
public struct TableScroll: Hashable, Sendable {
    /// Canvas lines that slid together (the table's rows, without a header pinned at the top).
    public var lines: Range<Int>
    /// Lines the content moved up (positive: the table scrolled down) or down (negative).
    public var distance: Int
}

extension TableView {
    /// The slide of rows between the previous draw and the last one, or nil when nothing slid or
    /// the two frames share no row (a jump).
    public var scrollSinceLastDraw: TableScroll? { lastScroll }

    /// Compares where items are now with where they were drawn last time.
    func trackScroll() {
        defer {
            drawnItems = visibleItems
            drawnPinnedHeader = pinnedHeader
            drawnFrame = frame
        }
        lastScroll = nil
        // Nothing moved (the usual frame after a key that only changes a row or the status line).
        guard drawnFrame == frame, !visibleItems.isEmpty, visibleItems != drawnItems else { return }
        drawnPositions.removeAll(keepingCapacity: true)
        for item in drawnItems { drawnPositions[item.item] = item.y }
        var kept: [(item: VisibleItem, oldY: Int)] = []
        // The one distance every kept item moved by, or nil once two differ.
        var common: Int?, uniform = true
        for item in visibleItems {
            guard let oldY = drawnPositions[item.item] else { continue }
            kept.append((item, oldY))
            if let common, common != oldY - item.y { uniform = false }
            common = common ?? oldY - item.y
        }
        guard uniform, let distance = common else {
            lastScroll = partialSlide(of: kept)
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
    private func partialSlide(of kept: [(item: VisibleItem, oldY: Int)]) -> TableScroll? {
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
}

extension VisibleItem {
    /// The same drawn item under the index paths a batch update gave it, or nil when it left.
    func remapped(by plan: UpdatePlan) -> VisibleItem? {
        var copy = self
        switch item {
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
