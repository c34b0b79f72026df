import TodoStore

/// The run loops' side of the background search: the interactive loop polls for answers while a
/// search runs; key scripts and tests wait for each search, so their screens never depend on timing.
extension TickApp {
    /// Whether typed search text is still being searched in the background.
    public var isSearching: Bool { list.pendingSearch != nil }

    /// Shows the answers the background search found since the last call; returns whether the screen changed.
    public func showFoundSearches() -> Bool {
        guard isSearching else { return false }
        return list.showFoundSearches()
    }

    /// Blocks until the search typed so far shows in full (the rule for key scripts: every key's
    /// search finishes before the next key).
    public func waitForSearch() {
        // A stale answer asks again, once per store change in between; past a few rounds the
        // search runs on this thread instead, so waiting always ends.
        for _ in 0..<4 where isSearching {
            list.store.waitForSearch()
            _ = list.showFoundSearches()
        }
        list.finishPendingSearch()
    }
}
