import FoundationEssentials

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
    /// A page or index of the store is damaged; the store refuses every change from then on.
    case damaged(path: String, detail: String)
    /// The file or its folder could not be created, read or written.
    case io(path: String, detail: String)
    /// The disk (or the file's size limit) is full: the change was rolled back.
    case diskFull(path: String)
    /// Any other SQLite failure; `code` is the extended result code.
    case sqlite(path: String, code: Int32, message: String)
    /// No todo has this id (it was deleted, possibly by another process).
    case notFound(id: Int64)
    /// A title was refused before anything was stored.
    case invalidTitle(String)
    /// A todo's notes were refused before anything was stored.
    case invalidNotes(String)
    /// A row index outside `0...count` (for inserts) or `0..<count` (for moves) was passed.
    case indexOutOfRange(index: Int, count: Int)
    /// No list has this id (it was deleted, possibly by another process).
    case listNotFound(id: Int64)
    /// A list name was refused (blank, or already used by another list).
    case invalidListName(String)
    /// The Inbox is where todos go by default, so it always exists.
    case cannotDeleteInbox
    /// A due date that is not a real `YYYY-MM-DD` day, optionally with a time `THH:MM` (see `DueText`).
    case invalidDue(String)
    /// A start date that is not a real day (`YYYY-MM-DD`) with an optional time (`THH:MM`).
    case invalidStart(String)
    /// A recurrence rule Tick cannot read (see `RecurrenceRule`).
    case invalidRecurrence(String)
    /// A todo cannot go where it was asked to (for example after a todo of another list).
    case invalidPlacement(String)
    /// `importItems(_:intoEmptyStoreOnly: true)` found todos already in the store.
    case storeNotEmpty(count: Int)
    /// Undo or redo could not restore a step because of a change made since (nothing was changed).
    case historyConflict(String)
    /// Another sync of this store holds its sync lock (the open app, or another `tick sync`).
    case syncAlreadyRunning(path: String)
    /// An iCalendar UID that cannot be stored (empty, a control character, or two todos of one import sharing it).
    case invalidUID(String)
    /// A parent that would make a todo a subtask of itself (directly or below its own subtasks).
    case parentCycle(String)
    /// A PERCENT-COMPLETE outside 0–100.
    case invalidPercentComplete(Int)
    /// A reminder that cannot be stored (no real wall time, or too far from the due).
    case invalidReminder(String)
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
        case let .damaged(path, detail):
            return "\(path) is damaged (\(detail)), so Tick changes nothing in it; copy it somewhere safe, "
                + "then save what can still be read (tick export, or the sqlite3 shell's .recover) or restore it from a backup"
        case let .diskFull(path):
            return "the disk is full, so nothing was changed; free some space on the disk holding \(path)"
        case let .io(path, detail):
            return "\(path): \(detail); check the path and its permissions, or pass --db to use another file"
        case let .sqlite(path, code, message):
            return "\(path): database error \(code) (\(message)); try again, and if it persists copy the file somewhere safe"
        case let .notFound(id):
            return "there is no todo with id \(id); it may have been deleted"
        case let .invalidTitle(reason):
            return "invalid title: \(reason)"
        case let .invalidNotes(reason):
            return "invalid notes: \(reason)"
        case let .indexOutOfRange(index, count):
            return "row \(index) is out of range (the list has \(count) rows)"
        case let .listNotFound(id):
            return "there is no list with id \(id); it may have been deleted"
        case let .invalidListName(reason):
            return "invalid list name: \(reason)"
        case .cannotDeleteInbox:
            return "the Inbox cannot be deleted; delete or move its todos instead"
        case let .invalidRecurrence(detail):
            return "not a recurrence rule: \(detail)"
        case let .invalidDue(text):
            return "invalid due date \(Self.quoted(text)): use a real day written YYYY-MM-DD, like 2025-03-31, "
                + "optionally with a 24-hour time, like 2025-03-31T18:30"
        case let .invalidStart(text):
            return "invalid start date \(Self.quoted(text)): use a real day written YYYY-MM-DD, like 2025-03-31, "
                + "optionally with a 24-hour time, like 2025-03-31T09:00"
        case let .invalidPlacement(reason):
            return "cannot place the todo there: \(reason)"
        case let .storeNotEmpty(count):
            return "the store already holds \(count) todos; import into an empty store, or import without that requirement"
        case let .historyConflict(reason):
            return "cannot undo or redo: \(reason); nothing was changed"
        case let .invalidUID(reason):
            return "invalid UID: \(reason)"
        case let .parentCycle(reason):
            return "cannot make it a subtask there: \(reason)"
        case let .invalidPercentComplete(value):
            return "\(value)% is not a progress: give a whole number from 0 to 100"
        case let .invalidReminder(word):
            return "\(StoreError.quoted(word)) is not a reminder: give minutes before the due (at most ten years) or a real day and time"
        case let .syncAlreadyRunning(path):
            return "a sync of \(path) is already running (the open app or another tick sync); try again when it ends"
        }
    }

    /// User text inside a message, on one line and not overly long.
    static func quoted(_ text: String) -> String { TitleQuoting.quoted(text, limit: 40) }

    /// The same message, for APIs that show `localizedDescription`.
    public var errorDescription: String? { description }
}
