/// Schema version 8 (sync state): what the CalDAV sync knows of the server, kept in the store so
/// a sync that is interrupted resumes where it stopped, and local changes waiting to go up.
extension Schema {
    /// - `sync_collections`: the calendar collection a list syncs with (its href) and the
    ///   sync-collection token of the last pull from it (RFC 6578; NULL: none yet, list by ETags).
    ///   It goes with its list (a deleted list's collection is forgotten, its todos' deletes stay
    ///   pending).
    /// - `sync_items`: per todo that exists on the server, its UID, href and ETag, and the VTODO
    ///   text last synced: the base of the three-way merge and the carrier of the properties Tick
    ///   does not know. Keyed by todo id without a foreign key, so it outlives a local delete until
    ///   the remote item is deleted too.
    /// - `sync_pending`: todos changed here since they last went up, recorded by triggers in the
    ///   same transaction as the change (undo's, redo's and other processes' included), so killing
    ///   Tick at any moment loses nothing. `deleted` says the todo is gone and its remote item
    ///   (href and ETag in `sync_items`) is to be deleted. `revision` grows with every change, so a
    ///   sync clears only the change it sent, not one made while it ran. Inserts are recorded once
    ///   some list syncs (before that, the first sync uploads every todo anyway), updates and
    ///   deletes for todos the server has.
    /// - `sync_conflicts`: fields that lost a three-way merge, newest last, for `tick sync --status`.
    /// - `sync_runs`: one row per finished sync (when, and what it did), for `--status`.
    /// - `sync_dropped_collections`: collections whose list was deleted here (noted by a trigger
    ///   before the mapping goes with the list), which a sync neither adopts nor turns into a list
    ///   again: a deleted list does not come back from the server.
    ///
    /// None of it is journaled: undo replays todos, and the triggers record what undo changed as a
    /// change to send.
    static let syncStateSQL = """
        CREATE TABLE sync_collections(
            list_id INTEGER PRIMARY KEY REFERENCES lists(id) ON DELETE CASCADE,
            href TEXT NOT NULL UNIQUE,
            sync_token TEXT
        );
        CREATE TABLE sync_items(
            todo_id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            href TEXT NOT NULL UNIQUE,
            etag TEXT,
            base TEXT NOT NULL
        );
        CREATE TABLE sync_pending(
            todo_id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL,
            deleted INTEGER NOT NULL DEFAULT 0,
            revision INTEGER NOT NULL DEFAULT 1
        );
        CREATE TABLE sync_conflicts(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at INTEGER NOT NULL,
            uid TEXT NOT NULL,
            title TEXT NOT NULL,
            field TEXT NOT NULL,
            lost TEXT NOT NULL
        );
        CREATE TABLE sync_runs(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at INTEGER NOT NULL,
            summary TEXT NOT NULL
        );
        CREATE TABLE sync_dropped_collections(
            href TEXT PRIMARY KEY
        ) WITHOUT ROWID;
        CREATE TRIGGER lists_sync_collection_dropped BEFORE DELETE ON lists BEGIN
            INSERT OR IGNORE INTO sync_dropped_collections(href) SELECT href FROM sync_collections WHERE list_id = OLD.id;
        END;
        CREATE TRIGGER todos_sync_pending_insert AFTER INSERT ON todos
        WHEN EXISTS (SELECT 1 FROM sync_collections) OR EXISTS (SELECT 1 FROM sync_items WHERE todo_id = NEW.id) BEGIN
            INSERT INTO sync_pending(todo_id, uid, deleted) VALUES (NEW.id, NEW.uid, 0)
                ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid, deleted = 0, revision = revision + 1;
        END;
        CREATE TRIGGER todos_sync_pending_update AFTER UPDATE ON todos
        WHEN EXISTS (SELECT 1 FROM sync_items WHERE todo_id = NEW.id) OR EXISTS (SELECT 1 FROM sync_pending WHERE todo_id = NEW.id) BEGIN
            INSERT INTO sync_pending(todo_id, uid, deleted) VALUES (NEW.id, NEW.uid, 0)
                ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid, deleted = 0, revision = revision + 1;
        END;
        CREATE TRIGGER todos_sync_pending_delete AFTER DELETE ON todos BEGIN
            -- Never on the server: nothing to send.
            DELETE FROM sync_pending WHERE todo_id = OLD.id AND NOT EXISTS (SELECT 1 FROM sync_items WHERE todo_id = OLD.id);
            INSERT INTO sync_pending(todo_id, uid, deleted)
                SELECT OLD.id, OLD.uid, 1 WHERE EXISTS (SELECT 1 FROM sync_items WHERE todo_id = OLD.id)
                ON CONFLICT(todo_id) DO UPDATE SET deleted = 1, revision = revision + 1;
        END;
        """
}
