import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
@testable import TodoSync

/// What a hostile CalDAV server, or a shared calendar someone else can write to, can send a sync
/// (`Support/hostile_server.py`): each costs only what it touches. The server has two collections,
/// Work and Home; the store has a todo waiting to go up in Home, which must go up whatever Work does.
@Suite("What a hostile CalDAV server can send", .serialized)
struct HostileServerTests {
    static let collections = ["/dav/work/": "Work", "/dav/home/": "Home"]
    static let fine = todoCalendar(uid: "fine-1", summary: "A fine todo")

    /// A store in a scratch folder with "Water plants" waiting to go up in list Home.
    static func withStore(_ body: (TodoStore) throws -> Void) throws {
        let scratch = try ScratchFolder("hostile-store")
        let folder = scratch.url
        let store = try TodoStore(path: folder.appendingPathComponent("tick.db").path)
        defer { store.close() }
        _ = try store.add(title: "Water plants", listID: try store.addList(named: "Home").value.id)
        try body(store)
    }

    static func engine(_ store: TodoStore, _ server: HostileServer, client: CalDAVClient? = nil, timeLimit: Duration = .seconds(60)) throws -> SyncEngine {
        let engine = SyncEngine(store: store, client: try client ?? server.client(), home: server.homeURL, zone: .fromEnvironment)
        // A backstop: a defect that loops fails the test instead of hanging it.
        engine.timeLimit = timeLimit
        return engine
    }

    /// Whether "Water plants" went up into Home.
    static func wentUpToHome(_ server: HostileServer) throws -> Bool {
        try server.requests().contains { $0.method == "PUT" && $0.path.hasPrefix("/dav/home/") }
    }

    static func titles(_ store: TodoStore) throws -> Set<String> {
        Set(try store.flatOrder().map(\.title))
    }

    @Test("an item of 300,000 nested VTODOs is refused before libical sees it, named with its list, and the rest syncs")
    func deepNesting() throws {
        try withHostileServer(collections: Self.collections, items: ["/dav/work/fine.ics": Self.fine],
                              nested: ("/dav/work/deep.ics", 300_000)) { server in
            try Self.withStore { store in
                let summary = try Self.engine(store, server).sync()
                #expect(summary.skippedItems.map(\.href) == ["/dav/work/deep.ics"])
                #expect(summary.skippedItems.first?.listName == "Work")
                #expect(summary.skippedItems.first?.reason.contains("nested more than 16 deep") == true, "\(summary.skippedItems)")
                #expect(try Self.titles(store).contains("A fine todo"))
                #expect(try Self.wentUpToHome(server))
                #expect(summary.line.contains("/dav/work/deep.ics in “Work”"), "\(summary.line)")
            }
        }
    }

    @Test("a principal or calendar home on another server is not followed: no request, no password goes there", arguments: [
        "principal", "home",
    ])
    func homeElsewhere(key: String) throws {
        try withHostileServer(collections: Self.collections) { server in
            try server.misbehave([key: server.elsewhereURL.absoluteString + "dav/"])
            try Self.withStore { store in
                let error = SyncFaultTests.failure { _ = try Self.engine(store, server).sync() }
                let elsewhere = try server.requestsElsewhere()
                #expect(elsewhere.isEmpty, "\(elsewhere)")
                guard case .refusedAddress(let reason) = error else {
                    Issue.record("expected a refused address, got \(String(describing: error))")
                    return
                }
                #expect(reason.contains(server.elsewhereURL.absoluteString + "dav/"), "\(reason)")
            }
        }
    }

    @Test("a collection listed on another server is left out and named; the others sync")
    func collectionElsewhere() throws {
        try withHostileServer(collections: Self.collections) { server in
            let elsewhere = server.elsewhereURL.absoluteString + "dav/stolen/"
            try server.misbehave(["extra_collections": [elsewhere]])
            try Self.withStore { store in
                let summary = try Self.engine(store, server).sync()
                #expect(summary.refusedCollections == [elsewhere])
                #expect(summary.line.contains("collection \(elsewhere) not synced: it is on another server"))
                #expect(try Self.wentUpToHome(server))
                #expect(try server.requestsElsewhere().isEmpty)
            }
        }
    }

    @Test("a client bound to its server refuses a request to another origin before sending anything")
    func clientBoundToOrigin() throws {
        try withHostileServer(collections: Self.collections) { server in
            let client = try CalDAVClient(configuration: .init(credentials: RadicaleServer.credentials, origin: server.homeURL))
            let error = caught { try client.get(server.elsewhereURL.item("dav/work/a.ics")) }
            #expect(try server.requestsElsewhere().isEmpty)
            guard case .refusedAddress = error else {
                Issue.record("expected a refused address, got \(String(describing: error))")
                return
            }
            // The configured server itself is asked.
            #expect(caught { try client.get(server.homeURL.item("work/none.ics")) } == .notFound(path: "/dav/work/none.ics"))
        }
    }

    @Test("hrefs outside their collection (../../, %2e%2e, another host) are refused and named: nothing is read from or sent to them")
    func hrefsOutsideTheCollection() throws {
        let secret = todoCalendar(uid: "secret-1", summary: "Someone else's todo")
        try withHostileServer(collections: Self.collections, items: ["/secret/x.ics": secret, "/secret/y.ics": secret]) { server in
            let hrefs = ["../../secret/x.ics", "/dav/work/%2e%2e/%2e%2e/secret/y.ics", server.elsewhereURL.absoluteString + "dav/work/z.ics"]
            try server.misbehave(["extra_hrefs": ["/dav/work/": hrefs]])
            try Self.withStore { store in
                let summary = try Self.engine(store, server).sync()
                #expect(Set(summary.skippedItems.map(\.href)) == Set(hrefs))
                #expect(summary.skippedItems.allSatisfy { $0.listName == "Work" && $0.reason.contains("outside its collection") })
                #expect(try !Self.titles(store).contains("Someone else's todo"))
                #expect(try Self.wentUpToHome(server))
                // Everything here is deleted and synced: nothing outside the collections gets a request.
                _ = try store.delete(ids: try store.flatOrder().map(\.id))
                _ = try Self.engine(store, server).sync()
                let outside = try server.requests().filter { !$0.path.hasPrefix("/dav/") && $0.path != "/principal/" }
                #expect(outside.isEmpty, "\(outside)")
                #expect(try server.requestsElsewhere().isEmpty)
            }
        }
    }

    @Test("a server answering \"cut short\" with a new token for ever costs only its collection, after a few rounds")
    func endlessTruncation() throws {
        try withHostileServer(collections: Self.collections) { server in
            try server.misbehave(["endless_truncation": ["/dav/work/"]])
            try Self.withStore { store in
                let summary = try Self.engine(store, server, timeLimit: .seconds(20)).sync()
                #expect(summary.failedCollections.map(\.listName) == ["Work"])
                #expect(summary.failedCollections.first?.reason.contains("cut short") == true, "\(summary.failedCollections)")
                #expect(try server.requests().filter { $0.method == "REPORT" && $0.path == "/dav/work/" }.count <= SyncEngine.maximumEmptyRounds + 1)
                #expect(try Self.wentUpToHome(server))
                #expect(summary.line.contains("list “Work” not synced (/dav/work/)"), "\(summary.line)")
            }
        }
    }

    @Test("an answer dripping 2 bytes a second is stopped at the request's total time")
    func drippingAnswer() throws {
        try withHostileServer(collections: Self.collections) { server in
            try server.misbehave(["drip": ["PROPFIND": 2]])
            try Self.withStore { store in
                let client = try server.client(totalTimeout: .seconds(2))
                let error = SyncFaultTests.failure { _ = try Self.engine(store, server, client: client, timeLimit: .seconds(8)).sync() }
                #expect(error == .requestTookTooLong(seconds: 2))
            }
        }
    }

    @Test("a sync that goes on past its time limit is stopped, in the middle of a request if need be")
    func syncTimeLimit() throws {
        try withHostileServer(collections: Self.collections) { server in
            try server.misbehave(["slow": ["REPORT": 4]])
            try Self.withStore { store in
                let error = SyncFaultTests.failure { _ = try Self.engine(store, server, timeLimit: .seconds(2)).sync() }
                #expect(error == .syncTookTooLong(seconds: 2))
            }
        }
    }

    @Test("an answer over the size limit stops its transfer and costs only its collection")
    func oversizedAnswer() throws {
        try withHostileServer(collections: Self.collections) { server in
            try server.misbehave(["pad": ["method": "REPORT", "path": "/dav/work/", "bytes": 3 << 20]])
            try Self.withStore { store in
                let client = try server.client(maximumResponseBytes: 1 << 20)
                let summary = try Self.engine(store, server, client: client).sync()
                #expect(summary.failedCollections.map(\.listName) == ["Work"])
                #expect(summary.failedCollections.first?.reason == CalDAVError.answerTooLarge(limit: 1 << 20).description)
                #expect(try Self.wentUpToHome(server))
            }
        }
    }

    @Test("an item whose title holds a raw ESC (invalid XML in the multiget) is read alone, and its neighbours still arrive")
    func rawControlCharacterInAnItem() throws {
        let escaped = todoCalendar(uid: "esc-1", summary: "Title with \u{1B}[31m escape")
        try withHostileServer(collections: Self.collections, items: ["/dav/work/esc.ics": escaped, "/dav/work/fine.ics": Self.fine]) { server in
            try Self.withStore { store in
                let summary = try Self.engine(store, server).sync()
                #expect(summary.failedCollections.isEmpty && summary.skippedItems.isEmpty, "\(summary.line)")
                #expect(try Self.titles(store).isSuperset(of: ["Title with \u{1B}[31m escape", "A fine todo"]))
                #expect(try Self.wentUpToHome(server))
                #expect(try server.requests().contains { $0.method == "GET" && $0.path == "/dav/work/esc.ics" })
            }
        }
    }

    @Test("an item with a NUL, unreadable even alone, is skipped and named with its list; the rest syncs")
    func itemWithNUL() throws {
        let withNUL = todoCalendar(uid: "nul-1", summary: "Before\u{0}after")
        try withHostileServer(collections: Self.collections, items: ["/dav/work/nul.ics": withNUL, "/dav/work/fine.ics": Self.fine]) { server in
            try Self.withStore { store in
                let summary = try Self.engine(store, server).sync()
                #expect(summary.skippedItems.map(\.href) == ["/dav/work/nul.ics"])
                #expect(summary.skippedItems.first?.listName == "Work")
                #expect(try Self.titles(store).contains("A fine todo"))
                #expect(try Self.wentUpToHome(server))
            }
        }
    }

    @Test("an item that holds a NUL when a 412 makes the push fetch it is skipped and named; the other changes go up, and so does the next sync")
    func nulMetDuringPreconditionRetry() throws {
        try withHostileServer(collections: Self.collections, items: ["/dav/work/rent.ics": todoCalendar(uid: "rent-1", summary: "Pay rent")]) { server in
            try Self.withStore { store in
                _ = try Self.engine(store, server).sync()
                let rent = try #require(try store.item(uid: "rent-1"))
                _ = try store.update(id: rent.id, title: "Pay the rent")
                _ = try store.add(title: "Call mum", listID: try #require(try store.lists().first { $0.name == "Home" }).id)
                let engine = try Self.engine(store, server)
                engine.betweenPullAndPush = {
                    // Another client stores a version with a NUL after the pull: the PUT meets a 412.
                    let request = HTTPRequest(method: "PUT", url: server.homeURL.item("work/rent.ics"),
                                              body: Array(todoCalendar(uid: "rent-1", summary: "Pay\u{0}rent").utf8))
                    _ = try HTTPClient().send(request)
                }
                let summary = try engine.sync()
                #expect(summary.skippedItems.map(\.href) == ["/dav/work/rent.ics"], "\(summary.line)")
                #expect(summary.skippedItems.first?.reason.contains("NUL") == true, "\(summary.skippedItems)")
                #expect(try server.requests().contains { $0.method == "PUT" && $0.path.hasPrefix("/dav/home/") && $0.path != "/dav/home/" })
                #expect(summary.sentChanges == 1, "Call mum went up")
                // The next sync is not stopped by it either.
                let next = try Self.engine(store, server).sync()
                #expect(next.skippedItems.map(\.href).contains("/dav/work/rent.ics"))
            }
        }
    }

    @Test("a discovery answer that is not XML (a collection name with a raw ESC) fails the sync with the request and the line named, and nothing raw")
    func unreadableDiscovery() throws {
        try withHostileServer(collections: ["/dav/work/": "Wo\u{1B}]0;x\u{07}rk"]) { server in
            try Self.withStore { store in
                let error = SyncFaultTests.failure { _ = try Self.engine(store, server).sync() }
                guard case .badResponse(let reason) = error else {
                    Issue.record("expected a bad response, got \(String(describing: error))")
                    return
                }
                #expect(reason.hasPrefix("PROPFIND /dav/: the XML could not be read (line "), "\(reason)")
                #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(reason.debugDescription)")
            }
        }
    }
}
