import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// Issue 32: a download writes each answer's items 200 at a time as one remote step in one
/// transaction with its sync records, against a real Radicale holding 250 items, so a first sync
/// costs a few commits and a few undo steps, and a download cut short resumes where it stopped.
@Suite("Pull in batches against Radicale", .serialized)
struct PullBatchTests {
    typealias Device = SyncEngineTests.Device

    /// Items on the server: two answers, of 200 and 50.
    static let itemCount = 250

    /// Writes `count` VTODO items straight into the server's storage, in a collection named Inbox
    /// (which an empty store's Inbox adopts): thousands of PUTs would cost Radicale O(n²).
    static func storeItems(_ count: Int, on server: RadicaleServer) throws -> [String] {
        let collection = server.folder.appendingPathComponent("collections/collection-root/\(RadicaleServer.user)/inbox")
        try FileManager.default.createDirectory(at: collection, withIntermediateDirectories: true)
        let properties = #"{"C:supported-calendar-component-set": "VTODO", "D:displayname": "Inbox", "tag": "VCALENDAR"}"#
        try properties.write(to: collection.appendingPathComponent(".Radicale.props"), atomically: true, encoding: .utf8)
        var uids: [String] = []
        for index in 0..<count {
            let uid = String(format: "pull-batch-%04d@example.com", index)
            try itemText(uid: uid, index: index).write(to: collection.appendingPathComponent("\(uid).ics"), atomically: true, encoding: .utf8)
            uids.append(uid)
        }
        return uids
    }

    /// The item of the `index`th todo: every fifth done.
    static func itemText(uid: String, index: Int) -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Test//EN", "BEGIN:VTODO", "UID:\(uid)",
         "DTSTAMP:20261201T000000Z", "SUMMARY:Todo \(index)", index % 5 == 0 ? "STATUS:COMPLETED" : "STATUS:NEEDS-ACTION",
         "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    @Test("a first download of 250 items is two remote steps, one per answer: undo passes over the two and reaches the change made before")
    func oneStepPerAnswer() throws {
        try SyncEngineTests.withDevices { server, first, _ in
            let uids = try Self.storeItems(Self.itemCount, on: server)
            _ = try first.store.add(title: "Made here first")
            let summary = try first.sync()
            #expect(summary.receivedNew == Self.itemCount && summary.sentChanges == 1)
            #expect(try first.store.flatOrder().map(\.uid).filter { $0.hasPrefix("pull-batch-") }.sorted() == uids)
            let undone = try #require(try first.store.undo().value)
            #expect(undone.description == "add “Made here first”")
            #expect(undone.remoteChangesPassedOver == 2)
        }
    }

    @Test("a download cut short after its first answer keeps that answer whole and recorded; the next sync fetches only the other 50, and no todo is there twice")
    func interruptedDownloadResumes() throws {
        try SyncEngineTests.withDevicesBehindProxy { server, proxy, first, _ in
            let uids = try Self.storeItems(Self.itemCount, on: server)
            // The sync-collection report and the first multiget pass; the second multiget's connection is reset.
            try proxy.inject("on REPORT", "on REPORT", "on REPORT reset")
            // Multigets, 200 items a request (a first download otherwise reads the collection in one query).
            let engine = SyncEngine(store: first.store, client: first.client, home: first.home, zone: .fromEnvironment)
            engine.wholeCollectionQueryLimit = 0
            #expect(throws: CalDAVError.connectionReset) { try engine.sync() }
            let stored = try first.store.flatOrder()
            #expect(stored.count == SyncEngine.receiveBatchSize)
            #expect(try stored.allSatisfy { try first.store.syncedItem(todoID: $0.id)?.uid == $0.uid })
            #expect(try first.store.pendingSyncChanges() == [])

            try proxy.inject(contentsOf: [])
            let resumed = try first.sync()
            #expect(resumed.receivedNew == Self.itemCount - SyncEngine.receiveBatchSize)
            #expect(resumed.receivedChanges == 0)
            #expect(try first.store.flatOrder().map(\.uid).sorted() == uids)
            #expect(try first.sync().receivedNew == 0)
        }
    }
}
