import CalDAV
import Foundation
import Testing
@testable import TickApp
import TickTesting
import TodoStore
import TodoSync

/// Issue 28, points 7, 13 and 14: a server item claiming a local-only todo's UID, a full disk during
/// a sync, and a read-only store.
@Suite("Sync safety", .serialized)
struct SyncSafetyTests {
    @Test("A server item with the UID of a todo in a local-only list leaves that todo untouched, is named, and u still undoes")
    func localOnlyTodoIsNeverTouched() throws {
        try SyncEngineTests.withDevices { server, device, _ in
            let privateList = try device.list("Private")
            let secret = try device.store.add(title: "Secret plan", listID: privateList, notes: "only here").value
            _ = try device.store.add(title: "Pay rent")
            try device.sync(localLists: ["Private"])
            // This device's last change, which u must still undo after the sync.
            _ = try device.store.update(id: secret.id, title: "Secret plan B")
            // Someone who can write the shared calendar puts an item with that UID into the synced Inbox collection.
            let inbox = try #require(try device.store.syncCollections().first { $0.listID == TodoStore.inboxListID })
            let href = inbox.href + "planted.ics"
            _ = try server.client().create(todoCalendar(uid: secret.uid, summary: "Hijacked"), at: server.rootURL.resolving(href))
            let summary = try device.sync(localLists: ["Private"])
            let kept = try #require(try device.store.item(id: secret.id))
            #expect(kept.title == "Secret plan B" && kept.notes == "only here" && kept.listID == privateList)
            #expect(summary.notTakenForLocalUID == [href])
            #expect(summary.line.hasSuffix(" · 1 on the server not taken: the UID is a todo's in a list kept here"))
            #expect(try device.store.undo().value != nil)
            #expect(try device.store.item(id: secret.id)?.title == "Secret plan")
            // The item stays on the server, untouched, and the local todo never went up.
            #expect(try SyncEngineTests.serverUIDs(server).filter { $0 == secret.uid }.count == 1)
        }
    }

    @Test("On a read-only store tick sync fails before it sends a request: no collection is made on the server")
    func readOnlyStoreTouchesNoServer() throws {
        try withRadicale { server in
            try SyncCommandTests.withStorePath { database in
                do {
                    let store = try TodoStore(path: database)
                    _ = try store.add(title: "Pay rent")
                    _ = try store.addList(named: "Work")
                    store.close()
                }
                #expect(chmod(database, 0o444) == 0)
                let config = "sync url \(server.homeURL.absoluteString)\nsync user \(RadicaleServer.user)\n"
                let result = SyncCommandTests.tick(["sync"], database: database, config: config,
                                                   environment: ["TICK_SYNC_PASSWORD": RadicaleServer.password])
                #expect(result.status == 1)
                #expect(result.errors == "tick sync: \(database) is open read-only, so changes are not possible; check the permissions of "
                    + "the file and its folder. What was synced before the failure is kept; tick sync goes on from there.\n")
                #expect(try server.client().discoverCalendars(at: server.homeURL).filter(\.supportsTodos).isEmpty)
            }
        }
    }

    @Test("A full disk during a sync says what was received and kept, not that nothing was changed")
    func fullDiskSaysWhatWasKept() throws {
        try SyncEngineTests.withDevices { server, sender, _ in
            var growth = 0
            for number in 1...300 { _ = try sender.store.add(title: "Todo \(number) " + String(repeating: "x", count: 200)) }
            try sender.sync()
            try SyncCommandTests.withStorePath { database in
                // How much the 300 take: a whole download into a store of its own.
                let whole = database + "-whole"
                defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: whole + suffix) } }
                do {
                    try TodoStore(path: whole).close()
                    let empty = try Self.pageCount(whole)
                    let store = try TodoStore(path: whole)
                    _ = try SyncEngine(store: store, client: try server.client(), home: server.homeURL, zone: .fromEnvironment).sync()
                    store.close()
                    growth = try Self.pageCount(whole) - empty
                }
                do { try TodoStore(path: database).close() }
                let pages = try Self.pageCount(database)
                // Room for some of the 300 todos, not all: the first answer of the server (200) is written
                // whole or not at all, the next one does not fit.
                let store = try TodoStore(path: database, pageLimit: pages + growth * 4 / 5)
                defer { store.close() }
                let engine = SyncEngine(store: store, client: try server.client(), home: server.homeURL, zone: .fromEnvironment)
                #expect(throws: StoreError.diskFull(path: database)) { try engine.sync() }
                let received = try store.flatOrder().count
                #expect(received > 0 && received < 300)
                #expect(engine.summary.receivedNew == received)
                let message = SyncFailureMessage.text(for: StoreError.diskFull(path: database), kept: engine.summary)
                #expect(message == "The disk is full; free some space on the disk holding \(database). What was synced before the failure is "
                    + "kept (↑ 0 changed, 0 deleted · ↓ \(received) new, 0 changed, 0 deleted); tick sync goes on from there.")
                #expect(!message.contains("nothing was changed"))
            }
        }
    }

    /// The number of pages of the SQLite file at `path`.
    static func pageCount(_ path: String) throws -> Int {
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        return size / 4096
    }
}
