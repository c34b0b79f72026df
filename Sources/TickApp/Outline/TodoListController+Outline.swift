import TermTable
import TodoStore

/// Subtasks on screen: the lists as an outline (indented rows, `▸`/`▾` on parents), collapsing and
/// expanding a parent's subtasks (`z`), and the row mapping that collapsing needs.
///
/// The store reads a list's rows in the manual order, where a subtree is one run (see
/// `OutlineFolds`); a collapsed parent hides its run from the table. The table's rows are therefore
/// the store's rows less the hidden runs: `storeRow(for:)` and `shownRow(_:inSection:)` map between
/// them, the page cache keeps the store's rows, and `apply(_:)` patches the cache in store rows and
/// tells the table in shown rows. Collapsing or expanding is one batch of row deletions or insertions.
extension TodoListController {
    /// Whether the lists show as an outline: the lists view, in manual order, without a search, with
    /// some subtask in the store. Elsewhere rows are flat and a subtask names its parent (breadcrumb).
    var showsOutline: Bool {
        agenda == nil && options.sort == .manual && options.filter == nil && outline.storeHasSubtasks
    }

    /// What the collapsed parents hide in a section (nothing outside the outline).
    func folds(inSection section: Int) -> OutlineFolds {
        guard showsOutline, section < lists.count else { return .none }
        return outline.folds(ofList: lists[section].id)
    }

    /// The store's row (in the section's query) behind a row of the table: the same row but after a
    /// collapsed parent, whose hidden subtasks are store rows the table does not show.
    public func storeRow(for indexPath: IndexPath) -> Int {
        folds(inSection: indexPath.section).rank(forRow: indexPath.row)
    }

    /// The table's row of a store row, or nil when a collapsed parent hides it.
    func shownRow(_ storeRow: Int, inSection section: Int) -> Int? {
        folds(inSection: section).row(forRank: storeRow)
    }

    // MARK: Reading

    /// Whether the store has subtasks, and what each collapsed parent hides in `lists` under `options`
    /// (read in the caller's read snapshot). A collapsed todo that is gone is forgotten.
    func readOutline(lists: [TodoList]) throws -> (hasSubtasks: Bool, folds: [Int64: OutlineFolds]) {
        let hasSubtasks = try store.hasSubtasks()
        guard hasSubtasks, agenda == nil, options.sort == .manual, options.filter == nil, !outline.collapsedIDs.isEmpty else {
            return (hasSubtasks, [:])
        }
        var byList: [Int64: [OutlineFolds.Fold]] = [:]
        for id in outline.collapsedIDs.sorted() {
            guard let item = try store.item(id: id) else {
                outline.collapsedIDs.remove(id)
                continue
            }
            guard !item.isDone, let list = lists.first(where: { $0.id == item.listID }), !list.isCollapsed,
                  let fold = try fold(of: item, in: list) else { continue }
            byList[list.id, default: []].append(fold)
        }
        return (hasSubtasks, byList.mapValues(OutlineFolds.init))
    }

    /// What collapsing `item` hides in `list`: the run of its open subtasks after its row.
    func fold(of item: TodoItem, in list: TodoList) throws -> OutlineFolds.Fold? {
        guard let rank = try store.index(of: item.id, in: options.query(listID: list.id)) else { return nil }
        return try fold(of: item, at: rank, in: list) as OutlineFolds.Fold
    }

    /// What collapsing `item`, at `rank` of `list`, hides: the run of its open subtasks after its
    /// row, counted by the store from the end of its subtree (a few seeks and two counts inside rank
    /// blocks, `TodoStore.openSubtreeRowCount`), never by reading the rows of the run. Walking them
    /// by halving read rows one at a time through the rank index (3.7 ms at 10,000 subtasks). With
    /// waiting todos hidden, the subtasks waiting are not among them.
    func fold(of item: TodoItem, at rank: Int, in list: TodoList) throws -> OutlineFolds.Fold {
        // Hiding waiting todos (R) hides them in the subtree too: the fold hides only the rows shown.
        let readyOn = options.query(listID: list.id).readyOn
        return OutlineFolds.Fold(parentID: item.id, rank: rank,
                                 hidden: min(try store.openSubtreeRowCount(of: item.id, readyOn: readyOn), max(0, list.openCount - rank - 1)))
    }

    /// A todo's place in the outline (read once per change for a row shown), or nil when the store
    /// has no subtasks or it cannot be read (the status line then says why).
    func outlineFacts(of item: TodoItem) -> OutlineState.RowFacts? {
        guard outline.storeHasSubtasks else { return nil }
        if let known = outline.facts[item.id] { return known }
        do {
            let ancestors = try store.ancestorIDs(of: item.id)
            let parentTitle = try ancestors.first.flatMap { try store.item(id: $0)?.title }
            let facts = OutlineState.RowFacts(depth: ancestors.count, parentID: ancestors.first, parentTitle: parentTitle,
                                              progress: try store.subtaskProgress(of: item.id))
            if outline.facts.count >= OutlineState.factsLimit { outline.facts.removeAll(keepingCapacity: true) }
            outline.facts[item.id] = facts
            return facts
        } catch {
            reportReadFailure(error)
            return nil
        }
    }

    /// Sets a row's disclosure column and breadcrumb: rows of the outline (open todos in the lists
    /// view's manual order) show the mark; other rows of a subtask show its parent's title.
    func configureOutline(of cell: TodoCell) {
        guard let item = cell.item, let facts = outlineFacts(of: item) else {
            cell.outline = showsOutline ? TodoCell.Outline() : nil
            cell.breadcrumb = nil
            return
        }
        let inOutline = showsOutline && !item.isDone
        if showsOutline {
            var column = TodoCell.Outline()
            if inOutline, facts.isParent {
                column.mark = outline.isCollapsed(item.id) ? .collapsed(facts.progress) : .expanded
            }
            if inOutline, facts.depth > TodoCell.deepestIndentedLevel { column.levelNumber = facts.depth }
            cell.outline = column
        } else {
            cell.outline = nil
        }
        cell.breadcrumb = inOutline ? nil : facts.parentTitle
    }

    /// The indentation of a row of the outline: its depth, up to `TodoCell.deepestIndentedLevel`.
    public func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
        guard showsOutline, let item = item(at: indexPath), !item.isDone, let facts = outlineFacts(of: item) else { return 0 }
        return min(facts.depth, TodoCell.deepestIndentedLevel)
    }

    // MARK: Collapsing and expanding

    /// The selected todo with its place in the outline, for `z` (`TodoCommands.toggleFold`); nil
    /// when it has none (`z` then collapses the list, as it always did).
    func selectedOutlineTodo() -> (item: TodoItem, facts: OutlineState.RowFacts)? {
        guard showsOutline, !tableView.isEditing, let item = selectedItem, !item.isDone, let facts = outlineFacts(of: item) else { return nil }
        return (item, facts)
    }

    /// Collapses or expands the subtasks of `item` (an open parent shown in the outline): its row
    /// stays selected, the rows of its subtasks go or come back in one batch update, and the choice
    /// is remembered (`Outcome.fold`, from `TodoCommands.fold`). Nothing changes when it is not
    /// shown in the outline.
    func setCollapsed(_ collapsed: Bool, todo item: TodoItem) {
        guard showsOutline, let section = section(ofList: item.listID), !lists[section].isCollapsed else { return }
        let list = lists[section]
        do {
            guard let rank = try store.index(of: item.id, in: options.query(listID: list.id)),
                  let row = shownRow(rank, inSection: section) else { return }
            // Only this parent's fold changes: the others' were read with the list (`readOutline`), so a
            // key costs the same however many parents are collapsed.
            let before = outline.folds(ofList: list.id)
            let after: OutlineFolds
            if collapsed {
                // A done parent is remembered as collapsed but hides nothing (its subtasks are not a run after it).
                after = item.isDone ? before : before.adding(try fold(of: item, at: rank, in: list))
                outline.collapsedIDs.insert(item.id)
            } else {
                after = before.removing(parentID: item.id)
                outline.collapsedIDs.remove(item.id)
            }
            // Its facts (depth, progress) stay: folding changes none of them, and reading its progress
            // again would count every one of its subtasks.
            outline.folds[list.id] = after.isEmpty ? nil : after
            // Rows shown more (expanding) or fewer (collapsing). The count used to move the other way,
            // so every z failed the table's check and read everything again (every collapsed parent's fold).
            let change = before.hiddenTotal - after.hiddenTotal
            sectionCounts[section] += change
            // The rows go or come as one run: the table does nothing for those off screen.
            let rows = (row + 1)..<(row + 1 + abs(change))
            try tableView.performBatchUpdates {
                if change > 0 {
                    try tableView.insertRows(in: rows, section: section)
                } else if change < 0 {
                    try tableView.deleteRows(in: rows, section: section)
                }
                try tableView.reconfigureRows(at: [IndexPath(row: row, section: section)])
            }
            selectRow(at: IndexPath(row: row, section: section))
            remarkTodos()
        } catch {
            // The counts did not add up (another process wrote meanwhile) or a read failed: read it all again.
            reloadFromStore(selecting: item.id)
        }
        // Written when the user is idle or quits (`TickApp.saveDeferredState()`, which says a failure).
        rememberCollapsedTodos()
    }

    /// Shows a todo that collapsed parents hide (one just indented under a collapsed parent):
    /// expands them, remembers that (written when idle or at the quit, `rememberCollapsedTodos()`),
    /// and selects it. The write comes later, and says its own failure.
    func reveal(todo id: Int64) {
        guard showsOutline, let item = storedItem(id: id), indexPath(ofTodo: id, inList: item.listID) == nil else { return }
        let ancestors: [Int64]
        do {
            ancestors = try store.ancestorIDs(of: id)
        } catch {
            reportReadFailure(error)
            return
        }
        let collapsed = ancestors.filter { outline.collapsedIDs.contains($0) }
        guard !collapsed.isEmpty else { return }
        for parent in collapsed { outline.collapsedIDs.remove(parent) }
        reloadFromStore(selecting: id)
        rememberCollapsedTodos()
    }

    /// Notes that the collapsed parents changed. They are written to the store's view state later,
    /// when the user is idle or quits (`saveUnsavedView()`): writing them on every `z` was a
    /// transaction per key (about half of expanding a parent of 10,000 subtasks).
    func rememberCollapsedTodos() {
        outline.collapsedIDsUnsaved = true
    }
}
