extension TableView {
    // MARK: Walking the stack of headers, rows and footers

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
        return nil
    }

    /// The item below another.
    func item(after item: LayoutItem) -> LayoutItem? {
        switch item {
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
