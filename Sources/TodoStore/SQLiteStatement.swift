import CSQLite
import FoundationEssentials

/// A value that can be bound to a `?` parameter of a prepared statement.
protocol SQLiteBindable {
    /// Binds `self` to the 1-based parameter `index` of `statement`.
    func bind(to statement: SQLiteStatement, at index: Int32) throws
}

/// One prepared statement, owned and cached by a `SQLiteConnection`.
///
/// Callers never keep a statement between uses: `SQLiteConnection.withStatement` resets it afterwards,
/// because a stepped-but-not-reset statement pins a WAL snapshot and makes later writes fail with
/// SQLITE_BUSY_SNAPSHOT once another process has written.
final class SQLiteStatement {
    let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    /// Releases the compiled statement; called by the connection before it closes.
    func finalize() {
        sqlite3_finalize(handle)
    }

    /// Binds every argument in order to parameters 1, 2, ….
    func bind(_ arguments: [any SQLiteBindable]) throws {
        for (offset, argument) in arguments.enumerated() {
            try argument.bind(to: self, at: Int32(offset + 1))
        }
    }

    func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    func bind(_ value: String, at index: Int32) throws {
        // TRANSIENT makes SQLite copy the bytes now: the Swift buffer does not outlive this call.
        // The explicit byte count keeps embedded NUL characters.
        let byteCount = UInt64(value.utf8.count)
        let result = value.withCString { text in
            sqlite3_bind_text64(handle, index, text, byteCount, csqlite_transient(), UInt8(SQLITE_UTF8))
        }
        try check(result)
    }

    func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Advances to the next row; `false` means the statement is done.
    func step() throws -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(code: result)
        }
    }

    /// Makes the statement reusable and releases its read snapshot and bound strings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func optionalInt64(at column: Int32) -> Int64? {
        isNull(at: column) ? nil : int64(at: column)
    }

    func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func string(at column: Int32) -> String {
        // column_text must come before column_bytes so the byte count describes the UTF-8 form.
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    func optionalString(at column: Int32) -> String? {
        isNull(at: column) ? nil : string(at: column)
    }

    private func check(_ result: Int32) throws {
        if result != SQLITE_OK { throw connection.error(code: result) }
    }
}

extension Int64: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws { try statement.bind(self, at: index) }
}

extension Int: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws { try statement.bind(Int64(self), at: index) }
}

extension Bool: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws { try statement.bind(Int64(self ? 1 : 0), at: index) }
}

extension Double: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws { try statement.bind(self, at: index) }
}

extension String: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws { try statement.bind(self, at: index) }
}

extension Date: SQLiteBindable {
    /// Dates are stored as whole Unix milliseconds, the schema's unit for timestamps.
    func bind(to statement: SQLiteStatement, at index: Int32) throws {
        try statement.bind(unixMilliseconds, at: index)
    }

    /// Whole milliseconds, rounded down; a date within a microsecond of a whole millisecond counts
    /// as that millisecond, so `Date(unixMilliseconds: n).unixMilliseconds == n` despite binary floating point.
    var unixMilliseconds: Int64 {
        let exact = timeIntervalSince1970 * 1000
        let nearest = exact.rounded()
        return Int64(abs(exact - nearest) < 0.001 ? nearest : exact.rounded(.down))
    }

    init(unixMilliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(unixMilliseconds) / 1000)
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws {
        switch self {
        case .none: try statement.bindNull(at: index)
        case let .some(value): try value.bind(to: statement, at: index)
        }
    }
}
