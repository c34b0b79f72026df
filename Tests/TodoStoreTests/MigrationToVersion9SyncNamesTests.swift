import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Version 9 remembers the name each synced list had at its last sync (`Schema.syncNamesSQL`), so
/// the sync tells a rename here from one on the server, and where a todo whose item has no place
/// was put (`Schema.syncPositionsSQL`).
@Suite("Migration to version 9: synced list names and places")
struct MigrationToVersion9SyncNamesTests {
    @Test("a version 8 store with a synced list and item upgrades: collection, token and item stay, the name and place are not known yet, and then they are remembered")
    func upgradesVersion8() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let listID: Int64
            do {
                let store = try openStore(path)
                listID = try store.addList(named: "Work").value.id
                try store.saveSyncCollection(.init(listID: listID, href: "/user/work/", syncToken: "token-1"))
                try store.recordSynced(.init(todoID: 7, uid: "uid-7", href: "/user/work/uid-7.ics", etag: "\"1\"", base: "BEGIN:VCALENDAR"),
                                       clearingRevision: nil)
                try store.connection.execute(MigrationToVersion9Tests.backToVersion8SQL + "PRAGMA user_version = 8;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try store.syncCollections() == [.init(listID: listID, href: "/user/work/", syncToken: "token-1")])
            #expect(try store.syncedListName(listID: listID) == nil)
            #expect(try store.syncedItem(todoID: 7)?.etag == "\"1\"" && store.syncedPosition(todoID: 7) == nil)
            try store.saveSyncedPosition(65_536, todoID: 7)
            #expect(try store.syncedPosition(todoID: 7) == 65_536)
            try store.saveSyncedListName("Work", listID: listID)
            #expect(try store.syncedListName(listID: listID) == "Work")
            // Saving the collection again (a new token) keeps the name.
            try store.saveSyncCollection(.init(listID: listID, href: "/user/work/", syncToken: "token-2"))
            #expect(try store.syncedListName(listID: listID) == "Work")
            #expect(try store.integrityProblems() == [])
        }
    }
}
