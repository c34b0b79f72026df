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
    public var scrollSinceLastDraw: TableScroll? { scrollTracking.lastScroll }

    /// Compares where items are now with where they were drawn last time.
    func trackScroll() {
        scrollTracking.recordDraw(of: visibleItems, pinnedHeader: pinnedHeader, frame: frame, headerHeights: sections.headerHeights)
    }
}
