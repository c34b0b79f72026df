/// Search upkeep as the app and tools see it; the search itself, its results and its pending
/// queue belong to `SearchIndex`.
extension TodoStore {
    /// Tidies the search index a little while the app is idle (see `SearchIndex.tidy`): catches up
    /// on todos changed since it last did, then merges index segments. Returns whether it did any
    /// work, so the caller can stop once the index is tidy. Does nothing in a store that cannot be
    /// written (read-only, or damaged).
    @discardableResult
    public func tidySearchIndex(pages: Int = 64) -> Bool {
        guard !isReadOnly, connection.damage == nil else { return false }
        return searchIndex.tidy(pages: pages)
    }

    /// Todos changed since the search index last caught up (0 when it is current); tests have
    /// `todosAwaitingSearchIndex` over it in `TickTesting`.
    public func countTodosAwaitingSearchIndex() throws -> Int { try searchIndex.pendingCount() }
}
