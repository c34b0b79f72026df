import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// Where Radicale and Xandikos differ (discovery, the report set they write, connections, names,
/// events among the todos) and where a server offers no `sync-collection`: the client handles each.
@Suite("What Radicale and Xandikos do differently", .serialized)
struct ServerDifferenceTests {
    typealias Device = SyncEngineTests.Device

    @Test("discovery from the server's root finds the calendar home, and each collection's report set says it offers sync-collection and calendar-query (Radicale wraps each in <report>, Xandikos does not)",
          arguments: CalDAVServerKind.allCases)
    func discoveryAndReportSet(on kind: CalDAVServerKind) throws {
        try withServer(kind) { server in
            let client = try server.client()
            let url = server.newCollectionURL("work")
            try client.makeCalendar(at: url, displayName: "Work")
            let discovery = try client.discover(at: server.rootURL)
            #expect(discovery.home.path == server.homeURL.path)
            let work = try #require(discovery.calendars.first { $0.url.path == url.path })
            #expect(work.displayName == "Work")
            #expect(work.offers(.syncCollection) == true)
            #expect(work.offers(.calendarQuery) == true)
        }
    }

    @Test("a server that does not offer sync-collection (its report set leaves it out) is listed by calendar-query and never asked for it: new, changed and deleted todos arrive, events are not even listed",
          arguments: CalDAVServerKind.allCases)
    func calendarQueryWithoutSyncCollection(on kind: CalDAVServerKind) throws {
        // The proxy answers any sync-collection REPORT with 500: a sync that asked for one would fail.
        try SyncEngineTests.withDevicesBehindProxy(on: kind, withoutSyncCollection: true) { server, _, first, second in
            try second.store.add(titles: ["Pay rent", "Water plants", "Call Mom"])
            #expect(try second.sync().sentChanges == 3)
            #expect(try first.sync().receivedNew == 3)
            // A collection the sync makes is listed as the server's others are.
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            #expect(try first.sync().sentChanges == 1)
            #expect(try second.sync().receivedNew == 1)
            let collection = try #require(try first.store.syncCollections().first { $0.listID == TodoStore.inboxListID })
            _ = try server.client().create(eventCalendar(uid: "event-1", summary: "Dentist"),
                                           at: server.homeURL.resolving(collection.href + "event-1.ics"))
            _ = try second.store.add(title: "Buy milk")
            _ = try second.store.update(id: second.todo("Call Mom").id, title: "Call Mom today")
            _ = try second.store.delete(ids: [second.todo("Water plants").id])
            try second.sync()
            let received = try first.sync()
            #expect(received.receivedNew == 1 && received.receivedChanges == 1 && received.receivedDeletions == 1)
            #expect(received.skippedItems.isEmpty && received.leftAlone.isEmpty)
            // Discovery, a calendar-query of each of the two collections, one multiget of the two changed todos.
            #expect(received.requests == SyncEngineTests.discoveryRequests(kind) + 3)
            #expect(try first.store.syncCollections().allSatisfy { $0.syncToken == nil })
            try SyncEngineTests.agree(server, first, second)
            let again = try first.sync()
            #expect(again.line == "↑ 0 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts")
        }
    }

    @Test("a todo this device created, deleted on another device before this device's next sync, is deleted here too (Xandikos leaves an item created and deleted since a token out of its answer, as RFC 6578 allows)",
          arguments: CalDAVServerKind.allCases)
    func deletionOfATodoJustCreated(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["Pay rent", "Call Mom"])
            try first.sync()
            #expect(try second.sync().receivedNew == 2)
            _ = try second.store.delete(ids: [second.todo("Call Mom").id])
            #expect(try second.sync().sentDeletions == 1)
            #expect(try first.sync().receivedDeletions == 1)
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("an event in a collection of todos is left alone and said so, not counted as an item that could not be read; it stays on the server",
          arguments: CalDAVServerKind.allCases)
    func eventsAreLeftAlone(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["Pay rent"])
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let event = try server.homeURL.resolving(collection.href + "event-1.ics")
            _ = try server.client().create(eventCalendar(uid: "event-1", summary: "Dentist"), at: event)
            let summary = try second.sync()
            #expect(summary.receivedNew == 1)
            #expect(summary.skippedItems.isEmpty && !summary.hasProblems)
            #expect(summary.leftAlone == ["VEVENT": 1])
            #expect(summary.line == "↑ 0 changed, 0 deleted · ↓ 1 new, 0 changed, 0 deleted · 0 conflicts · 1 item left alone: events, not todos")
            #expect(try second.contents().map { $0.split(separator: "|")[1] } == ["Pay rent"])
            #expect(try server.client().get(event).calendarData.contains("SUMMARY:Dentist"))
        }
    }

    @Test("a collection without a display name becomes a list named after the last segment of its path, percent-decoded (Radicale gives its path, alice/tasks, as the name)",
          arguments: CalDAVServerKind.allCases)
    func collectionWithoutDisplayName(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            let url = try server.homeURL.resolving("Weekly%20errands/")
            // An MKCALENDAR without a body: no display name.
            let made = try server.client().http.send(HTTPRequest(method: "MKCALENDAR", url: url))
            #expect(made.status == 201)
            let found = try #require(try server.client().discoverCalendars(at: server.homeURL).first { $0.url.path == url.path })
            // Radicale names it by its path, "tick-user/Weekly errands", which is no name; Xandikos by its last segment.
            #expect(found.displayName == (kind == .radicale ? nil : "Weekly errands"))
            #expect(found.listName == "Weekly errands")
            _ = try server.client().create(todoCalendar(uid: "errand-1", summary: "Post the letter"), at: url.item("errand-1.ics"))
            #expect(try first.sync().receivedNew == 1)
            #expect(try first.contents().map { $0.split(separator: "|").prefix(2).joined(separator: "|") } == ["Weekly errands|Post the letter"])
            // The list's name goes up as the collection's, so other clients show it too.
            try second.sync()
            #expect(try second.contents() == first.contents())
            #expect(try server.client().discoverCalendars(at: server.homeURL).first { $0.url.path == url.path }?.displayName == "Weekly errands")
        }
    }

    @Test("a sync keeps its connections to a server that keeps them open (Xandikos, HTTP/1.1): one for the requests sent alone and one per upload under way at once; one that closes them (Radicale, HTTP/1.0) needs one per request",
          arguments: CalDAVServerKind.allCases)
    func oneConnectionWhenTheServerKeepsIt(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { _, first, _ in
            try first.store.add(titles: (0..<20).map { "todo \($0)" })
            let summary = try first.sync()
            #expect(summary.sentChanges == 20)
            #expect(first.client.http.requestCount == summary.requests)
            let connections = first.client.http.connectionCount
            let atOnce = first.client.http.parallelCapacity
            #expect(kind == .xandikos ? (1...1 + atOnce).contains(connections) : connections == summary.requests)
        }
    }
}
