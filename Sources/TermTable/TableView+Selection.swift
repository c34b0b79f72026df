extension TableView {
    /// The selected row: the one the keyboard moves and Enter acts on (its primary action).
    public var indexPathForSelectedRow: IndexPath? {
        loadDataIfNeeded()
        return selection.selected
    }

    /// The rows marked in editing mode; outside editing mode, the selected row.
    public var indexPathsForSelectedRows: [IndexPath]? {
        loadDataIfNeeded()
        if isEditing && allowsMultipleSelectionDuringEditing {
            return selection.marked.isEmpty ? nil : selection.marked.sorted()
        }
        return selection.selected.map { [$0] }
    }

    /// Selects a row without telling the delegate, scrolling it to `scrollPosition` (`.none`: no scrolling), as UIKit's `selectRow`.
    public func selectRow(at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition) {
        loadDataIfNeeded()
        guard let indexPath, isValid(indexPath) else {
            setSelected(nil)
            return
        }
        setSelected(indexPath)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition) }
    }

    /// Removes the selection from a row.
    public func deselectRow(at indexPath: IndexPath, animated: Bool = false) {
        if selection.selected == indexPath { setSelected(nil) }
    }

    func setSelected(_ indexPath: IndexPath?) {
        guard selection.selected != indexPath else { return }
        if openSwipe?.indexPath != indexPath { closeSwipe() }
        if let old = selection.selected, let cell = visibleCells[old] { cell.isSelected = false }
        selection.selected = indexPath
        if let indexPath, let cell = visibleCells[indexPath] { cell.isSelected = true }
        setNeedsLayout()
    }

    /// Whether a row can be selected.
    public func canSelectRow(at indexPath: IndexPath) -> Bool {
        delegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true
    }

    /// Selects a row and scrolls as little as needed to show it with its scroll padding (keyboard navigation).
    public func moveSelection(to indexPath: IndexPath) {
        loadDataIfNeeded()
        guard isValid(indexPath) else { return }
        setSelected(indexPath)
        normalizeAnchor()
        reveal(indexPath, at: .none)
        setNeedsLayout()
    }

    /// Moves the selection by `delta` rows across sections, skipping rows that cannot be selected;
    /// returns whether it moved. With no selection, the first (or last) row is selected.
    ///
    /// With a refresh control, moving up from the first row when scrolled to the top pulls it (the selection
    /// stays), and moving down while its row is revealed hides the row instead of moving (see `RefreshControl`).
    @discardableResult
    public func moveSelection(by delta: Int) -> Bool {
        loadDataIfNeeded()
        if delta > 0, cancelRefreshPull() { return false }
        let total = totalNumberOfRows
        guard total > 0 else {
            if delta < 0, refreshControl != nil, isScrolledToTopOfSections { _ = pullRefreshControl() }
            return false
        }
        guard let current = selection.selected else {
            return delta >= 0 ? moveSelectionToFirstRow() : moveSelectionToLastRow()
        }
        var index = flatIndex(of: current) + delta
        if wrapsSelection {
            index = ((index % total) + total) % total
        } else {
            index = min(max(0, index), total - 1)
        }
        let step = delta >= 0 ? 1 : -1
        guard let target = selectableRow(fromFlatIndex: index, step: step, wrapping: wrapsSelection)
            ?? selectableRow(fromFlatIndex: index, step: -step) else {
            return false
        }
        guard target != current else {
            // Up from the first row with the content at the top is a pull (never with wrapping, which has no top).
            if delta < 0, !wrapsSelection, refreshControl != nil, isScrolledToTopOfSections, isOnScreenBelowRefreshRow(current) {
                _ = pullRefreshControl()
                return false
            }
            // At the end nothing moves, but the key still brings a selection scrolled out of view back into it.
            moveSelection(to: current)
            return false
        }
        moveSelection(to: target)
        return true
    }

    /// Selects the first row that can be selected.
    @discardableResult
    public func moveSelectionToFirstRow() -> Bool {
        loadDataIfNeeded()
        guard let target = selectableRow(fromFlatIndex: 0, step: 1) else { return false }
        moveSelection(to: target)
        return true
    }

    /// Selects the last row that can be selected.
    @discardableResult
    public func moveSelectionToLastRow() -> Bool {
        loadDataIfNeeded()
        guard let target = selectableRow(fromFlatIndex: totalNumberOfRows - 1, step: -1) else { return false }
        moveSelection(to: target)
        return true
    }

    /// Scrolls by `lines` and moves the selection by as many lines, keeping its place on screen
    /// (Page Up/Down with `frame.height - 1`, Ctrl-D/Ctrl-U with half of it).
    public func moveSelection(byLines lines: Int) {
        loadDataIfNeeded()
        guard lines != 0, totalNumberOfRows > 0 else { return }
        guard let current = selection.selected else {
            _ = lines > 0 ? moveSelectionToFirstRow() : moveSelectionToLastRow()
            return
        }
        var cursor = LayoutItem.row(current)
        var item = current
        var walked = 0
        while walked < abs(lines), let next = lines > 0 ? self.item(after: cursor) : self.item(before: cursor) {
            walked += height(of: lines > 0 ? cursor : next)
            cursor = next
            if let row = next.indexPath { item = row }
        }
        // Walk across any header or footer to land on a row.
        let target = selectableRow(fromFlatIndex: flatIndex(of: item), step: lines > 0 ? 1 : -1)
            ?? selectableRow(fromFlatIndex: flatIndex(of: item), step: lines > 0 ? -1 : 1)
        // Paging stops at the top: only a line-by-line pull (`moveSelection(by:)`, the wheel) reveals a refresh control.
        moveContent(byLines: lines)
        if let target { moveSelection(to: target) }
    }

    /// The first row from a flat index, stepping by `step`, that can be selected; with `wrapping`, the search
    /// continues past either end (so a load-more row at the end does not stop `wrapsSelection`).
    func selectableRow(fromFlatIndex start: Int, step: Int, wrapping: Bool = false) -> IndexPath? {
        var index = start
        let total = totalNumberOfRows
        var checked = 0
        while checked < total {
            if wrapping { index = (index % total + total) % total }
            guard index >= 0, index < total else { break }
            if let indexPath = indexPath(forFlatIndex: index), canSelectRow(at: indexPath) { return indexPath }
            index += step
            checked += 1
        }
        return nil
    }

    /// Performs the primary action for the selected row as a tap would: `willSelectRowAt`, then `didSelectRowAt` (Enter, a click).
    public func performPrimaryActionForSelectedRow() {
        guard let selected = indexPathForSelectedRow else { return }
        let proposed: IndexPath? = delegate.map { $0.tableView(self, willSelectRowAt: selected) } ?? selected
        guard let target = proposed, isValid(target) else { return }
        if target != selected { moveSelection(to: target) }
        delegate?.tableView(self, didSelectRowAt: target)
    }

    // MARK: Editing mode and multiple selection

    /// Enters or leaves editing mode; leaving it clears the marks.
    public func setEditing(_ editing: Bool, animated: Bool = false) {
        guard editing != isEditing else { return }
        isEditing = editing
        closeSwipe()
        if !editing { selection.marked.removeAll() }
        for (_, cell) in visibleCells { cell.isEditing = editing }
        // The editing mark narrows every row's content, so a measured (wrapped) height may no longer hold,
        // and a cell measured off screen would show without the mark.
        heightCache.removeAll()
        forgetMeasuringCells()
        setNeedsLayout()
    }

    /// Marks or unmarks a row in editing mode, telling the delegate (`didSelectRowAt` / `didDeselectRowAt`).
    public func toggleMark(at indexPath: IndexPath) {
        loadDataIfNeeded()
        guard isEditing, allowsMultipleSelectionDuringEditing, isValid(indexPath) else { return }
        guard dataSource?.tableView(self, canEditRowAt: indexPath) ?? true else { return }
        if selection.marked.remove(indexPath) != nil {
            visibleCells[indexPath]?.isMarked = false
            delegate?.tableView(self, didDeselectRowAt: indexPath)
        } else {
            selection.marked.insert(indexPath)
            visibleCells[indexPath]?.isMarked = true
            delegate?.tableView(self, didSelectRowAt: indexPath)
        }
        setNeedsLayout()
    }

    /// Marks rows in editing mode (already marked rows stay marked).
    public func markRows(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths where !selection.marked.contains(indexPath) { toggleMark(at: indexPath) }
    }

    /// Removes every mark.
    public func unmarkAllRows() {
        for indexPath in selection.marked.sorted() { toggleMark(at: indexPath) }
    }
}
