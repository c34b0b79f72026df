/// The rows a collapsed parent hides, counted without reading them (issue 31).
///
/// A subtree is one run of its list's manual order (the store keeps it so), so its last todo is
/// the parent's last subtask's last subtask, and so on down: one seek in `todos_outline` per level
/// (`Schema+OutlineIndex.swift`). The open rows of the run are then the open rows before that end
/// less those up to the parent, two counts inside rank blocks (each at most about a thousand index
/// entries) whatever the subtree holds.
extension TodoStore {
    /// How many open todos follow the open todo `id` in its list's manual order as its subtree (at
    /// any depth): the rows collapsing it hides. Relies on the subtree being one run of the order.
    /// Zero for a todo without subtasks, a done todo, or one that is gone. With `readyOn` (today, as
    /// `SectionQuery.readyOn`) the subtasks waiting on it are left out, as the rows of a view hiding
    /// them: counted inside the same rank blocks, less the waiting todos (`RankIndex+Waiting`).
    public func openSubtreeRowCount(of id: Int64, readyOn day: String? = nil) throws -> Int {
        try reading {
            guard let row = try rankingRow(id: id), row.completedAt == nil,
                  let uid = try connection.queryFirst("SELECT uid FROM todos WHERE id = ?", [id], row: { $0.string(at: 0) }) else { return 0 }
            let parent = RankKey(key: row.position, id: id)
            let last = try subtreeLastKey(uid: uid, listID: row.listID, from: parent)
            guard last != parent else { return 0 }
            // Rows before the key right after the last one: every row up to and including it.
            let afterLast = RankKey(key: last.key, id: last.id + 1)
            if let day {
                let upToParent = try rankIndex.readyRank(of: parent, listID: row.listID, on: day)
                let upToLast = try rankIndex.readyRank(of: afterLast, listID: row.listID, on: day)
                return max(0, upToLast - upToParent - 1)
            }
            let before = try rankIndex.rows(before: [parent, afterLast], in: RankSet(listID: row.listID, kind: .open))
            guard let upToParent = before[parent], let upToLast = before[afterLast] else { return 0 }
            return max(0, upToLast - upToParent - 1)
        }
    }

    /// The manual-order key (position, id) of the last todo, done or open, of the subtree of the todo
    /// named `uid` in list `listID`, whose own key is `start`: its last subtask's, that one's last
    /// subtask's, and so on while there is one (a seek each in `todos_outline`).
    func subtreeLastKey(uid: String, listID: Int64, from start: RankKey) throws -> RankKey {
        var last = start, uid = uid
        for _ in 0..<Self.parentChainLimit {
            guard let child = try connection.queryFirst(Self.lastSubtaskSQL, [uid, listID], row: {
                (uid: $0.string(at: 0), key: RankKey(key: $0.int64(at: 1), id: $0.int64(at: 2)))
            }), child.key > last else { break }
            last = child.key
            uid = child.uid
        }
        return last
    }

    /// A parent's last subtask in effect (same list) in the manual order: one seek at the end of its
    /// run in `todos_outline`.
    static let lastSubtaskSQL = """
        SELECT uid, position, id FROM todos INDEXED BY todos_outline WHERE parent_uid = ? AND list_id = ?
        ORDER BY position DESC, id DESC LIMIT 1
        """
}
