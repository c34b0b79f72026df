import TermTable
import TodoStore

/// Plays a key script against the app on an in-memory canvas.
public final class ScriptRunner {
    /// The outcome of a script: the last screen and the table's reuse statistics.
    public struct Result {
        /// The screen after the last key (or after `q`).
        public var screen: Canvas
        /// How the table recycled its cells.
        public var statistics: ReuseStatistics
    }

    private let app: TickApp
    private var canvas: Canvas
    private var lastFrame: Canvas?

    /// Called with a heading and the screen for every `<Snap>`, and for every changed frame when
    /// `recordsFrames` is set (`--frames`).
    public var onScreen: ((_ heading: String, _ screen: Canvas) -> Void)?
    /// Whether every frame that differs from the one before is handed to `onScreen`.
    public var recordsFrames = false
    /// Screens handed out by `<Snap>` so far.
    public private(set) var snapCount = 0
    /// Frames handed out so far (with `recordsFrames`).
    public private(set) var frameCount = 0
    /// The last `<Caption>` seen, which headings repeat.
    public private(set) var caption: String?
    /// The `<Shell>` glimpse on the screen instead of the app, until a step other than `<Wait>` or `<Snap>`.
    private var glimpse: ShellGlimpse?

    /// A fresh app over `store` on a canvas of `size`.
    public init(store: TodoStore, size: Size, configuration: Configuration = Configuration()) {
        app = TickApp(store: store, size: size, configuration: configuration)
        canvas = Canvas(width: size.width, height: size.height)
    }

    /// Whether a key quit the app (later keys are not played).
    public var isFinished: Bool { app.isFinished }

    /// Plays keys until they run out or one quits.
    public func play<S: Sequence>(_ keys: S) where S.Element == Key {
        play(steps: keys.lazy.map(ScriptStep.key))
    }

    /// Plays steps until they run out or a key quits. Waits are skipped: the screens do not depend on time.
    /// What the app puts off to an idle moment (the collapsed parents) is written at the end, as the
    /// terminal's run loop writes it when the keys stop, so a script's store reads as a session's would.
    public func play<S: Sequence>(steps: S) where S.Element == ScriptStep {
        if recordsFrames && frameCount == 0 { emitFrame(after: nil) }
        defer {
            // A failure is said in the status line: the last screen shows it.
            if app.saveDeferredState() != nil, !app.isFinished { _ = app.render(into: &canvas) }
        }
        for step in steps {
            guard !app.isFinished else { return }
            switch step {
            case .wait, .snap, .shell: break
            default: glimpse = nil
            }
            switch step {
            case .key(let key):
                app.handle(key)
                // A key's search finishes before the next key, so a script's screens never depend on timing.
                app.waitForSearch()
                // Draw after every key, as the terminal would, so the table lays out as a user sees it.
                if !app.isFinished {
                    _ = app.render(into: &canvas)
                    if recordsFrames { emitFrame(after: key) }
                }
            case .snap:
                renderScreen()
                snapCount += 1
                onScreen?(Self.heading("snap \(snapCount)", caption: caption), canvas)
            case .caption(let text):
                caption = text
            case .today(let day, let minutes):
                app.list.today = { day }
                app.list.timeOfDay = { minutes }
                app.list.reloadFromStore()
                _ = app.render(into: &canvas)
            case .remote(let title):
                app.receiveFromAnotherDevice(title: title)
                _ = app.render(into: &canvas)
                if recordsFrames { emitFrame(after: nil, what: "after a change from another device") }
            case .shell(let line):
                let shown = ShellGlimpse(running: line, in: app)
                glimpse = shown
                renderScreen()
                if recordsFrames { emitFrame(after: nil, what: "after \(ShellGlimpse.prompt)\(line.text)") }
            case .wait:
                break
            }
        }
    }

    /// Draws what the screen shows now: the `<Shell>` glimpse while it is up, else the app.
    private func renderScreen() {
        if let glimpse {
            if canvas.size != app.size { canvas.resize(width: app.size.width, height: app.size.height) }
            glimpse.draw(into: &canvas)
        } else {
            _ = app.render(into: &canvas)
        }
    }

    private func emitFrame(after key: Key?, what event: String? = nil) {
        if key == nil && event == nil { _ = app.render(into: &canvas) }
        guard canvas != lastFrame else { return }
        lastFrame = canvas
        frameCount += 1
        let what = key.map { "after \($0)" } ?? event ?? "start"
        onScreen?(Self.heading("frame \(frameCount) \(what)", caption: caption), canvas)
    }

    /// The line printed above a snap or a frame: `--- snap 2: Adding a todo ---`.
    public static func heading(_ title: String, caption: String?) -> String {
        "--- \(title)\(caption.map { ": \($0)" } ?? "") ---"
    }

    /// The screen now and the reuse statistics.
    public var result: Result {
        renderScreen()
        return Result(screen: canvas, statistics: app.list.tableView.reuseStatistics)
    }

    /// Runs parsed keys on a fresh app over `store`; stops at the key that quits.
    public static func run(keys: [Key], store: TodoStore, size: Size, configuration: Configuration = Configuration()) -> Result {
        let runner = ScriptRunner(store: store, size: size, configuration: configuration)
        runner.play(keys)
        return runner.result
    }

    /// Runs a whole script (directives included, so `<Today>` pins the date) on a fresh app over `store`.
    public static func run(script: String, store: TodoStore, size: Size, configuration: Configuration = Configuration()) throws(KeyScript.ParseError) -> Result {
        let steps = try KeyScript.parseSteps(script)
        let runner = ScriptRunner(store: store, size: size, configuration: configuration)
        runner.play(steps: steps)
        return runner.result
    }

    /// The screen as the text script mode prints: every line, trailing spaces removed.
    public static func text(of screen: Canvas) -> String {
        screen.lines.joined(separator: "\n") + "\n"
    }
}
