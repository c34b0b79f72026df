import FoundationEssentials

/// The opening rules: create a missing store whole and privately, check an existing file without
/// writing to it, and only then switch on WAL and migrate. A todo list holds people's commitments,
/// so every doubt ends in an error that leaves the file exactly as it was.
enum StoreOpener {
    struct Opened {
        let connection: SQLiteConnection
        /// Why changes are refused (read-only, or opened read-only for want of disk space); nil when writable.
        let writeRefusal: StoreError?
    }

    static func open(path: String, readOnly requested: Bool, durability: TodoStore.Durability = .full) throws -> Opened {
        if path == TodoStore.inMemoryPath { return try openInMemory(readOnly: requested) }
        if StoreFile.isDanglingLink(path) {
            throw StoreError.notATickStore(path: path, reason: "it is a symbolic link to a missing file")
        }
        var readOnly = requested || StoreFile.shouldOpenReadOnly(path)
        if !StoreFile.exists(path) {
            if readOnly { throw StoreError.io(path: path, detail: "does not exist, and a read-only store cannot create it") }
            try StoreFile.create(path) { temporary in try initialise(temporary, durability: durability) }
        }
        try StoreFile.inspect(path)

        var connection = try SQLiteConnection(path: path, mode: readOnly ? .readOnly : .readWrite)
        // SQLite silently falls back to read-only when it cannot write the file.
        readOnly = readOnly || connection.isReadOnlyHandle
        var writeRefusal: StoreError? = readOnly ? .readOnly(path: path) : nil
        // busy_timeout is connection state, not file state: safe before the checks, and they need it
        // when another process is mid-commit.
        connection.setBusyTimeout(milliseconds: 2000)

        let facts: Schema.Facts
        do {
            facts = try Schema.facts(of: connection)
        } catch StoreError.readOnly(_) where readOnly {
            // A WAL file in a folder we cannot write has no -shm to share; immutable mode needs none.
            connection.close()
            connection = try SQLiteConnection(path: path, mode: .immutable)
            facts = try Schema.facts(of: connection)
        } catch StoreError.diskFull(_) where !StoreFile.walHasFrames(path) {
            // No room for the shared-memory file, but every commit is in the main file (the log is
            // empty): read that as it is, and refuse changes saying why.
            connection.close()
            connection = try SQLiteConnection(path: path, mode: .immutable)
            readOnly = true
            writeRefusal = .diskFull(path: path)
            facts = try Schema.facts(of: connection)
        }
        try check(facts, path: path)

        let needsMigration = facts.userVersion < Schema.currentVersion
        if needsMigration, let writeRefusal { throw writeRefusal }
        if !needsMigration { try probe(connection) }
        if !readOnly { try enableWriteAheadLogging(connection, path: path, durability: durability) }
        try configure(connection)
        try Schema.migrate(connection, from: facts.userVersion)
        return Opened(connection: connection, writeRefusal: writeRefusal)
    }

    /// Turns the new file `temporary` into an empty store of the current version, then closes it
    /// (which checkpoints the log back into the file, so the file alone is the store).
    private static func initialise(_ temporary: String, durability: TodoStore.Durability) throws {
        let connection = try SQLiteConnection(path: temporary, mode: .readWrite)
        defer { connection.close() }
        try enableWriteAheadLogging(connection, path: temporary, durability: durability)
        try configure(connection)
        try Schema.migrate(connection, from: 0)
    }

    /// Write-ahead logging and the durability asked for; only for a file we may change.
    private static func enableWriteAheadLogging(_ connection: SQLiteConnection, path: String,
                                                durability: TodoStore.Durability) throws {
        // Only now may the file change: WAL rewrites the header.
        let mode = try connection.queryFirst("PRAGMA journal_mode = WAL") { $0.string(at: 0) }
        if mode?.lowercased() != "wal" {
            throw StoreError.io(path: path, detail: "cannot switch to write-ahead logging (journal mode is \(mode ?? "unknown"))")
        }
        try connection.execute("PRAGMA synchronous = \(durability.pragmaValue)")
        // A big import or migration grows the WAL to its size; truncate it again after checkpoints.
        try connection.execute("PRAGMA journal_size_limit = 67108864")
    }

    /// A fresh store that lives and dies with the connection: no file, no WAL, nothing to check.
    private static func openInMemory(readOnly: Bool) throws -> Opened {
        let connection = try SQLiteConnection(path: TodoStore.inMemoryPath, mode: .memory)
        try configure(connection)
        try Schema.migrate(connection, from: 0)
        return Opened(connection: connection, writeRefusal: readOnly ? .readOnly(path: TodoStore.inMemoryPath) : nil)
    }

    /// Connection settings every store needs, on disk or in memory.
    private static func configure(_ connection: SQLiteConnection) throws {
        try connection.execute("PRAGMA foreign_keys = ON")
        // Statement journals stay in memory: each statement with triggers inside a big transaction
        // (an import) would otherwise spill page copies to a file in /var/tmp, ten times slower.
        try connection.execute("PRAGMA temp_store = MEMORY")
        // A fixed 4 MiB page cache (the default is 2 MiB): pages around the viewport and the rank
        // index stay in memory; the cap keeps memory independent of the number of todos.
        try connection.execute("PRAGMA cache_size = -4096")
    }

    /// Refuses, before anything is written, every file that is not a Tick store of a version this
    /// Tick can read. Tick makes its stores whole (`StoreFile.create`), so a blank SQLite file is
    /// someone else's too.
    private static func check(_ facts: Schema.Facts, path: String) throws {
        if facts.applicationID != Schema.applicationID {
            let reason: String
            if facts.applicationID != 0 {
                reason = "it is an SQLite database of another application, application_id 0x"
                    + String(UInt32(bitPattern: facts.applicationID), radix: 16, uppercase: true)
            } else if facts.isBlank {
                reason = "it is an SQLite database without tables, which Tick did not create"
            } else {
                reason = "it is an SQLite database of another application"
            }
            throw StoreError.notATickStore(path: path, reason: reason)
        }
        if facts.userVersion > Schema.currentVersion {
            throw StoreError.newerSchema(path: path, found: facts.userVersion, supported: Schema.currentVersion)
        }
        if facts.userVersion == Schema.currentVersion, !facts.requiredTablesPresent {
            throw StoreError.corrupt(path: path, detail: "is missing some of its tables (\(Schema.requiredTables.joined(separator: ", ")))")
        }
    }

    /// Touches both ends of the order index, the counts and the rank index, so damage there is
    /// reported at open rather than halfway through a session. A full `PRAGMA quick_check` costs
    /// ~0.4 s per million todos, far over the open budget, so it is not run.
    private static func probe(_ connection: SQLiteConnection) throws {
        _ = try connection.scalarInt("SELECT id FROM todos ORDER BY list_id, position, id LIMIT 1")
        _ = try connection.scalarInt("SELECT id FROM todos ORDER BY list_id DESC, position DESC, id DESC LIMIT 1")
        _ = try connection.scalarInt("SELECT coalesce(sum(open_count), 0) FROM counts")
        _ = try connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE list_id = ?", [Schema.inboxListID])
    }
}
