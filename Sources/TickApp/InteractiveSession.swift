import TermTable
import Terminal
import TodoStore

/// Runs the app in a real terminal through ncurses: read a burst of keys, apply them all, draw one frame.
public enum InteractiveSession {
    /// Runs until the user quits, input ends, or a termination signal arrives; returns the exit status.
    public static func run(store: TodoStore, options: LaunchOptions, configuration: Configuration) throws(TerminalError) -> Int32 {
        let screen = try TerminalScreen(options: TerminalOptions(mouse: configuration.mouse && !options.disablesMouse))
        defer { screen.stop() }
        let app = TickApp(store: store, size: screen.size, configuration: configuration)
        switch screen.colorCapability {
        case .palette256: app.theme = Theme.rich.applying(configuration.colors)
        case .monochrome: app.theme = Theme.standard.applying(configuration.colors).monochrome
        default: app.theme = Theme.standard.applying(configuration.colors)
        }
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
