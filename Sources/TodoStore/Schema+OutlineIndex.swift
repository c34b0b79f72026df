/// Schema version 14 (the outline index): subtasks by parent, list and manual order.
///
/// - `todos_outline`: `(parent_uid, list_id, position, id)` for the todos that name a parent. A
///   parent's last subtask in effect (same list) is one seek from its end, so the last todo of a
///   subtree is found by stepping down the last subtasks, as many seeks as the subtree is deep,
///   however many todos it holds (`TodoStore.subtreeLastKey`): collapsing a parent of 10,000
///   subtasks no longer reads rows of its subtree one at a time (issue 31). `todos_by_parent_uid`
///   stays: queries name it (`INDEXED BY`), and an older Tick opening the file may too.
///
/// No table or trigger changes; the index costs a write only for todos that have a parent.
extension Schema {
    /// The schema version that adds the outline index.
    static let outlineIndexVersion = 14

    static let outlineIndexSQL = """
        CREATE INDEX todos_outline ON todos(parent_uid, list_id, position, id) WHERE parent_uid IS NOT NULL;
        """
}
