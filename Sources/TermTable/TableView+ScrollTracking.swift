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
        var distance: Int?
        for item in visibleItems {
            guard let oldY = drawnPositions[item.item] else { continue }
            guard let known = distance else { distance = oldY - item.y; continue }
            if known != oldY - item.y { return }  // rows moved by different amounts: an update, not a scroll
        }
        guard let distance, distance != 0, abs(distance) < frame.height else { return }
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
}
