import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// Two stores ("devices") synced through one real server by `SyncEngine`: Radicale, then Xandikos.
@Suite("Sync engine against Radicale and Xandikos", .serialized)
struct SyncEngineTests {
    /// A device: a store in its own file and the engine that syncs it.
    final class Device {
        let store: TodoStore
        let client: CalDAVClient
        let home: ServerURL

        init(_ path: String, home: ServerURL, client: CalDAVClient) throws {
            store = try TodoStore(path: path)
            self.client = client
            self.home = home
        }

        @discardableResult
        func sync(localLists: Set<String> = []) throws -> SyncSummary {
            try SyncEngine(store: store, client: client, home: home, localLists: localLists, zone: .fromEnvironment).sync()
        }

        func list(_ name: String) throws -> Int64 {
            if let list = try store.lists().first(where: { $0.name == name }) { return list.id }
            return try store.addList(named: name).value.id
        }

        func todo(_ title: String) throws -> TodoItem {
            try #require(try store.flatOrder().first { $0.title == title })
        }

        /// Every todo as `list|title|done|uid`, sorted: what two devices must agree on.
        func contents() throws -> [String] {
            let names = Dictionary(uniqueKeysWithValues: try store.lists().map { ($0.id, $0.name) })
            return try store.flatOrder().map { "\(names[$0.listID]!)|\($0.title)|\($0.isDone)|\($0.uid)" }.sorted()
        }
    }

    /// Two devices syncing with a fresh server of `kind`.
    static func withDevices(on kind: CalDAVServerKind = .radicale, _ body: (TestServer, Device, Device) throws -> Void) throws {
        try withServer(kind) { server in
            try withDevices(on: server, firstHome: server.homeURL) { try body(server, $0, $1) }
        }
    }

    /// Two devices whose first reaches the server through a fault proxy, so a test can fail its
    /// requests; `withoutSyncCollection` makes it a server that does not offer sync-collection.
    static func withDevicesBehindProxy(on kind: CalDAVServerKind = .radicale, withoutSyncCollection: Bool = false,
                                       _ body: (TestServer, FaultProxy, Device, Device) throws -> Void) throws {
        try withServer(kind) { server in
            let proxy = try FaultProxy(to: server, withoutSyncCollection: withoutSyncCollection)
            defer { proxy.stop() }
            try withDevices(on: server, firstHome: proxy.proxied(server.homeURL)) { try body(server, proxy, $0, $1) }
        }
    }

    /// Two devices in a scratch folder, the first syncing with `firstHome`, the second with the server itself.
    private static func withDevices(on server: TestServer, firstHome: ServerURL, _ body: (Device, Device) throws -> Void) throws {
        let scratch = try ScratchFolder("sync")
        let folder = scratch.url
        let first = try Device(folder.appendingPathComponent("a.db").path, home: firstHome, client: server.client())
        let second = try Device(folder.appendingPathComponent("b.db").path, home: server.homeURL, client: server.client())
        defer { first.store.close(); second.store.close() }
        try body(first, second)
    }

    /// The UIDs of every item on the server, across its collections, sorted (duplicates kept).
    static func serverUIDs(_ server: TestServer) throws -> [String] {
        let client = try server.client()
        var uids: [String] = []
        for calendar in try client.discoverCalendars(at: server.homeURL) where calendar.supportsTodos {
            let hrefs = try client.listItems(in: calendar.url).map(\.href)
            for item in try client.multiget(hrefs, in: calendar.url) {
                uids += try VTodoRewriter(zone: .fromEnvironment).read(item.calendarData).map(\.uid)
            }
        }
        return uids.sorted()
    }

    static func agree(_ server: TestServer, _ first: Device, _ second: Device) throws {
        let contents = try first.contents()
        #expect(try second.contents() == contents)
        #expect(try serverUIDs(server) == contents.map { String($0.split(separator: "|").last!) }.sorted())
        #expect(try first.store.pendingSyncChanges() == [] && second.store.pendingSyncChanges() == [])
    }

    /// The requests discovery takes from the calendar home: Radicale's home names itself as the
    /// calendar home (a PROPFIND of it, then its listing); Xandikos's names only the principal, which
    /// is asked for the home (one more).
    static func discoveryRequests(_ kind: CalDAVServerKind) -> Int {
        kind == .radicale ? 2 : 3
    }

    @Test("adds, edits, toggles, moves between lists and deletes on both devices arrive on the other, and both agree with the server",
          arguments: CalDAVServerKind.allCases)
    func twoDevices(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["Pay rent", "Water plants"])
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            let summary = try first.sync()
            #expect(summary.sentChanges == 3 && summary.conflicts == 0)
            let received = try second.sync()
            #expect(received.receivedNew == 3)
            #expect(try second.contents() == first.contents())

            _ = try second.store.update(id: second.todo("Pay rent").id, title: "Pay the rent")
            _ = try second.store.setDone(true, ids: [second.todo("Water plants").id])
            _ = try second.store.move(ids: [second.todo("Write report").id], toList: TodoStore.inboxListID)
            _ = try first.store.add(title: "Call Mom", listID: first.list("Work"))
            try second.sync()
            let back = try first.sync()
            #expect(back.receivedChanges == 3 && back.sentChanges == 1)
            try second.sync()
            try Self.agree(server, first, second)

            _ = try first.store.delete(ids: [first.todo("Pay the rent").id])
            try first.sync()
            #expect(try second.sync().receivedDeletions == 1)
            try Self.agree(server, first, second)
            #expect(try second.contents().map { $0.split(separator: "|").prefix(3).joined(separator: "|") } == [
                "Inbox|Water plants|true", "Inbox|Write report|false", "Work|Call Mom|false",
            ])
        }
    }

    @Test("a sync token the server no longer knows makes the next pull ask for everything: nothing is duplicated, and a deletion meanwhile arrives (Xandikos answers the token with 500)",
          arguments: CalDAVServerKind.allCases)
    func invalidTokenFallsBack(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["Pay rent", "Call Mom"])
            try first.sync()
            try second.sync()
            for collection in try first.store.syncCollections() {
                try first.store.saveSyncCollection(.init(listID: collection.listID, href: collection.href, syncToken: "not-a-token"))
            }
            _ = try second.store.add(title: "Water plants")
            _ = try second.store.delete(ids: [second.todo("Call Mom").id])
            try second.sync()
            // The whole listing names no deletions: the synced todo it leaves out was deleted there.
            let received = try first.sync()
            #expect(received.receivedNew == 1 && received.receivedDeletions == 1)
            try Self.agree(server, first, second)
        }
    }

    @Test("one change costs the same few requests whether 10 or 300 todos are synced: only what changed is asked for and sent",
          arguments: [(CalDAVServerKind.radicale, 10), (.radicale, 300), (.xandikos, 10), (.xandikos, 300)])
    func oneChangeIsIncremental(on kind: CalDAVServerKind, size: Int) throws {
        try Self.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: (0..<size).map { "todo \($0)" })
            try first.sync()
            try second.sync()
            _ = try first.store.update(id: first.todo("todo 7").id, title: "todo 7 edited")
            let sent = try first.sync()
            let received = try second.sync()
            #expect(sent.sentChanges == 1 && received.receivedChanges == 1)
            // Discovery, the collection's sync-collection report, and the PUT or the multiget.
            #expect(sent.requests == Self.discoveryRequests(kind) + 2)
            #expect(received.requests == Self.discoveryRequests(kind) + 2)
        }
    }

    @Test("a server that refuses sync-collection (501, 400, 403 or 405) is compared by ETags: new, changed and deleted items still arrive",
          arguments: CalDAVServerKind.allCases, [501, 400, 403, 405])
    func entityTagListingWithoutSyncCollection(on kind: CalDAVServerKind, refusal: Int) throws {
        try Self.withDevicesBehindProxy(on: kind) { server, proxy, first, second in
            try first.store.add(titles: ["Pay rent", "Water plants", "Call Mom"])
            try first.sync()
            try second.sync()
            _ = try second.store.add(title: "Buy milk")
            _ = try second.store.update(id: second.todo("Call Mom").id, title: "Call Mom today")
            _ = try second.store.delete(ids: [second.todo("Water plants").id])
            try second.sync()
            // The PROPFINDs of discovery, then the sync-collection REPORT: refused as by a server without it.
            try proxy.inject(contentsOf: Array(repeating: "", count: Self.discoveryRequests(kind)) + ["status \(refusal)"])
            let received = try first.sync()
            #expect(received.receivedNew == 1 && received.receivedChanges == 1 && received.receivedDeletions == 1)
            #expect(try first.store.syncCollections().allSatisfy { $0.syncToken == nil })
            try Self.agree(server, first, second)
        }
    }

    @Test("a list deleted with its todos on one device is not brought back by the next sync; the other device loses its todos",
          arguments: CalDAVServerKind.allCases)
    func deletedListStaysDeleted(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, first, second in
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            _ = try first.store.add(title: "Pay rent")
            try first.sync()
            try second.sync()
            try first.store.deleteList(id: first.list("Work"), movingTodosTo: nil)
            #expect(try first.sync().sentDeletions == 1)
            try first.sync()
            #expect(try first.store.lists().map(\.name) == ["Inbox"])
            #expect(try second.sync().receivedDeletions == 1)
            try Self.agree(server, first, second)
        }
    }

    @Test("a second collection with a synced list's name (another app's) is said in the summary, not silently left out",
          arguments: CalDAVServerKind.allCases)
    func collectionOfTakenName(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, first, _ in
            try first.sync()
            try server.client().makeCalendar(at: server.newCollectionURL("other"), displayName: "Inbox")
            let summary = try first.sync()
            #expect(summary.unsyncedCollections == ["Inbox"])
            #expect(summary.line.hasSuffix(" · 0 conflicts · collection \"Inbox\" not synced: its list's name goes with another collection"))
            #expect(try first.store.lists().map(\.name) == ["Inbox"])
        }
    }

    @Test("a VTODO with an alarm, an attachment and another client's property, written by plain HTTP, keeps them through a Tick title edit",
          arguments: CalDAVServerKind.allCases)
    func unknownPropertiesSurvive(on kind: CalDAVServerKind) throws {
        try Self.withDevices(on: kind) { server, first, second in
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let url = try server.homeURL.resolving(collection.href + "other-client.ics")
            let original = """
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                PRODID:-//Other//Client//EN\r
                BEGIN:VTODO\r
                UID:other-client-1\r
                DTSTAMP:20261130T090000Z\r
                SUMMARY:Buy milk\r
                CATEGORIES:shopping\r
                X-OTHER-CLIENT-COLOR:#ff8800\r
                ATTACH:https://example.com/list.pdf\r
                BEGIN:VALARM\r
                ACTION:DISPLAY\r
                DESCRIPTION:Milk!\r
                TRIGGER:-PT15M\r
                END:VALARM\r
                END:VTODO\r
                END:VCALENDAR\r

                """
            _ = try server.client().create(original, at: url)
            // Radicale stores its own serialization of what it was sent (properties reordered): that is the original.
            let before = try server.client().get(url).calendarData
            #expect(try second.sync().receivedNew == 1)
            _ = try second.store.update(id: second.todo("Buy milk").id, title: "Buy oat milk")
            try second.sync()
            let stored = try server.client().get(url).calendarData
            let kept = stored.components(separatedBy: "\r\n").filter { line in
                !["SUMMARY", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"].contains { line.hasPrefix($0 + ":") }
            }
            let beforeKept = before.components(separatedBy: "\r\n").filter { line in
                !["SUMMARY", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"].contains { line.hasPrefix($0 + ":") }
            }
            #expect(kept == beforeKept)
            #expect(kept.contains("X-OTHER-CLIENT-COLOR:#ff8800") && kept.contains("TRIGGER:-PT15M") && kept.contains("ATTACH:https://example.com/list.pdf"))
            #expect(stored.contains("SUMMARY:Buy oat milk\r\n"))
            try first.sync()
            #expect(try first.todo("Buy oat milk").tags == ["shopping"])
        }
    }

    @Test("a sync cut off by a server failure at any request, then run again, loses nothing and duplicates nothing",
          arguments: CalDAVServerKind.allCases)
    func interruptedSyncResumes(on kind: CalDAVServerKind) throws {
        try Self.withDevicesBehindProxy(on: kind) { server, proxy, first, second in
            var failures = 0
            for cut in 0..<12 {
                // Changes of every kind, then a sync whose request number `cut` fails.
                _ = try first.store.add(title: "todo \(cut)", listID: try first.list(cut % 2 == 0 ? "Inbox" : "Work \(cut % 3)"))
                if let todo = try first.store.flatOrder().first { _ = try first.store.update(id: todo.id, title: "edited \(cut)") }
                if cut % 3 == 2, let todo = try first.store.flatOrder().last { _ = try first.store.delete(ids: [todo.id]) }
                try proxy.inject(contentsOf: Array(repeating: "", count: cut) + [cut % 2 == 0 ? "reset" : "status 503"])
                do { try first.sync() } catch { failures += 1 }
                try proxy.inject(contentsOf: [])
                try first.sync()
                try second.sync()
                try Self.agree(server, first, second)
            }
            #expect(failures > 6)
        }
    }
}
