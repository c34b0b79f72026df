import TermTable
import TodoStore

/// The list of todos on screen: the table's data source and delegate, and the place where the
/// user's commands become store changes followed by row updates of the table.
///
/// Data flows one way: a mutation goes to the store first, then the table is told which rows
/// changed (never a full reload for a single add, delete or toggle).
public final class TodoListController: TableViewDataSource, TableViewDelegate, TableViewDataSourcePrefetching {
    /// The table showing the todos.
    public let tableView: TableView
    /// Where the todos live.
    public let store: TodoStore
    /// The last message for the status line.
    public internal(set) var message: StatusMessage?
    /// Asks the app to open the title editor for a row (the Edit swipe action).
    var requestEdit: (IndexPath) -> Void = { _ in }
    /// How rows look.
    public var theme = Theme.standard { didSet { emptyState.style = theme.emptyState; tableView.reloadData() } }

    private let cache: TodoPageCache
    private let emptyState = EmptyStateView(reuseIdentifier: nil)
    /// Rows in the list as last read from the store's maintained counts.
    public private(set) var counts: (open: Int, done: Int) = (0, 0)

    /// Shows the todos of `store`, highlighting the first one.
    public init(store: TodoStore) {
        self.store = store
        cache = TodoPageCache(store: store)
        tableView = TableView()
        tableView.register(TodoCell.self, forCellReuseIdentifier: TodoCell.identifier)
        tableView.backgroundView = emptyState
        refreshCounts()
        tableView.dataSource = self
        tableView.delegate = self
        tableView.prefetchDataSource = self
        tableView.moveSelectionToFirstRow()
        if store.isReadOnly { message = .error("Read-only store: changes are disabled") }
    }

    /// Rows in the list.
    public var count: Int { counts.open + counts.done }

    private func refreshCounts() {
        counts = (store.openCount, store.doneCount)
        emptyState.isShown = count == 0
    }

    /// The todo at a row, or nil when it cannot be read.
    public func item(at row: Int) -> TodoItem? {
        try? cache.item(at: row)
    }

    /// The highlighted todo.
    public var selectedItem: TodoItem? {
        tableView.indexPathForSelectedRow.flatMap { item(at: $0.row) }
    }

    // MARK: Data source

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: TodoCell.identifier, for: indexPath) as! TodoCell
        cell.theme = theme
        cell.item = item(at: indexPath.row)
        return cell
    }

    public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        cache.prefetch(rows: indexPaths.map(\.row))
    }

    // MARK: Commands

    /// Adds a todo after the highlighted one and highlights it; false (with a message) when refused.
    @discardableResult
    public func addTodo(title: String) -> Bool {
        guard !title.allSatisfy({ $0.isWhitespace || $0.isNewline }) else {
            message = .error("A todo needs a title: type some words, or Esc to cancel")
            return false
        }
        let row = tableView.indexPathForSelectedRow.map { $0.row + 1 } ?? 0
        return mutate {
            let item = try store.add(title: title, at: min(row, count))
            let index = try store.index(of: item.id) ?? row
            afterChange()
            try tableView.insertRows(at: [IndexPath(row: index, section: 0)])
            tableView.moveSelection(to: IndexPath(row: index, section: 0))
            message = .info("Added \(quoted(item.title))")
        }
    }

    func afterChange() {
        cache.invalidate()
        refreshCounts()
    }

    /// Runs a change; a store failure leaves everything as it was and says why in the status line.
    @discardableResult
    func mutate(_ change: () throws -> Void) -> Bool {
        do {
            try change()
            return true
        } catch let error as StoreError {
            message = .error("Not saved: \(error)")
        } catch let error as TableUpdateError {
            message = .error("Display out of step, reloaded: \(error)")
        } catch {
            message = .error("Not saved: \(error)")
        }
        cache.invalidate()
        refreshCounts()
        tableView.reloadData()
        return false
    }

    /// Re-reads everything after another process changed the store, keeping the highlight on the same todo.
    public func reloadFromStore() {
        let selectedID = selectedItem?.id
        cache.invalidate()
        refreshCounts()
        tableView.reloadData()
        if let selectedID, let row = try? store.index(of: selectedID) {
            tableView.moveSelection(to: IndexPath(row: row, section: 0))
        }
    }
}
