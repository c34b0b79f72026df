extension TableView {
    /// Tells the prefetch data source about rows `prefetchDistance` ahead in the scrolling direction,
    /// and cancels announced rows when the direction turns.
    func updatePrefetching() {
        guard let prefetchDataSource, prefetchDistance > 0 else { return }
        let rows = visibleItems.compactMap(\.item.indexPath)
        guard let first = rows.first, let last = rows.last else { return }
        let firstFlat = flatIndex(of: first)
        var direction = prefetching.direction
        if let previous = prefetching.lastFirstVisibleFlatIndex, previous != firstFlat { direction = firstFlat > previous ? 1 : -1 }
        prefetching.lastFirstVisibleFlatIndex = firstFlat
        for indexPath in rows { prefetching.announced.remove(indexPath) }

        // Announced rows no longer expected: the scrolling turned around, or a jump left them behind.
        let lastFlat = flatIndex(of: last)
        let stale = direction != prefetching.direction
            ? prefetching.announced
            : prefetching.announced.filter { isValid($0) ? !(firstFlat - prefetchDistance...lastFlat + prefetchDistance).contains(flatIndex(of: $0)) : true }
        prefetching.direction = direction
        if !stale.isEmpty {
            prefetching.announced.subtract(stale)
            prefetchDataSource.tableView(self, cancelPrefetchingForRowsAt: stale.sorted())
        }
        let start = direction > 0 ? flatIndex(of: last) + 1 : flatIndex(of: first) - 1
        var wanted: [IndexPath] = []
        var index = start
        for _ in 0..<prefetchDistance {
            guard let indexPath = indexPath(forFlatIndex: index) else { break }
            if !prefetching.announced.contains(indexPath) { wanted.append(indexPath) }
            index += direction
        }
        guard !wanted.isEmpty else { return }
        prefetching.announced.formUnion(wanted)
        prefetchDataSource.tableView(self, prefetchRowsAt: wanted)
    }
}
