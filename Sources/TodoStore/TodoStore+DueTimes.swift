/// Due times (`YYYY-MM-DDTHH:MM` in the `due` column, see `DueText`).
extension TodoStore {
    /// Whether any todo (open or done) has a due time, so that `tick ls` can size its due column
    /// before its first row. It reads the table until the first timed todo: a command's cost, never a key's.
    public func hasTimedDue() throws -> Bool {
        try connection.scalarInt("SELECT EXISTS(SELECT 1 FROM todos WHERE length(due) > 10)") != 0
    }
}
