import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// Issue 34: the sync token moves forward, and a `sync-collection` answer cut short (a 507 on the
/// collection, RFC 6578 §3.6) is asked again from the token it gave until every change arrived. The
/// first device syncs through `fault_proxy.py`, which logs the token each REPORT sent and cuts an
/// answer short at an older token of the server's own.
@Suite("Sync tokens and cut-short answers against Radicale and Xandikos", .serialized)
struct SyncTokenTests {
    /// The token the server gives now for the collection at `href` (asked without a token).
    static func currentToken(_ server: TestServer, _ href: String) throws -> String {
        try server.client().changes(in: server.rootURL.resolving(href), since: nil).syncToken
    }

    @Test("after a sync that received changes, each collection's saved token is the server's latest, and the next sync asks from it",
          arguments: CalDAVServerKind.allCases)
    func tokenMovesForward(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevicesBehindProxy(on: kind) { server, proxy, first, second in
            _ = try first.store.add(title: "Pay rent")
            _ = try first.store.add(title: "Write report", listID: first.list("Work"))
            try first.sync()
            try second.sync()
            _ = try second.store.add(title: "Water plants")
            _ = try second.store.update(id: second.todo("Write report").id, title: "Write the report")
            try second.sync()
            let received = try first.sync()
            #expect(received.receivedNew == 1 && received.receivedChanges == 1 && received.sentChanges == 0)
            let collections = try first.store.syncCollections()
            #expect(collections.count == 2)
            for collection in collections {
                #expect(collection.syncToken == (try Self.currentToken(server, collection.href)), "\(collection.href)")
            }
            let before = try proxy.syncCollectionRequests().count
            #expect(try first.sync().receivedNew == 0)
            let asked = try proxy.syncCollectionRequests().dropFirst(before)
            #expect(Set(asked) == Set(collections.map { FaultProxy.SyncCollectionRequest(path: $0.href, token: $0.syncToken) }))
        }
    }

    @Test("a sync-collection answer cut short (507 on the collection) is asked again from the token it gave, until every change has arrived",
          arguments: CalDAVServerKind.allCases)
    func cutShortAnswerIsContinued(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevicesBehindProxy(on: kind) { server, proxy, first, second in
            try first.store.add(titles: ["todo 0"])
            try first.sync()
            try second.sync()
            let collection = try #require(try first.store.syncCollections().first)
            let start = try #require(collection.syncToken)
            try second.store.add(titles: ["todo 1", "todo 2"])
            try second.sync()
            // The server's token after todos 1 and 2: where the cut answer stops.
            let middle = try Self.currentToken(server, collection.href)
            let early = try ["todo 1", "todo 2"].map { title in
                try #require(try second.store.syncedItem(todoID: second.todo(title).id)).href
            }
            try second.store.add(titles: ["todo 3", "todo 4", "todo 5"])
            _ = try second.store.delete(ids: [second.todo("todo 0").id])
            try second.sync()
            let before = try proxy.syncCollectionRequests().count
            try proxy.inject("on REPORT cut \(collection.href) \(middle) \(early.joined(separator: " "))")
            let received = try first.sync()
            #expect(received.receivedNew == 5 && received.receivedDeletions == 1)
            #expect(try proxy.syncCollectionRequests().dropFirst(before).map(\.token) == [start, middle])
            #expect(try first.store.syncCollections().first?.syncToken == (try Self.currentToken(server, collection.href)))
            try SyncEngineTests.agree(server, first, second)
        }
    }
}
