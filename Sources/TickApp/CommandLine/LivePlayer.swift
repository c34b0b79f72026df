import Glibc
import FoundationEssentials
import TermTable
import Terminal
import TodoStore

/// Plays key-script steps at human speed: the app draws as it would for a user, with a caption
/// line at the bottom saying what the current steps show.
///
/// Used by `tick demo` and by `tick --script FILE --play` in the terminal, and by `tick demo --record`
/// on a recording. While it plays in a terminal, Space pauses and resumes, `q` or Esc stops, and a
/// real resize is followed. `<Resize WxH>` shows the app at that size (within the surface) with its
/// edge drawn, as if the window had shrunk.
public final class LivePlayer {
    /// How a playback ended.
    public enum Outcome: Equatable {
        /// Every step played (or a key in the script quit the app).
        case finished
        /// The viewer pressed q or Esc.
        case stopped
        /// A termination signal arrived (exit with 128 + it).
        case signal(Int32)
    }

    private let app: TickApp
    private let screen: any PlaybackSurface
    private let delay: Int
    private var requestedSize: Size?
    private var caption: String?
    private var frame: Canvas
    private var appCanvas: Canvas
    private var paused = false
    /// Whether the last screen is held for a key (the hint then has nothing to offer).
    private var holding = false
    /// The `<Shell>` glimpse drawn instead of the app, until a step other than `<Wait>` or `<Snap>`.
    private var glimpse: ShellGlimpse?
    /// How much of the glimpse's line is typed while it is being typed; nil once it has run.
    private var typedCharacters: Int?
    /// How `<Wait>` pauses scale: 1 plays them as written; the demo scales its own with `--delay`.
    public var waitScale = 1.0
    /// Whether the caption line offers Space and q: not in a recording, where nobody can press them.
    public var showsControls = true

    /// A player drawing `app` on `screen` in the app's theme (its config file's `theme` and `color`
    /// lines), pausing `delayMilliseconds` after each key.
    public init(app: TickApp, screen: any PlaybackSurface, delayMilliseconds: Int) {
        self.app = app
        self.screen = screen
        delay = max(0, delayMilliseconds)
        frame = Canvas(width: screen.size.width, height: screen.size.height)
        appCanvas = Canvas(width: 0, height: 0)
        app.useTheme(app.themeName, on: ThemeColors(screen.colorCapability))
        layout()
    }

    /// `tick --script FILE --play`: plays a script from `reader` live over `store`, then holds the
    /// last screen until a key; returns the exit status.
    ///
    /// The viewer's keys come from the terminal (`/dev/tty`), not from standard input: that may be
    /// the script's own pipe, whose end is no key press (nor is a script's text).
    public static func playScript(_ reader: inout KeyScriptReader, store: TodoStore, configuration: Configuration,
                                  delayMilliseconds: Int) throws -> Int32 {
        let keyboard = Keyboard.open()
        defer { keyboard.close() }
        let screen = try TerminalScreen(options: TerminalOptions(mouse: false, allowsPipedInput: true,
                                                                 inputDescriptor: keyboard.descriptor))
        defer { screen.stop() }
        let app = TickApp(store: store, size: screen.size, configuration: configuration)
        let player = LivePlayer(app: app, screen: screen, delayMilliseconds: delayMilliseconds)
        var outcome = Outcome.finished
        while outcome == .finished, !app.isFinished, let steps = try reader.next() { outcome = player.play(steps) }
        // What the app put off to an idle moment (the collapsed parents) is written however the
        // playback ended; a failure is said in the status line the held screen shows.
        app.saveDeferredState()
        if outcome == .finished, !app.isFinished { outcome = player.hold(saying: "End of the script: press any key to leave") }
        if case .signal(let number) = outcome { return 128 + number }
        return 0
    }

    /// The caption line: a bar of its own color where there are 256 colors (reverse video would look
    /// like the selected row), reverse video elsewhere.
    private var captionStyle: Style {
        screen.colorCapability == .palette256 ? Style(foreground: .indexed(231), background: .indexed(24))
            : Style(attributes: .reverse)
    }

    /// Plays the steps; returns early when the viewer stops or a signal arrives.
    public func play<S: Sequence>(_ steps: S) -> Outcome where S.Element == ScriptStep {
        draw()
        for step in steps {
            switch step {
            case .wait, .snap: break
            default: glimpse = nil
            }
            switch step {
            case .key(.resize(let width, let height)):
                requestedSize = Size(width: width, height: height)
                layout()
            case .key(let key):
                app.handle(key)
                // As in a key script: a key's search finishes before the next key.
                app.waitForSearch()
            case .caption(let text):
                caption = text
            case .today(let day, let minutes):
                app.list.today = { day }
                app.list.timeOfDay = { minutes }
                app.list.reloadFromStore()
            case .remote(let title):
                app.receiveFromAnotherDevice(title: title)
            case .shell(let line):
                glimpse = ShellGlimpse(running: line, in: app)
                if let outcome = type(line) { return outcome }
            case .wait, .snap:
                break
            }
            if app.isFinished { return .finished }
            draw()
            let pause: Int
            switch step {
            case .wait(let milliseconds): pause = Int((Double(milliseconds) * waitScale).rounded())
            // A new caption gets time to be read before its keys start.
            case .caption: pause = delay * 8
            case .snap, .today: pause = 0
            case .remote: pause = delay * 4
            // The output gets a moment before the script's own <Wait> holds it.
            case .shell: pause = delay * 2
            case .key: pause = delay
            }
            if let outcome = pauseWatchingInput(milliseconds: pause) { return outcome }
        }
        return .finished
    }

    /// Types the glimpse's line after its prompt a character at a time, a third of the delay apart;
    /// returns early when the viewer stops or a signal arrives.
    private func type(_ line: ShellCommandLine) -> Outcome? {
        defer { typedCharacters = nil }
        for count in 0...line.text.count {
            typedCharacters = count
            draw()
            if let outcome = pauseWatchingInput(milliseconds: delay / 3) { return outcome }
        }
        return nil
    }

    /// Shows `text` in the caption line as the last word, with no controls offered.
    public func end(saying text: String) {
        caption = text
        holding = true
        draw()
    }

    /// Shows `text` in the caption line and waits for any key (or the end of input); returns a signal if one arrives.
    public func hold(saying text: String) -> Outcome {
        end(saying: text)
        while true {
            if let signal = screen.takeTerminationSignal() { return .signal(signal) }
            guard let keys = screen.waitForKeys(milliseconds: 250) else { return .finished }
            for key in keys {
                if case .resize = key { follow(); continue }
                return .finished
            }
        }
    }

    /// Waits, reading the viewer's keys meanwhile; nil to go on, or how playback ended.
    private func pauseWatchingInput(milliseconds: Int) -> Outcome? {
        let deadline = screen.clockMilliseconds + milliseconds
        repeat {
            if let signal = screen.takeTerminationSignal() { return .signal(signal) }
            let remaining = paused ? 250 : max(0, deadline - screen.clockMilliseconds)
            guard let keys = screen.waitForKeys(milliseconds: remaining) else {
                // Keys came from a pipe that has ended: nobody can press anything, so just keep time.
                usleep(useconds_t(min(remaining, 250) * 1000))
                continue
            }
            for key in keys {
                switch key {
                case .resize: follow()
                case .character("q"), .escape, .control("c"): return .stopped
                case .character(" "):
                    paused.toggle()
                    draw()
                default: break
                }
            }
        } while paused || screen.clockMilliseconds < deadline
        return nil
    }

    /// The terminal changed size: lay out again and repaint everything.
    private func follow() {
        screen.invalidate()
        layout()
        draw()
    }

    /// The app gets the terminal minus the caption line, or the size a `<Resize>` asked for when smaller.
    private func layout() {
        let area = Size(width: screen.size.width, height: max(0, screen.size.height - 1))
        let size = requestedSize.map { Size(width: min($0.width, area.width), height: min($0.height, area.height)) } ?? area
        app.resize(to: size)
        frame.resize(width: screen.size.width, height: screen.size.height)
    }

    private func draw() {
        let cursor: Point?
        if let glimpse {
            if appCanvas.size != app.size { appCanvas.resize(width: app.size.width, height: app.size.height) }
            cursor = glimpse.draw(into: &appCanvas, typedCharacters: typedCharacters)
        } else {
            cursor = app.render(into: &appCanvas)
        }
        frame.clear()
        frame.copy(appCanvas, from: appCanvas.bounds, to: Point(x: 0, y: 0))
        drawEdge()
        drawCaption()
        screen.show(frame, cursor: cursor)
    }

    /// The right and bottom edges of an app drawn smaller than the terminal.
    private func drawEdge() {
        let edge = Style(attributes: .dim)
        let size = appCanvas.size
        let areaHeight = frame.height - 1
        if size.width < frame.width {
            for y in 0..<min(size.height, areaHeight) { frame.draw("│", at: Point(x: size.width, y: y), style: edge) }
        }
        if size.height < areaHeight {
            frame.draw(String(repeating: "─", count: min(size.width, frame.width)), at: Point(x: 0, y: size.height), style: edge)
            if size.width < frame.width { frame.draw("┘", at: Point(x: size.width, y: size.height), style: edge) }
        }
    }

    private func drawCaption() {
        guard frame.height > 0 else { return }
        let line = frame.height - 1
        let style = captionStyle
        frame.fill(Rect(x: 0, y: line, width: frame.width, height: 1), style: style)
        let hint = holding || !showsControls ? "" : paused ? " paused · Space goes on · q quits " : " Space pauses · q quits "
        let hintWidth = DisplayWidth.of(hint)
        let room = frame.width - (hintWidth > 0 && frame.width >= hintWidth + 20 ? hintWidth : 0)
        frame.draw(" ▶ " + (caption ?? ""), at: Point(x: 0, y: line), style: style.adding(.bold), maxWidth: room, truncation: .ellipsis)
        if room < frame.width { frame.draw(hint, at: Point(x: frame.width - hintWidth, y: line), style: style) }
    }
}
