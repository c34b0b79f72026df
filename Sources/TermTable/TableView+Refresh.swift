/// Pull to refresh (see `RefreshControl`): the control's row is an item of the stack the layout walks,
/// `LayoutItem.refreshControl`, above the first section, present only while the control is revealed or
/// refreshing (`SectionMetrics.refreshRowHeight`). Everything that walks the stack (scrolling, the pinned
/// header, the scroll indicator, hit-testing) therefore sees the rows shifted down by it.
extension TableView {
    /// Lines of the refresh control's row.
    static let refreshRowLines = 1

    /// Shows the next frame of the refresh control's spinner; returns whether the spinner is on screen, so a
    /// host knows whether to draw again (it calls this on its own timer while `refreshControl?.isRefreshing`).
    @discardableResult
    public func advanceRefreshAnimation() -> Bool {
        guard let control = refreshControl, control.advanceAnimation() else { return false }
        layoutIfNeeded()
        return visibleItems.contains { $0.item == .refreshControl }
    }

    /// Whether the top of the content is at the top of the viewport, not counting the refresh control's row:
    /// where a pull starts.
    var isScrolledToTopOfSections: Bool {
        loadDataIfNeeded()
        normalizeAnchor()
        if viewport.anchor == .refreshControl { return true }
        return viewport.anchor == firstItem(inOrAfter: 0) && viewport.offset == 0
    }

    /// Whether a row is where a pull can start from: fully on screen, or pushed out of a tiny viewport by the
    /// refresh control's row at its top.
    func isOnScreenBelowRefreshRow(_ indexPath: IndexPath) -> Bool {
        layoutIfNeeded()
        return viewport.anchor == .refreshControl || isFullyVisible(indexPath)
    }

    /// One pull past the top (the first selectable row selected and `k`, or the wheel up, at the top): reveals
    /// the row, or, when revealed and on screen, starts refreshing and calls the actions once; while
    /// refreshing, brings the row back into view. Returns whether the pull did something.
    func pullRefreshControl() -> Bool {
        guard let control = refreshControl else { return false }
        switch control.state {
        case .idle:
            control.state = .revealed
            refreshRowDidAppear(alreadyInStack: false)
            return true
        case .revealed:
            guard viewport.anchor == .refreshControl else { return false }
            control.state = .refreshing
            setNeedsLayout()
            control.sendValueChanged()
            return true
        case .refreshing:
            guard viewport.anchor != .refreshControl else { return false }
            viewport.anchor = .refreshControl
            viewport.offset = 0
            setNeedsLayout()
            return true
        }
    }

    /// Moving down before the second pull hides the revealed row; returns whether it did.
    func cancelRefreshPull() -> Bool {
        guard let control = refreshControl, control.state == .revealed else { return false }
        control.state = .idle
        refreshRowDidDisappear()
        return true
    }

    /// A revealed (not yet refreshing) row lives only on screen: once scrolled out of view (a scroll down, a
    /// page, a jump) it leaves the stack, which moves nothing on screen since it is above the viewport.
    func dropRevealedRefreshRowScrolledAway() {
        guard let control = refreshControl, control.state == .revealed, viewport.anchor != .refreshControl else { return }
        control.state = .idle
        sections.refreshRowHeight = 0
    }

    /// Puts the control's row into the stack; at the top of the content it comes into view, pushing the rows
    /// down by its line, else it waits above the viewport and nothing on screen moves.
    func refreshRowDidAppear(alreadyInStack: Bool) {
        setNeedsLayout()
        guard !alreadyInStack else { return }
        let atTop = isScrolledToTopOfSections
        sections.refreshRowHeight = Self.refreshRowLines
        if atTop {
            viewport.anchor = .refreshControl
            viewport.offset = 0
        }
    }

    /// Takes the control's row out of the stack; when it was at the top of the viewport, the rows move up by
    /// its line and no more (the next layout finds the anchor gone and starts from the first item).
    func refreshRowDidDisappear() {
        guard sections.refreshRowHeight > 0 else { return }
        sections.refreshRowHeight = 0
        setNeedsLayout()
    }

    /// Swaps the control: the old one's row leaves, a new one already refreshing shows its row.
    func refreshControlDidChange(from old: RefreshControl?) {
        guard old !== refreshControl else { return }
        if let old {
            old.tableView = nil
            if old.state == .revealed { old.state = .idle }
            refreshRowDidDisappear()
        }
        guard let control = refreshControl else { return }
        control.tableView?.refreshControl = nil
        control.tableView = self
        if control.state == .revealed { control.state = .idle }
        if control.state == .refreshing { refreshRowDidAppear(alreadyInStack: false) }
    }
}
