import TermTable
import TodoStore

/// What the list shows that the store does not remember (the sort, hidden done todos, wrapped titles
/// and folded lists are remembered there): the agenda, the highlighted search, editing mode and its
/// marks, the selection and the scroll position, all by todo and list ids.
///
/// A fresh app over the same store told this view (`restore(_:)`) draws the same list: that is the
/// oracle `make fuzz` checks after every key (issue 27), so that a screen left behind by a cache, a
/// column or a row the app forgot to update cannot pass for the store's.
public struct SessionView: Equatable, Sendable {
    /// What is selected.
    public enum Selection: Equatable, Sendable {
        /// The row of this todo.
        case todo(Int64)
        /// The header of this list (an empty or folded list jumped to with Tab).
        case listHeader(Int64)
        /// Nothing.
        case none
    }

    /// A row on screen and the line of the list it starts on: the scroll position, as a todo.
    public struct TopRow: Equatable, Sendable {
        /// The todo shown on that row.
        public var todo: Int64
        /// The line of the table its row starts on.
        public var line: Int
    }

    /// Whether the agenda is shown instead of the lists.
    public var showsAgenda = false
    /// The search whose matches stay highlighted (`n`, `N`).
    public var highlightedSearch: String?
    /// Whether editing mode is on.
    public var isEditing = false
    /// The todos marked in editing mode.
    public var markedTodoIDs: Set<Int64> = []
    /// What is selected.
    public var selection = Selection.none
    /// The first row on screen that starts below the top line (else the first row on screen), or nil
    /// when no row is on screen.
    public var topRow: TopRow?
    /// When no row is on screen (a short screen scrolled to empty or folded lists): the first list
    /// header on screen and its line, so a fresh app scrolls there too.
    public var topHeader: TopHeader?

    /// A list's header on screen and the line of the list it is on.
    public struct TopHeader: Equatable, Sendable {
        /// The list whose header it is.
        public var list: Int64
        /// The line of the table it is on.
        public var line: Int
    }
}

extension TickApp {
    /// What the list shows now beyond what the store remembers.
    public var sessionView: SessionView {
        let table = list.tableView
        var view = SessionView()
        view.showsAgenda = list.agenda != nil
        view.highlightedSearch = list.highlightedSearch
        view.isEditing = table.isEditing
        view.markedTodoIDs = table.isEditing ? Set(list.markedItems().map(\.1.id)) : []
        if let header = list.selectedHeaderListID {
            view.selection = .listHeader(header)
        } else if let selected = list.selectedItem {
            view.selection = .todo(selected.id)
        }
        let rows = table.indexPathsForVisibleRows.compactMap { indexPath in Self.line(ofRow: indexPath, in: table).map { (indexPath, $0) } }
        if let (indexPath, line) = rows.first(where: { $0.1 > 0 }) ?? rows.first, let item = list.item(at: indexPath) {
            view.topRow = SessionView.TopRow(todo: item.id, line: line)
        } else if rows.isEmpty, list.agenda == nil,
                  let section = (0..<list.numberOfShownSections).first(where: { table.rectForHeader(inSection: $0) != nil }),
                  let rect = table.rectForHeader(inSection: section) {
            view.topHeader = SessionView.TopHeader(list: list.lists[section].id, line: rect.minY - table.frame.minY)
        }
        return view
    }

    /// Shows `view` on an app opened afresh on the same store: the agenda or the lists, the
    /// highlighted search, editing mode and its marks, the selection, then the same row on the same line.
    public func restore(_ view: SessionView) {
        if view.showsAgenda, list.agenda == nil { run { $0.toggleAgenda(agendaShown: false) } }
        if let search = view.highlightedSearch { list.highlight(search) }
        if view.isEditing {
            list.setEditing(true)
            list.remark(view.markedTodoIDs)
        }
        switch view.selection {
        case .todo(let id): list.select(todo: id)
        case .listHeader(let id):
            guard let section = list.section(ofList: id) else { break }
            selectList(inSection: section)
        case .none: list.tableView.selectRow(at: nil, scrollPosition: .none)
        }
        if let header = view.topHeader { return restore(header) }
        guard let top = view.topRow, let item = list.storedItem(id: top.todo),
              let indexPath = list.indexPath(ofTodo: item.id, inList: item.listID) else { return }
        let table = list.tableView
        // The first layout brings the selection into view (a new frame asks for it): done before scrolling.
        table.layoutIfNeeded()
        table.scrollToRow(at: indexPath, at: .top)
        // Rows between may be taller than estimated (wrapped titles): a few steps settle it.
        for _ in 0..<4 {
            guard let line = Self.line(ofRow: indexPath, in: table) else { return }
            let off = line - top.line
            guard off != 0, table.scroll(byLines: off) != 0 else { return }
        }
    }

    /// Scrolls so the list's header is on the line `header` says, as when no row was on screen.
    private func restore(_ header: SessionView.TopHeader) {
        guard let section = list.section(ofList: header.list) else { return }
        let table = list.tableView
        table.layoutIfNeeded()
        table.scrollToHeader(ofSection: section)
        for _ in 0..<4 {
            guard let rect = table.rectForHeader(inSection: section) else { return }
            let off = rect.minY - table.frame.minY - header.line
            guard off != 0, table.scroll(byLines: off) != 0 else { return }
        }
    }

    /// The line of the table a visible row starts on, negative when its first lines are scrolled above
    /// the top (its rectangle is clipped there, so its height tells how many); nil when it is not shown.
    private static func line(ofRow indexPath: IndexPath, in table: TableView) -> Int? {
        guard let rect = table.rectForRow(at: indexPath) else { return nil }
        let top = rect.minY - table.frame.minY
        guard top == 0, rect.maxY < table.frame.maxY, let cell = table.cellForRow(at: indexPath) else { return top }
        return top - max(0, cell.heightThatFits(width: table.contentWidth) - rect.height)
    }
}
