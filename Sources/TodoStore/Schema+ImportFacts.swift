extension Schema {
    /// What imports need to know (version 6): which todos came without a creation or completion
    /// date, and a quick way to find a todo by its title, for the duplicate check.
    ///
    /// todo.txt lines may have no creation date, and a done line (`x Call Mom`) no completion date.
    /// The todo still gets both times (the import time, so it sorts among the others), and
    /// `todos_without_dates` notes that the line gave none, so a todo.txt export leaves them out
    /// again. The completion is noted with the time it was given: a todo completed again later has
    /// another time and exports with its date. A table beside `todos` rather than columns in it:
    /// undo and redo put a todo back under its old id, which is never reused for another, so the
    /// note holds through them without the journal knowing about it. A note outlives its todo's
    /// deletion for the same reason (undo may bring the todo back); it is a few bytes.
    ///
    /// `todos_by_title` lets an import ask "is there already a todo with this title in this list?"
    /// for each line with one index lookup, however big the store.
    static let importFactsSQL = """
        CREATE TABLE todos_without_dates(
            todo_id INTEGER PRIMARY KEY,
            no_creation_date INTEGER NOT NULL,      -- 1: the line gave no creation date
            completed_at_without_date INTEGER       -- the completion time the todo got for a done line without a date
        );
        CREATE INDEX todos_by_title ON todos(list_id, title);
        """
}
