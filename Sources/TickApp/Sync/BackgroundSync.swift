import Synchronization

/// When the open app syncs: once after the first frame, a while after the last local change, every
/// few minutes, and when the user asks (the sync key, a pull of the list). One sync at a time: a request
/// while one runs queues exactly one more. After a failure it waits longer each time (no retry storm);
/// after one only the user can fix (a wrong password) it waits for the user.
///
/// Used on the key thread only; the runner's answer crosses threads through a mutex-guarded mailbox
/// that `takeOutcome()` empties, so the app learns of it on its own loop, between keys.
public final class BackgroundSync {
    /// What the status line says about sync.
    public enum State: Equatable, Sendable {
        /// Nothing has finished yet since the app opened.
        case notYetSynced
        /// The last sync finished at this time of day (minutes since midnight).
        case synced(minuteOfDay: Int)
        /// The server could not be reached; the next try is on its way.
        case offline
        /// The last sync failed for another reason (said once in a message).
        case failed
    }

    /// How long after the last local change the sync starts, in seconds.
    public static let defaultDebounceSeconds = 2.0
    /// The first wait after a failure, doubled after each further one up to `interval`.
    static let firstRetrySeconds = 15.0

    private let runner: any SyncRunner
    /// Seconds between automatic syncs while the app is open; nil: none (only after changes and when asked).
    let interval: Double?
    /// Seconds of quiet after a local change before its sync.
    let debounce: Double
    /// A monotonic clock in seconds (injected by tests).
    private let now: () -> Double
    /// Where the runner's thread leaves the outcome for the key thread: the one thing both touch.
    private final class Mailbox: Sendable {
        let outcome = Mutex<SyncOutcome?>(nil)
    }
    private let mailbox = Mailbox()

    /// Whether a sync is running.
    public private(set) var isRunning = false
    /// What the status line says.
    public private(set) var state = State.notYetSynced
    /// Whether a sync was asked for while one ran: it starts when that one ends.
    private(set) var isQueued = false
    /// Whether the running (or queued) sync was asked for by the user, who then hears how it went even
    /// when nothing changed since the last failure.
    private var runningIsForced = false, queuedIsForced = false
    /// When the next automatic sync is due (every `interval`, or the next retry); nil: none planned.
    private(set) var nextDue: Double?
    /// When a local change's sync is due (`debounce` after the last change); nil: no change waits.
    private(set) var changeDue: Double?
    /// No automatic sync before this (a failure's wait); nil after a success.
    private var retryNotBefore: Double?
    /// The wait after the last failure, doubled each time.
    private var retryDelay = 0.0
    /// Set by a failure only the user can fix: nothing starts by itself until a forced request.
    public private(set) var waitsForUser = false

    /// The longest wait between tries after failures, when no interval is set.
    static let longestRetrySeconds = 300.0

    /// A scheduler over `runner`: syncs every `interval` seconds (nil or 0: never by itself),
    /// `debounce` seconds after a local change.
    public init(runner: any SyncRunner, interval: Double?, debounce: Double = BackgroundSync.defaultDebounceSeconds,
                now: @escaping () -> Double) {
        self.runner = runner
        self.interval = interval.flatMap { $0 > 0 ? $0 : nil }
        self.debounce = debounce
        self.now = now
    }

    /// Asks for a sync now: starts one, or, while one runs, queues one more. `forced` (the sync key, a
    /// pull) also ends the wait after a failure only the user could fix.
    public func requestSync(forced: Bool) {
        if forced { waitsForUser = false }
        guard !isRunning else {
            isQueued = true
            queuedIsForced = queuedIsForced || forced
            return
        }
        start(forced: forced)
    }

    /// A local change was made: its sync starts `debounce` seconds after the last of a burst.
    public func noteLocalChange() {
        changeDue = now() + debounce
    }

    /// Starts the sync that is due, if any and none runs: the queued one, a change's, the periodic one
    /// or a retry. Returns whether one started.
    @discardableResult
    public func startDueSync() -> Bool {
        guard !isRunning else { return false }
        if isQueued {
            isQueued = false
            start(forced: queuedIsForced)
            return true
        }
        guard !waitsForUser else { return false }
        let time = now()
        if let retryNotBefore, time < retryNotBefore { return false }
        let changeIsDue = changeDue.map { time >= $0 } ?? false
        let timerIsDue = nextDue.map { time >= $0 } ?? false
        guard changeIsDue || timerIsDue else { return false }
        start(forced: false)
        return true
    }

    private func start(forced: Bool) {
        isRunning = true
        runningIsForced = forced
        queuedIsForced = false
        // A change made from now on may miss this sync's push: only a later change asks again.
        changeDue = nil
        runner.run { [mailbox] outcome in mailbox.outcome.withLock { $0 = outcome } }
    }

    /// The outcome of the sync that ended since the last call, with whether the user asked for it;
    /// plans the next one. Nil while it runs or when none ran. `minuteOfDay` is the time the status line
    /// shows for a success.
    public func takeOutcome(minuteOfDay: () -> Int) -> (outcome: SyncOutcome, wasForced: Bool)? {
        guard isRunning, let outcome = mailbox.outcome.withLock({ value -> SyncOutcome? in defer { value = nil }; return value }) else {
            return nil
        }
        isRunning = false
        let time = now()
        switch outcome {
        case .synced:
            state = .synced(minuteOfDay: minuteOfDay())
            retryDelay = 0
            retryNotBefore = nil
            nextDue = interval.map { time + $0 }
        case .failed(let failure) where failure.kind == .anotherSyncRunning:
            // Not a failure: the other sync did the work (its changes show as another connection's);
            // this one tries again after the first wait, which does not grow.
            retryNotBefore = time + Self.firstRetrySeconds
            nextDue = retryNotBefore
        case .failed(let failure):
            state = failure.kind == .offline ? .offline : .failed
            switch failure.kind {
            case .needsUser:
                waitsForUser = true
                nextDue = nil
                retryNotBefore = nil
            case .offline, .retryLater, .anotherSyncRunning:
                retryDelay = min(max(interval ?? Self.longestRetrySeconds, Self.firstRetrySeconds),
                                 retryDelay == 0 ? Self.firstRetrySeconds : retryDelay * 2)
                var wait = retryDelay
                if case .retryLater(let retryAfter?) = failure.kind { wait = max(wait, Double(retryAfter)) }
                retryNotBefore = time + wait
                nextDue = time + wait
            }
        }
        return (outcome, runningIsForced)
    }

    /// Seconds until the next automatic try after a failure (for the message), nil when none is planned.
    public var secondsUntilRetry: Int? {
        guard let retryNotBefore, !waitsForUser else { return nil }
        return max(0, Int((retryNotBefore - now()).rounded(.up)))
    }
}
