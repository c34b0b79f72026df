import TermTable
import Terminal
import TodoStore

/// Runs the app in a real terminal through ncurses: read a burst of keys, apply them all, draw one frame.
public enum InteractiveSession {
    /// Runs until the user quits, input ends, or a termination signal arrives; returns the exit status.
    public static func run(store: TodoStore, options: LaunchOptions) throws(TerminalError) -> Int32 {
        let screen = try TerminalScreen(options: TerminalOptions(mouse: !options.disablesMouse))
        defer { screen.stop() }
        let app = TickApp(store: store, size: screen.size)
        if screen.colorCapability == .monochrome { app.theme = Theme.standard.monochrome }
        var canvas = Canvas(width: screen.size.width, height: screen.size.height)
        var lastPoll = ContinuousClock.now
        while !app.isFinished {
            let cursor = app.render(into: &canvas)
            if app.needsFullRedraw {
                app.needsFullRedraw = false
                screen.invalidate()
            }
            screen.present(canvas, cursor: cursor)
            if let signal = TerminalScreen.takeTerminationSignal() { return 128 + signal }
            guard let keys = screen.readKeys(timeoutMilliseconds: 250) else { break }
            for key in keys {
                if case .resize = key { screen.invalidate() }
                app.handle(key)
                if app.isFinished { break }
            }
            // Notice another process writing the store, without a key press.
            if ContinuousClock.now - lastPoll > .milliseconds(500) {
                lastPoll = ContinuousClock.now
                if store.hasExternalChanges() { app.list.reloadFromStore() }
            }
        }
        if let signal = TerminalScreen.takeTerminationSignal() { return 128 + signal }
        return 0
    }
}
