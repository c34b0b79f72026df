import CNcursesw
import CTerminalSupport
import Glibc
import TermTable

/// The interactive terminal: starts ncurses, shows canvases, reads keys, and always gives the
/// terminal back as it found it — on `stop()`, on Ctrl-C/SIGTERM/SIGHUP/SIGQUIT (through the caller),
/// on Ctrl-Z (while stopped) and on a crash (from a signal handler).
///
/// Only one screen may be live at a time, and every call must come from the thread that made it.
public final class TerminalScreen {
    /// The options the screen was started with.
    public let options: TerminalOptions
    /// How much color is in use, decided at start-up.
    public let colorCapability: ColorCapability
    /// Whether standard input reported end of input (a closed pipe, a hung-up terminal).
    public internal(set) var isAtEndOfInput = false
    /// Whether `stop()` has run.
    public private(set) var isStopped = false

    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let presenter: CanvasPresenter
    var decoder = InputDecoder()
    /// One read's worth of input, reused.
    var inputBuffer = [UInt8](repeating: 0, count: 4096)
    /// Bytes read but not decoded yet (a UTF-8 sequence cut by the end of a read).
    var pendingBytes: [UInt8] = []
    var counter = OutputByteCounter()

    /// Starts ncurses on standard output after checking the terminal, `TERM` and the locale.
    public init(options: TerminalOptions = TerminalOptions()) throws(TerminalError) {
        self.options = options
        try TerminalPreflight.checkTerminal(allowsPipedInput: options.allowsPipedInput)
        try TerminalPreflight.ensureUTF8Locale()

        // The shell's terminal state, before curses changes it, is what a crash handler puts back.
        _ = ct_save_termios(STDOUT_FILENO)
        // Before newterm, so ncurses sees our SIGINT/SIGTERM/SIGTSTP handlers and keeps its own out.
        _ = ct_install_signal_handlers()
        var counter = OutputByteCounter()
        counter.isEnabled = options.countsBytes
        guard let screen = counter.measure({ newterm(nil, cn_stdout(), cn_stdin()) }) else {
            ct_uninstall_signal_handlers()
            throw .cursesFailed("newterm failed for TERM=\(String(cString: getenv("TERM")))")
        }
        self.screen = screen
        set_term(screen)
        window = cn_stdscr()

        cbreak()  // not raw(): Ctrl-C and Ctrl-Z must stay signals
        noecho()
        nonl()
        intrflush(window, false)
        // Keys are read and decoded by Tick (TerminalScreen+Input), not by ncurses' wgetch: no keypad
        // mode is sent, so cursor keys arrive as ESC [ A and friends, which InputDecoder knows.
        typeahead(-1)  // finish every frame even when keys are waiting: frames stay whole and countable
        curs_set(0)
        idlok(window, true)  // allows insert/delete line; scrolling via csr+ind is found either way
        leaveok(window, true)

        let capability = Self.startColors(preference: options.colors)
        colorCapability = capability.capability
        presenter = CanvasPresenter(window: window, capability: capability.capability, defaultColorsWork: capability.defaultColorsWork)

        let restore = RestoreSequence.bytes(
            mouse: options.mouse,
            sgr0: cn_tigetstr("sgr0").map { String(cString: $0) },
            cnorm: cn_tigetstr("cnorm").map { String(cString: $0) },
            rmkx: cn_tigetstr("rmkx").map { String(cString: $0) },
            rmcup: cn_tigetstr("rmcup").map { String(cString: $0) })
        _ = restore.withUnsafeBufferPointer { ct_set_restore_sequence($0.baseAddress, $0.count) }
        // ncurses 6.4 flushes its output buffer after every cursor movement until the screen has been
        // through endwin() once (its "initial" state is meant for low-level terminfo programs): a page
        // then costs one write(2) per line. Suspending now makes the first frame resume curses mode
        // ("running"), and every later frame is one write.
        counter.measure { _ = endwin() }
        counter.measure { writeRaw(RestoreSequence.modesOn(mouse: options.mouse)) }
        self.counter = counter
    }

    deinit { stop() }

    /// The terminal's size in columns and lines.
    public var size: Size { presenter.screenSize }

    /// Bytes written to the terminal while `countsBytes` was on (escape sequences included), for `--stats`.
    public var bytesWritten: Int { counter.total }

    /// Whether `bytesWritten` is being measured: off by default (it costs system calls on every
    /// frame), and always off where Linux's per-thread I/O counters in /proc cannot be read.
    public var countsBytes: Bool {
        get { counter.isEnabled && counter.isAvailable }
        set { counter.isEnabled = newValue }
    }

    /// Shows `canvas`, sending only the cells that changed since the last frame, and puts the
    /// cursor at `cursor` (hidden when nil).
    /// A list scrolled by one line costs about one line of output: ncurses detects the scroll; with a
    /// `scroll` hint (which lines slid, and by how much) Tick also skips copying the lines that slid.
    public func present(_ canvas: Canvas, cursor: Point? = nil, scroll: ScrollHint? = nil) {
        guard !isStopped else { return }
        counter.measure { presenter.present(canvas, cursor: cursor, scroll: scroll) }
    }

    /// Makes the next frame clear the terminal and repaint everything (after Ctrl-L, a resize, a resume).
    public func invalidate() {
        guard !isStopped else { return }
        presenter.invalidate()
    }

    /// A termination signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) waiting to be acted on; the run loop should
    /// `stop()` and exit. A second one before that restores the terminal and exits at once.
    public var pendingSignal: Int32? {
        let signal = ct_pending_termination_signal()
        return signal == 0 ? nil : signal
    }

    /// Returns and clears the pending termination signal, if any.
    public static func takeTerminationSignal() -> Int32? {
        let signal = ct_take_termination_signal()
        return signal == 0 ? nil : signal
    }

    /// Whether an interactive session could start (terminals on both ends, a usable `TERM`),
    /// without starting curses; `main` uses it to choose between interactive and script mode.
    public static func isInteractiveTerminalAvailable(allowsPipedInput: Bool = false) -> Bool {
        TerminalPreflight.isInteractiveTerminalAvailable(allowsPipedInput: allowsPipedInput)
    }

    /// Stops the process as Ctrl-Z does: the terminal is restored while stopped and repainted on `fg`.
    public func suspend() {
        guard !isStopped else { return }
        counter.measure {
            writeRaw(RestoreSequence.modesOff(mouse: options.mouse))
            endwin()
        }
        ct_suspend_self()
        // The shell may have changed the terminal while we were stopped; that is what to restore now.
        _ = ct_save_termios(STDOUT_FILENO)
        counter.measure {
            // The first refresh after endwin re-enters curses mode (smcup, keypad, cursor state).
            clearok(cn_curscr(), true)
            wrefresh(window)
            writeRaw(RestoreSequence.modesOn(mouse: options.mouse))
        }
    }

    /// Ends curses and restores the terminal (mouse off, attributes, cursor, main screen, termios).
    /// Safe to call more than once; also called on deinit.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        counter.measure {
            writeRaw(RestoreSequence.modesOff(mouse: options.mouse))
            endwin()
        }
        delscreen(screen)
        ct_uninstall_signal_handlers()
    }

    /// Writes a control sequence the app built (an OSC 52 copy) straight to the terminal, after a
    /// frame was presented (ncurses has flushed its buffer by then). The caller makes sure nothing in
    /// it came from user or server data unencoded.
    public func writeBetweenFrames(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        var bytes = bytes
        counter.measure { _ = ct_write_all(STDOUT_FILENO, &bytes, bytes.count) }
    }

    /// Writes bytes straight to the terminal, between frames (ncurses has flushed its buffer by then).
    func writeRaw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = ct_write_all(STDOUT_FILENO, &bytes, bytes.count)
    }

    private static func startColors(preference: ColorPreference) -> (capability: ColorCapability, defaultColorsWork: Bool) {
        let noColor = getenv("NO_COLOR").map { String(cString: $0) }
        let wanted = ColorCapability.decide(terminalHasColors: has_colors(), colorCount: 256, preference: preference, noColor: noColor)
        guard wanted != .monochrome, start_color() == OK else { return (.monochrome, false) }
        let defaultColorsWork = use_default_colors() == OK
        let capability = ColorCapability.decide(
            terminalHasColors: true, colorCount: Int(cn_colors()), preference: preference, noColor: noColor)
        return (capability, defaultColorsWork)
    }
}
