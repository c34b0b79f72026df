import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// The issue's faults at the level of a whole sync: a real server, the first device behind
/// `fault_proxy.py`. After each fault the next sync succeeds, and both devices and the server
/// agree with nothing lost or duplicated (`SyncEngineTests.agree`). The faults that depend on what
/// the server does (412s, a collection deleted, the server killed and started again) run against
/// Radicale and Xandikos; those the proxy makes alone (a status, a stall, a slow answer) and the
/// login (Xandikos has none) against Radicale.
@Suite("Sync faults against Radicale and Xandikos", .serialized)
struct SyncFaultTests {
    typealias Device = SyncEngineTests.Device

    /// Two devices, the first behind a proxy with a client of `configuration` (the right
    /// credentials unless it says otherwise), the second talking to the server itself.
    static func withDevices(on kind: CalDAVServerKind = .radicale,
                            configuration: HTTPClient.Configuration = .init(credentials: TestServer.credentials, totalTimeout: .seconds(20)),
                            _ body: (TestServer, FaultProxy, Device, Device) throws -> Void) throws {
        try withServer(kind) { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            let scratch = try ScratchFolder("sync-faults")
            let folder = scratch.url
            let first = try Device(folder.appendingPathComponent("a.db").path, home: proxy.proxied(server.homeURL),
                                   client: CalDAVClient(configuration: configuration))
            let second = try Device(folder.appendingPathComponent("b.db").path, home: server.homeURL, client: server.client())
            defer { first.store.close(); second.store.close() }
            try body(server, proxy, first, second)
        }
    }

    /// Runs `sync` expecting it to fail with a `CalDAVError`, and returns that error.
    static func failure(_ sync: () throws -> Void) -> CalDAVError? {
        do {
            try sync()
            Issue.record("the sync was expected to fail")
            return nil
        } catch let error as CalDAVError {
            return error
        } catch {
            Issue.record("expected a CalDAVError, got \(error)")
            return nil
        }
    }

    // MARK: Lost answers (412)

    @Test("a create the server made but whose answer was lost is recognized by its UID at the next sync's pull: no duplicate",
          arguments: CalDAVServerKind.allCases)
    func lostAnswerToCreate(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, proxy, first, second in
            try first.store.add(titles: ["Pay rent"])
            try proxy.inject("on PUT forward-reset")
            #expect(Self.failure { try first.sync() } == .connectionReset)
            #expect(try SyncEngineTests.serverUIDs(server) == [try first.todo("Pay rent").uid])
            #expect(try first.store.pendingSyncChanges().count == 1)
            try first.sync()
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a create that meets the item already made at its address (by another client, or a copy of this store) gets 412 on If-None-Match and records it; a second sync of the same store meanwhile is refused",
          arguments: CalDAVServerKind.allCases)
    func concurrentCreate(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, proxy, first, second in
            try first.sync()
            try first.store.add(titles: ["Pay rent"])
            // The first sync's create waits at the proxy while the same item is made at its address.
            let release = server.folder.appendingPathComponent("release-put")
            try proxy.inject("on PUT hold \(release.path)")
            let syncing = BackgroundSync(first)
            while try !proxy.isQueueEmpty() { usleep(20_000) }
            // Two syncs of one store never run at once (issue 28): the app's and tick sync's, say.
            let other = try Device(first.store.path, home: server.homeURL, client: server.client())
            defer { other.store.close() }
            #expect(throws: StoreError.syncAlreadyRunning(path: first.store.path)) { try other.sync() }
            let uid = try first.todo("Pay rent").uid
            let collection = try #require(try first.store.syncCollections().first).href
            _ = try server.client().create(todoCalendar(uid: uid, summary: "Pay rent"), at: server.rootURL.resolving(collection + uid + ".ics"))
            try Data().write(to: release)
            #expect(try syncing.summary().sentChanges == 1)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try first.store.syncedItem(todoID: first.todo("Pay rent").id)?.etag == (try server.client().listItems(in: server.homeURL
                .resolving(collection)).first?.etag))
        }
    }

    @Test("an update the server made but whose answer was lost is merged with itself at the next sync, and nothing is lost or doubled",
          arguments: CalDAVServerKind.allCases)
    func lostAnswerToUpdate(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, proxy, first, second in
            try first.store.add(titles: ["Pay rent", "Water plants"])
            try first.sync()
            try second.sync()
            _ = try first.store.update(id: first.todo("Pay rent").id, title: "Pay the rent")
            try proxy.inject("on PUT forward-reset")
            #expect(Self.failure { try first.sync() } == .connectionReset)
            let summary = try first.sync()
            #expect(summary.conflicts == 0)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.todo("Pay the rent").title == "Pay the rent")
        }
    }

    @Test("a todo changed on the server between the pull and the push gets 412 on If-Match: fetched, merged field by field and sent again",
          arguments: CalDAVServerKind.allCases)
    func changedBetweenPullAndPush(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, proxy, first, second in
            try first.store.add(titles: ["Pay rent"])
            try first.sync()
            try second.sync()
            _ = try first.store.update(id: first.todo("Pay rent").id, title: "Pay the rent")
            // The first device's PUT waits at the proxy while the second device changes the notes.
            let release = server.folder.appendingPathComponent("release-put")
            try proxy.inject("on PUT hold \(release.path)")
            let syncing = BackgroundSync(first)
            while try !proxy.isQueueEmpty() { usleep(20_000) }
            _ = try second.store.update(id: second.todo("Pay rent").id, notes: "By the 3rd")
            try second.sync()
            try Data().write(to: release)
            let summary = try syncing.summary()
            #expect(summary.sentChanges == 1 && summary.conflicts == 0)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            let merged = try second.todo("Pay the rent")
            #expect(merged.notes == "By the 3rd")
            #expect(try first.todo("Pay the rent").notes == "By the 3rd")
        }
    }

    // MARK: Server answers

    @Test("a full server (507) on a PUT stops the sync with its reason; the changes stay waiting and the next sync sends them")
    func insufficientStorage() throws {
        try Self.withDevices { server, proxy, first, second in
            try first.store.add(titles: ["Pay rent", "Water plants"])
            try proxy.inject("on PUT status 507")
            let error = Self.failure { try first.sync() }
            #expect(error == .insufficientStorage)
            #expect(error?.description == "The server is out of storage space (507): free some space there; the changes wait here.")
            #expect(try first.store.pendingSyncChanges().count == 2)
            #expect(try SyncEngineTests.serverUIDs(server) == [])
            #expect(try first.sync().sentChanges == 2)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("503 with Retry-After, in seconds or as an HTTP date, stops the sync and gives the delay to the caller", arguments: [
        ("120", 120...120), ("http-date+90", 60...90),
    ])
    func serviceUnavailable(retryAfter: String, expected: ClosedRange<Int>) throws {
        try Self.withDevices { server, proxy, first, second in
            try first.store.add(titles: ["Pay rent"])
            let header = retryAfter == "http-date+90" ? httpDate(secondsFromNow: 90) : retryAfter
            try proxy.inject("on REPORT status 503 \(header)")
            let error = try #require(Self.failure { try first.sync() })
            guard case .serverError(503, _) = error else {
                Issue.record("expected a 503, got \(error)")
                return
            }
            let delay = try #require(error.retryAfterSeconds)
            #expect(expected.contains(delay))
            #expect(error.description.hasPrefix("The server failed with status 503; it asks to be tried again in "))
            try first.sync()
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a server that stops answering fails the sync as timed out after the stall timeout, and the next sync works")
    func silentServerTimesOut() throws {
        let configuration = HTTPClient.Configuration(credentials: TestServer.credentials, connectTimeout: .seconds(5), stallTimeout: .seconds(1))
        try Self.withDevices(configuration: configuration) { server, proxy, first, second in
            try first.store.add(titles: ["Pay rent"])
            // libcurl measures the speed over its last few seconds, so a stall of 1 s is noticed a few
            // seconds later (the request's own bytes still count): the proxy waits well beyond that.
            try proxy.inject("on REPORT slow 15")
            let error = Self.failure { try first.sync() }
            #expect(error == .timedOut)
            #expect(error?.description.hasPrefix("Timed out:") == true)
            try first.sync()
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a slow answer that keeps moving is not cut off: the client has no fixed limit on a whole request")
    func slowButMovingAnswerSucceeds() throws {
        let configuration = HTTPClient.Configuration(credentials: TestServer.credentials, connectTimeout: .seconds(5), stallTimeout: .seconds(1))
        try Self.withDevices(configuration: configuration) { server, proxy, first, second in
            try second.store.add(titles: (0..<30).map { "todo \($0)" })
            try second.sync()
            // The multiget of 30 items arrives in ten pieces over 3 s: longer than the stall timeout in all.
            try proxy.inject("on REPORT", "on REPORT trickle 3")
            #expect(try first.sync().receivedNew == 30)
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a wrong password is one request and a clear error: nothing retried, nothing changed, and the next sync with the right one works")
    func wrongPassword() throws {
        try withRadicale { server in
            let scratch = try ScratchFolder("sync-401")
            let folder = scratch.url
            let path = folder.appendingPathComponent("a.db").path
            let wrong = try server.client(credentials: .init(user: TestServer.user, password: "not-the-Pa55word"))
            let device = try Device(path, home: server.homeURL, client: wrong)
            try device.store.add(titles: ["Pay rent"])
            let pending = try device.store.pendingSyncChanges()
            let error = Self.failure { try device.sync() }
            #expect(error == .unauthorized)
            #expect(wrong.http.requestCount == 1)
            #expect(!String(describing: error).contains("not-the-Pa55word"))
            #expect(try device.store.syncCollections().isEmpty)
            #expect(try device.store.pendingSyncChanges() == pending)
            device.store.close()
            let right = try Device(path, home: server.homeURL, client: server.client())
            defer { right.store.close() }
            #expect(try right.sync().sentChanges == 1)
        }
    }

    // MARK: Collections deleted on the server

    @Test("a collection deleted on the server between syncs: the list keeps its todos, they go up to a new collection, and the other device does not double them",
          arguments: CalDAVServerKind.allCases)
    func collectionDeletedBetweenSyncs(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, _, first, second in
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            _ = try first.store.add(title: "Call Mom", listID: first.list("Work"))
            try first.sync()
            try second.sync()
            let work = try #require(try first.store.syncCollections().first { $0.listID == (try first.list("Work")) })
            try server.client().deleteCollection(server.homeURL.resolving(work.href))
            #expect(try first.sync().sentChanges == 2)
            #expect(try first.store.syncCollections().first { $0.listID == (try first.list("Work")) }?.href != work.href)
            try second.sync()
            try first.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.contents().filter { $0.hasPrefix("Work|") }.count == 2)
        }
    }

    @Test("a collection deleted on the server during a sync, before its report or before a PUT into it, fails that sync; the next finishes with nothing lost",
          arguments: CalDAVServerKind.allCases, ["REPORT", "PUT"])
    func collectionDeletedDuringSync(on kind: CalDAVServerKind, method: String) throws {
        try Self.withDevices(on: kind) { server, proxy, first, second in
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            try first.sync()
            try second.sync()
            _ = try first.store.add(title: "Call Mom", listID: first.list("Work"))
            let work = try #require(try first.store.syncCollections().first { $0.listID == (try first.list("Work")) })
            // Another client deletes the collection just before the first device's request reaches it.
            try proxy.inject("on \(method) delete \(work.href)")
            #expect(Self.failure { try first.sync() } != nil)
            try first.sync()
            try second.sync()
            try first.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try first.contents().map { $0.split(separator: "|").prefix(2).joined(separator: "|") } == ["Work|Call Mom", "Work|Write report"])
        }
    }

    // MARK: The server stopped

    @Test("the server killed in the middle of a sync and started again on the same storage: the next sync finishes, nothing lost or doubled",
          arguments: CalDAVServerKind.allCases, [1, 3, 4, 5])
    func serverKilledMidSync(on kind: CalDAVServerKind, afterRequests: Int) throws {
        try Self.withDevices(on: kind) { server, proxy, first, second in
            _ = try first.store.add(title: "Pay rent")
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            try first.sync()
            try second.sync()
            _ = try first.store.update(id: first.todo("Pay rent").id, title: "Pay the rent")
            _ = try first.store.delete(ids: [first.todo("Write report").id])
            _ = try first.store.add(title: "Call Mom", listID: first.list("Work"))
            _ = try first.store.add(title: "Buy milk", listID: first.list("Errands"))
            try proxy.inject(contentsOf: Array(repeating: "", count: afterRequests) + ["kill \(server.processIdentifier)"])
            #expect(Self.failure { try first.sync() } != nil)
            try proxy.inject(contentsOf: [])
            try server.restart()
            try first.sync()
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.contents().map { $0.split(separator: "|").prefix(2).joined(separator: "|") }
                == ["Errands|Buy milk", "Inbox|Pay the rent", "Work|Call Mom"])
        }
    }
}

/// A device's sync run on a thread of its own, so that the test can act while a request of it
/// waits at the proxy. The device is touched by that thread alone until ``summary()`` returns.
private final class BackgroundSync: @unchecked Sendable {
    private let device: SyncEngineTests.Device
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<SyncSummary, any Error>?

    init(_ device: SyncEngineTests.Device) {
        self.device = device
        Thread { [self] in
            outcome = Result { try self.device.sync() }
            done.signal()
        }.start()
    }

    /// Waits for the sync to end and returns what it did, or throws its failure.
    func summary() throws -> SyncSummary {
        done.wait()
        return try outcome!.get()
    }
}

/// An IMF-fixdate (`Tue, 01 Dec 2026 20:15:00 GMT`) `seconds` from now, as a server writes Retry-After.
func httpDate(secondsFromNow seconds: Int) -> String {
    var time = time_t(Date().timeIntervalSince1970) + time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
        + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
}
