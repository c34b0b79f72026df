import FoundationEssentials
import TermTable
import Terminal
import TodoStore

/// Runs the app in a real terminal through ncurses: read a burst of keys, apply them all, draw one frame.
public enum InteractiveSession {
    /// Frames and bytes of one session, for `--stats` and the statistics key. A class, because the
    /// statistics key reads it while the loop is counting.
    public final class Counters {
        /// Frames presented.
        public var frames = 0
        /// Bytes written to the terminal (what ncurses sent).
        public var bytesWritten = 0
    }

    /// Runs until the user quits, input ends, or a termination signal arrives; returns the exit status
    /// and, with `--stats`, prints reuse and drawing statistics after the terminal is restored.
    public static func run(store: TodoStore, options: LaunchOptions, configuration: Configuration) throws(TerminalError) -> Int32 {
        let screen = try TerminalScreen(options: TerminalOptions(mouse: configuration.mouse && !options.disablesMouse,
                                                                 countsBytes: options.printsStatistics))
        let app = TickApp(store: store, size: screen.size, configuration: configuration)
        app.useTheme(configuration.themeName, on: ThemeColors(screen.colorCapability))
        // The notes editor gets the terminal with curses suspended; the opener never gets it.
        app.externalPrograms = .system(environment: ProcessInfo.processInfo.environment) { run in
            screen.runOutsideCurses(run)
        }
        app.reminderAlerts = configuration.reminderAlerts
        app.terminalAbilities = .terminal(named: ProcessInfo.processInfo.environment["TERM"], clipboardAllowed: configuration.clipboard)
        if configuration.sync.isConfigured, !store.isInMemory {
            // The sync's own connection to the file, on its own queue: it writes as another process would.
            let environment = ProcessInfo.processInfo.environment
            let runner = CalDAVSyncRunner(path: store.path, historyDepth: store.historyDepth,
                                          durability: TodoStore.Durability(environment: environment),
                                          settings: configuration.sync, environment: environment, zone: app.list.localTime)
            let start = ContinuousClock.now
            app.enableBackgroundSync(runner: runner, interval: Double(configuration.sync.intervalMinutes * 60)) {
                let elapsed = (ContinuousClock.now - start).components
                return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            }
        }
        let counters = Counters()
        let countsFromStart = screen.countsBytes
        app.sessionStatistics = {
            // Counting costs system calls on every frame, so without --stats it starts at the first F12.
            guard screen.countsBytes else {
                screen.countsBytes = true
                return screen.countsBytes ? "frames \(counters.frames) · bytes counted from now on" : "frames \(counters.frames)"
            }
            return "frames \(counters.frames) · bytes written \(screen.bytesWritten)\(countsFromStart ? "" : " since the first F12")"
        }
        let status = loop(app: app, screen: screen, store: store, counters: counters)
        // What waited for an idle moment (the collapsed parents) is written however the session ends:
        // `q`, the end of the input, or a termination signal (Ctrl-C), which ends the loop too.
        let unsaved = app.saveDeferredState()
        // The window title the shell had, when a reminder set Tick's.
        screen.writeBetweenFrames(app.takeClosingTerminalOutput())
        counters.bytesWritten = screen.bytesWritten
        screen.stop()
        if let unsaved { _ = FileStream.standardError.write("tick: " + OSC52.withoutControls(unsaved) + "\n") }
        if options.printsStatistics {
            print(app.list.tableView.reuseStatistics)
            print("frames \(counters.frames), bytes written \(counters.bytesWritten)")
        }
        return status
    }

    /// How often the loop looks for changes another process made to the store.
    static let externalChangesMilliseconds = 500
    /// How often the loop looks for a background search's matches while one runs.
    static let searchPollMilliseconds = 4
    /// How often the loop turns the pulled row's spinner and looks for the outcome while a sync runs.
    static let syncPollMilliseconds = 100

    private static func loop(app: TickApp, screen: TerminalScreen, store: TodoStore, counters: Counters) -> Int32 {
        // Two canvases used in turn: the presenter keeps the last frame to diff against, so drawing
        // the next frame into the other one never copies the cells the presenter still holds.
        var canvases = [Canvas(width: screen.size.width, height: screen.size.height),
                        Canvas(width: screen.size.width, height: screen.size.height)]
        var lastPoll = ContinuousClock.now
        var lastSpin = ContinuousClock.now
        var needsFrame = true
        var tidying = IdleTidying()
        while !app.isFinished {
            if needsFrame {
                let index = counters.frames % 2
                let cursor = app.render(into: &canvases[index])
                // A full redraw writes every cell: no scroll hint goes with it (read before it is reset).
                let redrawsEverything = app.needsFullRedraw
                if redrawsEverything {
                    app.needsFullRedraw = false
                    screen.invalidate()
                }
                let slide = app.list.tableView.scrollSinceLastDraw
                screen.present(canvases[index], cursor: cursor,
                               scroll: redrawsEverything || app.hasOverlay ? nil : slide.map { ScrollHint(lines: $0.lines, distance: $0.distance) })
                // An OSC 52 copy goes after the frame that says it was copied.
                screen.writeBetweenFrames(app.takeTerminalOutput())
                counters.frames += 1
                needsFrame = false
                // The first sync starts once the first frame is out, so it costs the first frame nothing;
                // the next frame says it is syncing.
                if counters.frames == 1, app.startBackgroundSync() { needsFrame = true }
                // What the first R reads is prepared while nobody waits (nothing drawn changes).
                if counters.frames == 1 { app.list.prepareForHidingWaiting() }
            }
            if let signal = TerminalScreen.takeTerminationSignal() { return 128 + signal }
            // A burst of keys (key repeat, a paste) is applied as a whole before the next frame.
            // Asleep until a key, a signal, a tidying step, or the next look for another process's changes.
            // While a search runs in the background, the loop wakes every few milliseconds to show its matches.
            // While a sync runs, every 100 ms (the spinner); idle, the sync adds no wake of its own.
            let timeout = app.isSearching ? searchPollMilliseconds
                : min(tidying.timeoutMilliseconds ?? externalChangesMilliseconds, app.isSyncing ? syncPollMilliseconds : Int.max)
            guard let keys = screen.readKeys(timeoutMilliseconds: timeout) else { break }
            for key in keys {
                if case .resize = key { screen.invalidate() }
                app.handle(key)
                needsFrame = true
                if app.isFinished { break }
            }
            // Notice another process writing the store, without a key press.
            if ContinuousClock.now - lastPoll >= .milliseconds(externalChangesMilliseconds) {
                lastPoll = ContinuousClock.now
                if app.showExternalChanges() {
                    needsFrame = true
                    tidying.indexMayHaveChanged()
                }
                // A due time passing turns its row late without a key; a reminder coming due is said.
                if app.showClockChange() { needsFrame = true }
                if app.showDueReminders() { needsFrame = true }
            }
            if app.showFoundSearches() { needsFrame = true }
            if app.isSyncing, ContinuousClock.now - lastSpin >= .milliseconds(syncPollMilliseconds) {
                lastSpin = ContinuousClock.now
                if app.list.tableView.advanceRefreshAnimation() { needsFrame = true }
            }
            // Outcomes, and the next sync when one is due (checked on the wakes the loop has anyway).
            if app.showBackgroundSync() {
                needsFrame = true
                tidying.indexMayHaveChanged()
            }
            if keys.isEmpty, !app.isSearching {
                // Idle: first what the keys put off (a transaction), then a step of tidying.
                if app.hasDeferredState {
                    if app.saveDeferredState() != nil { needsFrame = true }
                }
                tidying.idle { store.tidySearchIndex(pages: $0) }
            } else {
                tidying.indexMayHaveChanged()
            }
        }
        if let signal = TerminalScreen.takeTerminationSignal() { return 128 + signal }
        return 0
    }
}

extension ThemeColors {
    /// The colors a theme may use on a terminal of `capability`.
    init(_ capability: ColorCapability) {
        switch capability {
        case .monochrome: self = .monochrome
        case .ansi8, .ansi16: self = .ansi
        case .palette256: self = .palette256
        }
    }
}
