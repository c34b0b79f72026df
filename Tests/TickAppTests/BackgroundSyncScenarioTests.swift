import Synchronization
import Testing
import TermTable
@testable import TickApp
import TodoStore
import CalDAV
import TodoSync

/// A sync runner the test finishes: `run` only records the request; `finish` ends it with the outcome
/// the test chooses, after `whileRunning` (another connection writing, as the real sync would).
final class ScriptedSyncRunner: SyncRunner, @unchecked Sendable {
    private(set) var started = 0
    private var finished: (@Sendable (SyncOutcome) -> Void)?

    func run(_ finished: @escaping @Sendable (SyncOutcome) -> Void) {
        started += 1
        if self.finished != nil { Issue.record("two syncs at once") }
        self.finished = finished
    }

    /// Whether a sync is being held in progress.
    var isRunning: Bool { finished != nil }

    /// Ends the sync in progress with `outcome`.
    func finish(_ outcome: SyncOutcome) {
        guard let finished else {
            Issue.record("no sync is running")
            return
        }
        self.finished = nil
        finished(outcome)
    }
}

/// A monotonic clock the test moves.
final class ManualClock: @unchecked Sendable {
    var seconds = 0.0
}

/// A scenario with sync configured: the scripted runner, a clock at 0, a sync every 300 s and 2 s after changes.
struct SyncScenario {
    let scenario: Scenario
    let runner = ScriptedSyncRunner()
    let clock = ManualClock()

    init(_ inbox: [String] = ["Buy milk", "Call mom", "Pay rent"], size: Size = Size(width: 40, height: 7), starts: Bool = true) throws {
        scenario = try Scenario(inbox, size: size)
        let clock = clock
        scenario.app.enableBackgroundSync(runner: runner, interval: 300, now: { clock.seconds })
        if starts { scenario.app.startBackgroundSync() }
    }

    var app: TickApp { scenario.app }
    var screen: [String] { scenario.screen }
    var status: String { scenario.status }

    func type(_ keys: String) throws { try scenario.type(keys) }

    /// Moves the clock and lets the app do what a wake of the loop does.
    @discardableResult
    func wake(after seconds: Double = 0) -> Bool {
        clock.seconds += seconds
        return app.showBackgroundSync()
    }

    /// Ends the sync in progress and lets the app take the outcome.
    func finish(_ outcome: SyncOutcome = .synced(SyncSummary(), conflicts: [])) {
        runner.finish(outcome)
        wake()
    }
}

let offline = SyncOutcome.failed(SyncFailure(.connectionFailed(reason: "Couldn't connect to server")))

@Suite("Sync in the open app")
struct BackgroundSyncScenarioTests {
    @Test("Without sync lines in the config file nothing changes: no sync key, no pull row, the same screen")
    func noSyncWithoutConfig() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 40, height: 6))
        let before = scenario.screen
        #expect(scenario.app.backgroundSync == nil && scenario.table.refreshControl == nil)
        try scenario.type("kk")
        #expect(scenario.screen == before)
        try scenario.type("S")
        #expect(scenario.status.hasPrefix("S does nothing here"))
        try scenario.type("?")
        #expect(!scenario.screen.joined().contains("sync"))
    }

    @Test("The first sync starts when the app says the first frame is out, not when it opens; the status line follows it")
    func firstSyncAfterFirstFrame() throws {
        let sync = try SyncScenario(starts: false)
        #expect(sync.runner.started == 0)
        #expect(sync.status == "? help · a add · x done… 3 open · 0 done")
        sync.app.startBackgroundSync()
        #expect(sync.runner.started == 1)
        #expect(sync.screen == [
            "▾ Inbox · 3 open ──────────────────────",
            "[ ] Buy milk",
            "[ ] Call mom",
            "[ ] Pay rent",
            "",
            "",
            "              3 open · 0 done · syncing…",
        ])
        sync.finish()
        #expect(sync.status == "        3 open · 0 done · ✓ synced 10:00")
        #expect(!sync.wake(after: 299))
        #expect(sync.runner.started == 1)
        #expect(sync.wake(after: 1))
        #expect(sync.runner.started == 2, "every 300 s")
    }

    @Test("The sync key starts a sync; pressed during one it queues exactly one more, which starts when it ends")
    func syncKeyQueuesOne() throws {
        let sync = try SyncScenario()
        sync.finish()
        try sync.type("S")
        #expect(sync.runner.started == 2)
        try sync.type("SSS")
        #expect(sync.runner.started == 2)
        #expect(sync.app.lastMessage?.text == "Syncing again after the sync under way")
        sync.finish()
        #expect(sync.runner.started == 3 && sync.runner.isRunning)
        sync.finish(.synced(SyncSummary(), conflicts: []))
        #expect(sync.runner.started == 3 && !sync.runner.isRunning)
        #expect(sync.app.lastMessage?.text == "Synced: ↑ 0 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts")
        #expect(sync.status == "Synced: ↑ 0 changed, 0 deleted · ↓ 0 new, 0 changed, 0 delete… ✓ synced 10:00")
    }

    @Test("A local change is synced 2 s after the last change of a burst, not at once")
    func debounceAfterChange() throws {
        let sync = try SyncScenario()
        sync.finish()
        try sync.type("aBread<Enter>")
        sync.wake(after: 1.5)
        try sync.type("x")
        sync.wake(after: 1.5)
        #expect(sync.runner.started == 1, "1.5 s after the last change")
        sync.wake(after: 0.5)
        #expect(sync.runner.started == 2)
        // Moving around changes nothing: no sync.
        sync.finish()
        try sync.type("jjk")
        sync.wake(after: 10)
        #expect(sync.runner.started == 2)
    }

    @Test("An undo and a redo are changes like any other: each is synced 2 s later")
    func undoIsSynced() throws {
        let sync = try SyncScenario()
        sync.finish()
        try sync.type("x")
        sync.wake(after: 2)
        #expect(sync.runner.started == 2)
        sync.finish()
        try sync.type("u")
        sync.wake(after: 2)
        #expect(sync.runner.started == 3, "the undo goes up")
        sync.finish()
        try sync.type("<C-r>")
        sync.wake(after: 2)
        #expect(sync.runner.started == 4, "the redo goes up")
    }

    @Test("Pulling the list past its top reveals the pull row, pulling again syncs with a spinner, and the row goes when the sync ends")
    func pullToSync() throws {
        let sync = try SyncScenario()
        sync.finish()
        try sync.type("k")
        #expect(sync.screen == [
            "            ↓ pull to sync",
            "▾ Inbox · 3 open ──────────────────────",
            "[ ] Buy milk",
            "[ ] Call mom",
            "[ ] Pay rent",
            "",
            "        3 open · 0 done · ✓ synced 10:00",
        ])
        #expect(sync.runner.started == 1)
        try sync.type("k")
        #expect(sync.runner.started == 2)
        #expect(sync.screen == [
            "              ⠋ syncing…",
            "▾ Inbox · 3 open ──────────────────────",
            "[ ] Buy milk",
            "[ ] Call mom",
            "[ ] Pay rent",
            "",
            "              3 open · 0 done · syncing…",
        ])
        #expect(sync.app.list.tableView.advanceRefreshAnimation())
        #expect(sync.screen[0] == "              ⠙ syncing…")
        // Another pull while it runs starts nothing more.
        try sync.type("k")
        #expect(sync.runner.started == 2)
        sync.finish()
        #expect(sync.screen[0] == "▾ Inbox · 3 open ──────────────────────")
        #expect(sync.scenario.selectedTitle == "Buy milk")
    }

    @Test("The mouse wheel up at the top pulls too: one turn reveals the row, the next syncs")
    func wheelPulls() throws {
        let sync = try SyncScenario()
        sync.finish()
        let wheelUp = Key.mouse(MouseEvent(kind: .wheelUp, x: 3, y: 2))
        sync.app.handle(wheelUp)
        #expect(sync.screen[0] == "            ↓ pull to sync")
        #expect(sync.runner.started == 1)
        sync.app.handle(wheelUp)
        #expect(sync.screen[0] == "              ⠋ syncing…")
        #expect(sync.runner.started == 2)
        sync.finish()
        #expect(sync.screen[0] == "▾ Inbox · 3 open ──────────────────────")
    }

    @Test("A pull during an automatic sync keeps the row until the sync it asked for has run")
    func pullDuringSync() throws {
        let sync = try SyncScenario()
        try sync.type("kk")
        #expect(sync.runner.started == 1)
        #expect(sync.screen[0].hasSuffix("syncing…"))
        sync.finish()
        #expect(sync.runner.started == 2)
        #expect(sync.screen[0].hasSuffix("syncing…"))
        sync.finish()
        #expect(sync.screen[0] == "▾ Inbox · 3 open ──────────────────────")
    }

    @Test("A remote change written by the sync's own connection shows at the outcome, the selection staying on its todo")
    func remoteChangeArrives() throws {
        let sync = try SyncScenario()
        try sync.type("jj")
        #expect(sync.scenario.selectedTitle == "Pay rent")
        // The sync writes through its own connection, as the real runner does.
        let other = try TodoStore(path: sync.scenario.temporary.path)
        defer { other.close() }
        try other.add(title: "From the phone", after: nil)
        _ = try other.delete(ids: [sync.scenario.id(of: "Call mom")])
        sync.finish()
        #expect(sync.screen == [
            "▾ Inbox · 3 open ──────────────────────",
            "[ ] From the phone",
            "[ ] Buy milk",
            "[ ] Pay rent",
            "",
            "",
            "        3 open · 0 done · ✓ synced 10:00",
        ])
        #expect(sync.scenario.selectedTitle == "Pay rent")
    }

    @Test("Offline: said once, the status line says offline, and the next tries wait 15 s, then 30 s, with no storm")
    func offlineBacksOff() throws {
        let sync = try SyncScenario()
        sync.finish(offline)
        #expect(sync.status == "Offline: Could not connect to the server: Couldn't connect to ser… offline")
        #expect(sync.app.lastMessage?.text == "Offline: Could not connect to the server: Couldn't connect to server. · next try in 15 s")
        // A change does not hurry the retry.
        try sync.type("x")
        sync.wake(after: 14)
        #expect(sync.runner.started == 1)
        sync.wake(after: 1)
        #expect(sync.runner.started == 2)
        try sync.type("j")
        sync.finish(offline)
        #expect(sync.app.lastMessage?.text.hasPrefix("Offline") != true, "the same failure is not said again")
        sync.wake(after: 29)
        #expect(sync.runner.started == 2)
        sync.wake(after: 1)
        #expect(sync.runner.started == 3)
        sync.finish()
        #expect(sync.status.hasSuffix("✓ synced 10:00"))
    }

    @Test("A wrong password stops the automatic syncs until the sync key; the message gives the reason, never a credential")
    func wrongPasswordWaitsForKey() throws {
        let sync = try SyncScenario()
        sync.finish(.failed(SyncFailure(.unauthorized)))
        #expect(sync.app.lastMessage == .error("Sync failed: The server refused the user name or password (401). · S tries again"))
        #expect(sync.status.hasSuffix("sync failed"))
        try sync.type("x")
        sync.wake(after: 3600)
        #expect(sync.runner.started == 1)
        try sync.type("S")
        #expect(sync.runner.started == 2)
        #expect(sync.status.hasSuffix("syncing…"))
    }

    @Test("A sync failure is said with its reason, and a server's Retry-After is honoured", arguments: [
        (CalDAVErrorCase.insufficientStorage, "Sync failed: The server is out of storage space (507): free some space there; the changes wait here. · next try in 15 s", 15.0),
        (CalDAVErrorCase.unavailable, "Sync failed: The server failed with status 503; it asks to be tried again in 2 min. · next try in 2 min", 120.0),
    ])
    func failureReasons(error: CalDAVErrorCase, message: String, wait: Double) throws {
        let sync = try SyncScenario()
        sync.finish(.failed(SyncFailure(error.error)))
        #expect(sync.app.lastMessage == .error(message))
        sync.wake(after: wait - 1)
        #expect(sync.runner.started == 1)
        sync.wake(after: 1)
        #expect(sync.runner.started == 2)
    }

    @Test("Conflicts of the last sync are named in the status line: which todo, which field lost")
    func conflictsNamed() throws {
        let sync = try SyncScenario(size: Size(width: 100, height: 7))
        var summary = SyncSummary()
        summary.conflicts = 1
        let conflict = TodoStore.SyncConflict(date: TickingClock.start, uid: "u1", title: "Buy milk", field: "title",
                                               lostValue: "kept the server's (later) change, this device's «Buy oat milk» lost")
        sync.finish(.synced(summary, conflicts: [conflict]))
        #expect(sync.app.lastMessage?.text == "1 conflict: “Buy milk” title — kept the server's (later) change, this device's «Buy oat milk» lost · tick sync --status lists them")
        #expect(sync.status.hasPrefix("1 conflict: “Buy milk” title — kept the server's"))
        summary.conflicts = 3
        try sync.type("S")
        sync.finish(.synced(summary, conflicts: [conflict]))
        #expect(sync.app.lastMessage?.text.hasPrefix("3 conflicts, the last: “Buy milk” title — kept the server's (later) change") == true)
    }

    @Test("On a 20×5 terminal the sync state fits: beside the counts, alone, or in its short form beside a message", arguments: [
        // Syncing: beside the counts in its short form; beside a message, whole.
        (nil as SyncOutcome?, " 3 open · 0 done · ⇅", "S", "Syncing ag… syncing…"),
        // Synced: alone in full (no room for the counts too); beside a message, short.
        (SyncOutcome.synced(SyncSummary(), conflicts: []), "      ✓ synced 10:00", "x", "Done: “Buy … ✓ 10:00"),
        // Offline: its message first, then another message.
        (offline, "Offline: Co… offline", "x", "Done: “Buy … offline"),
    ])
    func narrow(outcome: SyncOutcome?, first: String, key: String, besideMessage: String) throws {
        let sync = try SyncScenario(size: Size(width: 20, height: 5))
        if let outcome { sync.finish(outcome) }
        try sync.type("<C-l>")
        #expect(sync.scenario.canvas.lines.last == first)
        try sync.type(key)
        #expect(sync.scenario.canvas.lines.last == besideMessage)
    }

    @Test("Help lists the sync key when sync is configured")
    func helpListsSyncKey() throws {
        let sync = try SyncScenario(size: Size(width: 100, height: 60))
        try sync.type("?")
        var lines: [String] = []
        for _ in 0..<10 {
            lines += sync.screen
            try sync.type("<PgDn>")
        }
        #expect(lines.contains { $0.hasPrefix("S ") && $0.contains("sync with the CalDAV server now") })
    }
}

/// The errors of the failure table, by name (a `CalDAVError` argument would print its description as the test's name).
enum CalDAVErrorCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case insufficientStorage, unavailable
    var error: CalDAVError {
        switch self {
        case .insufficientStorage: .insufficientStorage
        case .unavailable: .serverError(status: 503, retryAfter: 120)
        }
    }
    var testDescription: String { rawValue }
}
