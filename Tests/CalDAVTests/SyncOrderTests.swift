import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// The manual order, list renames, moves between lists and recurring completions, synced between
/// two devices through one real server (Radicale, then Xandikos).
@Suite("Sync of order, renames, moves and recurring todos against Radicale and Xandikos", .serialized)
struct SyncOrderTests {
    typealias Device = SyncEngineTests.Device

    /// A list's titles in its manual order on a device.
    static func titles(_ device: Device, _ list: String = "Inbox") throws -> [String] {
        let listID = try device.list(list)
        return try device.store.flatOrder().filter { $0.listID == listID }.map(\.title)
    }

    /// The titles of a collection's items on the server, by X-APPLE-SORT-ORDER (none last).
    static func serverTitles(_ server: TestServer, _ device: Device, _ list: String = "Inbox") throws -> [String] {
        let listID = try device.list(list)
        let href = try #require(try device.store.syncCollections().first { $0.listID == listID }).href
        let client = try server.client()
        let url = try server.homeURL.resolving(href)
        let todos = try client.multiget(try client.listItems(in: url).map(\.href), in: url).flatMap { try VTodoRewriter(zone: .fromEnvironment).read($0.calendarData) }
        return todos.sorted { ($0.sortOrder ?? .max, $0.uid) < ($1.sortOrder ?? .max, $1.uid) }.map(\.title)
    }

    @Test("a reorder on one device is one PUT, and the other device and the server show the same order",
          arguments: CalDAVServerKind.allCases)
    func reorderArrives(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["Pay rent", "Water plants", "Call Mom", "Buy milk", "Write report"])
            try first.sync()
            try second.sync()
            #expect(try Self.titles(second) == Self.titles(first))
            try first.store.move(id: first.todo("Write report").id, toList: TodoStore.inboxListID, after: nil)
            try first.store.move(id: first.todo("Pay rent").id, toList: TodoStore.inboxListID, after: first.todo("Buy milk").id)
            let sent = try first.sync()
            #expect(sent.sentChanges == 2)
            let received = try second.sync()
            #expect(received.receivedChanges == 2 && received.sentChanges == 0)
            let expected = ["Write report", "Water plants", "Call Mom", "Buy milk", "Pay rent"]
            #expect(try Self.titles(first) == expected)
            #expect(try Self.titles(second) == expected)
            #expect(try Self.serverTitles(server, first) == expected)
        }
    }

    @Test("reorders on both devices: different todos both move; one todo moved on both takes the server's place; todos both devices added at one place get one order",
          arguments: CalDAVServerKind.allCases)
    func reordersOnBothSides(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["A", "B", "C", "D"])
            try first.sync()
            try second.sync()
            try first.store.move(id: first.todo("D").id, toList: TodoStore.inboxListID, after: nil)
            try second.store.move(id: second.todo("A").id, toList: TodoStore.inboxListID, after: second.todo("C").id)
            try first.sync()
            try second.sync()
            try first.sync()
            #expect(try Self.titles(first) == ["D", "B", "C", "A"])
            #expect(try Self.titles(second) == ["D", "B", "C", "A"])

            // The same todo moved on both: the first to sync put it on the server, which wins.
            try first.store.move(id: first.todo("C").id, toList: TodoStore.inboxListID, after: nil)
            try second.store.move(id: second.todo("C").id, toList: TodoStore.inboxListID, after: second.todo("A").id)
            try first.sync()
            try second.sync()
            try first.sync()
            #expect(try Self.titles(first) == ["C", "D", "B", "A"])
            #expect(try Self.titles(second) == ["C", "D", "B", "A"])

            // Both add at the top between syncs: the same position on both, put in one order (by UID) everywhere.
            _ = try first.store.add(title: "From first")
            _ = try second.store.add(title: "From second")
            try first.sync()
            try second.sync()
            try first.sync()
            #expect(try Self.titles(first) == Self.titles(second))
            #expect(try Self.titles(first).prefix(2).sorted() == ["From first", "From second"])
            #expect(try Self.serverTitles(server, first) == Self.titles(first))
            #expect(try first.store.pendingSyncChanges() == [] && second.store.pendingSyncChanges() == [])
        }
    }

    @Test("another app's todo without a place gets none from a title edit here, and gets its place once moved here",
          arguments: CalDAVServerKind.allCases)
    func itemWithoutPlace(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["Pay rent"])
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let url = try server.homeURL.resolving(collection.href + "other-app.ics")
            _ = try server.client().create("""
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                PRODID:-//Other//App//EN\r
                BEGIN:VTODO\r
                UID:other-app-1\r
                DTSTAMP:20261130T090000Z\r
                SUMMARY:Buy milk\r
                END:VTODO\r
                END:VCALENDAR\r

                """, at: url)
            try first.sync()
            _ = try first.store.update(id: first.todo("Buy milk").id, title: "Buy oat milk")
            try first.sync()
            #expect(try !server.client().get(url).calendarData.contains("X-APPLE-SORT-ORDER"))
            try first.store.move(id: first.todo("Buy oat milk").id, toList: TodoStore.inboxListID, after: nil)
            try first.sync()
            #expect(try server.client().get(url).calendarData.contains("X-APPLE-SORT-ORDER:"))
            try second.sync()
            #expect(try Self.titles(second) == ["Buy oat milk", "Pay rent"])
            #expect(try Self.titles(first) == ["Buy oat milk", "Pay rent"])
        }
    }

    @Test("a list renamed on one device renames its collection and the list on the other device",
          arguments: CalDAVServerKind.allCases)
    func renameArrives(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            try first.sync()
            try second.sync()
            _ = try first.store.renameList(id: first.list("Work"), to: "Office")
            let sent = try first.sync()
            #expect(sent.renamedCollections == 1 && sent.sentChanges == 0)
            #expect(try server.client().discoverCalendars(at: server.homeURL).compactMap(\.displayName).sorted() == ["Inbox", "Office"])
            let received = try second.sync()
            #expect(received.renamedLists == 1)
            #expect(sent.line.hasSuffix(" · 0 conflicts · list renames: 1 sent, 0 received"))
            #expect(received.line.hasSuffix(" · 0 conflicts · list renames: 0 sent, 1 received"))
            #expect(try second.store.lists().map(\.name) == ["Inbox", "Office"])
            #expect(try Self.titles(second, "Office") == ["Write report"])
            // Nothing more to do on either side: discovery and one report per collection.
            #expect(try first.sync().requests == SyncEngineTests.discoveryRequests(kind) + 2)
            #expect(try second.sync().requests == SyncEngineTests.discoveryRequests(kind) + 2)
        }
    }

    @Test("a collection renamed by another client renames the list; renamed on both sides, the server's name wins",
          arguments: CalDAVServerKind.allCases)
    func renameOnServerAndBoth(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            try first.sync()
            try second.sync()
            let href = try #require(try first.store.syncCollections().first { $0.listID == (try first.list("Work")) }).href
            try server.client().setDisplayName("Job", of: try server.homeURL.resolving(href))
            #expect(try first.sync().renamedLists == 1)
            #expect(try first.store.lists().map(\.name) == ["Inbox", "Job"])

            _ = try first.store.renameList(id: first.list("Job"), to: "Day job")
            _ = try second.store.renameList(id: second.list("Work"), to: "Career")
            try first.sync()
            try second.sync()
            try first.sync()
            #expect(try first.store.lists().map(\.name) == ["Inbox", "Day job"])
            #expect(try second.store.lists().map(\.name) == ["Inbox", "Day job"])
        }
    }

    @Test("a rename to the name of another list here renames nothing, says so, loses nothing, and keeps syncing the todos",
          arguments: CalDAVServerKind.allCases)
    func renameClash(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            _ = try second.store.add(title: "Diary", listID: second.list("Home"))
            try first.sync()
            try second.sync(localLists: ["Home"])
            _ = try first.store.renameList(id: first.list("Work"), to: "Home")
            _ = try first.store.add(title: "Call the client", listID: first.list("Home"))
            try first.sync()
            let clash = try second.sync(localLists: ["Home"])
            #expect(clash.renamedLists == 0 && clash.receivedNew == 1)
            #expect(clash.unappliedRenames.count == 1)
            #expect(clash.line.contains("was renamed “Home” on the server, but list “Home” has that name here: rename one of them"))
            #expect(try second.store.lists().map(\.name) == ["Inbox", "Home", "Work"])
            #expect(try Self.titles(second, "Work") == ["Call the client", "Write report"])
            #expect(try Self.titles(second, "Home") == ["Diary"])
            // Said again at the next sync, until one of the lists is renamed.
            #expect(try second.sync(localLists: ["Home"]).unappliedRenames.count == 1)
            _ = try second.store.renameList(id: second.list("Home"), to: "Private")
            let renamed = try second.sync(localLists: ["Private"])
            #expect(renamed.renamedLists == 1 && renamed.unappliedRenames.isEmpty)
            #expect(try second.store.lists().map(\.name).sorted() == ["Home", "Inbox", "Private"])
        }
    }

    @Test("a todo moved to another list and edited arrives moved and edited, as one item on the server",
          arguments: CalDAVServerKind.allCases)
    func moveAndEdit(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            _ = try first.store.add(title: "Write report")
            _ = try first.list("Work")
            try first.sync()
            try second.sync()
            let todo = try second.todo("Write report")
            _ = try second.store.move(ids: [todo.id], toList: second.list("Work"))
            _ = try second.store.update(id: todo.id, title: "Write the report", priority: 3)
            #expect(try second.sync().sentChanges == 1)
            let received = try first.sync()
            #expect(received.receivedChanges == 1 && received.receivedNew == 0 && received.receivedDeletions == 0)
            let moved = try first.todo("Write the report")
            #expect(moved.listID == (try first.list("Work")) && moved.priority == 3 && moved.uid == todo.uid)
            #expect(try SyncEngineTests.serverUIDs(server) == [todo.uid])
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a todo moved into a list that stays local leaves the server and the other device, and stays here",
          arguments: CalDAVServerKind.allCases)
    func moveIntoLocalList(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["Pay rent", "Diary entry"])
            try first.sync()
            try second.sync()
            let diary = try second.todo("Diary entry")
            _ = try second.store.move(ids: [diary.id], toList: second.list("Private"))
            #expect(try second.sync(localLists: ["Private"]).sentDeletions == 1)
            #expect(try first.sync().receivedDeletions == 1)
            #expect(try first.store.flatOrder().map(\.title) == ["Pay rent"])
            #expect(try second.todo("Diary entry").listID == (try second.list("Private")))
            #expect(try SyncEngineTests.serverUIDs(server) == [try first.todo("Pay rent").uid])
        }
    }

    @Test("a recurring todo completed on one device arrives done with its next occurrence due; completed on both between syncs, one next occurrence",
          arguments: CalDAVServerKind.allCases)
    func recurringCompletions(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            _ = try first.store.add(title: "Water plants", due: "2026-12-01", recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY"))
            try first.sync()
            try second.sync()
            _ = try first.store.setDone(true, ids: [first.todo("Water plants").id])
            try first.sync()
            #expect(try second.sync().receivedNew == 1)
            let occurrences = try second.store.flatOrder()
            #expect(occurrences.map { "\($0.title)|\($0.isDone)|\($0.due ?? "-")|\($0.recurrence?.rrule ?? "-")" } == [
                "Water plants|true|2026-12-01|-", "Water plants|false|2026-12-08|FREQ=WEEKLY",
            ])
            try SyncEngineTests.agree(server, first, second)

            // Both complete the open occurrence before syncing: one next occurrence, not two.
            _ = try first.store.setDone(true, ids: [try #require(try first.store.flatOrder().first { !$0.isDone }).id])
            _ = try second.store.setDone(true, ids: [occurrences[1].id])
            try first.sync()
            try second.sync()
            try first.sync()
            try SyncEngineTests.agree(server, first, second)
            let open = try first.store.flatOrder().filter { !$0.isDone }
            #expect(open.map { "\($0.due ?? "-")|\($0.recurrence?.rrule ?? "-")" } == ["2026-12-15|FREQ=WEEKLY"])
            #expect(try first.store.flatOrder().count == 3 && second.store.flatOrder().count == 3)
        }
    }
}
