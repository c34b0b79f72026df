import TodoStore

/// Todos read from the store in pages around what is on screen, keeping a bounded number of pages,
/// so memory does not grow with the list.
final class TodoPageCache {
    private let store: TodoStore
    /// Rows per page.
    let pageSize: Int
    /// Most pages kept; the least recently used page is dropped first.
    let capacity: Int
    private var pages: [Int: [TodoItem]] = [:]
    private var recentPages: [Int] = []

    init(store: TodoStore, pageSize: Int = 64, capacity: Int = 8) {
        self.store = store
        self.pageSize = pageSize
        self.capacity = capacity
    }

    /// The todo at a row, reading its page when needed.
    func item(at index: Int) throws -> TodoItem? {
        let page = index / pageSize
        let items = try load(page)
        let offset = index - page * pageSize
        return offset < items.count ? items[offset] : nil
    }

    /// Reads the pages holding these rows ahead of time.
    func prefetch(rows: [Int]) {
        for page in Set(rows.map { $0 / pageSize }) { _ = try? load(page) }
    }

    /// Forgets every page (after a change to the list).
    func invalidate() {
        pages.removeAll(keepingCapacity: true)
        recentPages.removeAll(keepingCapacity: true)
    }

    private func load(_ page: Int) throws -> [TodoItem] {
        if let items = pages[page] {
            touch(page)
            return items
        }
        let items = try store.items(offset: page * pageSize, limit: pageSize)
        pages[page] = items
        touch(page)
        while recentPages.count > capacity {
            pages[recentPages.removeFirst()] = nil
        }
        return items
    }

    private func touch(_ page: Int) {
        if let index = recentPages.firstIndex(of: page) { recentPages.remove(at: index) }
        recentPages.append(page)
    }
}
