import FoundationEssentials

/// The store's tables and their migrations, versioned by `PRAGMA user_version`.
///
/// What the file holds besides `todos` and `lists`, and who keeps it:
/// - kept by triggers, never behind and not journaled: `counts` per list, `rank_blocks` (a list's
///   rows in blocks with their sizes, `Schema+Version2.swift`, so row *i* of a million is a short `OFFSET`
///   inside one block), `todo_tags` (tag → todo, from the journaled `todos.tags`, undo included)
///   and `due_day_counts` (open todos per due day, `Schema+AgendaCounts.swift`);
/// - kept lagging: `todos_fts`, an FTS5 trigram index, with the todos changed since noted in
///   `search_pending` (`searchQueueSQL`; the search index catches up in small steps);
/// - the undo history: `history_steps` and the journal rows each step's triggers wrote
///   (`history_todos`, `history_lists`) under the step the connection records (`tick_recording_step()`,
///   `Schema+RecordingStep.swift`); `history_steps.origin` tells steps made here from the
///   sync's (`Schema+RemoteSteps.swift`). The journaled todo columns grew by migration (`rrule`,
///   `rrule_from_completion`, `tags` in 7, `uid` in 8, `status_mark` and `percent_complete` in 10,
///   `Schema+Statuses.swift`, `parent_uid` in 11, `Schema+Subtasks.swift`); `historySQL` keeps creating version 2's.
/// - the sync state, none of it journaled: `sync_collections`, `sync_items`, `sync_pending`
///   (written by triggers in the change's own transaction), `sync_conflicts`, `sync_runs`,
///   `sync_dropped_collections` (`Schema+SyncState.swift`, `+SyncNames`, `+SyncOrder`), and
///   `todo_modified_times`, written through the SQL function `tick_clock_ms()` that every
///   connection registers (`Schema+ModifiedTime.swift`, `SQLiteConnection+Clock.swift`).
/// Each `Schema+*.swift` file documents its version's tables.
enum Schema {
    /// "TICK" in ASCII: marks a file as ours, so Tick never adopts another application's database.
    static let applicationID: Int32 = 0x5449_434B
    /// The newest schema this build can read and write.
    static let currentVersion = 17
    /// The list that always exists and cannot be deleted.
    static let inboxListID: Int64 = 1

    /// SQL that upgrades version `n - 1` to version `n`, indexed by `n`.
    /// Append-only: a released step is never edited, because existing files already ran it.
    static let migrations: [Int: String] = [
        1: """
        CREATE TABLE lists(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE,
            position INTEGER NOT NULL,
            collapsed INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE todos(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            list_id INTEGER NOT NULL REFERENCES lists(id),
            title TEXT NOT NULL,
            notes TEXT NOT NULL DEFAULT '',
            position INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            completed_at INTEGER,
            priority INTEGER NOT NULL DEFAULT 0,
            due TEXT,
            flagged INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX todos_by_position ON todos(position);
        CREATE INDEX todos_by_list_position ON todos(list_id, position);

        -- Counts are maintained by triggers so that opening a million todos never scans them.
        CREATE TABLE counts(
            list_id INTEGER PRIMARY KEY REFERENCES lists(id) ON DELETE CASCADE,
            open_count INTEGER NOT NULL DEFAULT 0,
            done_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE TRIGGER lists_add_counts AFTER INSERT ON lists BEGIN
            INSERT INTO counts(list_id) VALUES (NEW.id);
        END;
        CREATE TRIGGER todos_count_insert AFTER INSERT ON todos BEGIN
            UPDATE counts SET open_count = open_count + (NEW.completed_at IS NULL),
                              done_count = done_count + (NEW.completed_at IS NOT NULL)
            WHERE list_id = NEW.list_id;
        END;
        CREATE TRIGGER todos_count_delete AFTER DELETE ON todos BEGIN
            UPDATE counts SET open_count = open_count - (OLD.completed_at IS NULL),
                              done_count = done_count - (OLD.completed_at IS NOT NULL)
            WHERE list_id = OLD.list_id;
        END;
        CREATE TRIGGER todos_count_update AFTER UPDATE OF completed_at, list_id ON todos
        WHEN (OLD.completed_at IS NULL) != (NEW.completed_at IS NULL) OR OLD.list_id != NEW.list_id BEGIN
            UPDATE counts SET open_count = open_count - (OLD.completed_at IS NULL),
                              done_count = done_count - (OLD.completed_at IS NOT NULL)
            WHERE list_id = OLD.list_id;
            UPDATE counts SET open_count = open_count + (NEW.completed_at IS NULL),
                              done_count = done_count + (NEW.completed_at IS NOT NULL)
            WHERE list_id = NEW.list_id;
        END;
        INSERT INTO lists(id, name, position) VALUES (1, 'Inbox', 65536);
        """,
        2: version2,
        // Version 3: the search index no longer merges its segments inside every change (that
        // cost ~0.8 ms per add, delete or edit); Tick merges them while idle instead
        // (`tidySearchIndex`).
        3: "INSERT INTO todos_fts(todos_fts, rank) VALUES ('automerge', 0);",
        // Version 4: a change no longer writes the search index (~0.1 ms of every add, delete or
        // edit); it notes the todo in `search_pending`, which Tick indexes while idle.
        4: searchQueueSQL,
        // Version 5: the sort and hidden done todos are remembered (`view_settings`), and indexes
        // of the todos with a priority or a flag tell cheaply whether rows need those columns.
        5: viewStateSQL,
        // Version 6: todos imported without a creation or completion date, and titles indexed for the import's
        // duplicate check (see `importFactsSQL`).
        6: importFactsSQL,
        // Version 7: recurring todos (`recurrenceSQL`) and tags (`tagsSQL`), journaled with their
        // todo (the journal triggers are made once, after both add their columns), and open todos
        // indexed by due day across lists, for agendas (`dueDaysSQL`).
        7: recurrenceSQL + tagsSQL + rebuiltTodoJournalSQL + dueDaysSQL,
        // Version 8: every todo has a stable iCalendar UID, journaled (`uidSQL`), and open todos are
        // counted per due day for the agenda's groups (`agendaCountsSQL`), and the CalDAV sync's
        // state: collections, synced items and local changes waiting to go up (`syncStateSQL`).
        8: uidSQL + rebuiltTodoJournalSQL(columns: version7JournaledTodoColumns + uidColumns) + agendaCountsSQL + syncStateSQL,
        // Version 9: an undo step says whether it came from another device (`remoteStepsSQL`); when
        // each todo was last modified here, for the sync's "later change wins" (`modifiedTimeSQL`); the
        // name each synced list had at its last sync, to tell a rename here from one on the server
        // (`syncNamesSQL`), and the place of a synced todo whose item has none (`syncPositionsSQL`).
        9: remoteStepsSQL + modifiedTimeSQL + syncNamesSQL + syncPositionsSQL,
        // Version 10 (statuses): started and cancelled todos and PERCENT-COMPLETE (`statusesSQL`).
        10: statusesSQL,
        // Version 11: subtasks, a todo's parent by UID, journaled and a modification (`subtasksSQL`).
        11: subtasksSQL,
        // Version 12 (reminders): a todo's reminders, its VALARMs Tick can show (`remindersSQL`).
        remindersVersion: remindersSQL,
        // Version 13 (start dates): the day a todo starts, DTSTART (`startDatesSQL`).
        startDatesVersion: startDatesSQL,
        // Version 14 (the outline index): subtasks by parent and manual order, so the end of a
        // subtree is a few seeks (`outlineIndexSQL`).
        outlineIndexVersion: outlineIndexSQL,
        // Version 15 (waiting counts): open todos with a start counted per list and start day, and
        // indexed by list and manual order, so hiding waiting todos reads none of them (`waitingCountsSQL`).
        waitingCountsVersion: waitingCountsSQL,
        // Version 16 (the recording step): the journal triggers ask the connection which step they
        // record under, so opening and closing a step writes no row (`recordingStepSQL`).
        recordingStepVersion: recordingStepSQL,
        // Version 17 (one rank block trigger): the three triggers that split and merge rank blocks
        // become one, so a size change starts one trigger program instead of three (`rankBlockResizeSQL`).
        rankBlockResizeVersion: rankBlockResizeSQL,
    ]

    /// The tables a store of the current version must have; a Tick file without them is damaged.
    static let requiredTables = ["lists", "todos", "counts", "rank_blocks", "rank_meta", "todos_fts",
                                 "history_steps", "history_state", "history_todos", "history_lists", "history_garbage",
                                 "search_pending", "view_settings", "todos_without_dates", "todo_tags", "due_day_counts",
                                 "sync_collections", "sync_items", "sync_pending", "sync_conflicts", "sync_runs", "sync_dropped_collections",
                                 "todo_modified_times", "due_start_counts", "list_start_counts"]

    /// What the checks read from a file before anything is written to it.
    struct Facts {
        var applicationID: Int32
        var userVersion: Int
        var tableCount: Int
        var requiredTablesPresent: Bool

        /// An SQLite file with no tables and no owner: safe to turn into a Tick store.
        var isBlank: Bool { applicationID == 0 && tableCount == 0 }
    }

    /// Reads the identity of the open file without modifying it; the first read also makes SQLite
    /// validate the header, so garbage and truncation surface here as errors.
    static func facts(of connection: SQLiteConnection) throws -> Facts {
        let tableCount = try connection.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table'")
        let applicationID = try connection.scalarInt("PRAGMA application_id")
        let userVersion = try connection.scalarInt("PRAGMA user_version")
        let placeholders = Array(repeating: "?", count: requiredTables.count).joined(separator: ", ")
        let required = try connection.scalarInt(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN (\(placeholders))", requiredTables)
        return Facts(applicationID: Int32(truncatingIfNeeded: applicationID), userVersion: Int(userVersion),
                     tableCount: Int(tableCount), requiredTablesPresent: Int(required) == requiredTables.count)
    }

    /// Brings a blank or older store up to `currentVersion` in one transaction, so a crash leaves
    /// either the old file or the fully migrated one.
    static func migrate(_ connection: SQLiteConnection, from version: Int) throws {
        guard version < currentVersion else { return }
        try connection.transaction {
            for step in (version + 1)...currentVersion {
                guard let sql = migrations[step] else { preconditionFailure("missing migration to version \(step)") }
                try connection.execute(sql)
            }
            // Pragmas cannot take bound parameters; these are our own integer constants.
            try connection.execute("PRAGMA application_id = \(applicationID); PRAGMA user_version = \(currentVersion)")
        }
    }
}
