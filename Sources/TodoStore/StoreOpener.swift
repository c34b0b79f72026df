import FoundationEssentials

/// The opening rules: create a missing file privately, check an existing one without writing to
/// it, and only then switch on WAL and migrate. A todo list holds people's commitments, so every
/// doubt ends in an error that leaves the file exactly as it was.
enum StoreOpener {
    struct Opened {
        let connection: SQLiteConnection
        let isReadOnly: Bool
    }

    static func open(path: String, readOnly requested: Bool, durability: TodoStore.Durability = .full) throws -> Opened {
        if path == TodoStore.inMemoryPath { return try openInMemory(readOnly: requested) }
        var readOnly = requested || StoreFile.shouldOpenReadOnly(path)
        if !StoreFile.exists(path) {
            if readOnly { throw StoreError.io(path: path, detail: "does not exist, and a read-only store cannot create it") }
            try StoreFile.createIfMissing(path)
        }
        let kind = try StoreFile.inspect(path)
        if kind == .empty, readOnly { throw StoreError.readOnly(path: path) }

        var connection = try SQLiteConnection(path: path, mode: readOnly ? .readOnly : .readWrite)
        // SQLite silently falls back to read-only when it cannot write the file.
        readOnly = readOnly || connection.isReadOnlyHandle
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
        }
        try check(facts, path: path)

        // A blank file's user_version means nothing to us: it starts from scratch.
        let startVersion = facts.applicationID == Schema.applicationID ? facts.userVersion : 0
        let needsMigration = startVersion < Schema.currentVersion
        if needsMigration, readOnly { throw StoreError.readOnly(path: path) }
        if !needsMigration { try probe(connection) }

        if !readOnly {
            // Only now may the file change: WAL rewrites the header.
            let mode = try connection.queryFirst("PRAGMA journal_mode = WAL") { $0.string(at: 0) }
            if mode?.lowercased() != "wal" {
                throw StoreError.io(path: path, detail: "cannot switch to write-ahead logging (journal mode is \(mode ?? "unknown"))")
            }
            try connection.execute("PRAGMA synchronous = \(durability.pragmaValue)")
            // A big import or migration grows the WAL to its size; truncate it again after checkpoints.
            try connection.execute("PRAGMA journal_size_limit = 67108864")
        }
        try connection.execute("PRAGMA foreign_keys = ON")
        // Statement journals stay in memory: each statement with triggers inside a big transaction
        // (an import) would otherwise spill page copies to a file in /var/tmp, ten times slower.
        try connection.execute("PRAGMA temp_store = MEMORY")
        // A fixed 4 MiB page cache (the default is 2 MiB): pages around the viewport and the rank
        // index stay in memory; the cap keeps memory independent of the number of todos.
        try connection.execute("PRAGMA cache_size = -4096")
        try Schema.migrate(connection, from: startVersion)
        return Opened(connection: connection, isReadOnly: readOnly)
    }

    /// A throwaway store in memory: no file is created or checked, and WAL does not apply (SQLite
    /// keeps an in-memory database's journal in memory too).
    private static func openInMemory(readOnly: Bool) throws -> Opened {
        // An empty store cannot be read-only: there is nothing to read and nothing could be written.
        if readOnly { throw StoreError.readOnly(path: TodoStore.inMemoryPath) }
        let connection = try SQLiteConnection(path: TodoStore.inMemoryPath, mode: .readWrite)
        try connection.execute("PRAGMA foreign_keys = ON")
        try connection.execute("PRAGMA temp_store = MEMORY")
        try Schema.migrate(connection, from: 0)
        return Opened(connection: connection, isReadOnly: false)
    }

    private static func check(_ facts: Schema.Facts, path: String) throws {
        if facts.applicationID != Schema.applicationID {
            guard facts.isBlank else {
                let owner = facts.applicationID == 0
                    ? "it is an SQLite database of another application"
                    : "it is an SQLite database of another application, application_id 0x"
                        + String(UInt32(bitPattern: facts.applicationID), radix: 16, uppercase: true)
                throw StoreError.notATickStore(path: path, reason: owner)
            }
            return
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
