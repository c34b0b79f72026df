import TermTable
import TodoStore

/// The todos on screen: one section per list, as the table's data source and delegate, and the place
/// where the user's commands become store changes followed by row updates of the table.
///
/// Data flows one way: a mutation goes to the store first, then the store's `TodoChange` for it is
/// shown by `apply(_:)` (see `TodoListController+Changes.swift`), the one path that undo, redo and
/// another process's changes take too: cached pages patched, one batch update of the table, never a
/// full reload for a single add, delete or toggle. Rows are read in pages around the viewport;
/// counts come from the store's maintained counts.
public final class TodoListController: TableViewDataSource, TableViewDelegate, TableViewDataSourcePrefetching {
    /// The table showing the todos.
    public let tableView: TableView
    /// Where the todos live.
    public let store: TodoStore
    /// How rows look.
    public var theme = Theme.standard { didSet { emptyState.style = theme.emptyState; tableView.reloadData() } }
    /// The day due dates are described against.
    public var today: () -> Day = { Day.today }
    /// The time of day, in minutes after local midnight, that due times today are late against.
    public var timeOfDay: () -> Int = { Due.timeOfDayNow }
    /// The zone the details show creation and completion times in (`followClock(_:in:)` sets it
    /// with `today` and `timeOfDay`), and the store counts a completed series' next day in. The app
    /// starts in the process's zone, as its clock does (`Day.today`).
    public var localTime = LocalTime.fromEnvironment { didSet { store.localTime = localTime } }
    /// The instant now, which reminders come due against (`followClock(_:in:)` sets it too).
    public var clock: InstantClock = TodoListController.systemClock
    /// Sort, completed todos shown or hidden, and the live search filter.
    public internal(set) var options = ViewOptions() {
        didSet {
            // Wrapped titles make rows as tall as their cells measure; otherwise every row is one line
            // and nothing is measured. The estimate stays one line, what most titles take, so the
            // content height (and the scroll indicator) barely moves as rows get measured.
            if options.wrapsTitles != oldValue.wrapsTitles { tableView.rowHeight = options.wrapsTitles ? TableView.automaticDimension : 1 }
        }
    }
    /// Changes made (here or, as far as seen, by another process) since the controller started: a
    /// status line offer of `u` for a change holds only while no other change came after it.
    public internal(set) var changeCount = 0
    /// The search whose matches stay highlighted after the search line closed (for `n`/`N`).
    public internal(set) var highlightedSearch: String?
    /// The search text typed whose matches are still being found in the background (nil when
    /// none): the list keeps showing the previous filter's rows meanwhile.
    public internal(set) var pendingSearch: String?

    /// A swipe button pressed (the table calls the buttons' handlers), waiting for the app to run
    /// its command (`TodoCommands.swiped(_:)`) when the key or click is handled
    /// (`TickApp.runSwipedCommand`): a value, not a call up.
    struct SwipedCommand {
        /// The row of the todo swiped, for an outcome that keeps its place.
        var place: IndexPath?
        /// The button and the todo it was revealed on.
        var button: TodoCommands.SwipeButton
    }
    /// The swipe button pressed during the key being handled, if any.
    var swipedCommand: SwipedCommand?

    /// The todos marked in editing mode, by id: the user marks todos, not rows. The table's marks
    /// (drawn) are placed from these after every change shown, so a row that another todo took
    /// (another process, the sync, a new sort) never stays marked.
    var markedTodoIDs = Set<Int64>()

    /// The keys in effect, for the hints the table draws (the app sets them from its key maps).
    var keys = KeyNames() { didSet { if readFailure == nil { describeEmptyState() }; tableView.setNeedsLayout() } }

    /// The lists, in the user's order: one section each (in the lists view).
    public internal(set) var lists: [TodoList] = []
    /// The agenda while it is shown instead of the lists (`A`), or nil for the lists view: then the
    /// sections are the agenda's groups (`TodoListController+Agenda.swift`).
    public internal(set) var agenda: AgendaState?
    /// Today and the time of day while a frame is drawn (`drawingFrame(_:)`): read once for the frame's
    /// rows rather than once per row (each read looks at the zone's environment), and only when the
    /// frame configures a row. Most frames configure none (a key that changes only the status line,
    /// a scroll that reuses the rows on screen but one), and reading the clock for them cost every
    /// key a fixed few microseconds (issue 29).
    private var frameClock = FrameClock.outsideFrame

    /// Whether a frame is being drawn, and the clock its rows read, once read.
    private enum FrameClock {
        /// No frame is being drawn: each row configured reads the clock.
        case outsideFrame
        /// A frame is being drawn and no row of it has read the clock yet.
        case unread
        /// What the frame's first row configured read.
        case read(day: Day, minutes: Int)
    }

    /// Runs `draw` (the table's drawing) with today and the time of day read at most once for all its rows.
    func drawingFrame<Result>(_ draw: () -> Result) -> Result {
        frameClock = .unread
        defer { frameClock = .outsideFrame }
        return draw()
    }

    /// Today and the time of day for a row being configured: the frame's reading (read now if it is
    /// the frame's first row), or a fresh one outside a frame.
    private func clockForRow() -> (day: Day, minutes: Int) {
        switch frameClock {
        case .read(let day, let minutes):
            return (day, minutes)
        case .unread:
            let day = today(), minutes = timeOfDay()
            frameClock = .read(day: day, minutes: minutes)
            return (day, minutes)
        case .outsideFrame:
            return (today(), timeOfDay())
        }
    }

    /// Rows per section as last read (0 for a collapsed list).
    var sectionCounts: [Int] = []
    /// While waiting todos are hidden (`R`), how many each list hides (read with the counts; empty
    /// while they are shown), for the headers. An array, not a dictionary: a dictionary type built
    /// for the first time costs the Swift runtime a scan of the binary's conformances (the first `R`).
    var waitingCounts: [(listID: Int64, count: Int)] = []

    /// How many todos of a list hidden waiting todos leave out (0 while they are shown).
    func waitingCount(ofList id: Int64) -> Int {
        waitingCounts.first { $0.listID == id }?.count ?? 0
    }
    /// The optional columns every row shows (priority, flag), the same in all lists so titles line up.
    var rowColumns = RowColumns()
    /// Set when something every row shows changed (the priority or flag column came or went).
    var needsVisibleRowsRefresh = false
    let cache: SectionPageCache
    /// View choices made (`s`, `H`, `R`, `W`) and not written to the store yet (`saveUnsavedView()`,
    /// when the user is idle or the app goes); every field nil when nothing waits.
    var unsavedViewChoices = ViewState()
    /// Subtasks on screen: collapsed parents, what they hide, the rows' outline facts (`Outline/`).
    var outline = OutlineState()
    let emptyState = EmptyStateView(reuseIdentifier: nil)

    /// Shows the todos of `store`, selecting the first one.
    public init(store: TodoStore) {
        self.store = store
        cache = SectionPageCache(store: store)
        tableView = TableView()
        tableView.register(TodoCell.self, forCellReuseIdentifier: TodoCell.identifier)
        tableView.backgroundView = emptyState
        refreshLists()
        // No row is shown yet: the first layout configures every row with the columns just read.
        needsVisibleRowsRefresh = false
        tableView.dataSource = self
        tableView.delegate = self
        tableView.prefetchDataSource = self
        tableView.moveSelectionToFirstRow()
    }

    /// Pages of rows read from the store so far: a change the app made itself re-reads none.
    public var pageReads: Int { cache.reads }

    /// Open and done todos in all lists.
    public var counts: (open: Int, done: Int) {
        lists.reduce((0, 0)) { ($0.0 + $1.openCount, $0.1 + $1.doneCount) }
    }

    /// Rows shown in all sections.
    public var count: Int { sectionCounts.reduce(0, +) }

    /// Why the store could not be read at the last refresh, or nil when it could. While set, the
    /// table shows no rows and says why instead: an unreadable store must never look empty, as
    /// "No todos yet" invites the user to start over.
    public internal(set) var readFailure: String?
    /// A failed read of the store not said yet (the data source's reads happen while the table lays
    /// out, where nothing can be said): the app says it (`TickApp.sayReadFailure()`) before anything
    /// said after it, and once a frame is drawn.
    var unsaidReadFailure: String?

    /// Reads the lists and every section's row count again (cheap: counts are maintained by the store).
    /// A failed read empties the table and says so, in the middle of the screen and in the status line.
    func refreshLists() {
        do {
            try store.readSnapshot { try readLists() }
            readFailure = nil
        } catch {
            lists = []
            sectionCounts = []
            reportReadFailure(error)
            emptyState.isShown = true
            emptyState.text = readFailure ?? ""
        }
    }

    private func readLists() throws {
        let lists = try store.lists()
        let (hasSubtasks, folds) = try readOutline(lists: lists)
        let sectionCounts = try agenda.map { try agendaCounts(from: $0.day) } ?? lists.map { list in
            // Rows hidden under collapsed parents are not the table's.
            list.isCollapsed ? 0 : try store.count(options.query(listID: list.id)) - (folds[list.id]?.hiddenTotal ?? 0)
        }
        var waitingCounts: [(listID: Int64, count: Int)] = []
        if agenda == nil, !options.showsWaiting, let day = options.waitingDay?.iso {
            for list in lists { waitingCounts.append((list.id, try store.waitingCount(listID: list.id, on: day))) }
        }
        let columns = try store.rowColumns()
        // Assigned only once everything was read, so a failure half way leaves no mix of old and new.
        // Headers show the lists' names and counts: a change there (a todo added to a folded list
        // elsewhere moves no row) draws them again.
        if lists != self.lists { tableView.setNeedsLayout() }
        self.lists = lists
        self.sectionCounts = sectionCounts
        self.waitingCounts = waitingCounts
        if hasSubtasks != outline.storeHasSubtasks { needsVisibleRowsRefresh = true }
        outline.storeHasSubtasks = hasSubtasks
        outline.folds = folds
        outline.facts.removeAll(keepingCapacity: true)
        if columns != rowColumns {
            rowColumns = columns
            needsVisibleRowsRefresh = true
        }
        describeEmptyState()
    }

    /// What the middle of an empty table says: while a search runs, that it runs ("no match" only
    /// once it has finished).
    func describeEmptyState() {
        if agenda != nil {
            emptyState.isShown = count == 0
            emptyState.text = AgendaState.emptyText(keys)
            return
        }
        let total = counts.open + counts.done
        let searching = options.filter != nil || pendingSearch != nil
        let hidesWaiting = waitingCounts.contains { $0.count > 0 }
        emptyState.isShown = count == 0 && !lists.contains(where: \.isCollapsed)
            && (total == 0 || searching || !options.showsCompleted || hidesWaiting)
        emptyState.text = pendingSearch.map { "Searching for “\($0)”…" }
            ?? options.filter.map { queryProblem(in: $0) ?? "No todos match “\($0)”" }
            ?? (total == 0 ? "No todos yet" + (keys.key(.add).map { " — press \($0) to add one" } ?? "")
                : hidesWaiting ? "Nothing to do until a start day comes" + (keys.key(.toggleWaiting).map { " — \($0) shows waiting todos" } ?? "")
                : "All done" + (keys.key(.toggleCompleted).map { " — \($0) shows completed todos" } ?? ""))
    }

    /// The store query behind a section.
    public func query(forSection section: Int) -> SectionQuery {
        if let agenda { return agenda.query(forSection: section) }
        return options.query(listID: lists[section].id)
    }

    /// How many sections the table shows: the lists, or the agenda's groups.
    var numberOfShownSections: Int { agenda == nil ? lists.count : sectionCounts.count }

    /// The section showing a list.
    func section(ofList listID: Int64) -> Int? {
        guard agenda == nil else { return nil }
        return lists.firstIndex { $0.id == listID }
    }

    /// The todo at a row, or nil when there is none or it cannot be read (the status line then says why).
    public func item(at indexPath: IndexPath) -> TodoItem? {
        guard indexPath.section >= 0, indexPath.section < numberOfShownSections else { return nil }
        do {
            return try cache.item(at: storeRow(for: indexPath), in: query(forSection: indexPath.section))
        } catch {
            reportReadFailure(error)
            return nil
        }
    }

    /// Remembers that reading the store failed, naming the file and the error (store errors name the
    /// file themselves), as `readFailure`, and leaves it for the app to say (`unsaidReadFailure`).
    func reportReadFailure(_ error: any Error) {
        let detail = "\(error)"
        let text = detail.contains(store.path) ? "Cannot read the store: \(detail)" : "Cannot read \(store.path): \(detail)"
        readFailure = text
        unsaidReadFailure = text
    }

    /// The selected todo.
    public var selectedItem: TodoItem? {
        tableView.indexPathForSelectedRow.flatMap { item(at: $0) }
    }

    /// An empty list jumped to with Tab (it has no row to select): new todos go there. Its header
    /// says so ("▶ Home · empty · a adds a todo here"), so the headers are drawn again when it changes.
    var selectedHeaderListID: Int64? {
        didSet { if selectedHeaderListID != oldValue { tableView.setNeedsLayout() } }
    }

    /// The list new todos go to: the selected row's list, an empty list jumped to, or the first list.
    var currentList: TodoList? {
        if agenda != nil { return listForAdding }
        if let id = selectedHeaderListID, let list = lists.first(where: { $0.id == id }) { return list }
        if let section = tableView.indexPathForSelectedRow?.section, section < lists.count { return lists[section] }
        return lists.first
    }

    /// Where a todo is shown now, or nil when it is hidden (collapsed list, filtered out) or its
    /// place cannot be read (the status line then says why).
    func indexPath(ofTodo id: Int64, inList listID: Int64) -> IndexPath? {
        if agenda != nil { return agendaIndexPath(ofTodo: id) }
        guard let section = section(ofList: listID), !lists[section].isCollapsed else { return nil }
        do {
            guard let rank = try store.index(of: id, in: query(forSection: section)) else { return nil }
            // Hidden under a collapsed parent: not shown.
            return shownRow(rank, inSection: section).map { IndexPath(row: $0, section: section) }
        } catch {
            reportReadFailure(error)
            return nil
        }
    }

    /// The todo with this id as stored now, or nil when it is gone or cannot be read (the status line then says why).
    func storedItem(id: Int64) -> TodoItem? {
        do {
            return try store.item(id: id)
        } catch {
            reportReadFailure(error)
            return nil
        }
    }

    /// Selects a todo, wherever it is shown.
    @discardableResult
    func select(todo id: Int64) -> Bool {
        select(todo: id, inList: { storedItem(id: id)?.listID })
    }

    /// Selects a todo known to be in list `listID` (nothing changed since it was read there), wherever it is shown.
    func select(todo id: Int64, inList listID: Int64) -> Bool {
        select(todo: id, inList: { listID })
    }

    /// Selects a todo: from the cached pages when one holds it, else found in its list, which
    /// `listID` gives (read only then).
    private func select(todo id: Int64, inList listID: () -> Int64?) -> Bool {
        guard let indexPath = cachedIndexPath(ofTodo: id) ?? listID().flatMap({ indexPath(ofTodo: id, inList: $0) }) else { return false }
        selectRow(at: indexPath)
        return true
    }

    /// Where a todo is shown when a cached page of a section shown holds it, without reading the
    /// store (the page cache holds the rows as shown: after a view switch, the selected todo is
    /// usually among them); nil when no page holds it or its row is hidden under a collapsed parent.
    func cachedIndexPath(ofTodo id: Int64) -> IndexPath? {
        for section in 0..<min(numberOfShownSections, sectionCounts.count) where sectionCounts[section] > 0 {
            guard let rank = cache.cachedRow(ofTodo: id, in: query(forSection: section)) else { continue }
            return shownRow(rank, inSection: section).map { IndexPath(row: $0, section: section) }
        }
        return nil
    }

    /// Selects the row at `indexPath` (scrolling it into view); no list header stays selected.
    func selectRow(at indexPath: IndexPath) {
        selectedHeaderListID = nil
        tableView.moveSelection(to: indexPath)
    }

    // MARK: Data source

    public func numberOfSections(in tableView: TableView) -> Int { numberOfShownSections }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section < sectionCounts.count ? sectionCounts[section] : 0
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        if agenda != nil { return agendaTitle(forSection: section) }
        guard section < lists.count else { return nil }
        let list = lists[section]
        var title = (list.isCollapsed ? "▸ " : "▾ ") + list.name
        if list.id == selectedHeaderListID {
            return "▶ \(list.name) · " + (list.isCollapsed ? "\(list.openCount) open · collapsed" : "empty" + keys.offer(.add, "adds a todo here"))
        }
        if options.filter != nil {
            title += " · \(sectionCounts[section]) match\(sectionCounts[section] == 1 ? "" : "es")"
        } else {
            // Waiting todos hidden (R) are not counted as open: the header counts what the list shows.
            let waiting = waitingCount(ofList: list.id)
            title += " · \(list.openCount - waiting) open"
            if waiting > 0 { title += " · \(waiting) waiting hidden" }
            if list.doneCount > 0 { title += " · \(list.doneCount) done" + (options.showsCompleted ? "" : " hidden") }
        }
        return title
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: TodoCell.identifier, for: indexPath) as! TodoCell
        cell.theme = theme
        let clock = clockForRow()
        cell.today = clock.day
        cell.now = clock.minutes
        cell.item = item(at: indexPath)
        cell.highlight = options.filter ?? highlightedSearch
        cell.columns = rowColumns
        cell.wrapsTitle = options.wrapsTitles
        // Agenda rows come from every list: each says which, dimmed after its title.
        cell.listName = agenda == nil ? nil : cell.item.flatMap { item in lists.first { $0.id == item.listID }?.name }
        configureOutline(of: cell)
        return cell
    }

    /// Headers take the theme's header style (a config file's `color header …`), as UIKit's delegate styles them.
    public func tableView(_ tableView: TableView, willDisplayHeaderView view: TableViewHeaderFooterView, forSection section: Int) {
        view.style = theme.header
    }

    public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        for section in Set(indexPaths.map(\.section)) where section < numberOfShownSections {
            cache.prefetch(rows: indexPaths.filter { $0.section == section }.map(storeRow(for:)), in: query(forSection: section))
        }
    }

    // MARK: Keeping the table in step

    /// Re-reads everything (after a change that cannot be told row by row, or another process's),
    /// keeping the selection on the same todo when it is still shown.
    public func reloadFromStore(selecting preferred: Int64? = nil) {
        let before = selectionBeforeChange(preferring: preferred)
        readEverythingAgain()
        restoreSelection(before)
    }

    /// Each section's query and row count as shown now, for a view about to change.
    func shownQueryCounts() -> [(query: SectionQuery, count: Int)] {
        (0..<min(numberOfShownSections, sectionCounts.count)).map { (query(forSection: $0), sectionCounts[$0]) }
    }

    /// Whether `query` is one of the view's sections: an agenda group of its day, or a list under the options.
    func isShownView(_ query: SectionQuery) -> Bool {
        if let agenda {
            return AgendaState.groups.indices.contains { agenda.query(forSection: $0) == query }
        }
        return query.dueWindow == nil && query == options.query(listID: query.listID) && lists.contains { $0.id == query.listID }
    }

    /// What the selection is on before a change, to put it back after it (the marks are todos'
    /// ids already: see `markedTodoIDs`).
    struct SelectionBeforeChange {
        /// The todo to select afterwards.
        var selectedID: Int64?
        /// The selected row, for when that todo is gone.
        var fallback: IndexPath?
    }

    /// The selection now, preferring `preferred` as the todo to select afterwards. With `readingPages`
    /// false the selected todo is taken from the rows read already, never read now: a change is
    /// committed by then, so a page read now would show it, and patching the change into that page
    /// would move its rows a second time.
    func selectionBeforeChange(preferring preferred: Int64?, readingPages: Bool = true) -> SelectionBeforeChange {
        let selected = tableView.indexPathForSelectedRow
        let item = readingPages ? selectedItem : selected.flatMap { indexPath in
            indexPath.section < numberOfShownSections ? cache.cached(storeRow(for: indexPath), in: query(forSection: indexPath.section)) : nil
        }
        return SelectionBeforeChange(selectedID: preferred ?? item?.id, fallback: selected)
    }

    /// Puts the selection back on its todo after a change shown in full.
    func restoreSelection(_ before: SelectionBeforeChange) {
        let selectedID = before.selectedID, fallback = before.fallback
        if let selectedID, select(todo: selectedID) { return }
        // The selected todo's list was folded (a redo of z, another Tick): its header is selected.
        if let selectedID, let item = storedItem(id: selectedID), let section = section(ofList: item.listID),
           lists[section].isCollapsed {
            selectedHeaderListID = item.listID
        }
        // A selected header stays selected; if it shows rows now (an undo expanded it), its first one is selected.
        if let header = selectedHeaderListID, let section = section(ofList: header) {
            select(section: section)
            return
        }
        selectedHeaderListID = nil
        if let fallback, tableView.totalNumberOfRows > 0 {
            tableView.moveSelection(to: tableView.isValid(fallback) ? fallback : IndexPath(row: 0, section: 0))
            if !tableView.isValid(fallback) { tableView.moveSelectionToFirstRow() }
        } else {
            tableView.moveSelectionToFirstRow()
        }
    }

    /// Configures the visible rows again in place when something they all show changed.
    func refreshVisibleRowsIfNeeded() throws {
        guard needsVisibleRowsRefresh else { return }
        needsVisibleRowsRefresh = false
        // A priority or flag column that came or went changes every title's width, so the wrapped
        // rows off screen are measured again too: setting the row height forgets every height.
        if options.wrapsTitles { tableView.rowHeight = TableView.automaticDimension }
        try tableView.reconfigureRows(at: tableView.indexPathsForVisibleRows)
    }
}
