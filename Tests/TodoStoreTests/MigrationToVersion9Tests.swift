import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Version 9 keeps when each todo was last modified (`todo_modified_times`), the time a sync writes
/// as LAST-MODIFIED and compares when both sides changed a field: stamped by triggers with the
/// store's clock whenever a field a person sees changes, set from the file or server by an import
/// that gives one, and counted from the creation for a todo never changed (every todo of an upgraded store).
@Suite("Migration to version 9: modification times")
struct MigrationToVersion9Tests {
    /// Takes a current store back to version 8: no origin of undo steps, no modification times, no
    /// synced list names or places.
    static let backToVersion8SQL = StatusTests.backToVersion9SQL + """
        ALTER TABLE history_steps DROP COLUMN origin;
        ALTER TABLE sync_collections DROP COLUMN synced_name; ALTER TABLE sync_items DROP COLUMN synced_position;
        DROP TRIGGER todos_modified_time; DROP TRIGGER todos_modified_time_delete; DROP TABLE todo_modified_times;
        """

    /// A clock a test moves by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = Date(timeIntervalSince1970: 1_796_119_200)  // 2026-12-01 10:00:00 UTC
        var now: Date { lock.withLock { time } }
        /// Moves the clock `minutes` on and returns the new time.
        @discardableResult
        func advance(minutes: Int) -> Date { lock.withLock { time += Double(minutes * 60); return time } }
    }

    @Test("a version 8 store upgrades: its todos count as modified when created, and its recorded conflicts keep their meaning")
    func upgradesVersion8() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let clock = Clock()
            do {
                let store = try TodoStore(path: path, clock: { clock.now })
                let todo = try store.add(title: "Pay rent").value
                clock.advance(minutes: 5)
                _ = try store.update(id: todo.id, title: "Pay the rent")
                try store.recordSyncConflicts([.init(date: clock.now, uid: todo.uid, title: "Pay the rent", field: "title", lostValue: "this device's change")])
                try store.connection.execute(Self.backToVersion8SQL + "PRAGMA user_version = 8;")
                store.close()
            }
            let store = try TodoStore(path: path, clock: { clock.now })
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let todo = try #require(try store.flatOrder().first)
            #expect(try store.modificationDate(ofTodo: todo.id) == todo.createdAt)
            #expect(try store.syncConflicts(limit: 1).map(\.lostValue) == ["this device's change lost"])
            let edited = clock.advance(minutes: 5)
            _ = try store.update(id: todo.id, notes: "By the 3rd")
            #expect(try store.modificationDate(ofTodo: todo.id) == edited)
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("a change of what a person sees stamps the todo with the store's clock, undo and reorders included; a change to the same values does not")
    func stamping() throws {
        let clock = Clock()
        let store = try TodoStore(inMemoryWith: { clock.now })
        let created = clock.now
        let todos = try store.add(titles: ["Pay rent", "Water plants"])
        let rent = todos[0].id
        #expect(try store.modificationDate(ofTodo: rent) == created)

        let edited = clock.advance(minutes: 1)
        _ = try store.update(id: rent, title: "Pay the rent")
        #expect(try store.modificationDate(ofTodo: rent) == edited)

        // A move in the manual order is synced (X-APPLE-SORT-ORDER), so it is a change of its own.
        let reordered = clock.advance(minutes: 1)
        try store.move(id: rent, toFlatRow: 1)
        #expect(try store.modificationDate(ofTodo: rent) == reordered)
        clock.advance(minutes: 1)
        _ = try store.update(id: rent, title: "Pay the rent")
        #expect(try store.modificationDate(ofTodo: rent) == reordered)

        let done = clock.advance(minutes: 1)
        _ = try store.setDone(true, ids: [rent])
        #expect(try store.modificationDate(ofTodo: rent) == done)
        #expect(try store.modificationDate(ofTodo: todos[1].id) == created)

        // An undo is a new change: it is sent as one, so it is dated now.
        let undone = clock.advance(minutes: 1)
        try store.undo()
        #expect(try store.modificationDate(ofTodo: rent) == undone)

        let moved = clock.advance(minutes: 1)
        _ = try store.move(ids: [rent], toList: try store.addList(named: "Home").value.id)
        #expect(try store.modificationDate(ofTodo: rent) == moved)

        try store.delete(ids: [rent])
        #expect(try store.modificationDate(ofTodo: rent) == nil)
        #expect(try store.connection.scalarInt("SELECT count(*) FROM todo_modified_times WHERE todo_id = ?", [rent]) == 0)
    }

    @Test("an import dates a todo by the time it brings (new or updated by UID), else by the import itself", arguments: [true, false])
    func importedTimes(givesTime: Bool) throws {
        let clock = Clock()
        let store = try TodoStore(inMemoryWith: { clock.now })
        let stored = try store.add(title: "Pay rent").value
        let importedAt = clock.advance(minutes: 10)
        let fileTime = Date(timeIntervalSince1970: 1_796_000_000)
        var update = NewTodo(title: "Pay the rent")
        update.uid = stored.uid
        var new = NewTodo(title: "Water plants", createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        new.uid = "water"
        if givesTime {
            update.modifiedAt = fileTime
            new.modifiedAt = fileTime
        }
        _ = try store.importItems([update, new])
        let water = try #require(try store.item(uid: "water"))
        #expect(try store.modificationDate(ofTodo: stored.id) == (givesTime ? fileTime : importedAt))
        #expect(try store.modificationDate(ofTodo: water.id) == (givesTime ? fileTime : water.createdAt))
    }
}
