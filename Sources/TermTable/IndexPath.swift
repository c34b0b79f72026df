/// The address of a row: its section and its row within the section, as in UIKit.
///
/// The index path is the only link between the data and the rows on screen.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section the row belongs to.
    public var section: Int
    /// The row within its section.
    public var row: Int

    /// Creates an index path, `IndexPath(row: 3, section: 0)`, in UIKit's argument order.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// Table order: by section, then by row.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// UIKit's own notation for an index path, as its error messages print it.
    public var description: String { "{length = 2, path = \(section) - \(row)}" }
}
