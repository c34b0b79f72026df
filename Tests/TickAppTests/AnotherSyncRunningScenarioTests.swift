import Testing
import TermTable
@testable import TickApp

/// Issue 28, point 2, in the open app: when another sync of the store runs (another open Tick,
/// `tick sync`), the app's sync does nothing, says so without calling it a failure, and tries again
/// through its usual scheduling.
@Suite("Another sync of the store running")
struct AnotherSyncRunningScenarioTests {
    @Test("The app says another sync runs, keeps its last sync's state, and tries again 15 s later")
    func saysAndRetries() throws {
        let sync = try SyncScenario(size: Size(width: 160, height: 7))
        sync.finish()
        try sync.type("S")
        sync.finish(.failed(SyncFailure(kind: .anotherSyncRunning, reason: "another sync of this store is running (another Tick or tick sync)")))
        #expect(sync.status.hasPrefix("Not synced: another sync of this store is running (another Tick or tick sync) · next try in 15 s "))
        #expect(sync.status.hasSuffix("✓ synced 10:00"), "not a failure: the state stays")
        #expect(sync.app.backgroundSync?.state == .synced(minuteOfDay: 10 * 60))
        #expect(!sync.wake(after: 14))
        #expect(sync.runner.started == 2)
        sync.wake(after: 1)
        #expect(sync.runner.started == 3, "tried again")
    }
}
