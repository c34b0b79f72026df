import TermTable
import TodoStore

/// The whole app as a state machine: keys in, a screen (canvas) out. No terminal in here, so the
/// same app runs under ncurses, from a key script, and in tests.
public final class TickApp {
    /// The todo list.
    public let list: TodoListController
    /// Bindings of the list screen.
    public var keyMap = KeyMap.standard
    /// How things look.
    public var theme: Theme { didSet { list.theme = theme } }
    /// The screen size the app draws for.
    public private(set) var size: Size
    /// Set once the user quit.
    public private(set) var isFinished = false
    /// Set when the screen should be repainted from scratch (Ctrl-L).
    public var needsFullRedraw = false

    /// The input line, while one is open.
    private var prompt: Prompt?

    /// The smallest screen Tick draws its list on; below it shows a note instead.
    public static let minimumSize = Size(width: 12, height: 3)

    /// Creates the app over a store, for a screen of `size`.
    public init(store: TodoStore, size: Size, theme: Theme = .standard) {
        list = TodoListController(store: store)
        self.theme = theme
        self.size = size
        list.theme = theme
        layout()
    }

    /// Whether the input line is open.
    public var isPrompting: Bool { prompt != nil }

    /// Adapts to a new screen size, keeping the highlighted row visible.
    public func resize(to newSize: Size) {
        size = Size(width: max(0, newSize.width), height: max(0, newSize.height))
        layout()
    }

    private var isTooSmall: Bool {
        size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    private func layout() {
        let reserved = 1 + (prompt == nil ? 0 : 1)
        list.tableView.frame = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - reserved))
    }

    // MARK: Keys

    /// Handles one key.
    public func handle(_ key: Key) {
        if case .resize(let width, let height) = key {
            resize(to: Size(width: width, height: height))
            return
        }
        if case .mouse(let event) = key {
            handleMouse(event)
            return
        }
        if prompt != nil {
            handlePromptKey(key)
            return
        }
        guard let command = keyMap.command(for: key) else {
            if key != .escape { list.message = .error("\(key) does nothing here") }
            return
        }
        perform(command)
    }

    /// Runs a command on the list.
    public func perform(_ command: Command) {
        let table = list.tableView
        let page = max(1, table.frame.height - 1)
        switch command {
        case .moveDown: table.moveSelection(by: 1)
        case .moveUp: table.moveSelection(by: -1)
        case .moveToTop: table.moveSelectionToFirstRow()
        case .moveToBottom: table.moveSelectionToLastRow()
        case .pageDown: table.moveSelection(byLines: page)
        case .pageUp: table.moveSelection(byLines: -page)
        case .halfPageDown: table.moveSelection(byLines: max(1, table.frame.height / 2))
        case .halfPageUp: table.moveSelection(byLines: -max(1, table.frame.height / 2))
        case .add: openPrompt(Prompt(purpose: .add))
        case .toggle: list.toggleSelected()
        case .delete: list.deleteSelected()
        case .redraw: needsFullRedraw = true
        case .quit: isFinished = true
        }
    }

    /// The wheel scrolls, a click highlights the row under it.
    private func handleMouse(_ event: MouseEvent) {
        guard prompt == nil else { return }
        let table = list.tableView
        switch event.kind {
        case .wheelUp: table.scroll(byLines: -3)
        case .wheelDown: table.scroll(byLines: 3)
        case .press(.left):
            if let indexPath = table.indexPathForRow(at: Point(x: event.x, y: event.y)) { table.moveSelection(to: indexPath) }
        default: break
        }
    }

    private func openPrompt(_ newPrompt: Prompt) {
        if list.store.isReadOnly {
            list.message = .error("Read-only store: changes are disabled")
            return
        }
        prompt = newPrompt
        layout()
    }

    private func closePrompt() {
        prompt = nil
        layout()
    }

    private func handlePromptKey(_ key: Key) {
        guard var current = prompt else { return }
        switch current.editor.handle(key) {
        case .edited, .ignored:
            prompt = current
        case .cancelled:
            closePrompt()
            list.message = .info("Cancelled")
        case .submitted:
            switch current.purpose {
            case .add:
                if list.addTodo(title: current.editor.text) {
                    closePrompt()
                } else {
                    prompt = current
                }
            }
        }
    }

    // MARK: Drawing

    /// Draws the screen; returns where the cursor should be shown (the input line's), or nil to hide it.
    public func render(into canvas: inout Canvas) -> Point? {
        if canvas.size != size { canvas.resize(width: size.width, height: size.height) } else { canvas.clear() }
        guard !isTooSmall else {
            drawTooSmall(in: &canvas)
            return nil
        }
        list.tableView.draw(in: &canvas)
        var cursor: Point?
        if var current = prompt {
            cursor = current.draw(in: &canvas, line: size.height - 2, width: size.width, theme: theme)
            prompt = current
        }
        StatusLine(message: list.message, counts: list.counts, theme: theme, readOnly: list.store.isReadOnly)
            .draw(in: &canvas, line: size.height - 1)
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
