extension TableView {
    /// The row whose swipe actions are revealed, if any.
    public var indexPathForSwipedRow: IndexPath? { openSwipe?.indexPath }

    /// Whether the revealed actions are the leading ones (swiped right).
    public var isSwipeLeading: Bool? { openSwipe?.isLeading }

    /// The index of the selected button of the revealed actions.
    public var selectedSwipeActionIndex: Int? { openSwipe?.selectedAction }

    /// Swipes the selected row: reveals its actions, or, when already revealed on that side,
    /// performs the first one (a full swipe); a swipe the other way closes it. Returns whether anything happened.
    @discardableResult
    public func swipeSelectedRow(_ direction: SwipeDirection) -> Bool {
        guard let indexPath = indexPathForSelectedRow, isValid(indexPath) else { return false }
        if let open = openSwipe, open.indexPath == indexPath {
            if open.isLeading != (direction == .right) {
                closeSwipe()
                return true
            }
            guard open.configuration.performsFirstActionWithFullSwipe else { return false }
            performSwipeAction(at: 0)
            return true
        }
        return revealSwipeActions(at: indexPath, direction: direction)
    }

    /// Reveals a row's actions as a swipe in `direction` would: its leading actions for `.right`, its
    /// trailing ones for `.left`; false when the delegate offers none or the row cannot be edited.
    @discardableResult
    public func revealSwipeActions(at indexPath: IndexPath, direction: SwipeDirection) -> Bool {
        let leading = direction == .right
        loadDataIfNeeded()
        guard isValid(indexPath), dataSource?.tableView(self, canEditRowAt: indexPath) ?? true else { return false }
        let configuration = leading
            ? delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            : delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
        guard let configuration, !configuration.actions.isEmpty else { return false }
        if selection.selected != indexPath { moveSelection(to: indexPath) }
        openSwipe = SwipeState(indexPath: indexPath, isLeading: leading, configuration: configuration)
        visibleCells[indexPath]?.setNeedsDisplay()
        setNeedsLayout()
        return true
    }

    /// Hides revealed actions.
    public func closeSwipe() {
        guard let open = openSwipe else { return }
        openSwipe = nil
        visibleCells[open.indexPath]?.setNeedsDisplay()
        setNeedsLayout()
    }

    /// Moves the selection among the revealed buttons by `delta`, wrapping around.
    public func moveSwipeSelection(by delta: Int) {
        guard var open = openSwipe else { return }
        let count = open.configuration.actions.count
        open.selectedAction = ((open.selectedAction + delta) % count + count) % count
        openSwipe = open
        setNeedsLayout()
    }

    /// Performs a revealed action; its completion decides whether the row closes.
    public func performSwipeAction(at index: Int) {
        guard let open = openSwipe, open.configuration.actions.indices.contains(index) else { return }
        let action = open.configuration.actions[index]
        let indexPath = open.indexPath
        action.handler(action, indexPath) { [weak self] shouldClose in
            guard let self else { return }
            if shouldClose, self.openSwipe?.indexPath == indexPath || self.openSwipe?.indexPath == nil { self.closeSwipe() }
        }
    }

    /// Moves the selection to the revealed button beside the selected one on the screen, wrapping
    /// around: leading buttons run from the row's left edge, trailing ones from its right edge.
    public func moveSwipeSelection(toward direction: SwipeDirection) {
        guard let open = openSwipe else { return }
        moveSwipeSelection(by: (direction == .right) == open.isLeading ? 1 : -1)
    }

    /// Performs the revealed button that is selected; false when no row is swiped open.
    @discardableResult
    public func performSelectedSwipeAction() -> Bool {
        guard let open = openSwipe else { return false }
        performSwipeAction(at: open.selectedAction)
        return true
    }

    /// Performs the revealed button whose shortcut is `letter` (in either case); false when none has it.
    @discardableResult
    public func performSwipeAction(shortcut letter: Character) -> Bool {
        guard let open = openSwipe else { return false }
        let lowered = Character(letter.lowercased())
        guard let index = open.configuration.actions.firstIndex(where: { $0.shortcut == lowered }) else { return false }
        performSwipeAction(at: index)
        return true
    }

    /// Columns the revealed buttons take.
    func swipeButtonsWidth(_ open: SwipeState) -> Int {
        open.configuration.actions.reduce(0) { $0 + DisplayWidth.of($1.title) + 2 }
    }

    /// The revealed button under a canvas point, for mouse clicks.
    public func swipeActionIndex(at point: Point) -> Int? {
        guard let open = openSwipe, let rect = rectForRow(at: open.indexPath), rect.contains(point) else { return nil }
        for (index, frame) in swipeButtonFrames(open, rowRect: rect).enumerated() where frame.contains(point) { return index }
        return nil
    }

    /// Where each revealed button sits; the first action is nearest the row's edge.
    func swipeButtonFrames(_ open: SwipeState, rowRect: Rect) -> [Rect] {
        var frames: [Rect] = []
        if open.isLeading {
            var x = rowRect.minX
            for action in open.configuration.actions {
                let width = DisplayWidth.of(action.title) + 2
                frames.append(Rect(x: x, y: rowRect.minY, width: width, height: rowRect.height))
                x += width
            }
        } else {
            var x = rowRect.maxX
            for action in open.configuration.actions {
                let width = DisplayWidth.of(action.title) + 2
                x -= width
                frames.append(Rect(x: x, y: rowRect.minY, width: width, height: rowRect.height))
            }
        }
        return frames
    }

    /// Draws the revealed buttons over the slid row.
    func drawSwipeButtons(_ open: SwipeState, rowRect: Rect, in canvas: inout Canvas) {
        for (index, (action, frame)) in zip(open.configuration.actions, swipeButtonFrames(open, rowRect: rowRect)).enumerated() {
            let isSelected = index == open.selectedAction
            var style = Style(foreground: .brightWhite, background: action.backgroundColor, attributes: .bold)
            if isSelected { style.attributes.insert(.reverse) }
            canvas.fill(frame, style: style)
            var label = StyledText()
            var underlined = false
            for character in action.title {
                let isShortcut = !underlined && Character(character.lowercased()) == action.shortcut
                if isShortcut { underlined = true }
                label.append(String(character), style: isShortcut ? style.adding(.underline) : style)
            }
            canvas.draw(label, at: Point(x: frame.minX + 1, y: frame.minY), maxWidth: frame.width - 1)
        }
    }
}
