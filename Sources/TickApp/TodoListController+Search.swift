import TermTable
import TodoStore

/// Search: the list filters live while typing; afterwards `n`/`N` step through the matches
/// (`TodoCommands.jumpToMatch`).
///
/// Typing never waits for a search: `search(for:)` asks the store to find the matches in the
/// background (on its second, read-only connection) and returns; the list keeps showing the
/// previous filter until `showFoundSearches()`, called by the run loop, shows the first matches and
/// then all of them. A newer keystroke cancels the older search, and an answer for text that is no
/// longer typed is dropped. A store in memory (key scripts without `--db`) searches at once.
extension TodoListController {
    /// Filters the lists to `text` without waiting: at once when the matches are cached (or the
    /// text is empty, or the store is in memory), else once the background search finds them.
    public func search(for text: String?) {
        let filter = (text?.isEmpty ?? true) ? nil : text
        let queries = filter.map(searchQueries(for:)) ?? []
        guard let filter, store.searchesInBackground, !queries.isEmpty, !store.hasSearchResults(for: queries) else {
            // Nothing to wait for: cached matches, no search, or no file a second connection could read.
            if pendingSearch != nil {
                pendingSearch = nil
                store.cancelSearch()
                describeEmptyState()
            }
            self.filter(by: filter)
            return
        }
        guard filter != pendingSearch else { return }
        pendingSearch = filter
        store.startSearch(queries)
        describeEmptyState()
    }

    /// Shows what the background search found since the last call; returns whether the screen changed.
    @discardableResult
    public func showFoundSearches() -> Bool {
        var changed = false
        for found in store.takeSearchResults() {
            // An answer for text no longer typed is stale: it never shows.
            guard let pending = pendingSearch, found.text == pending else { continue }
            switch found.outcome {
            case .stale:
                // The store changed after the search was asked for: ask again.
                store.startSearch(searchQueries(for: pending))
            case .failed:
                // Searching here, on the key thread, reports the failure as any read does.
                finishPendingSearch()
                changed = true
            case .firstMatches:
                show(filter: pending)
                changed = true
            case .complete:
                pendingSearch = nil
                show(filter: pending)
                changed = true
            }
        }
        return changed
    }

    /// Shows the pending search's matches now, searching on the key thread (Enter, and a key
    /// script's last resort): what the user confirms is the text typed, not the last one found.
    public func finishPendingSearch() {
        guard let pending = pendingSearch else { return }
        pendingSearch = nil
        store.cancelSearch()
        show(filter: pending)
    }

    /// Stops the pending search without showing it (Esc).
    public func cancelPendingSearch() {
        guard pendingSearch != nil else { return }
        pendingSearch = nil
        store.cancelSearch()
        describeEmptyState()
    }

    /// The section queries of the lists a search of `text` reads (folded lists read none).
    func searchQueries(for text: String) -> [SectionQuery] {
        lists.filter { !$0.isCollapsed }.map { list in
            var query = options.query(listID: list.id)
            query.search = text
            query.matching = searchQuery(for: text)
            return query
        }
    }

    /// Shows `filter`: a new filter from the first row; more matches of the filter shown (its
    /// first matches, then all) keeping the selection where it is.
    private func show(filter: String) {
        guard filter == options.filter else { return self.filter(by: filter) }
        reloadFromStore(selecting: selectedItem?.id)
    }

    /// Filters every list to todos containing `text` (nil or empty shows everything).
    public func filter(by text: String?) {
        let filter = (text?.isEmpty ?? true) ? nil : text
        guard filter != options.filter else { return }
        options.filter = filter
        options.filterQuery = filter.map(searchQuery(for:))
        readEverythingAgain()
        tableView.moveSelectionToFirstRow()
    }

    /// Ends the live filter, showing the full list with the selection on the todo that was highlighted
    /// among the matches (or on `fallback`); `keepsHighlights` leaves the matches marked for `n`/`N`.
    /// Returns the search left highlighted, if any (`TodoCommands.highlighted(_:)` says its keys).
    @discardableResult
    public func endSearch(keepsHighlights: Bool, fallback: Int64?) -> String? {
        let search = options.filter
        let target = selectedItem?.id ?? fallback
        options.filter = nil
        options.filterQuery = nil
        highlightedSearch = keepsHighlights ? search : nil
        reloadFromStore(selecting: target)
        return keepsHighlights ? search : nil
    }

    /// Highlights the matches of `search`, as a search closed with Enter leaves them (a fresh app
    /// told the session's view, `TickApp.restore`).
    func highlight(_ search: String) {
        highlightedSearch = search
        tableView.reloadData()
    }

    /// Forgets the highlighted search.
    public func clearHighlightedSearch() {
        guard highlightedSearch != nil else { return }
        highlightedSearch = nil
        tableView.reloadData()
    }
}
