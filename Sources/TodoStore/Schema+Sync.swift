/// Schema version 8 (sync foundations): every todo has a stable UID, the name iCalendar files and
/// CalDAV servers know it by.
extension Schema {
    /// The todo column version 8 adds to the journal.
    static let uidColumns = ["uid"]

    /// A random (version 4) RFC 4122 UUID in lower case, as an SQL expression evaluated per row: what
    /// the todos stored before version 8 get (the index is built after, so their order costs nothing).
    /// Each piece calls `randomblob` itself: a subquery would be evaluated once for every row.
    static let uuidExpression = """
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' \
        || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
        """

    /// `todos.uid` is a todo's iCalendar UID: generated for every todo the store makes (Swift picks
    /// it, see `TodoStore.newUID()`: time-ordered, version 7), kept from the file for imported ones, unique (`todos_by_uid`,
    /// which also finds the todo an iCalendar import updates). It is journaled, so undoing a
    /// delete brings the todo back under the same UID. Todos already stored get fresh UIDs, and the
    /// journal rows written before this version get their todo's UID (a new one for todos since
    /// deleted, the same for every row of a todo), so undo never writes a todo without one.
    /// `todos_uid_fill` is a safety net for a writer that inserts without a UID.
    static let uidSQL = """
        ALTER TABLE todos ADD COLUMN uid TEXT;
        UPDATE todos SET uid = \(uuidExpression);
        CREATE UNIQUE INDEX todos_by_uid ON todos(uid);
        ALTER TABLE history_todos ADD COLUMN old_uid TEXT;
        ALTER TABLE history_todos ADD COLUMN new_uid TEXT;
        CREATE TEMP TABLE migration_uids(id INTEGER PRIMARY KEY, uid TEXT NOT NULL);
        INSERT INTO temp.migration_uids(id, uid) SELECT id, uid FROM todos;
        INSERT OR IGNORE INTO temp.migration_uids(id, uid) SELECT todo_id, \(uuidExpression) FROM history_todos;
        UPDATE history_todos
        SET old_uid = CASE WHEN old_present THEN (SELECT uid FROM temp.migration_uids WHERE id = todo_id) END,
            new_uid = CASE WHEN new_present THEN (SELECT uid FROM temp.migration_uids WHERE id = todo_id) END;
        DROP TABLE temp.migration_uids;
        CREATE TRIGGER todos_uid_fill AFTER INSERT ON todos WHEN NEW.uid IS NULL BEGIN
            UPDATE todos SET uid = \(uuidExpression) WHERE id = NEW.id;
        END;
        """
}
