/// Pull to refresh, as `UIRefreshControl`: a one-line row the table shows above its first section.
///
/// Give it to a table (`tableView.refreshControl = control`) and add the action that starts the work
/// (`addAction`). Pulling past the top of the content, with `moveSelection(by: -1)` on the first row or
/// `scroll(byLines:)` upwards when already at the top, first reveals the row with `attributedTitle`; pulling
/// again starts refreshing: the row shows `refreshingTitle` after a spinner and the actions are called, once.
/// Moving down instead (`moveSelection(by: 1)`, scrolling down) hides the revealed row again. When the work
/// is done, call `endRefreshing()` and the row goes away. `beginRefreshing()` shows the refreshing row
/// without a pull and calls no action, as in UIKit.
///
/// The engine has no clock: the host calls `advanceAnimation()` (or `tableView.advanceRefreshAnimation()`)
/// on its own timer while `isRefreshing`, and draws again.
open class RefreshControl: TableReusableView {
    /// Where the control is in its pull.
    public enum State: Sendable, Equatable {
        /// Not shown.
        case idle
        /// Pulled once: the row shows `attributedTitle`; one more pull refreshes, moving down hides it.
        case revealed
        /// The action is running: the row shows the spinner and `refreshingTitle` until `endRefreshing()`.
        case refreshing
    }

    /// The text of the revealed row, inviting the second pull (UIKit's `attributedTitle`).
    public var attributedTitle: StyledText = "↓ pull to refresh" { didSet { setNeedsDisplay() } }
    /// The text after the spinner while refreshing. UIKit keeps `attributedTitle` there; a terminal row has
    /// room for one line only, so the control says what it is doing instead.
    public var refreshingTitle: StyledText = "refreshing…" { didSet { setNeedsDisplay() } }
    /// The style of the title's unstyled spans and of the spinner (UIKit's `tintColor`).
    public var style = Style(attributes: .dim) { didSet { setNeedsDisplay() } }
    /// The spinner's frames, one column each, shown in turn by `advanceAnimation()`.
    public var spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] {
        didSet { spinnerFrame = 0; setNeedsDisplay() }
    }

    /// Where the control is in its pull.
    public internal(set) var state = State.idle { didSet { if state != oldValue { setNeedsDisplay() } } }
    /// Whether a refresh is running (between the triggering pull or `beginRefreshing()` and `endRefreshing()`).
    public var isRefreshing: Bool { state == .refreshing }
    /// Which of `spinnerFrames` is shown.
    public private(set) var spinnerFrame = 0

    /// The table showing the control; set by `TableView.refreshControl`.
    weak var tableView: TableView?
    private var actions: [(RefreshControl) -> Void] = []

    /// Creates a control; `action`, when given, is added as by `addAction`.
    public init(action: ((RefreshControl) -> Void)? = nil) {
        super.init(reuseIdentifier: nil)
        if let action { actions.append(action) }
    }

    /// Creates a control with no action, as the reuse machinery of a header or footer view would.
    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
    }

    /// Adds an action called when a pull starts refreshing: UIKit's `addAction(_:for: .valueChanged)` (or
    /// `addTarget(_:action:for: .valueChanged)`). A refresh control sends only that event, so there is no
    /// event to name. Actions run in the order added, on the thread that handled the pull.
    public func addAction(_ action: @escaping (RefreshControl) -> Void) {
        actions.append(action)
    }

    /// Shows the refreshing row without a pull and calls no action, as UIKit's `beginRefreshing()`. When the
    /// table is scrolled to the top the row comes into view; otherwise it waits above, where scrolling up finds it.
    public func beginRefreshing() {
        guard state != .refreshing else { return }
        let wasShown = state != .idle
        state = .refreshing
        tableView?.refreshRowDidAppear(alreadyInStack: wasShown)
    }

    /// Removes the row once the work is done, as UIKit's `endRefreshing()`. What the user is reading moves up
    /// by the row's line at most, and not at all when the row was scrolled out of view. Does nothing unless
    /// refreshing.
    public func endRefreshing() {
        guard state == .refreshing else { return }
        state = .idle
        tableView?.refreshRowDidDisappear()
    }

    /// Shows the next spinner frame; returns whether the control is refreshing (whether a host's timer is
    /// still needed). The table redraws the row on its next draw.
    @discardableResult
    public func advanceAnimation() -> Bool {
        guard state == .refreshing else { return false }
        spinnerFrame = spinnerFrames.isEmpty ? 0 : (spinnerFrame + 1) % spinnerFrames.count
        setNeedsDisplay()
        return true
    }

    /// Calls the actions: the second pull started refreshing.
    func sendValueChanged() {
        for action in actions { action(self) }
    }

    /// Draws the title (or the spinner and `refreshingTitle` while refreshing), centred and cut with "…".
    open override func draw(in canvas: inout Canvas) {
        var line = StyledText()
        switch state {
        case .idle:
            return
        case .revealed:
            line = attributedTitle
        case .refreshing:
            if spinnerFrame < spinnerFrames.count { line.append(spinnerFrames[spinnerFrame] + " ", style: style) }
            line.append(refreshingTitle)
        }
        var text = StyledText()
        for span in line.spans { text.append(span.text, style: span.style == .plain ? style : span.style) }
        // Centred, as UIKit centres its spinner and title; a title wider than the row is cut with an ellipsis.
        let x = max(0, (canvas.width - text.width) / 2)
        canvas.draw(text, at: Point(x: x, y: 0), maxWidth: canvas.width - x, truncation: .ellipsis)
    }
}
