import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
@testable import TodoSync

/// Issue 31 part 4 through a real Radicale: started and cancelled todos and PERCENT-COMPLETE, from
/// Tick to another device and from other clients (VTODOs as Nextcloud Tasks and tasks.org write
/// them) to Tick, without touching what Tick did not change.
@Suite("Statuses synced through Radicale", .serialized)
struct StatusSyncTests {
    /// A started task with a percentage, as Nextcloud Tasks writes it.
    static let nextcloudStarted = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nextcloud Tasks v0.16.1\r
        BEGIN:VTODO\r
        UID:nc-started-1\r
        CREATED:20261128T101500Z\r
        LAST-MODIFIED:20261130T090000Z\r
        DTSTAMP:20261130T090000Z\r
        SUMMARY:Plan the trip\r
        STATUS:IN-PROCESS\r
        PERCENT-COMPLETE:40\r
        X-NEXTCLOUD-SOMETHING:kept\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// A cancelled task, as tasks.org (through DAVx5) writes it: CANCELLED without COMPLETED.
    static let tasksOrgCancelled = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:+//IDN tasks.org//android-130904//EN\r
        BEGIN:VTODO\r
        DTSTAMP:20261130T091000Z\r
        UID:6459853372154375680\r
        CREATED:20261120T080000Z\r
        LAST-MODIFIED:20261130T091000Z\r
        SUMMARY:Renew the old passport\r
        STATUS:CANCELLED\r
        X-APPLE-SORT-ORDER:-1\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// The lines of an item's text that start with `name:` (or `name;`), without their line break
    /// (CRLF from a GET, LF from a multiget's XML, which normalizes line breaks).
    static func lines(_ name: String, in text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
            .filter { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }
    }

    @Test("another client's started (with a percentage) and cancelled todos arrive as such, and a Tick title edit keeps their STATUS and PERCENT-COMPLETE lines")
    func otherClients() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let started = try server.homeURL.resolving(collection.href + "nc-started-1.ics")
            let cancelled = try server.homeURL.resolving(collection.href + "tasks-org-cancelled.ics")
            _ = try server.client().create(Self.nextcloudStarted, at: started)
            _ = try server.client().create(Self.tasksOrgCancelled, at: cancelled)
            #expect(try second.sync().receivedNew == 2)
            let trip = try second.todo("Plan the trip")
            #expect(trip.status == .inProcess && trip.percentComplete == 40)
            #expect(try second.todo("Renew the old passport").status == .cancelled)

            // A title edit here rewrites the title only: the status lines stay as the other client wrote them.
            let beforeTrip = try server.client().get(started).calendarData
            let beforePassport = try server.client().get(cancelled).calendarData
            _ = try second.store.update(id: trip.id, title: "Plan the trip to Porto")
            _ = try second.store.update(id: second.todo("Renew the old passport").id, title: "Renew the passport")
            try second.sync()
            #expect(Self.lines("STATUS", in: beforeTrip) == ["STATUS:IN-PROCESS"] && Self.lines("PERCENT-COMPLETE", in: beforeTrip) == ["PERCENT-COMPLETE:40"])
            #expect(Self.lines("STATUS", in: beforePassport) == ["STATUS:CANCELLED"])
            let afterTrip = try server.client().get(started).calendarData
            let afterPassport = try server.client().get(cancelled).calendarData
            for name in ["STATUS", "PERCENT-COMPLETE", "COMPLETED", "X-NEXTCLOUD-SOMETHING"] {
                #expect(Self.lines(name, in: afterTrip) == Self.lines(name, in: beforeTrip), "\(name)")
                #expect(Self.lines(name, in: afterPassport) == Self.lines(name, in: beforePassport), "\(name)")
            }
            #expect(afterPassport.contains("STATUS:CANCELLED\r\n") && afterPassport.contains("SUMMARY:Renew the passport\r\n"))

            // The first device gets them as they are.
            try first.sync()
            #expect(try first.todo("Plan the trip to Porto").status == .inProcess)
            #expect(try first.todo("Plan the trip to Porto").percentComplete == 40)
            #expect(try first.todo("Renew the passport").status == .cancelled)
        }
    }

    @Test("started and cancelled here arrive started and cancelled on the other device; done there clears the start and the percentage on the server")
    func betweenDevices() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            let todos = try first.store.add(titles: ["Paint the fence", "Call the plumber", "Water plants"])
            try first.store.setStatus(.inProcess, ids: [todos[0].id])
            try first.store.setPercentComplete(25, id: todos[0].id)
            try first.store.setStatus(.cancelled, ids: [todos[1].id])
            try first.sync()
            let texts = try ServerTodos(server).items
            let fence = try #require(texts.first { $0.todo.title == "Paint the fence" })
            #expect(Self.lines("STATUS", in: fence.text) == ["STATUS:IN-PROCESS"])
            #expect(Self.lines("PERCENT-COMPLETE", in: fence.text) == ["PERCENT-COMPLETE:25"])
            let plumber = try #require(texts.first { $0.todo.title == "Call the plumber" })
            #expect(Self.lines("STATUS", in: plumber.text) == ["STATUS:CANCELLED"])
            #expect(Self.lines("COMPLETED", in: plumber.text).count == 1)

            try second.sync()
            #expect(try second.todo("Paint the fence").status == .inProcess && second.todo("Paint the fence").percentComplete == 25)
            #expect(try second.todo("Call the plumber").status == .cancelled)
            #expect(try second.todo("Water plants").status == .open)

            try second.store.setDone(true, ids: [second.todo("Paint the fence").id])
            try second.store.setStatus(.open, ids: [second.todo("Call the plumber").id])
            try second.sync()
            let after = try ServerTodos(server).items
            let doneFence = try #require(after.first { $0.todo.title == "Paint the fence" })
            #expect(Self.lines("STATUS", in: doneFence.text) == ["STATUS:COMPLETED"])
            #expect(Self.lines("PERCENT-COMPLETE", in: doneFence.text) == [])
            try first.sync()
            #expect(try first.todo("Paint the fence").status == .done)
            #expect(try first.todo("Call the plumber").status == .open)
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("started on both devices at different times is one change, no conflict; started here and cancelled there goes to the later change")
    func merges() throws {
        let base = CalendarTodo(uid: "u", title: "t", lastModified: Date(timeIntervalSince1970: 1_000))
        var here = base, there = base
        here.isInProcess = true
        here.lastModified = Date(timeIntervalSince1970: 2_000)
        there.isInProcess = true
        there.lastModified = Date(timeIntervalSince1970: 3_000)
        #expect(TodoMerge.merge(base: base, local: here, remote: there).conflicts.isEmpty)
        there.isInProcess = false
        there.isCancelled = true
        there.completedAt = Date(timeIntervalSince1970: 3_000)
        let merged = TodoMerge.merge(base: base, local: here, remote: there)
        #expect(merged.todo?.isCancelled == true && merged.todo?.isInProcess == false)
        #expect(merged.conflicts.map(\.lostValue) == ["started"])
    }

    /// A VTODO another client marked done with only PERCENT-COMPLETE:100 (no STATUS, no COMPLETED:
    /// Tick infers the completion time from LAST-MODIFIED), titled `title`, last modified at
    /// `modified`, with `extra` lines (a COMPLETED, another PERCENT-COMPLETE).
    static func percentDone(_ title: String, modified: String, extra: [String] = ["PERCENT-COMPLETE:100"]) -> String {
        """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Other client//EN
            BEGIN:VTODO
            UID:percent-done
            CREATED:20261120T080000Z
            LAST-MODIFIED:\(modified)
            DTSTAMP:\(modified)
            SUMMARY:\(title)
            \(extra.joined(separator: "\n"))
            END:VTODO
            END:VCALENDAR

            """.replacingOccurrences(of: "\n", with: "\r\n")
    }

    @Test("a todo done elsewhere without COMPLETED keeps the completion time Tick inferred when the other client edits it again (with an edit here pending, too); a real COMPLETED there replaces it, un-completing it there reopens it")
    func inferredCompletionTime() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let url = try server.homeURL.resolving(collection.href + "percent-done.ics")
            let client = try server.client()
            /// Replaces the item as the other client would.
            func otherClientWrites(_ text: String) throws { _ = try client.update(text, at: url, ifMatch: client.get(url).etag) }
            _ = try client.create(Self.percentDone("Sort the receipts", modified: "20261130T090000Z"), at: url)
            try second.sync()
            let inferred = Date(timeIntervalSince1970: 1_796_029_200)  // 2026-11-30 09:00 UTC
            #expect(try second.todo("Sort the receipts").completedAt == inferred)

            // Edited there: a new LAST-MODIFIED, still no COMPLETED. It was done on 30 November, not when renamed.
            try otherClientWrites(Self.percentDone("Sort the old receipts", modified: "20261202T100000Z"))
            try second.sync()
            #expect(try second.todo("Sort the old receipts").completedAt == inferred)

            // Edited there and here (a merge): both edits kept, the time too.
            _ = try second.store.update(id: second.todo("Sort the old receipts").id, notes: "Shoebox")
            try otherClientWrites(Self.percentDone("Sort the receipts by month", modified: "20261203T010000Z"))
            try second.sync()
            let merged = try second.todo("Sort the receipts by month")
            #expect(merged.notes == "Shoebox" && merged.completedAt == inferred)
            let pushed = try client.get(url).calendarData
            #expect(Self.lines("PERCENT-COMPLETE", in: pushed) == ["PERCENT-COMPLETE:100"] && Self.lines("COMPLETED", in: pushed) == [])

            // A real COMPLETED there: its time is taken.
            try otherClientWrites(Self.percentDone("Sort the receipts by month", modified: "20261203T020000Z",
                                                   extra: ["PERCENT-COMPLETE:100", "COMPLETED:20261201T120000Z", "DESCRIPTION:Shoebox"]))
            try second.sync()
            #expect(try second.todo("Sort the receipts by month").completedAt == Date(timeIntervalSince1970: 1_796_126_400))  // 2026-12-01 12:00 UTC

            // Un-completed there while the priority changed here (a merge): open, with the priority.
            try otherClientWrites(Self.percentDone("Sort the receipts by month", modified: "20261203T030000Z",
                                                   extra: ["PERCENT-COMPLETE:0", "DESCRIPTION:Shoebox"]))
            _ = try second.store.update(id: second.todo("Sort the receipts by month").id, priority: 3)
            try second.sync()
            let reopened = try second.todo("Sort the receipts by month")
            #expect(!reopened.isDone && reopened.priority == 3)
            try first.sync()
            #expect(try first.todo("Sort the receipts by month").isDone == false)
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a todo done elsewhere without COMPLETED, edited here, keeps its inferred completion time when the other client edits it again between this sync's pull and push (the PUT's 412, merged)")
    func inferredCompletionTimeAtPush() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let url = try server.homeURL.resolving(collection.href + "percent-done.ics")
            let client = try server.client()
            _ = try client.create(Self.percentDone("Sort the receipts", modified: "20261130T090000Z"), at: url)
            try second.sync()
            let inferred = Date(timeIntervalSince1970: 1_796_029_200)  // 2026-11-30 09:00 UTC
            _ = try second.store.update(id: second.todo("Sort the receipts").id, notes: "Shoebox")
            let engine = SyncEngine(store: second.store, client: second.client, home: second.home, zone: .fromEnvironment)
            // Renamed there after this sync's pull: the PUT meets a new ETag, a new LAST-MODIFIED and still no COMPLETED.
            engine.betweenPullAndPush = {
                _ = try client.update(Self.percentDone("Sort the receipts by month", modified: "20261203T010000Z"), at: url, ifMatch: client.get(url).etag)
            }
            #expect(try engine.sync().sentChanges == 1)
            let merged = try second.todo("Sort the receipts by month")
            #expect(merged.notes == "Shoebox" && merged.completedAt == inferred)
            let pushed = try client.get(url).calendarData
            #expect(Self.lines("DESCRIPTION", in: pushed) == ["DESCRIPTION:Shoebox"] && Self.lines("COMPLETED", in: pushed) == [])
            try first.sync()
            try SyncEngineTests.agree(server, first, second)
        }
    }
}
