import FoundationEssentials

/// The query language's matches read whole, for `tick ls QUERY…` and saved views on the command
/// line: the same SQL as the search on screen (`MatchFinder`), without its 1,000-row limit.
extension TodoStore {
    /// Calls `body` with every todo of one list that `query` matches (its `matching`, or its
    /// `search`), open ones first in the query's order, then done ones in completion order when the
    /// query or `includesCompleted` asks for them. The ids are found in one read snapshot, the todos
    /// read in pages of 500; `body` must not change the store.
    public func forEachMatch(of query: SectionQuery, _ body: (TodoItem) throws -> Void) throws {
        guard query.isSearch else { return }
        try reading {
            let ids = try searchIndex.allMatchingIDs(for: query)
            var start = 0
            while start < ids.count {
                let end = min(start + 500, ids.count)
                try items(ids: ids[start..<end]).forEach(body)
                start = end
            }
        }
    }
}
