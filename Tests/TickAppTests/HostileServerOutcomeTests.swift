import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore
import CalDAV
import TodoSync

/// What the open app and `tick --check-config` show of what a hostile server or a file can send:
/// failures that retrying may cure back off and are said; nothing reaches the terminal raw.
@Suite("What a hostile server or file leads to on screen")
struct HostileServerOutcomeTests {
    @Test("A sync stopped by a limit (answer too large, a request or the sync too long) says why, shows sync failed, and backs off", arguments: [
        (CalDAVError.answerTooLarge(limit: 64 << 20), "The server sent an answer larger than 64 MB"),
        (CalDAVError.requestTookTooLong(seconds: 600), "A request to the server was still under way after 10 min"),
        (CalDAVError.syncTookTooLong(seconds: 3600), "The sync was still under way after 60 min"),
    ])
    func limitFailuresBackOff(error: CalDAVError, reason: String) throws {
        let sync = try SyncScenario()
        sync.finish(.failed(SyncFailure(error)))
        #expect(sync.status.hasSuffix("sync failed"))
        let message = try #require(sync.app.lastMessage?.text)
        #expect(message.hasPrefix("Sync failed: " + reason) && message.hasSuffix("· next try in 15 s"), "\(message)")
        sync.wake(after: 14)
        #expect(sync.runner.started == 1)
        sync.wake(after: 1)
        #expect(sync.runner.started == 2)
        sync.finish(.failed(SyncFailure(error)))
        sync.wake(after: 29)
        #expect(sync.runner.started == 2, "the second wait is longer")
    }

    @Test("A sync that left a list or an item out says so, even when nobody asked, with the list and item named")
    func partialSyncSaid() throws {
        let sync = try SyncScenario(size: Size(width: 160, height: 7))
        var summary = SyncSummary()
        summary.skippedItems = [SkippedItem(href: "/dav/work/deep.ics", listName: "Work", reason: "Tick cannot read it")]
        summary.failedCollections = [FailedCollection(listName: "Home", href: "/dav/home/", reason: "The server's answer could not be used.")]
        sync.finish(.synced(summary, conflicts: []))
        let message = try #require(sync.app.lastMessage)
        #expect(message == .error("Synced, not all: " + summary.line))
        #expect(message.text.contains("list “Home” not synced (/dav/home/)") && message.text.contains("/dav/work/deep.ics in “Work”"))
        #expect(sync.status.hasSuffix("✓ synced 10:00"))
    }

    @Test("tick --check-config prints a config path's control characters made visible, never raw", arguments: [
        (false, false), (true, false), (true, true),
    ])
    func configPathShownSafely(named: Bool, exists: Bool) throws {
        let scratch = try ScratchFolder("check")
        let folder = scratch.url
        let path = folder.appendingPathComponent("conf\u{1B}]0;pwned\u{07}\u{1B}[2J").path
        if exists { try "mouse no\n".write(toFile: path, atomically: true, encoding: .utf8) }
        var output = ""
        _ = ConfigurationCheck.run(path: path, named: named, write: { output += $0 })
        #expect(!output.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(output.debugDescription)")
        #expect(output.contains("conf␛]0;pwned"), "\(output)")
    }
}
