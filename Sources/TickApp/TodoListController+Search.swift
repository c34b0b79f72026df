import TermTable
import TodoStore

/// Search: the list filters live while typing; afterwards `n`/`N` step through the matches.
extension TodoListController {
    /// Filters every list to todos containing `text` (nil or empty shows everything).
    public func filter(by text: String?) {
        let filter = (text?.isEmpty ?? true) ? nil : text
        guard filter != options.filter else { return }
        let marked = tableView.isEditing ? markedItems().map(\.1) : []
        options.filter = filter
        cache.invalidate()
        refreshLists()
        tableView.reloadData()
        if !marked.isEmpty { remark(marked) }
        tableView.moveSelectionToFirstRow()
    }

    /// Ends the live filter, showing the full list with the selection on the todo that was highlighted
    /// among the matches (or on `fallback`); `keepsHighlights` leaves the matches marked for `n`/`N`.
    public func endSearch(keepsHighlights: Bool, fallback: Int64?) {
        let search = options.filter
        let target = selectedItem?.id ?? fallback
        options.filter = nil
        highlightedSearch = keepsHighlights ? search : nil
        reloadFromStore(selecting: target)
        if keepsHighlights, let search {
            message = .info("“\(search)” · n next match · N previous · Esc clears", while: .highlightedSearch(search))
        }
    }

    /// Forgets the highlighted search.
    public func clearHighlightedSearch() {
        guard highlightedSearch != nil else { return }
        highlightedSearch = nil
        tableView.reloadData()
    }

    /// Selects the next (or previous) todo matching the highlighted search, in screen order, wrapping.
    public func jumpToMatch(forward: Bool) {
        guard let search = highlightedSearch else {
            message = .info("No search: / searches")
            return
        }
        // Matches of each list, in the list's display order (at most the store's search limit per list).
        var matches: [IndexPath] = []
        do {
            for (section, list) in lists.enumerated() where !list.isCollapsed {
                var query = options.query(listID: list.id)
                query.search = search
                let count = try store.count(query)
                guard count > 0 else { continue }
                for item in try store.items(query, in: 0..<count) {
                    if let row = try store.index(of: item.id, in: options.query(listID: list.id)) {
                        matches.append(IndexPath(row: row, section: section))
                    }
                }
            }
        } catch {
            // "No todo matches" would be a lie: the matches could not be read.
            reportReadFailure(error)
            return
        }
        guard !matches.isEmpty else {
            message = .info("No todo matches “\(search)”")
            return
        }
        let current = tableView.indexPathForSelectedRow ?? IndexPath(row: -1, section: forward ? -1 : Int.max)
        let target = forward
            ? matches.first(where: { $0 > current }) ?? matches[0]
            : matches.last(where: { $0 < current }) ?? matches[matches.count - 1]
        tableView.moveSelection(to: target)
        let number = matches.firstIndex(of: target)! + 1
        message = .info("Match \(number) of \(matches.count) for “\(search)”", while: .highlightedSearch(search))
    }
}
