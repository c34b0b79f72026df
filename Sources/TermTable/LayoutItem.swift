/// One thing stacked vertically in a table: a section header, a row, a section footer, or the refresh
/// control's row above the first section (only while the control is pulled or refreshing).
enum LayoutItem: Hashable, Comparable, CustomStringConvertible {
    case refreshControl
    case header(Int)
    case row(IndexPath)
    case footer(Int)

    /// The section the item belongs to (-1 for the refresh control's row, which is above every section).
    var section: Int {
        switch self {
        case .refreshControl: return -1
        case .header(let section), .footer(let section): return section
        case .row(let indexPath): return indexPath.section
        }
    }

    /// The row's index path, when the item is a row.
    var indexPath: IndexPath? {
        if case .row(let indexPath) = self { return indexPath }
        return nil
    }

    /// Position in top-to-bottom order: section, then header < rows < footer.
    private var order: (Int, Int, Int) {
        switch self {
        case .refreshControl: return (-1, 0, 0)
        case .header(let section): return (section, 0, 0)
        case .row(let indexPath): return (indexPath.section, 1, indexPath.row)
        case .footer(let section): return (section, 2, 0)
        }
    }

    static func < (lhs: LayoutItem, rhs: LayoutItem) -> Bool { lhs.order < rhs.order }

    var description: String {
        switch self {
        case .refreshControl: return "refreshControl"
        case .header(let section): return "header(\(section))"
        case .row(let indexPath): return "row(\(indexPath.section),\(indexPath.row))"
        case .footer(let section): return "footer(\(section))"
        }
    }
}

/// An item placed in the viewport by the last layout pass.
struct VisibleItem: Equatable {
    /// What is shown.
    var item: LayoutItem
    /// Its top line relative to the viewport top (negative when clipped at the top edge).
    var y: Int
    /// Its full height in lines.
    var height: Int
}

/// Where a row should end up when the table scrolls to it, as `UITableView.ScrollPosition`.
public enum ScrollPosition: Sendable {
    /// Scroll as little as needed to show the row fully.
    case none
    /// The row at the top of the viewport.
    case top
    /// The row in the middle of the viewport.
    case middle
    /// The row at the bottom of the viewport.
    case bottom
}
