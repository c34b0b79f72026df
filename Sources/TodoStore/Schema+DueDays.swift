/// Schema version 7's index of open todos by due day, across lists.
extension Schema {
    /// Open todos with a due day, in the order an agenda shows them: by due day (a later due time
    /// sorts after the bare day, as the text compares), highest priority first, then oldest first.
    /// `tick ls --due` and `--agenda` read a window of days from it without scanning the table,
    /// whatever the number of todos.
    static let dueDaysSQL = """
        CREATE INDEX todos_open_by_due_day ON todos(due, priority DESC, id)
            WHERE completed_at IS NULL AND due IS NOT NULL;
        """
}
