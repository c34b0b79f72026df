import TermTable
import TodoStore

/// The whole app as a state machine: keys in, a screen (canvas) out. No terminal in here, so the
/// same app runs under ncurses, from a key script, and in tests.
public final class TickApp {
    /// The todo list.
    public let list: TodoListController
    /// Every mode's bindings (the list, editing mode, a swiped row, the input line, the overlays).
    public var keyMaps = KeyMaps() { didSet { list.keys = KeyNames(keyMaps) } }
    /// Bindings of the list screen.
    public var keyMap: KeyMap {
        get { keyMaps.list }
        set { keyMaps.list = newValue }
    }
    /// Bindings that take precedence while the table is in editing mode.
    public var editingKeyMap: KeyMap {
        get { keyMaps.editing }
        set { keyMaps.editing = newValue }
    }
    /// How things look.
    public var theme: Theme { didSet { list.theme = theme } }
    /// The named look (`theme` in the config file, `T`) and the terminal colors it is drawn with;
    /// `useTheme(_:on:)` sets both and `theme` from them.
    public internal(set) var themeName: ThemeName
    /// The colors the terminal can show (key scripts and tests: the ANSI colors).
    public internal(set) var themeColors: ThemeColors = .ansi
    /// The config file's `color` lines, applied over whichever theme is in use.
    let colorChanges: [String: Style]
    /// The screen size the app draws for.
    public private(set) var size: Size
    /// Set once the user quit.
    public internal(set) var isFinished = false
    /// Set when the screen should be repainted from scratch (Ctrl-L).
    public var needsFullRedraw = false
    /// The messages said, the last one in the status line (see `StatusLog`, `say(_:)`).
    public internal(set) var status = StatusLog()
    /// The rows the status line took at the last frame: more than one while a long message wraps.
    private(set) var statusRows = 1
    /// The status line as last drawn (see `StatusLineCache`).
    private var statusLineCache = StatusLineCache()
    /// Drawing figures of the running session (frames, bytes), shown by the statistics key.
    public var sessionStatistics: () -> String = { "frames and bytes are counted in a terminal session" }
    /// The editor and the link opener `E` and `o` start: none in key scripts and tests (they say what
    /// they would run); the interactive session gives the real ones.
    public var externalPrograms = ExternalPrograms.keyScript
    /// When and how the open app syncs; nil without `sync` lines in the config file (see `TickApp+BackgroundSync`).
    public internal(set) var backgroundSync: BackgroundSync?
    /// The failure the last background sync ended with, so the same one is not said again and again.
    var lastSyncFailure: SyncFailure?
    /// What the app may write to the terminal besides frames (the clipboard); nothing in key scripts and tests.
    public var terminalAbilities = TerminalAbilities.none
    /// Bytes for the terminal besides the frame, until the session takes them (`takeTerminalOutput()`).
    public internal(set) var terminalOutput: [UInt8] = []
    /// How a reminder coming due is told besides the status line (the config file's `remind-alert`).
    public var reminderAlerts = ReminderAlerts()
    /// When `showDueReminders()` last looked; nil before its first look.
    var lastReminderLook: Instant?
    /// Whether a reminder set the window title (after saving the terminal's), so quitting restores it.
    var hasSetWindowTitle = false

    /// Everything wrong with the config file (a line Tick does not understand, a `list` that does
    /// not exist), one line each: counted in the status line at start, listed in help.
    public private(set) var configurationProblems: [String] = []
    /// The config file's saved views, which the lists screen (`L`) offers below the lists.
    public private(set) var savedViews: [SavedView] = []

    /// The layers over the list (input line, help, question), the top one taking the keys.
    var overlays: [Overlay] = []
    /// Where a mouse drag on a row started and the todo it started on, for swiping with the mouse.
    var drag: (start: Point, todo: TodoItem)?

    /// The smallest screen Tick draws its list on; below it shows a note instead.
    public static let minimumSize = Size(width: 12, height: 3)

    /// Creates the app over a store, for a screen of `size`, with the settings of a config file.
    /// `today` and `timeOfDay` replace the clock due dates are described against (tests, the fuzzer):
    /// given here, they hold from the first row measured on.
    public init(store: TodoStore, size: Size, theme: Theme = .standard, configuration: Configuration = Configuration(),
                today: (() -> Day)? = nil, timeOfDay: (() -> Int)? = nil) {
        list = TodoListController(store: store)
        if let today { list.today = today }
        if let timeOfDay { list.timeOfDay = timeOfDay }
        self.theme = theme.applying(configuration.colors)
        themeName = configuration.themeName
        colorChanges = configuration.colors
        self.size = size
        keyMaps = configuration.keyMaps
        list.keys = KeyNames(keyMaps)
        savedViews = configuration.views
        list.theme = self.theme
        // The view as the user left it (s, H, R, W); the config file's sort, hide-completed, hide-waiting
        // and wrap where they never chose.
        var defaults = ViewOptions()
        defaults.sort = configuration.sort
        defaults.showsCompleted = !configuration.hidesCompleted
        defaults.showsWaiting = !configuration.hidesWaiting
        defaults.wrapsTitles = configuration.wrapsTitles
        if list.store.isReadOnly, list.readFailure == nil { say(TodoCommands.readOnlyRefusal) }
        list.restoreView(defaults: defaults)
        var problems = configuration.problems
        if let name = configuration.defaultList {
            if let wanted = list.lists.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                selectList(inSection: wanted)
            } else {
                problems.append("there is no list named \(name); L creates lists")
            }
        }
        configurationProblems = problems
        if let message = configurationProblemsMessage() { say(message) }
        layout()
    }

    /// Whether the input line is open.
    public var isPrompting: Bool { overlays.last is PromptOverlay }

    /// Whether an overlay (input line, help, question) has the keys.
    public var hasOverlay: Bool { !overlays.isEmpty }

    /// Whether the list is on screen: no layer covers it (the input line and questions take lines
    /// below it, which shortens it).
    public var showsList: Bool { !overlays.contains { $0.bottomLines == nil } }

    /// Adapts to a new screen size, keeping the selected row visible.
    public func resize(to newSize: Size) {
        size = Size(width: max(0, newSize.width), height: max(0, newSize.height))
        layout()
    }

    var isTooSmall: Bool {
        size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    /// Gives the list the screen minus the status line (with a long message's lines) and any input line.
    func layout() {
        let taken = overlays.compactMap(\.bottomLines).reduce(0, +)
        list.tableView.frame = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - statusRows - taken))
    }

    /// The most rows a long message takes, status line included: a third of the screen.
    var maxStatusRows: Int { max(1, size.height / 3) }

    // MARK: Keys

    /// Handles one key.
    public func handle(_ key: Key) {
        // Whatever the key changed, a message about a state it ended goes with it.
        defer { retireStaleMessage() }
        // A change made by this key is sent by a sync a little later (after the last of a burst).
        let changesBefore = list.changeCount
        defer { if list.changeCount != changesBefore { backgroundSync?.noteLocalChange() } }
        // A swipe button the key or click pressed left its command: it runs like any other.
        defer { runSwipedCommand() }
        if case .resize(let width, let height) = key {
            resize(to: Size(width: width, height: height))
            return
        }
        // While the store cannot be read, every key first tries again, so it acts on the todos as they are.
        if list.readFailure != nil { list.reloadFromStore() }
        // A key after midnight acts on the agenda's groups of the new day.
        list.refreshAgendaDayIfNeeded()
        if case .mouse(let event) = key {
            handleMouse(event)
            return
        }
        if let overlay = overlays.last {
            if !overlay.handle(key, app: self), let index = overlays.lastIndex(where: { $0 === overlay }) {
                overlays.remove(at: index)
                layout()
            }
            return
        }
        if case .paste = key {
            ignorePasteInList()
            return
        }
        // Revealed swipe buttons take their keys (arrows, Tab, Enter, Esc) and their letters first.
        if handleSwipeKey(key) { return }
        if list.tableView.isEditing, let command = editingKeyMap.command(for: key) {
            perform(command)
            return
        }
        guard let command = keyMap.command(for: key) else {
            if key == .escape {
                list.clearHighlightedSearch()
            } else {
                say(.error("\(HelpOverlay.name(key)) does nothing here" + list.keys.offer(.help, "shows the keys")))
            }
            return
        }
        perform(command)
    }

    /// Opens a layer over the list.
    func present(_ overlay: Overlay) {
        overlays.append(overlay)
        layout()
    }

    /// Whether changes are refused, saying so when they are.
    func refusesChanges() -> Bool {
        guard list.store.isReadOnly else { return false }
        say(TodoCommands.readOnlyRefusal)
        return true
    }

    // MARK: Drawing

    /// Draws the screen; returns where the cursor should be shown (the input line's), or nil to hide it.
    public func render(into canvas: inout Canvas) -> Point? {
        if canvas.size != size { canvas.resize(width: size.width, height: size.height) } else { canvas.clear() }
        guard !isTooSmall else {
            drawTooSmall(in: &canvas)
            return nil
        }
        let statusLine = StatusLine(message: shownMessage, counts: list.readFailure == nil ? list.counts : nil, theme: theme,
                                    readOnly: list.store.isReadOnly, sync: syncIndicator, hint: list.keys.idleHint)
        // A long message takes rows above the status line for as long as it is shown: the list (or the
        // screen over it) gets shorter, so no row hides under it.
        let rows = statusLineCache.rows(statusLine, width: size.width, maxLines: maxStatusRows)
        if rows != statusRows {
            statusRows = rows
            layout()
        }
        var cursor: Point?
        var bottom = size.height - statusRows
        // The topmost full-screen layer (or the list) is drawn first, then the lines opened above it.
        let coverIndex = overlays.lastIndex { $0.bottomLines == nil }
        if let coverIndex {
            cursor = overlays[coverIndex].draw(in: &canvas, area: Rect(x: 0, y: 0, width: size.width, height: size.height - statusRows), theme: theme)
        } else {
            list.drawingFrame { list.tableView.draw(in: &canvas) }
        }
        for overlay in overlays[((coverIndex ?? -1) + 1)...].reversed() {
            guard let lines = overlay.bottomLines else { continue }
            bottom -= lines
            cursor = overlay.draw(in: &canvas, area: Rect(x: 0, y: bottom, width: size.width, height: lines), theme: theme) ?? cursor
        }
        statusLineCache.draw(statusLine, in: &canvas, row: size.height - 1, maxLines: maxStatusRows)
        return cursor
    }

    /// Renders a fresh canvas of the app's size.
    public func renderScreen() -> (canvas: Canvas, cursor: Point?) {
        var canvas = Canvas(width: size.width, height: size.height)
        let cursor = render(into: &canvas)
        return (canvas, cursor)
    }

    private func drawTooSmall(in canvas: inout Canvas) {
        let lines = ["Terminal too small", "(\(size.width)x\(size.height), need \(Self.minimumSize))"]
        for (index, line) in lines.enumerated() where index < canvas.height {
            canvas.draw(line, at: Point(x: 0, y: index), style: theme.hint, truncation: .ellipsis)
        }
    }
}
