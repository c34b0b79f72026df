import TermTable
import TodoStore

/// The one path from a store change to the screen: own changes, undo and redo, and another
/// process's changes all arrive as a `TodoChange` and are shown by `apply(_:)`.
extension TodoListController {
    /// Where a todo's row was or is in a section: a row, not shown, or not known without reading the
    /// section again (another sort or a search, for a row the page cache does not hold).
    private enum Row: Equatable {
        case shown(Int)
        case hidden
        case unknown
    }

    /// Shows a committed change: patches the cached pages and tells the table in one batch update
    /// (rows deleted, inserted, moved and reconfigured, folded lists' sections reloaded). A change
    /// that cannot be told row by row, or that adds, deletes, renames or reorders lists, reads
    /// everything again.
    /// Returns where each todo the change touched is shown now (absent: not shown, or not known).
    ///
    /// Rows are the change's ranked rows where the section's query shows the ranked order (the
    /// manual sort, and done todos in every sort); elsewhere the old row is the page cache's and the
    /// new one the store's answer for that one todo; a section where neither can tell is read again.
    @discardableResult
    func apply(_ change: TodoChange) throws -> [Int64: IndexPath] {
        guard !change.isEmpty else { return [:] }
        // Pages of views not shown are not patched: they go before anything is read.
        cache.changeWillBeApplied()
        let listLevel: TodoChange.ListChange.Kinds = [.added, .deleted, .renamed, .reordered]
        guard !change.readsEverything, !change.lists.contains(where: { !$0.kinds.isDisjoint(with: listLevel) }) else {
            readEverythingAgain()
            return [:]
        }
        var reloaded = Set(change.lists.compactMap { section(ofList: $0.id) })
        let oldCounts = sectionCounts
        // The store's rows are mapped to the table's through what collapsed parents hide, before and after.
        let oldFolds = showsOutline ? outline.folds : [:]
        var oldRows: [Int64: IndexPath] = [:]
        for todo in change.todos {
            if agenda != nil {
                // An agenda group's rows are not a list's ranked rows: the page cache tells.
                if let place = todo.old, !place.isDone {
                    let (row, unknown) = agendaOldRow(of: todo.id, counts: oldCounts)
                    oldRows[todo.id] = row
                    reloaded.formUnion(unknown)
                }
                continue
            }
            guard let place = todo.old, let section = section(ofList: place.listID), !reloaded.contains(section) else { continue }
            switch oldRow(of: todo.id, at: place, inSection: section, rows: oldCounts[section]) {
            case .shown(let row): oldRows[todo.id] = IndexPath(row: row, section: section)
            case .hidden: break
            case .unknown: reloaded.insert(section)
            }
        }
        var newRows: [Int64: IndexPath] = [:]
        // The counts and the todos' new rows come from one read snapshot (one lock and check of the file).
        let readNew = {
            self.refreshLists()
            for todo in change.todos {
                if self.agenda != nil {
                    if let place = todo.new, !place.isDone { newRows[todo.id] = self.agendaNewRow(of: todo.id) }
                    continue
                }
                guard let place = todo.new, let section = self.section(ofList: place.listID) else { continue }
                switch self.newRow(of: todo.id, at: place, inSection: section) {
                case .shown(let row): newRows[todo.id] = IndexPath(row: row, section: section)
                case .hidden: break
                case .unknown: reloaded.insert(section)
                }
            }
        }
        do { try store.readSnapshot(readNew) } catch { readNew() }
        if oldCounts.count != sectionCounts.count {
            // The agenda's groups came (the first todo due this week) or went (the last one): the
            // sections themselves changed, so the table is read again.
            cache.invalidate()
            needsVisibleRowsRefresh = false
            tableView.reloadData()
            remarkTodos()
            return newRows
        }
        oldRows = oldRows.filter { !reloaded.contains($0.value.section) }
        let storeRowsNow = newRows
        newRows = newRows.filter { !reloaded.contains($0.value.section) }
        // The cache holds the store's rows, hidden ones too; the table shows the rows not hidden.
        patchCache(change, old: oldRows, new: newRows, reloaded: reloaded)
        let newFolds = showsOutline ? outline.folds : [:]
        let shown = shownRows(storeRowsNow, folds: newFolds)
        oldRows = shownRows(oldRows, folds: oldFolds)
        newRows = shownRows(newRows, folds: newFolds)
        // A section with collapsed parents whose rows do not add up (a parent completed or moved
        // away, which shows or hides its subtasks without their changing) is read again.
        for section in Set(oldFolds.keys).union(newFolds.keys).compactMap({ self.section(ofList: $0) }) where !reloaded.contains(section) {
            let before = oldRows.values.filter { $0.section == section }.count
            let after = newRows.values.filter { $0.section == section }.count
            if oldCounts[section] - before + after != sectionCounts[section] {
                reloaded.insert(section)
                cache.invalidate(query(forSection: section))
            }
        }
        oldRows = oldRows.filter { !reloaded.contains($0.value.section) }
        newRows = newRows.filter { !reloaded.contains($0.value.section) }
        // Parents show how many subtasks are done and whether they have any: the rows shown are configured again.
        if outline.storeHasSubtasks { needsVisibleRowsRefresh = true }
        // A row told only "reconfigure" is not pinned: the table moves it with the rows deleted,
        // inserted and moved around it. So where any row comes, goes or moves, a todo whose row number
        // stays is moved onto that same row (marking every done todo of a list sorted by priority
        // left rows that kept their number shifted, and a stale cell in the place of another).
        let rowsShift = change.todos.contains { oldRows[$0.id] != newRows[$0.id] }
        try tableView.performBatchUpdates {
            for todo in change.todos {
                // An agenda row names its list: a todo moved to another list shows anew in place.
                let fieldsChanged = todo.fieldsChanged || agenda != nil
                switch (oldRows[todo.id], newRows[todo.id]) {
                case (nil, nil): break
                case (let old?, nil): try tableView.deleteRows(at: [old])
                case (nil, let new?): try tableView.insertRows(at: [new])
                case (let old?, let new?) where old == new && fieldsChanged && !rowsShift: try tableView.reconfigureRows(at: [old])
                case (let old?, let new?):
                    // A move keeps the cell; it is configured again, in the same batch, to show the todo's new state.
                    try tableView.moveRow(at: old, to: new)
                    if fieldsChanged { try tableView.reconfigureRows(at: [old]) }
                }
            }
            if !reloaded.isEmpty { try tableView.reloadSections(reloaded.sorted()) }
        }
        try refreshVisibleRowsIfNeeded()
        // A section read again may hold other todos at the marked rows.
        if !reloaded.isEmpty { remarkTodos() }
        return shown
    }

    /// The rows of the table for store rows, under `folds` (by list id): rows hidden by a collapsed
    /// parent are left out.
    private func shownRows(_ rows: [Int64: IndexPath], folds: [Int64: OutlineFolds]) -> [Int64: IndexPath] {
        guard !folds.isEmpty else { return rows }
        var shown: [Int64: IndexPath] = [:]
        for (id, indexPath) in rows {
            guard indexPath.section < lists.count, let fold = folds[lists[indexPath.section].id] else {
                shown[id] = indexPath
                continue
            }
            if let row = fold.row(forRank: indexPath.row) { shown[id] = IndexPath(row: row, section: indexPath.section) }
        }
        return shown
    }

    /// The row a todo had in a section before the change, as the screen showed it.
    private func oldRow(of id: Int64, at place: TodoChange.Place, inSection section: Int, rows: Int) -> Row {
        guard !lists[section].isCollapsed else { return .hidden }
        if let row = rankedRow(place) { return row }
        let query = query(forSection: section)
        if let row = cache.cachedRow(ofTodo: id, in: query) { return .shown(row) }
        // Not among the cached rows: when those are all the section's rows, it was not shown.
        return cache.cachedRowCount(in: query) == rows ? .hidden : .unknown
    }

    /// The row a todo has in a section after the change (the lists and counts are read already).
    private func newRow(of id: Int64, at place: TodoChange.Place, inSection section: Int) -> Row {
        guard !lists[section].isCollapsed else { return .hidden }
        if let row = rankedRow(place) { return row }
        do {
            return try store.index(of: id, in: query(forSection: section)).map(Row.shown) ?? .hidden
        } catch {
            reportReadFailure(error)
            return .unknown
        }
    }

    /// A place's row where the section shows the ranked order: the manual sort without a search,
    /// and done todos in every sort (they always follow in completion order); nil elsewhere, and
    /// while waiting todos are hidden (`R`), which the ranked rows count.
    private func rankedRow(_ place: TodoChange.Place) -> Row? {
        guard options.filter == nil, options.showsWaiting || options.waitingDay == nil,
              place.isDone || options.sort == .manual else { return nil }
        return place.isDone && !options.showsCompleted ? .hidden : .shown(place.row)
    }

    /// Patches the cached pages: rows leave their old places and arrive at their new ones with the
    /// todo as stored now; the pages of sections read again are dropped. Past a handful of arrivals
    /// the sections they arrive in are dropped instead, and read again as they are shown.
    private func patchCache(_ change: TodoChange, old: [Int64: IndexPath], new: [Int64: IndexPath], reloaded: Set<Int>) {
        var dropped = reloaded
        if new.count > SectionPageCache.patchLimit { dropped.formUnion(new.values.map(\.section)) }
        var items: [Int64: TodoItem] = [:]
        for id in new.keys where !dropped.contains(new[id]!.section) {
            guard let item = storedItem(id: id) else { dropped.insert(new[id]!.section); continue }
            items[id] = item
        }
        for section in dropped where section < numberOfShownSections { cache.invalidate(query(forSection: section)) }
        // Deletions from the bottom up and insertions from the top down, so each row number holds as
        // the rows around it change: old rows count in the old order, new rows in the new.
        for indexPath in old.values.sorted(by: >) where !dropped.contains(indexPath.section) {
            cache.removeRow(indexPath.row, in: query(forSection: indexPath.section))
        }
        for (id, indexPath) in new.sorted(by: { $0.value < $1.value }) where !dropped.contains(indexPath.section) {
            if let item = items[id] { cache.insertRow(indexPath.row, item: item, in: query(forSection: indexPath.section)) }
        }
    }

    /// Reads the lists, the counts and the table afresh, dropping every cached page: for a change
    /// that cannot be told row by row, a new sort or filter, another process's unexplained change.
    /// With `leaving` (the view's sections before it changed, `shownQueryCounts`) only the view
    /// changed, not the store: the rows and counts read stay (`SectionPageCache.switchViews`).
    func readEverythingAgain(leaving: [(query: SectionQuery, count: Int)]? = nil) {
        if let leaving {
            // Nothing changed in the store: rows read for either view stay exact.
            cache.switchViews(showing: isShownView, leaving: leaving)
        } else {
            cache.invalidate()
        }
        refreshLists()
        needsVisibleRowsRefresh = false
        tableView.reloadData()
        // The table kept its marks on their rows, which may show other todos now.
        remarkTodos()
    }

    /// Shows a change another connection committed (another process, the background sync). A page of
    /// rows read after that commit but before this look holds the change already, and patching would
    /// move its rows a second time (a row shown twice, one missing): then everything is read again
    /// instead, keeping the selection on its todo.
    func showExternalChange(_ change: TodoChange) {
        if cache.readAheadOfExternalChanges { reloadFromStore() } else { show(change) }
        noteLookedForExternalChanges()
    }

    /// The app looked for other connections' changes and has shown them: rows read from now on come after them.
    func noteLookedForExternalChanges() {
        cache.readAheadOfExternalChanges = false
    }

    /// Shows a change the user did not make row by row here (an undo or redo, another process's
    /// change, a change of lists), then puts the selection and the marks back on their todos:
    /// `preferred` when it is shown, else the selected todo, as `reloadFromStore` does.
    func show(_ change: TodoChange, selecting preferred: Int64? = nil) {
        let before = selectionBeforeChange(preferring: preferred, readingPages: false)
        do {
            try apply(change)
            // The selected row was not read (the list was covered since everything was read again): the
            // table moved the selection with the rows, which keeps it on its todo better than the old row would.
            if before.selectedID == nil, selectedHeaderListID == nil, tableView.indexPathForSelectedRow != nil { return }
        } catch {
            // The table's counts did not add up (another process wrote meanwhile): read it all again.
            readEverythingAgain()
        }
        restoreSelection(before)
    }
}
