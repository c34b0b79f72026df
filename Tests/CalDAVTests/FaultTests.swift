import CalDAV
import Testing
import TickTesting

/// Faults injected by a proxy in front of a real Radicale (and Xandikos, where the server's own answer
/// matters): each gives its typed error, and the next request, without a fault, succeeds.
@Suite("CalDAV faults through a proxy")
struct FaultTests {
    /// Runs `body` with a server, a proxy to it, a client talking to the proxy and a fresh collection.
    func withProxy(on kind: CalDAVServerKind = .radicale, totalTimeout: Duration = .seconds(20),
                   _ body: (FaultProxy, CalDAVClient, ServerURL) throws -> Void) throws {
        try withServer(kind) { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            let client = try CalDAVClient(configuration: .init(credentials: TestServer.credentials, connectTimeout: .seconds(5), totalTimeout: totalTimeout))
            let collection = proxy.proxied(server.newCollectionURL())
            try client.makeCalendar(at: collection, displayName: "Faults")
            try body(proxy, client, collection)
        }
    }

    @Test("Server failures give their status, Retry-After when sent, and the next request succeeds", arguments: [
        ("status 500", CalDAVError.serverError(status: 500, retryAfter: nil)),
        ("status 503 7", .serverError(status: 503, retryAfter: 7)),
        ("status 503", .serverError(status: 503, retryAfter: nil)),
        ("reset", .connectionReset),
    ])
    func failureThenSuccess(fault: String, expected: CalDAVError) throws {
        try withProxy { proxy, client, collection in
            try proxy.inject(fault)
            #expect(caught { try client.changes(in: collection, since: nil) } == expected)
            #expect(try client.changes(in: collection, since: nil).changed.isEmpty)
        }
    }

    @Test("A full server (507) refuses a create, which leaves nothing behind, and the create succeeds later")
    func insufficientStorage() throws {
        try withProxy { proxy, client, collection in
            let item = collection.item("big.ics")
            try proxy.inject("status 507")
            #expect(caught { try client.create(todoCalendar(uid: "big", summary: "Big"), at: item) } == .insufficientStorage)
            #expect(try client.listItems(in: collection).isEmpty)
            let etag = try client.create(todoCalendar(uid: "big", summary: "Big"), at: item)
            #expect(try client.listItems(in: collection) == [ItemVersion(href: item.path, etag: etag)])
        }
    }

    @Test("A server slower than the total timeout fails as timed out, and the next request succeeds")
    func slowServer() throws {
        try withProxy(totalTimeout: .milliseconds(500)) { proxy, client, collection in
            try proxy.inject("slow 3")
            #expect(caught { try client.listItems(in: collection) } == .timedOut)
            #expect(try client.listItems(in: collection).isEmpty)
        }
    }

    @Test("A PUT answered without an ETag asks for it with one more request", arguments: CalDAVServerKind.allCases)
    func missingETag(on kind: CalDAVServerKind) throws {
        try withProxy(on: kind) { proxy, client, collection in
            let item = collection.item("no-etag.ics")
            try proxy.inject("strip-etag")
            let before = client.http.requestCount
            let etag = try client.create(todoCalendar(uid: "no-etag", summary: "No ETag"), at: item)
            #expect(client.http.requestCount - before == 2)
            #expect(etag == (try client.get(item).etag))
        }
    }

    @Test("A sync report the server cut short (507 on the collection) says so, and keeps its changes and token")
    func truncatedSyncReport() throws {
        try withProxy { proxy, client, collection in
            let etag = try client.create(todoCalendar(uid: "one", summary: "One"), at: collection.item("one.ics"))
            try proxy.inject("truncate \(collection.path)")
            let cut = try client.changes(in: collection, since: nil)
            #expect(cut.isTruncated)
            #expect(cut.changed == [ItemVersion(href: collection.item("one.ics").path, etag: etag)])
            #expect(!cut.syncToken.isEmpty)
            #expect(try client.changes(in: collection, since: nil).isTruncated == false)
        }
    }
}
