import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// Issue 32: a first download reads the whole collection in one `calendar-query` instead of a
/// multiget per 200 items. Xandikos reads its whole collection for each href of a multiget (about
/// 50 ms an href at 2,000 items: 104 s for a first download of 2,000), and answers the query for
/// all of them in about 1.5 s; Radicale is as quick either way. The items are still written 200 a
/// step, and what the answer cannot give is fetched by multiget.
@Suite("A first download reads the collection in one calendar-query", .serialized)
struct WholeCollectionQueryTests {
    typealias Device = SyncEngineTests.Device

    /// Items on the server: more than one multiget's worth (two steps of 200 and 50).
    static let itemCount = 250

    /// Writes `count` VTODO items straight into the server's storage, in a collection named Inbox
    /// (which an empty store's Inbox adopts): as many PUTs would take Xandikos half a minute.
    static func storeItems(_ count: Int, on server: TestServer) throws -> [String] {
        switch server.kind {
        case .radicale:
            return try PullBatchTests.storeItems(count, on: server)
        case .xandikos:
            let url = server.newCollectionURL("inbox")
            try server.client().makeCalendar(at: url, displayName: "Inbox")
            let folder = server.folder.appendingPathComponent("data").appendingPathComponent(String(url.path.dropFirst()))
            var uids: [String] = []
            for index in 0..<count {
                let uid = String(format: "pull-batch-%04d@example.com", index)
                try PullBatchTests.itemText(uid: uid, index: index).write(to: folder.appendingPathComponent("\(uid).ics"), atomically: true, encoding: .utf8)
                uids.append(uid)
            }
            // Xandikos serves what its git repository's HEAD holds: one commit for all of them.
            try git(["add", "."], in: folder)
            try git(["-c", "user.name=Tick tests", "-c", "user.email=tests@example.com", "commit", "-q", "-m", "\(count) items"], in: folder)
            return uids
        }
    }

    private static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("git \(arguments.joined(separator: " ")) failed in \(folder.path)") }
    }

    @Test("a first download of 250 todos is discovery, the listing and one calendar-query, written as two remote steps",
          arguments: CalDAVServerKind.allCases)
    func firstDownloadByOneQuery(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            let uids = try Self.storeItems(Self.itemCount, on: server)
            let summary = try first.sync()
            #expect(summary.receivedNew == Self.itemCount)
            #expect(summary.skippedItems.isEmpty)
            // Discovery, the sync-collection listing, one calendar-query (no multiget of 200 and one of 50).
            #expect(summary.requests == SyncEngineTests.discoveryRequests(kind) + 2)
            #expect(try first.store.flatOrder().map(\.uid).sorted() == uids)
            #expect(try first.store.syncedItemCount(inCollection: try #require(first.store.syncCollections().first).href) == Self.itemCount)
            #expect(try first.sync().line == "↑ 0 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts")
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a server that refuses the calendar-query (501) still gives every todo, by multigets of 200",
          arguments: CalDAVServerKind.allCases)
    func refusedQueryFallsBackToMultigets(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevicesBehindProxy(on: kind) { server, proxy, first, _ in
            let uids = try Self.storeItems(Self.itemCount, on: server)
            // The sync-collection listing passes; the calendar-query after it is refused.
            try proxy.inject("on REPORT", "on REPORT status 501")
            let summary = try first.sync()
            #expect(summary.receivedNew == Self.itemCount && summary.skippedItems.isEmpty)
            // Discovery, the listing, the refused query, two multigets.
            #expect(summary.requests == SyncEngineTests.discoveryRequests(kind) + 4)
            #expect(try first.store.flatOrder().map(\.uid).sorted() == uids)
        }
    }

    @Test("a download whose calendar-query is cut off writes nothing of it; the next sync reads everything again and no todo is there twice")
    func cutOffQueryIsAskedAgain() throws {
        try SyncEngineTests.withDevicesBehindProxy { server, proxy, first, _ in
            let uids = try Self.storeItems(Self.itemCount, on: server)
            try proxy.inject("on REPORT", "on REPORT reset")
            #expect(throws: CalDAVError.connectionReset) { try first.sync() }
            #expect(try first.store.flatOrder().isEmpty)
            try proxy.inject(contentsOf: [])
            #expect(try first.sync().receivedNew == Self.itemCount)
            #expect(try first.store.flatOrder().map(\.uid).sorted() == uids)
        }
    }

    @Test("changes to fewer todos than this device holds (201 of 250) are fetched by multiget, not by reading the whole collection again")
    func fewerThanHeldUseMultiget() throws {
        try SyncEngineTests.withDevices { server, first, second in
            _ = try Self.storeItems(Self.itemCount, on: server)
            try first.sync()
            // Another client rewrites 201 of the items on the server.
            let collection = server.folder.appendingPathComponent("collections/collection-root/\(TestServer.user)/inbox")
            for index in 0..<201 {
                let uid = String(format: "pull-batch-%04d@example.com", index)
                let text = PullBatchTests.itemText(uid: uid, index: index).replacingOccurrences(of: "SUMMARY:Todo \(index)\r\n", with: "SUMMARY:Todo \(index) (edited)\r\n")
                try text.write(to: collection.appendingPathComponent("\(uid).ics"), atomically: true, encoding: .utf8)
            }
            let received = try first.sync()
            #expect(received.receivedChanges == 201)
            // Discovery, the listing, two multigets (200 and 1).
            #expect(received.requests == SyncEngineTests.discoveryRequests(.radicale) + 3)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
        }
    }
}
