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

    /// A fresh app over `store` on a canvas of `size`.
    public init(store: TodoStore, size: Size, configuration: Configuration = Configuration()) {
        app = TickApp(store: store, size: size, configuration: configuration)
        canvas = Canvas(width: size.width, height: size.height)
    }

    /// Whether a key quit the app (later keys are not played).
    public var isFinished: Bool { app.isFinished }

    /// Plays keys until they run out or one quits.
    public func play<S: Sequence>(_ keys: S) where S.Element == Key {
        for key in keys {
            guard !app.isFinished else { return }
            app.handle(key)
            // Draw after every key, as the terminal would, so the table lays out as a user sees it.
            if !app.isFinished { _ = app.render(into: &canvas) }
        }
    }

    /// The screen now and the reuse statistics.
    public var result: Result {
        _ = app.render(into: &canvas)
        return Result(screen: canvas, statistics: app.list.tableView.reuseStatistics)
    }

    /// Runs parsed keys on a fresh app over `store`; stops at the key that quits.
    public static func run(keys: [Key], store: TodoStore, size: Size, configuration: Configuration = Configuration()) -> Result {
        let runner = ScriptRunner(store: store, size: size, configuration: configuration)
        runner.play(keys)
        return runner.result
    }

    /// The screen as the text script mode prints: every line, trailing spaces removed.
    public static func text(of screen: Canvas) -> String {
        screen.lines.joined(separator: "\n") + "\n"
    }
}
