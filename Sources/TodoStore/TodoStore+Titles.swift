/// Todos by title (`todos_by_title`, the index the import's duplicate check uses).
extension TodoStore {
    /// The todos of list `listID` titled exactly `title`, open and done, oldest first: found through
    /// `todos_by_title`, so the cost is theirs, not the list's.
    public func items(titled title: String, inList listID: Int64) throws -> [TodoItem] {
        try fetchItems("INDEXED BY todos_by_title WHERE list_id = ? AND title = ? ORDER BY id", [listID, title])
    }
}
