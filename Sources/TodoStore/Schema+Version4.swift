extension Schema {
    /// The search index's catch-up queue (version 4).
    ///
    /// Until version 3, triggers wrote every change into `todos_fts` at once: tokenizing the title
    /// into trigrams and writing a new index segment cost about a tenth of every add, delete and
    /// title edit. Now the triggers only note the todo in `search_pending`, one small row, and
    /// `SearchIndex.indexPending` indexes the noted todos later (while idle, at the end of a big
    /// change, before a check). Searches look at the noted todos themselves, so a todo is found
    /// by its current text the moment it changes.
    ///
    /// A row says what the index holds for the todo: nothing (`indexed` 0, the todo was added since)
    /// or the text it had when first noted (`indexed` 1, with `old_title` and `old_notes`, which an
    /// external-content index needs to take the todo out). `INSERT OR IGNORE` keeps the first note,
    /// which is what the index still holds however often the todo changes before it catches up.
    static let searchQueueSQL = """
        CREATE TABLE search_pending(
            todo_id INTEGER PRIMARY KEY,
            indexed INTEGER NOT NULL,
            old_title TEXT,
            old_notes TEXT
        );
        DROP TRIGGER todos_fts_insert;
        DROP TRIGGER todos_fts_delete;
        DROP TRIGGER todos_fts_update;
        CREATE TRIGGER todos_search_insert AFTER INSERT ON todos BEGIN
            INSERT OR IGNORE INTO search_pending(todo_id, indexed) VALUES (NEW.id, 0);
        END;
        CREATE TRIGGER todos_search_delete AFTER DELETE ON todos BEGIN
            INSERT OR IGNORE INTO search_pending(todo_id, indexed, old_title, old_notes)
            VALUES (OLD.id, 1, OLD.title, OLD.notes);
        END;
        CREATE TRIGGER todos_search_update AFTER UPDATE OF title, notes ON todos
        WHEN OLD.title IS NOT NEW.title OR OLD.notes IS NOT NEW.notes BEGIN
            INSERT OR IGNORE INTO search_pending(todo_id, indexed, old_title, old_notes)
            VALUES (OLD.id, 1, OLD.title, OLD.notes);
        END;
        """
}
