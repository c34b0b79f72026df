/// Why a table update was refused, worded as UIKit words its `NSInternalInconsistencyException`s.
///
/// The table throws instead of drawing a corrupt screen; after an invalid update it reloads
/// its data from the data source on the next layout.
public enum TableUpdateError: Error, Equatable, CustomStringConvertible {
    /// A surviving section's row count does not add up.
    case invalidNumberOfRows(section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// The number of sections does not add up.
    case invalidNumberOfSections(after: Int, before: Int, inserted: Int, deleted: Int)
    /// An index path or section index outside the table, or two operations that contradict each other.
    case invalidOperation(String)

    /// The message in UIKit's words, with the counts filled in.
    public var description: String {
        switch self {
        case let .invalidNumberOfRows(section, after, before, inserted, deleted, movedIn, movedOut):
            return "Invalid update: invalid number of rows in section \(section). The number of rows contained in an "
                + "existing section after the update (\(after)) must be equal to the number of rows contained in that "
                + "section before the update (\(before)), plus or minus the number of rows inserted or deleted from that "
                + "section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or "
                + "out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case let .invalidNumberOfSections(after, before, inserted, deleted):
            return "Invalid update: invalid number of sections. The number of sections contained in the table view "
                + "after the update (\(after)) must be equal to the number of sections contained in the table view "
                + "before the update (\(before)), plus or minus the number of sections inserted or deleted "
                + "(\(inserted) inserted, \(deleted) deleted)."
        case let .invalidOperation(message):
            return message
        }
    }
}
