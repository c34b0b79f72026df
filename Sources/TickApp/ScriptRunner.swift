import TermTable
import TodoStore

/// Plays a key script against the app on an in-memory canvas.
public enum ScriptRunner {
    /// The outcome of a script: the last screen and the table's reuse statistics.
    public struct Result {
        /// The screen after the last key (or after `q`).
        public var screen: Canvas
        /// How the table recycled its cells.
        public var statistics: ReuseStatistics
    }

    /// Runs parsed keys on a fresh app over `store`; stops at the key that quits.
    public static func run(keys: [Key], store: TodoStore, size: Size, configuration: Configuration = Configuration()) -> Result {
        let app = TickApp(store: store, size: size, configuration: configuration)
        var canvas = Canvas(width: size.width, height: size.height)
        for key in keys {
            app.handle(key)
            if app.isFinished { break }
            // Draw after every key, as the terminal would, so the table lays out as a user sees it.
            _ = app.render(into: &canvas)
        }
        _ = app.render(into: &canvas)
        return Result(screen: canvas, statistics: app.list.tableView.reuseStatistics)
    }

    /// The screen as the text script mode prints: every line, trailing spaces removed.
    public static func text(of screen: Canvas) -> String {
        screen.lines.joined(separator: "\n") + "\n"
    }
}
