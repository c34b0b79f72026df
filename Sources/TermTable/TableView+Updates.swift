extension TableView {
    // MARK: Describing changes (the data source must already hold the new data)

    /// Groups row and section changes into one update, checked once at the end, as UIKit's `performBatchUpdates`.
    ///
    /// Inside `updates`, the insert/delete/reload/move calls only record. Throws UIKit's message when the data
    /// source's counts after the update do not match the counts before plus the changes.
    public func performBatchUpdates(_ updates: () throws -> Void, completion: ((Bool) -> Void)? = nil) throws {
        // A nested batch joins the outer one; its completion runs (before the outer one's) when the outer batch is applied.
        batch.depth += 1
        do {
            try updates()
            if let completion { batch.completions.append(completion) }
        } catch {
            if let completion { batch.completions.append(completion) }
            batch.depth -= 1
            if batch.depth == 0 {
                batch.update = BatchUpdate()
                // The data source may already hold data the table was never told about: start over from it.
                needsReload = true
                setNeedsLayout()
                finishCompletions(false)
            }
            throw error
        }
        batch.depth -= 1
        guard batch.depth == 0 else { return }
        let update = batch.update
        batch.update = BatchUpdate()
        do {
            try apply(update)
        } catch {
            finishCompletions(false)
            throw error
        }
        finishCompletions(true)
    }

    private func finishCompletions(_ finished: Bool) {
        let completions = batch.completions
        batch.completions.removeAll()
        for completion in completions { completion(finished) }
    }

    /// Inserts rows (index paths after the update).
    public func insertRows(at indexPaths: [IndexPath]) throws {
        try record { $0.insertedRows += indexPaths }
    }

    /// Deletes rows (index paths before the update).
    public func deleteRows(at indexPaths: [IndexPath]) throws {
        try record { $0.deletedRows += indexPaths }
    }

    /// Inserts a run of rows of one section (rows after the update), as `insertRows(at:)` with each of
    /// them but without a list of them: the update costs the same for 10,000 rows as for one, and only
    /// rows that come on screen are ever asked for (a TermTable addition; UIKit has no such call).
    public func insertRows(in rows: Range<Int>, section: Int) throws {
        guard !rows.isEmpty else { return }
        try record { $0.insertedRowRuns.append(RowRun(section: section, rows: rows)) }
    }

    /// Deletes a run of rows of one section (rows before the update), as `deleteRows(at:)` with each
    /// of them but at the cost of one: collapsing a parent of 10,000 rows does no work per row.
    public func deleteRows(in rows: Range<Int>, section: Int) throws {
        guard !rows.isEmpty else { return }
        try record { $0.deletedRowRuns.append(RowRun(section: section, rows: rows)) }
    }

    /// Replaces rows' cells with freshly dequeued ones (index paths before the update).
    public func reloadRows(at indexPaths: [IndexPath]) throws {
        try record { $0.reloadedRows += indexPaths }
    }

    /// Asks the data source to configure the visible cells of rows again, in place: the same cell, no `prepareForReuse`.
    public func reconfigureRows(at indexPaths: [IndexPath]) throws {
        try record { $0.reconfiguredRows += indexPaths }
    }

    /// Moves a row (from an index path before the update to one after).
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws {
        try record { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts sections (indexes after the update).
    public func insertSections(_ sections: [Int]) throws {
        try record { $0.insertedSections += sections }
    }

    /// Deletes sections (indexes before the update).
    public func deleteSections(_ sections: [Int]) throws {
        try record { $0.deletedSections += sections }
    }

    /// Reloads sections: their rows are asked for again (indexes before the update).
    public func reloadSections(_ sections: [Int]) throws {
        try record { $0.reloadedSections += sections }
    }

    /// Moves a section (from an index before the update to one after).
    public func moveSection(_ section: Int, toSection newSection: Int) throws {
        try record { $0.movedSections.append((section, newSection)) }
    }

    /// Adds to the batch in progress, or applies at once outside a batch.
    private func record(_ change: (inout BatchUpdate) -> Void) throws {
        if batch.depth > 0 {
            change(&batch.update)
            return
        }
        var update = BatchUpdate()
        change(&update)
        try apply(update)
    }

    // MARK: Applying a checked update

    private func apply(_ update: BatchUpdate) throws {
        // Never loaded (or a reload is pending): the data source's current state is simply loaded, as in UIKit.
        guard !needsReload else { forgetMeasuringCells(); return }
        let sectionCount = dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0
        let after = (0..<sectionCount).map { max(0, dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0) }
        // An empty update still checks the counts, as UIKit's does: changed data must not leave stale rows drawn.
        guard !update.isEmpty || after != sections.rowCounts else { return }
        let plan: UpdatePlan
        do {
            plan = try UpdatePlan(before: sections.rowCounts, after: after, update: update)
        } catch {
            // The data source no longer matches what is on screen: start over from it rather than draw stale rows.
            needsReload = true
            setNeedsLayout()
            throw error
        }
        counters.updatesApplied += 1
        forgetMeasuringCells()
        if update.changesContentsOnly, !needsLayout {
            applyInPlace(update)
            return
        }
        let selectionWasVisible = selection.selected.map(isFullyVisible) ?? false

        remapCells(plan)
        remapHeaderFooterViews(plan)
        heightCache = heightCache.remapped(by: plan)
        selection = selection.remapped(by: plan)
        prefetching = prefetching.remapped(by: plan)
        openSwipe = openSwipe?.remapped(by: plan)
        sections.setRowCounts(after)
        reloadSectionMetrics()
        checkReplacementSelection()
        viewport = viewport.remapped(by: plan, in: sections)
        scrollTracking = scrollTracking.remapped(by: plan)
        visibleItems.removeAll()
        if selectionWasVisible { keepSelectionVisibleAfterLayout = true }
        setNeedsLayout()
    }

    /// Reloads and reconfigures leave every row where it was, so only the visible cells concerned
    /// change: a reloaded row gets a freshly dequeued cell, a reconfigured row the same cell configured
    /// again. The table lays out again only when one of them now wants another height.
    private func applyInPlace(_ update: BatchUpdate) {
        var heightChanged = false
        let reloaded = Set(update.reloadedRows)
        for indexPath in reloaded {
            heightCache.forget(indexPath)
            if openSwipe?.indexPath == indexPath { openSwipe = nil }
            guard let old = visibleCells.removeValue(forKey: indexPath) else { continue }
            endDisplaying(old, at: indexPath)
            let cell = configuredCell(at: indexPath)
            visibleCells[indexPath] = cell
            applyState(to: cell, at: indexPath)
            delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            heightChanged = heightChanged || hasNewHeight(indexPath)
        }
        for indexPath in Set(update.reconfiguredRows).subtracting(reloaded) {
            heightCache.forget(indexPath)
            guard reconfigureVisibleCell(at: indexPath, applyingState: true) else { continue }
            heightChanged = heightChanged || hasNewHeight(indexPath)
        }
        guard heightChanged else { return }
        if selection.selected.map(isFullyVisible) ?? false { keepSelectionVisibleAfterLayout = true }
        visibleItems.removeAll()
        setNeedsLayout()
    }

    /// Whether a visible row's height (measured again) differs from the one it was laid out with.
    private func hasNewHeight(_ indexPath: IndexPath) -> Bool {
        guard let laidOut = visibleItems.first(where: { $0.item == .row(indexPath) }) else { return true }
        return height(ofRowAt: indexPath) != laidOut.height
    }

    /// Whether a row lies entirely inside the viewport in the last layout.
    func isFullyVisible(_ indexPath: IndexPath) -> Bool {
        guard let item = visibleItems.first(where: { $0.item == .row(indexPath) }) else { return false }
        return item.y >= 0 && item.y + item.height <= frame.height
    }

    private func remapCells(_ plan: UpdatePlan) {
        var remapped: [IndexPath: TableViewCell] = [:]
        remapped.reserveCapacity(visibleCells.count)
        var toReconfigure: [IndexPath] = []
        for (old, cell) in visibleCells {
            if plan.needsFreshCell(forOld: old) {
                endDisplaying(cell, at: old)
            } else if let new = plan.newIndexPath(forOld: old) {
                remapped[new] = cell
                if plan.isReconfigured(old) { toReconfigure.append(new) }
            } else {
                endDisplaying(cell, at: old)
            }
        }
        visibleCells = remapped
        // The layout that follows sets every visible cell's state with the remapped selection.
        for indexPath in toReconfigure { reconfigureVisibleCell(at: indexPath, applyingState: false) }
    }

    /// Has the data source configure a visible row's cell again: dequeuing hands the very same cell
    /// back (no `prepareForReuse`); a different cell it returns anyway takes the row's place. False
    /// when the row has no cell on screen.
    @discardableResult
    private func reconfigureVisibleCell(at indexPath: IndexPath, applyingState: Bool) -> Bool {
        guard let cell = visibleCells[indexPath], let dataSource else { return false }
        reconfiguring = (indexPath, cell)
        let configured = dataSource.tableView(self, cellForRowAt: indexPath)
        reconfiguring = nil
        applyIndentation(to: configured, at: indexPath)
        configured.setNeedsDisplay()
        if configured !== cell {
            endDisplaying(cell, at: indexPath)
            visibleCells[indexPath] = configured
            if applyingState { applyState(to: configured, at: indexPath) }
            delegate?.tableView(self, willDisplay: configured, forRowAt: indexPath)
        }
        return true
    }

    private func remapHeaderFooterViews(_ plan: UpdatePlan) {
        var headers: [Int: TableViewHeaderFooterView] = [:]
        for (old, view) in visibleHeaders {
            if let new = plan.newSection(forOld: old), !plan.isReloaded(section: old) {
                headers[new] = view
            } else {
                endDisplayingHeader(view, section: old)
            }
        }
        visibleHeaders = headers
        var footers: [Int: TableViewHeaderFooterView] = [:]
        for (old, view) in visibleFooters {
            if let new = plan.newSection(forOld: old), !plan.isReloaded(section: old) {
                footers[new] = view
            } else {
                endDisplayingFooter(view, section: old)
            }
        }
        visibleFooters = footers
    }

    /// A selection moved to the row in place of a deleted one goes on to the nearest row the delegate lets it select
    /// (asked with the new counts).
    private func checkReplacementSelection() {
        guard selection.isOnReplacementRow else { return }
        selection.isOnReplacementRow = false
        if let selected = selection.selected, isValid(selected), !canSelectRow(at: selected) {
            selection.selected = selectableRow(fromFlatIndex: flatIndex(of: selected), step: 1)
                ?? selectableRow(fromFlatIndex: flatIndex(of: selected), step: -1)
        }
    }
}
