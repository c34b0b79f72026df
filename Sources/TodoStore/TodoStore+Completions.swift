/// The few words shell completion asks for (`tick __complete`): every tag, and open todos by id.
/// Each answer is a handful of index lookups, so a completion stays instant on a million todos.
extension TodoStore {
    /// Every tag in use, each once (as first written, ASCII case folded together), in alphabetical
    /// order: a skip scan of the tag index, one lookup per distinct tag.
    public func tagNames() throws -> [String] {
        try connection.query("""
            WITH RECURSIVE found(tag) AS (
                SELECT MIN(tag) FROM todo_tags
                UNION ALL
                SELECT (SELECT MIN(tag) FROM todo_tags WHERE tag > found.tag) FROM found WHERE found.tag IS NOT NULL)
            SELECT tag FROM found WHERE tag IS NOT NULL
            """) { $0.string(at: 0) }
    }

    /// Up to `limit` open todos as (id, title): those whose id begins with the digits `prefix`, in
    /// id order, or without a prefix the newest ones first. Read by id ranges (an id beginning `12`
    /// is 12, 120–129, 1200–1299…), never by scanning every row.
    public func openTodoTitles(idPrefix prefix: String, limit: Int) throws -> [(id: Int64, title: String)] {
        guard prefix.allSatisfy({ $0.isASCII && $0.isNumber }), prefix.count <= 18 else { return [] }
        guard let start = Int64(prefix), start > 0 else {
            guard prefix.isEmpty else { return [] }
            return try connection.query("SELECT id, title FROM todos WHERE completed_at IS NULL ORDER BY id DESC LIMIT ?",
                                        [Int64(limit)]) { ($0.int64(at: 0), $0.string(at: 1)) }
        }
        let largest = try connection.scalarInt("SELECT MAX(id) FROM todos")
        var found: [(id: Int64, title: String)] = []
        var low = start, width: Int64 = 1
        while low <= largest, found.count < limit {
            found += try connection.query("""
                SELECT id, title FROM todos WHERE id >= ? AND id < ? AND completed_at IS NULL ORDER BY id LIMIT ?
                """, [low, low + width, Int64(limit - found.count)]) { ($0.int64(at: 0), $0.string(at: 1)) }
            let (nextLow, lowOverflow) = low.multipliedReportingOverflow(by: 10)
            let (nextWidth, widthOverflow) = width.multipliedReportingOverflow(by: 10)
            guard !lowOverflow, !widthOverflow else { break }
            low = nextLow
            width = nextWidth
        }
        return found
    }
}
