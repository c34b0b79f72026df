import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
@testable import TodoSync

/// A synced todo moved to another list keeps, in its new collection, everything Tick does not show,
/// as an update keeps it ("What is kept" in docs/sync.md): the new item is the server's copy
/// rewritten, not a new VTODO.
@Suite("A move to another list keeps other apps' data, against Radicale and Xandikos", .serialized)
struct MoveKeepsDataTests {
    /// Another app's VTODO: an alarm Tick cannot show (EMAIL, with an ATTENDEE), Apple's and
    /// Nextcloud's X- properties (one long enough to be folded), a property Tick does not model with
    /// parameters, CATEGORIES as written, and a RELATED-TO that is not a parent.
    static let otherAppsTodo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nextcloud Tasks v0.16.0\r
        BEGIN:VTODO\r
        UID:nc-move-0001\r
        CREATED:20261128T101500Z\r
        LAST-MODIFIED:20261130T090000Z\r
        DTSTAMP:20261130T090000Z\r
        SUMMARY:Renew the passport\r
        CATEGORIES:Q4 Planning,Admin\r
        X-APPLE-SORT-ORDER:734567890\r
        X-NEXTCLOUD-PINNED;X-PIN-SOURCE=web:true\r
        X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC\r
        X-NEXTCLOUD-NOTE-OF-A-LONG-NAME:a value long enough that a line of it must be\r
         folded, as RFC 5545 wants lines of at most 75 octets\r
        CONTACT;ALTREP="http://example.com/pdi/jdoe.vcf";LANGUAGE=en:Jim Dolittle\r
        RELATED-TO;RELTYPE=SIBLING:nc-elsewhere-0002\r
        BEGIN:VALARM\r
        ACTION:EMAIL\r
        TRIGGER;RELATED=START:-P1D\r
        SUMMARY:Passport\r
        DESCRIPTION:Renew the passport\r
        ATTENDEE:mailto:me@example.com\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// Properties a move may write anew (its time stamps, SEQUENCE, the place in the new list).
    static let rewrittenByAMove: Set<String> = ["DTSTAMP", "LAST-MODIFIED", "SEQUENCE", "X-APPLE-SORT-ORDER"]

    /// Lines of the original the servers keep as written, which the moved item must hold.
    static let otherAppsLines = [
        "X-NEXTCLOUD-PINNED;X-PIN-SOURCE=web:true", "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC",
        "CONTACT;ALTREP=\"http://example.com/pdi/jdoe.vcf\";LANGUAGE=en:Jim Dolittle", "RELATED-TO;RELTYPE=SIBLING:nc-elsewhere-0002",
        "ACTION:EMAIL", "ATTENDEE:mailto:me@example.com", "CATEGORIES:Q4 Planning,Admin",
    ]

    /// The content lines of `text` (as a server serves it: CRLF or LF), unfolded, but for those a move may write anew.
    static func keptLines(_ text: String) -> [String] {
        let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
            .replacingOccurrences(of: "\n\t", with: "")
        return unfolded.components(separatedBy: "\n").filter { line in
            let name = String(line.prefix { $0 != ":" && $0 != ";" })
            return !line.isEmpty && !rewrittenByAMove.contains(name)
        }
    }

    @Test("a todo moved here to another list arrives in the new collection with every line Tick does not show, byte for byte, and leaves the old one",
          arguments: CalDAVServerKind.allCases)
    func moveKeepsOtherAppsLines(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            let work = try first.list("Work")
            try first.sync()
            let inboxListID = try #require(try first.store.lists().first { $0.name == "Inbox" }?.id)
            let collections = try first.store.syncCollections()
            let inbox = try #require(collections.first { $0.listID == inboxListID })
            let workCollection = try #require(collections.first { $0.listID == work })
            let client = try server.client()
            let oldURL = try server.homeURL.resolving(inbox.href + "nc-move-1.ics")
            _ = try client.create(Self.otherAppsTodo, at: oldURL)
            #expect(try first.sync().receivedNew == 1)
            try second.sync()
            // What the server made of it (Radicale orders and folds again, Xandikos escapes): the item the move must keep.
            let served = try client.get(oldURL).calendarData
            #expect(Set(Self.otherAppsLines).isSubset(of: Self.keptLines(served)))

            let todo = try first.todo("Renew the passport")
            _ = try first.store.move(ids: [todo.id], toList: work)
            try first.sync()

            let items = try ServerTodos(server).items.filter { $0.todo.uid == "nc-move-0001" }
            #expect(items.count == 1)
            let item = try #require(items.first)
            #expect(item.collection == (try server.homeURL.resolving(workCollection.href)))
            #expect(try client.listItems(in: server.homeURL.resolving(inbox.href)).isEmpty)
            #expect(Self.keptLines(item.text) == Self.keptLines(served))

            // The other device takes the move as a move: one todo, in Work.
            try second.sync()
            let there = try second.todo("Renew the passport")
            #expect(there.uid == "nc-move-0001")
            #expect(try second.store.lists().first { $0.id == there.listID }?.name == "Work")
            #expect(try second.store.flatOrder().count == 1)
        }
    }

    @Test("a todo moved and retitled here, changed on the server between pull and push, arrives moved and merged from the server's newer copy, its lines kept",
          arguments: CalDAVServerKind.allCases)
    func moveAfterServerChangeKeepsItsLines(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            let work = try first.list("Work")
            try first.sync()
            let inboxListID = try #require(try first.store.lists().first { $0.name == "Inbox" }?.id)
            let inbox = try #require(try first.store.syncCollections().first { $0.listID == inboxListID })
            let client = try server.client()
            let oldURL = try server.homeURL.resolving(inbox.href + "nc-move-1.ics")
            _ = try client.create(Self.otherAppsTodo, at: oldURL)
            try first.sync()

            let todo = try first.todo("Renew the passport")
            _ = try first.store.move(ids: [todo.id], toList: work)
            _ = try first.store.update(id: todo.id, notes: "Photos first")
            // Another app adds a property of its own after this device's pull: the 412 brings it.
            let engine = SyncEngine(store: first.store, client: first.client, home: first.home, zone: .fromEnvironment)
            let current = try client.get(oldURL)
            let added = current.calendarData.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
                .replacingOccurrences(of: "END:VTODO\r\n", with: "X-OTHER-APP-FLAG;X-WHY=test:set later\r\nEND:VTODO\r\n")
            var served = ""
            engine.betweenPullAndPush = {
                _ = try client.update(added, at: oldURL, ifMatch: current.etag)
                served = try client.get(oldURL).calendarData
            }
            _ = try engine.sync()

            let items = try ServerTodos(server).items.filter { $0.todo.uid == "nc-move-0001" }
            #expect(items.count == 1)
            let item = try #require(items.first)
            #expect(item.todo.notes == "Photos first")
            let kept = Self.keptLines(item.text).filter { !$0.hasPrefix("DESCRIPTION:Photos first") }
            #expect(Self.keptLines(served).contains("X-OTHER-APP-FLAG;X-WHY=test:set later"))
            #expect(kept == Self.keptLines(served))
            #expect(try client.listItems(in: server.homeURL.resolving(inbox.href)).isEmpty)
            _ = second
        }
    }
}
