/// The shape of the table as it last learned it from its data source and delegate: rows per section, where
/// each section starts counting all rows, and the height of each section's header and footer (0: none).
///
/// It is the "before" of the next batch update, and the stack of items the layout walks: a section is its
/// header (when its height is above 0), its rows, then its footer.
struct SectionMetrics {
    /// Rows per section.
    private(set) var rowCounts: [Int] = []
    /// First flat row index of each section.
    private(set) var sectionStarts: [Int] = []
    /// Lines of each section's header, 0 when it has none.
    var headerHeights: [Int] = []
    /// Lines of each section's footer, 0 when it has none.
    var footerHeights: [Int] = []
    /// Lines of the refresh control's row above the first section, 0 while it is not in the stack.
    var refreshRowHeight = 0

    /// Takes new row counts; header and footer heights are set by the table afterwards, as they depend on them.
    mutating func setRowCounts(_ counts: [Int]) {
        rowCounts = counts
        sectionStarts.removeAll(keepingCapacity: true)
        sectionStarts.reserveCapacity(counts.count)
        var start = 0
        for count in counts {
            sectionStarts.append(start)
            start += count
        }
    }

    /// The number of sections.
    var count: Int { rowCounts.count }

    /// Rows in all sections.
    var totalNumberOfRows: Int { (sectionStarts.last ?? 0) + (rowCounts.last ?? 0) }

    /// Whether an index path names an existing row.
    func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < rowCounts.count && indexPath.row >= 0
            && indexPath.row < rowCounts[indexPath.section]
    }

    /// Whether a layout item exists.
    func isValidItem(_ item: LayoutItem) -> Bool {
        switch item {
        case .refreshControl: return refreshRowHeight > 0
        case .header(let section): return section < rowCounts.count && headerHeights[section] > 0
        case .footer(let section): return section < rowCounts.count && footerHeights[section] > 0
        case .row(let indexPath): return isValid(indexPath)
        }
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

    // MARK: Walking the stack of headers, rows and footers

    /// The item at the very top of the content: the refresh control's row when it is in the stack, else the
    /// first item of the first section that has one.
    var topItem: LayoutItem? { refreshRowHeight > 0 ? .refreshControl : firstItem(inOrAfter: 0) }

    /// The first item of `section` or of a later section, skipping empty ones.
    func firstItem(inOrAfter section: Int) -> LayoutItem? {
        var section = max(0, section)
        while section < rowCounts.count {
            if headerHeights[section] > 0 { return .header(section) }
            if rowCounts[section] > 0 { return .row(IndexPath(row: 0, section: section)) }
            if footerHeights[section] > 0 { return .footer(section) }
            section += 1
        }
        return nil
    }

    /// The last item of `section` or of an earlier section, skipping empty ones.
    func lastItem(inOrBefore section: Int) -> LayoutItem? {
        var section = min(section, rowCounts.count - 1)
        while section >= 0 {
            if footerHeights[section] > 0 { return .footer(section) }
            if rowCounts[section] > 0 { return .row(IndexPath(row: rowCounts[section] - 1, section: section)) }
            if headerHeights[section] > 0 { return .header(section) }
            section -= 1
        }
        // Above the first section there is only the refresh control's row.
        return refreshRowHeight > 0 ? .refreshControl : nil
    }

    /// The item below another.
    func item(after item: LayoutItem) -> LayoutItem? {
        switch item {
        case .refreshControl:
            return firstItem(inOrAfter: 0)
        case .header(let section):
            if rowCounts[section] > 0 { return .row(IndexPath(row: 0, section: section)) }
            if footerHeights[section] > 0 { return .footer(section) }
            return firstItem(inOrAfter: section + 1)
        case .row(let indexPath):
            if indexPath.row + 1 < rowCounts[indexPath.section] {
                return .row(IndexPath(row: indexPath.row + 1, section: indexPath.section))
            }
            if footerHeights[indexPath.section] > 0 { return .footer(indexPath.section) }
            return firstItem(inOrAfter: indexPath.section + 1)
        case .footer(let section):
            return firstItem(inOrAfter: section + 1)
        }
    }

    /// The item above another.
    func item(before item: LayoutItem) -> LayoutItem? {
        switch item {
        case .refreshControl:
            return nil
        case .header(let section):
            return lastItem(inOrBefore: section - 1)
        case .row(let indexPath):
            if indexPath.row > 0 { return .row(IndexPath(row: indexPath.row - 1, section: indexPath.section)) }
            if headerHeights[indexPath.section] > 0 { return .header(indexPath.section) }
            return lastItem(inOrBefore: indexPath.section - 1)
        case .footer(let section):
            if rowCounts[section] > 0 { return .row(IndexPath(row: rowCounts[section] - 1, section: section)) }
            if headerHeights[section] > 0 { return .header(section) }
            return lastItem(inOrBefore: section - 1)
        }
    }
}
