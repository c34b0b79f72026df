/// Schema version 7 (tags): a todo's tags, journaled with it, and an index from tag to todos.
extension Schema {
    /// The todo column version 7 adds to the journal for tags.
    static let tagColumns = ["tags"]

    /// `todos.tags` holds a todo's tags separated by single spaces (see `TodoTags`), `''` for none.
    /// It is a journaled column (`journaledTodoColumns`), so undo and redo put tags back with the
    /// todo; `history_todos` gains `old_tags` and `new_tags`, and the journal triggers are made
    /// again to copy them (`rebuiltTodoJournalSQL`). Journal rows written before this version have NULL there, which the
    /// replay reads as no tags.
    ///
    /// `todo_tags` is the index `/#work` and `tick ls --tag` search through: one row per tag and
    /// todo, kept by triggers in the same transaction as the todo (undo's writes included), so it
    /// is never behind. Its key starts with the tag (`NOCASE`, as tags compare), so finding a tag's
    /// todos costs what they are, not what the store holds. The triggers split the stored text with
    /// `json_each`, which is safe because a tag holds no quote, backslash or space.
    static let tagsSQL = """
        ALTER TABLE todos ADD COLUMN tags TEXT NOT NULL DEFAULT '';
        ALTER TABLE history_todos ADD COLUMN old_tags TEXT;
        ALTER TABLE history_todos ADD COLUMN new_tags TEXT;
        CREATE TABLE todo_tags(
            tag TEXT NOT NULL COLLATE NOCASE,
            todo_id INTEGER NOT NULL,
            PRIMARY KEY (tag, todo_id)
        ) WITHOUT ROWID;
        CREATE INDEX todo_tags_by_todo ON todo_tags(todo_id);
        CREATE TRIGGER todos_tags_insert AFTER INSERT ON todos WHEN NEW.tags != '' BEGIN
            INSERT OR IGNORE INTO todo_tags(tag, todo_id)
            SELECT value, NEW.id FROM json_each('["' || replace(NEW.tags, ' ', '","') || '"]');
        END;
        CREATE TRIGGER todos_tags_update AFTER UPDATE OF tags ON todos WHEN OLD.tags IS NOT NEW.tags BEGIN
            DELETE FROM todo_tags WHERE todo_id = OLD.id;
            INSERT OR IGNORE INTO todo_tags(tag, todo_id)
            SELECT value, NEW.id FROM json_each('["' || replace(NEW.tags, ' ', '","') || '"]') WHERE NEW.tags != '';
        END;
        CREATE TRIGGER todos_tags_delete AFTER DELETE ON todos WHEN OLD.tags != '' BEGIN
            DELETE FROM todo_tags WHERE todo_id = OLD.id;
        END;
        """
}
