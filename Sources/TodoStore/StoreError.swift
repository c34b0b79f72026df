import Foundation

/// Everything that can go wrong while opening or changing a Tick store, with a one-line message for people.
public enum StoreError: Error, Equatable, Sendable {
    /// The file is a valid SQLite database, but it belongs to something else; Tick refuses to touch it.
    case notATickStore(path: String, reason: String)
    /// The file was written by a newer Tick; migrating it down could lose data, so it is left alone.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The store was opened read-only (by request or because the file or its folder is not writable).
    case readOnly(path: String)
    /// The file is damaged or is not a database at all.
    case corrupt(path: String, detail: String)
    /// The file or its folder could not be created, read or written.
    case io(path: String, detail: String)
    /// Any other SQLite failure; `code` is the extended result code.
    case sqlite(path: String, code: Int32, message: String)
    /// No todo has this id (it was deleted, possibly by another process).
    case notFound(id: Int64)
    /// A title was refused before anything was stored.
    case invalidTitle(String)
    /// A row index outside `0...count` (for inserts) or `0..<count` (for moves) was passed.
    case indexOutOfRange(index: Int, count: Int)
}

extension StoreError: CustomStringConvertible, LocalizedError {
    /// The one-line message shown to the user: which file, what is wrong, what to do.
    public var description: String {
        switch self {
        case let .notATickStore(path, reason):
            return "\(path) is not a Tick store (\(reason)); pass --db to use another file"
        case let .newerSchema(path, found, supported):
            return "\(path) was written by a newer Tick (schema version \(found), this Tick supports up to \(supported)); "
                + "upgrade Tick or pass --db to use another file"
        case let .readOnly(path):
            return "\(path) is open read-only, so changes are not possible; check the permissions of the file and its folder"
        case let .corrupt(path, detail):
            return "\(path) \(detail); restore it from a backup or pass --db to use another file"
        case let .io(path, detail):
            return "\(path): \(detail); check the path and its permissions, or pass --db to use another file"
        case let .sqlite(path, code, message):
            return "\(path): database error \(code) (\(message)); try again, and if it persists copy the file somewhere safe"
        case let .notFound(id):
            return "there is no todo with id \(id); it may have been deleted"
        case let .invalidTitle(reason):
            return "invalid title: \(reason)"
        case let .indexOutOfRange(index, count):
            return "row \(index) is out of range (the list has \(count) rows)"
        }
    }

    /// The same message, for APIs that show `localizedDescription`.
    public var errorDescription: String? { description }
}
