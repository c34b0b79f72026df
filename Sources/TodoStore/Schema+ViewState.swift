/// Schema version 5: the view as the user left it, and what every row needs a column for.
extension Schema {
    /// `view_settings` keeps the sort (`s`) and whether done todos are hidden (`H`) across restarts,
    /// as `lists.collapsed` keeps `z`. It is not journaled: choosing how to look at the todos is not
    /// a change to them, so `u` never undoes it.
    ///
    /// The two partial indexes hold only the todos with a priority or a flag (usually few), so
    /// "does any todo, in any list, open or done, have one?" is answered from the index's first
    /// entry rather than by scanning every todo. The list uses the answer to give every row the same
    /// columns, so titles line up.
    static let viewStateSQL = """
        CREATE TABLE view_settings(
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX todos_with_priority ON todos(priority) WHERE priority > 0;
        CREATE INDEX todos_flagged ON todos(flagged) WHERE flagged != 0;
        """
}
