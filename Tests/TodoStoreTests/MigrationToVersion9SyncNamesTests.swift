import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Version 9 remembers the name each synced list had at its last sync (`Schema.syncNamesSQL`), so
/// the sync tells a rename here from one on the server.
@Suite("Migration to version 9: synced list names")
struct MigrationToVersion9SyncNamesTests {
    @Test("a version 8 store with a synced list upgrades: the collection and its token stay, the name is not known yet, and then it is remembered")
    func upgradesVersion8() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let listID: Int64
            do {
                let store = try openStore(path)
                listID = try store.addList(named: "Work").id
                try store.saveSyncCollection(.init(listID: listID, href: "/user/work/", syncToken: "token-1"))
                try store.connection.execute("ALTER TABLE sync_collections DROP COLUMN synced_name; PRAGMA user_version = 8;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try store.syncCollections() == [.init(listID: listID, href: "/user/work/", syncToken: "token-1")])
            #expect(try store.syncedListName(listID: listID) == nil)
            try store.saveSyncedListName("Work", listID: listID)
            #expect(try store.syncedListName(listID: listID) == "Work")
            // Saving the collection again (a new token) keeps the name.
            try store.saveSyncCollection(.init(listID: listID, href: "/user/work/", syncToken: "token-2"))
            #expect(try store.syncedListName(listID: listID) == "Work")
            #expect(try store.integrityProblems() == [])
        }
    }
}
