import TermTable
import TodoStore
import TodoSync

/// Sync inside the open app (when the config file has `sync` lines): `BackgroundSync` decides when,
/// a `SyncRunner` syncs away from the key thread, and this shows it: the status line's sync state, a
/// message for conflicts and failures, the pulled refresh row, and the remote changes, which arrive as
/// another connection's changes through `showExternalChanges()`.
extension TickApp {
    /// Turns sync on: `runner` syncs, every `interval` seconds (nil: only after changes and when asked),
    /// `debounce` seconds after the last local change, and when the user asks (the sync key, `S` unless
    /// the config binds `sync` elsewhere or `S` to something else, and pulling the list past its top).
    /// `now` is a monotonic clock in seconds. Nothing starts before `startBackgroundSync()`.
    public func enableBackgroundSync(runner: any SyncRunner, interval: Double?,
                                     debounce: Double = BackgroundSync.defaultDebounceSeconds, now: @escaping () -> Double) {
        backgroundSync = BackgroundSync(runner: runner, interval: interval, debounce: debounce, now: now)
        let control = RefreshControl { [weak self] _ in self?.backgroundSync?.requestSync(forced: true) }
        control.attributedTitle = "↓ pull to sync"
        control.refreshingTitle = "syncing…"
        list.tableView.refreshControl = control
        if keyMaps.list.keys(for: .sync).isEmpty, keyMaps.list.command(for: .character("S")) == nil {
            keyMaps.list.bind(.character("S"), to: .sync)
        }
    }

    /// Starts the first sync; the interactive session calls it once the first frame is on screen, so
    /// opening Tick costs the first frame nothing. Returns whether sync is on (the status line then changes).
    @discardableResult
    public func startBackgroundSync() -> Bool {
        backgroundSync?.requestSync(forced: false)
        return backgroundSync != nil
    }

    /// Whether a background sync is running (the loop then wakes often enough to turn the spinner and
    /// take the outcome).
    public var isSyncing: Bool { backgroundSync?.isRunning ?? false }

    /// The sync key: a sync now, or one more after the running one.
    func syncNow() {
        guard let backgroundSync else {
            say(.error("Sync is not configured: add a line like sync url https://dav.example.com/calendars/me/ to the config file"))
            return
        }
        backgroundSync.requestSync(forced: true)
        if backgroundSync.isQueued { say(.info("Syncing again after the sync under way")) }
    }

    /// Takes the outcome of a sync that ended (showing it and the changes it brought), starts the next
    /// sync that is due, and ends the pulled row once no sync runs or waits; returns whether the screen
    /// changed. Cheap: a mutex and a few comparisons, called on every wake of the loop.
    @discardableResult
    public func showBackgroundSync() -> Bool {
        guard let sync = backgroundSync else { return false }
        var changed = false
        if let ended = sync.takeOutcome(minuteOfDay: list.timeOfDay) {
            announce(ended.outcome, wasForced: ended.wasForced)
            // What the sync wrote, shown now rather than at the next look for other connections' changes.
            showExternalChanges()
            changed = true
        }
        if sync.startDueSync() { changed = true }
        if !sync.isRunning, let control = list.tableView.refreshControl, control.isRefreshing {
            control.endRefreshing()
            changed = true
        }
        return changed
    }

    /// The status line's words for the sync state: a full form and a short one for narrow screens.
    var syncIndicator: StatusLine.SyncIndicator? {
        guard let sync = backgroundSync else { return nil }
        if sync.isRunning { return .init(full: "syncing…", short: "⇅") }
        switch sync.state {
        case .notYetSynced: return nil
        case .synced(let minute):
            let time = Self.clockText(minuteOfDay: minute)
            return .init(full: "✓ synced \(time)", short: "✓ \(time)")
        case .offline: return .init(full: "offline", short: "offline")
        case .failed: return .init(full: "sync failed", short: "✗ sync")
        }
    }

    /// `14:02`.
    static func clockText(minuteOfDay minute: Int) -> String {
        let hours = minute / 60 % 24, minutes = minute % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// What the user should hear of a sync that ended: conflicts always, a failure when it is new or
    /// the user asked, a summary when the user asked.
    private func announce(_ outcome: SyncOutcome, wasForced: Bool) {
        switch outcome {
        case .synced(let summary, let conflicts):
            if let last = conflicts.first {
                let count = summary.conflicts == 1 ? "1 conflict" : "\(summary.conflicts) conflicts, the last"
                // As `tick sync --status` says it (`SyncConflict.sentence`), with the title shortened and
                // everything from the server made safe to print.
                let field = last.field == "deletion" ? "" : " \(TodoTable.safe(last.field).text) —"
                say(.info("\(count): \(quoted(last.title, limit: 24))\(field) \(TodoTable.safe(last.lostValue).text) · tick sync --status lists them"))
            } else if summary.hasProblems {
                // A list not synced or an item skipped is said after every sync that meets it, asked for or not.
                say(.error("Synced, not all: " + summary.line))
            } else if wasForced {
                say(.info("Synced: " + summary.line))
            }
        case .failed(let failure):
            guard wasForced || !lastSyncFailureWasAnnounced(failure) else { return }
            let next: String
            if let seconds = backgroundSync?.secondsUntilRetry {
                next = seconds < 120 ? "next try in \(seconds) s" : "next try in \((seconds + 59) / 60) min"
            } else if let key = keyMaps.list.keys(for: .sync).first {
                next = "\(HelpOverlay.name(key)) tries again"
            } else {
                next = "pull the list to try again"
            }
            switch failure.kind {
            case .offline: say(.info("Offline: \(failure.reason) · \(next)"))
            case .anotherSyncRunning: say(.info("Not synced: \(failure.reason) · \(next)"))
            case .retryLater, .needsUser: say(.error("Sync failed: \(failure.reason) · \(next)"))
            }
        }
        lastSyncFailure = if case .failed(let failure) = outcome { failure } else { nil }
    }

    /// Whether the same failure was already said after the previous sync (offline five times in a row is said once).
    private func lastSyncFailureWasAnnounced(_ failure: SyncFailure) -> Bool {
        lastSyncFailure?.kind == failure.kind && lastSyncFailure?.reason == failure.reason
    }
}
