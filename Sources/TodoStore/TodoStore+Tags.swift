/// Reading todos by tag (`tick ls --tag`).
extension TodoStore {
    /// The todos of list `listID` tagged `tag` (ASCII case folded), open ones in manual order, then
    /// (when `includesOpen`/`includesDone` say so) done ones in completion order: every one of them,
    /// found through the tag index, so the cost is the tag's todos, not the store's.
    public func items(taggedWith tag: String, inList listID: Int64, includesOpen: Bool = true,
                      includesDone: Bool = false) throws -> [TodoItem] {
        var found: [TodoItem] = []
        for (wanted, done, order) in [(includesOpen, false, Self.openOrder(.manual).forward), (includesDone, true, "completed_at, id")]
        where wanted {
            found += try connection.query("""
                SELECT \(Self.qualifiedItemColumns)
                FROM todo_tags CROSS JOIN todos ON todos.id = todo_tags.todo_id
                WHERE todo_tags.tag = ? AND list_id = ? AND completed_at IS \(done ? "NOT " : "")NULL ORDER BY \(order)
                """, [tag, listID], row: Self.decodeItem)
        }
        return found
    }
}
