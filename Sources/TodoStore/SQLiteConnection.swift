import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thin, safe wrapper over one sqlite3 connection: cached prepared statements that are always
/// reset after use, immediate transactions, and errors that carry the file name and sqlite3_errmsg.
///
/// Used from one thread at a time (the store's thread); it is deliberately not `Sendable`.
final class SQLiteConnection {
    /// How the file is opened.
    enum Mode {
        /// Read and write; the file must already exist (the store creates it with the right mode first).
        case readWrite
        /// Read only; the file's folder may still need to be writable for WAL's shared-memory file.
        case readOnly
        /// Read only and assumed unchanging (`?immutable=1`): works in folders we cannot write to, but
        /// ignores other processes' writes and any un-checkpointed WAL content.
        case immutable
        /// A private database in memory: nothing is read from or written to any file.
        case memory
    }

    let path: String
    private(set) var handle: OpaquePointer?
    private var cache: [StatementKey: SQLiteStatement] = [:]
    /// SQLite virtual-machine steps the statements run through `withStatement` took since the connection
    /// opened (added as each one is reset): the work reads and writes did, counted instead of timed.
    private(set) var virtualMachineSteps = 0
    /// Statements run through `withStatement` since the connection opened, and statements parsed
    /// into the cache (`sqlite3_prepare_v3`): what a read costs, counted instead of timed.
    private(set) var statementsRun = 0, statementsPrepared = 0
    /// What `tick_clock_ms()` reads (see `SQLiteConnection+Clock.swift`); the store sets its own clock.
    var clock: () -> Date = Date.init
    /// The step the journal triggers record under, or nil when they record nothing: what
    /// `tick_recording_step()` returns (see `SQLiteConnection+Clock.swift`). Set only inside a
    /// transaction (`History.beginStep`); a transaction that ends puts back what it found.
    var recordingStep: Int64?

    /// SQLite's log routed nowhere, once, before the first open (see `csqlite_route_log_nowhere`).
    private static let logRoutedNowhere: Int32 = csqlite_route_log_nowhere()

    init(path: String, mode: Mode) throws {
        _ = Self.logRoutedNowhere
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let filename: String
        switch mode {
        case .readWrite:
            flags |= SQLITE_OPEN_READWRITE
            filename = path
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
            filename = path
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            filename = Self.immutableURI(for: path)
        case .memory:
            // SQLITE_OPEN_MEMORY rather than the name ":memory:" so no path can ever become a file.
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY
            filename = ":memory:"
        }
        var db: OpaquePointer?
        // SQLite's own VFS: a layer that held WAL writes back once let a rolled-back transaction's
        // frames land over another process's commit (SpilledRollbackTests), for ~35 µs per change.
        let result = sqlite3_open_v2(filename, &db, flags, nil)
        handle = db
        if result != SQLITE_OK {
            let error = self.error(code: result)
            close()
            throw error
        }
        do {
            try registerClockFunction()
            try registerRecordingFunction()
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Finalizes every cached statement and closes the connection; later calls fail cleanly.
    func close() {
        for statement in cache.values { statement.finalize() }
        cache.removeAll()
        if let handle {
            sqlite3_close_v2(handle)
            self.handle = nil
        }
    }

    /// True when SQLite itself opened the file read-only (for example because the file is not writable).
    var isReadOnlyHandle: Bool {
        guard let handle else { return true }
        return sqlite3_db_readonly(handle, "main") == 1
    }

    var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    /// Whether a read transaction is open and it has not written (`sqlite3_txn_state` is READ).
    var isInReadOnlySnapshot: Bool { handle.map { sqlite3_txn_state($0, "main") == SQLITE_TXN_READ } ?? false }

    /// Runs `body` with the cached statement for `sql`, bound to `arguments`, and resets it afterwards.
    func withStatement<T>(_ sql: String, _ arguments: [any SQLiteBindable] = [],
                          _ body: (SQLiteStatement) throws -> T) throws -> T {
        let statement = try cachedStatement(sql)
        statementsRun += 1
        defer {
            virtualMachineSteps += Int(sqlite3_stmt_status(statement.handle, SQLITE_STMTSTATUS_VM_STEP, 1))
            statement.reset()
        }
        try statement.bind(arguments)
        return try body(statement)
    }

    /// Prepares `sql` into the statement cache without running it, so its first run costs no parsing.
    func prepare(_ sql: String) throws {
        _ = try cachedStatement(sql)
    }

    /// Runs a statement that returns no rows and reports how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws -> Int {
        try withStatement(sql, arguments) { statement in
            while try statement.step() {}
            return changes
        }
    }

    /// Collects every row of a query through `row`.
    func query<T>(_ sql: String, _ arguments: [any SQLiteBindable] = [],
                  row: (SQLiteStatement) throws -> T) throws -> [T] {
        try withStatement(sql, arguments) { statement in
            var rows: [T] = []
            while try statement.step() { rows.append(try row(statement)) }
            return rows
        }
    }

    /// The first row of a query, or nil when it returns none.
    func queryFirst<T>(_ sql: String, _ arguments: [any SQLiteBindable] = [],
                       row: (SQLiteStatement) throws -> T) throws -> T? {
        try withStatement(sql, arguments) { statement in
            try statement.step() ? try row(statement) : nil
        }
    }

    /// The first column of the first row as an integer (0 when there is no row or it is NULL).
    func scalarInt(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws -> Int64 {
        try queryFirst(sql, arguments) { $0.int64(at: 0) } ?? 0
    }

    /// Runs one or more statements without parameters (schema scripts, pragmas, transaction control).
    func execute(_ sql: String) throws {
        guard let handle else { throw closedError() }
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        if result != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
            sqlite3_free(message)
            throw noted(StoreError.from(code: sqlite3_extended_errcode(handle), message: text, path: path,
                                        systemError: sqlite3_system_errno(handle)))
        }
    }

    /// Rows changed by every statement since the connection opened (`sqlite3_total_changes64`), less
    /// those of transactions whose writes cancelled out (`treatChangesAsCancelled`): what was read
    /// at one count still describes the file while the count has not moved.
    var totalChanges: Int64 { (handle.map { sqlite3_total_changes64($0) } ?? 0) - cancelledChanges }

    /// Rows changed by writes that cancelled out, left out of `totalChanges`.
    private var cancelledChanges: Int64 = 0

    /// Leaves the rows changed since `mark` (a `totalChanges`) out of the count: for a transaction
    /// whose writes cancel out, such as a step that changed nothing removing its own history row.
    func treatChangesAsCancelled(since mark: Int64) {
        cancelledChanges += totalChanges - mark
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction (a savepoint when already inside one) and rolls
    /// back if it throws; IMMEDIATE takes the write lock up front so a busy file fails before any work.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        guard let handle else { throw closedError() }
        let nested = sqlite3_get_autocommit(handle) == 0
        // Cached statements rather than sqlite3_exec: parsing BEGIN and COMMIT on every call shows up in profiles.
        try run(nested ? "SAVEPOINT tick_nested" : "BEGIN IMMEDIATE")
        // The journal's recording lives in memory (`recordingStep`), so the rollback that undoes a
        // step's rows must undo its recording too; no recording outlives its outermost transaction.
        let recordingBefore = recordingStep
        do {
            if !nested { try snapshotDidBegin?() }
            let result = try body()
            try run(nested ? "RELEASE tick_nested" : "COMMIT")
            if !nested { recordingStep = nil }
            return result
        } catch {
            recordingStep = nested ? recordingBefore : nil
            // The original error matters to the user; a failing rollback would only hide it.
            try? execute(nested ? "ROLLBACK TO tick_nested; RELEASE tick_nested" : "ROLLBACK")
            throw error
        }
    }

    /// The busy timeout last set with `setBusyTimeout(milliseconds:)`.
    private(set) var busyTimeoutMilliseconds: Int32 = 0

    /// Sets how long a statement waits for another connection's lock before failing with "busy".
    func setBusyTimeout(milliseconds: Int32) {
        guard let handle else { return }
        sqlite3_busy_timeout(handle, milliseconds)
        busyTimeoutMilliseconds = milliseconds
    }

    /// Runs `body` failing at once, rather than waiting, when another connection holds a lock it needs.
    func withoutWaitingForLocks<T>(_ body: () throws -> T) rethrows -> T {
        let saved = busyTimeoutMilliseconds
        setBusyTimeout(milliseconds: 0)
        defer { setBusyTimeout(milliseconds: saved) }
        return try body()
    }

    /// Called at the start of every outermost transaction and read snapshot, before its body: the
    /// one place to notice another connection's commits (nested reads share the snapshot, so they
    /// need no check of their own).
    var snapshotDidBegin: (() throws -> Void)?

    /// Runs several reads against one snapshot, so a count and the rows read after it agree even
    /// when another process commits in between. Inside a transaction it simply runs `body`.
    func read<T>(_ body: () throws -> T) throws -> T {
        guard let handle else { throw closedError() }
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try run("BEGIN DEFERRED")
        do {
            try snapshotDidBegin?()
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The store error for an SQLite result code, with the connection's current message.
    func error(code: Int32) -> StoreError {
        guard let handle else { return closedError() }
        let extended = sqlite3_extended_errcode(handle)
        let message = String(cString: sqlite3_errmsg(handle))
        return noted(StoreError.from(code: extended != SQLITE_OK ? extended : code, message: message, path: path,
                                     systemError: sqlite3_system_errno(handle)))
    }

    /// The first damage any statement on this connection ran into (SQLite's "malformed", or a failed
    /// `quick_check`): from then on the store refuses changes, whatever they would touch.
    private(set) var damage: StoreError?

    /// Remembers damage that a check found in the file, and returns the error to report.
    func noteDamage(_ detail: String) -> StoreError {
        noted(.damaged(path: path, detail: detail))
    }

    private func noted(_ error: StoreError) -> StoreError {
        if case .damaged = error, damage == nil { damage = error }
        return error
    }

    private func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        let key = StatementKey(sql: sql)
        if let statement = cache[key] { return statement }
        guard let handle else { throw closedError() }
        var raw: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard result == SQLITE_OK, let raw else { throw error(code: result) }
        statementsPrepared += 1
        let statement = SQLiteStatement(handle: raw, connection: self)
        cache[key] = statement
        return statement
    }

    func closedError() -> StoreError {
        .io(path: path, detail: "the store is closed")
    }

    /// `file:` URIs need the path percent-encoded so names with `?`, `#` or `%` still work.
    private static func immutableURI(for path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "file:\(TextFormatting.uriPath(absolute))?immutable=1"
    }
}

extension StoreError {
    /// Maps an SQLite result code (and the system's `errno` behind an I/O error) to the error the
    /// user should see for `path`.
    static func from(code: Int32, message: String, path: String, systemError: Int32 = 0) -> StoreError {
        switch code & 0xFF {
        case SQLITE_NOTADB:
            return .corrupt(path: path, detail: "is not an SQLite database (\(message))")
        case SQLITE_CORRUPT:
            return .damaged(path: path, detail: message)
        case SQLITE_READONLY:
            return .readOnly(path: path)
        case SQLITE_FULL:
            return .diskFull(path: path)
        case SQLITE_IOERR where systemError == ENOSPC || systemError == EDQUOT:
            // SQLite says "disk I/O error" when a full disk stops its shared-memory file.
            return .diskFull(path: path)
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PERM:
            return .io(path: path, detail: message)
        default:
            return .sqlite(path: path, code: code, message: message)
        }
    }
}
