import TodoStore

/// Todos read from the store in pages around what is on screen, per list, keeping a bounded number
/// of pages so memory does not grow with the list.
final class SectionPageCache {
    private struct PageKey: Hashable {
        var query: SectionQuery
        var page: Int
    }

    private let store: TodoStore
    /// Rows per page.
    let pageSize: Int
    /// Most pages kept; the least recently used page is dropped first.
    let capacity: Int
    private var pages: [PageKey: [TodoItem]] = [:]
    private var recent: [PageKey] = []

    init(store: TodoStore, pageSize: Int = 64, capacity: Int = 12) {
        self.store = store
        self.pageSize = pageSize
        self.capacity = capacity
    }

    /// The todo at a row of a section's query, reading its page when needed.
    func item(at row: Int, in query: SectionQuery) throws -> TodoItem? {
        let key = PageKey(query: query, page: row / pageSize)
        let items = try load(key)
        let offset = row - key.page * pageSize
        return offset < items.count ? items[offset] : nil
    }

    /// Reads the pages holding these rows ahead of time.
    func prefetch(rows: [Int], in query: SectionQuery) {
        for page in Set(rows.map { $0 / pageSize }) { _ = try? load(PageKey(query: query, page: page)) }
    }

    /// Forgets every page (after a change to the list).
    func invalidate() {
        pages.removeAll(keepingCapacity: true)
        recent.removeAll(keepingCapacity: true)
    }

    private func load(_ key: PageKey) throws -> [TodoItem] {
        if let items = pages[key] {
            if recent.last != key, let index = recent.firstIndex(of: key) {
                recent.remove(at: index)
                recent.append(key)
            }
            return items
        }
        let start = key.page * pageSize
        let items = try store.items(key.query, in: start..<(start + pageSize))
        pages[key] = items
        recent.append(key)
        while recent.count > capacity { pages[recent.removeFirst()] = nil }
        return items
    }
}
