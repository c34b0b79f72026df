import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// The sync state of schema 8: local changes are recorded as waiting to go up by triggers, in the
/// same transaction as the change, and cleared only for the revision a sync sent.
@Suite("Sync state")
struct SyncStateTests {
    /// A store whose Inbox syncs with a collection, and one todo already on the server.
    static func syncedStore(_ path: String) throws -> (store: TodoStore, synced: TodoItem) {
        let store = try openStore(path)
        let synced = try store.add(title: "Pay rent").value
        try store.saveSyncCollection(.init(listID: TodoStore.inboxListID, href: "/cal/inbox/"))
        try store.recordSynced(.init(todoID: synced.id, uid: synced.uid, href: "/cal/inbox/\(synced.uid).ics", etag: "\"1\"", base: "BEGIN:VCALENDAR…"),
                               clearingRevision: nil)
        return (store, synced)
    }

    @Test("without a synced list nothing is recorded: a store that never syncs keeps no pending changes")
    func nothingWithoutSync() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            let todo = try store.add(title: "Pay rent").value
            try store.update(id: todo.id, title: "Pay the rent")
            try store.delete(ids: [todo.id])
            #expect(try store.pendingSyncChanges() == [])
        }
    }

    @Test("adds and edits wait to go up; a sync clears the revision it sent and keeps a change made meanwhile")
    func addsAndEdits() throws {
        try withTemporaryFolder { folder in
            let (store, synced) = try Self.syncedStore(folder + "/tick.db")
            defer { store.close() }
            #expect(try store.pendingSyncChanges() == [])
            let added = try store.add(title: "Water plants").value
            try store.update(id: synced.id, title: "Pay the rent")
            let pending = try store.pendingSyncChanges()
            #expect(pending.map(\.todoID) == [synced.id, added.id])
            #expect(pending.allSatisfy { !$0.isDeletion })
            #expect(pending.map(\.uid) == [synced.uid, added.uid])
            // Sent at this revision, but edited again before the answer came back.
            let sent = pending[0]
            try store.update(id: synced.id, title: "Pay rent today")
            try store.recordSynced(.init(todoID: synced.id, uid: synced.uid, href: "/cal/inbox/\(synced.uid).ics", etag: "\"2\"", base: "v2"),
                                   clearingRevision: sent.revision)
            #expect(try store.pendingSyncChanges().map(\.todoID) == [synced.id, added.id])
            let newest = try #require(try store.pendingSyncChanges().first)
            try store.recordSynced(.init(todoID: synced.id, uid: synced.uid, href: "/cal/inbox/\(synced.uid).ics", etag: "\"3\"", base: "v3"),
                                   clearingRevision: newest.revision)
            #expect(try store.pendingSyncChanges().map(\.todoID) == [added.id])
            #expect(try store.syncedItem(todoID: synced.id)?.etag == "\"3\"")
        }
    }

    @Test("deleting a synced todo keeps its href and ETag for the remote delete; undo turns it back into a change")
    func deletesAndUndo() throws {
        try withTemporaryFolder { folder in
            let (store, synced) = try Self.syncedStore(folder + "/tick.db")
            defer { store.close() }
            let local = try store.add(title: "Never synced").value
            // Edited, then deleted before any sync: the deletion replaces the edit.
            try store.update(id: synced.id, title: "Pay the rent")
            try store.delete(ids: [synced.id, local.id])
            // The todo that never reached the server leaves nothing to send.
            #expect(try store.pendingSyncChanges().map { [$0.todoID, $0.isDeletion ? 1 : 0] } == [[synced.id, 1]])
            #expect(try store.syncedItem(todoID: synced.id)?.href == "/cal/inbox/\(synced.uid).ics")
            try store.undo()
            #expect(try store.pendingSyncChanges().map { [$0.todoID, $0.isDeletion ? 1 : 0] } == [[synced.id, 0], [local.id, 0]])
            try store.delete(ids: [synced.id])
            let deletion = try #require(try store.pendingSyncChanges().first)
            try store.forgetSyncedItem(todoID: synced.id, clearingRevision: deletion.revision)
            #expect(try store.pendingSyncChanges().map(\.todoID) == [local.id])
            #expect(try store.syncedItem(todoID: synced.id) == nil)
        }
    }

    @Test("a change is recorded in its own transaction: reopening the file after it finds it waiting")
    func survivesReopening() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let (store, synced) = try Self.syncedStore(path)
                try store.update(id: synced.id, notes: "By the 3rd")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.pendingSyncChanges().count == 1)
            #expect(try store.syncCollections() == [.init(listID: TodoStore.inboxListID, href: "/cal/inbox/")])
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("a version 7 store upgrades with empty sync state, and its todos wait to go up once its list syncs")
    func upgradeFromVersion7() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                for title in ["Pay rent", "Water plants"] { try store.add(title: title) }
                try store.connection.execute(MigrationToVersion8Tests.backToVersion7SQL + "PRAGMA user_version = 7;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.pendingSyncChanges() == [] && store.syncCollections() == [] && store.lastSyncRun() == nil)
            try store.saveSyncCollection(.init(listID: TodoStore.inboxListID, href: "/cal/inbox/"))
            try store.markListPendingForSync(listID: TodoStore.inboxListID)
            #expect(try store.pendingSyncChanges().map(\.todoID) == [1, 2])
        }
    }

    @Test("conflicts and finished syncs are kept for --status, newest first")
    func conflictsAndRuns() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            try store.recordSyncConflicts([
                .init(date: fixedNow, uid: "a", title: "Pay rent", field: "title", lostValue: "Pay the rent"),
                .init(date: fixedNow, uid: "b", title: "Call Mom", field: "due", lostValue: "2026-12-24"),
            ])
            #expect(try store.syncConflicts(limit: 1).map(\.field) == ["due"])
            try store.recordSyncRun(summary: "↑ 1 changed")
            #expect(try store.lastSyncRun()?.summary == "↑ 1 changed")
        }
    }
}
