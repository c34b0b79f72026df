import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Version 1 files (Inbox only, global positions, no rank index, search or history) must upgrade
/// in place with everything they hold.
@Suite("Migration from version 1")
struct MigrationTests {
    /// Writes a version 1 store with `count` todos (every third done, scrambled positions) using
    /// version 1's own schema script, exactly as a v1 build left it.
    static func makeVersion1(_ path: String, count: Int) throws -> [(title: String, done: Bool)] {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let v1 = try SQLiteConnection(path: path, mode: .readWrite)
        try v1.execute("PRAGMA journal_mode = WAL")
        try v1.transaction {
            try v1.execute(Schema.migrations[1]!)
            var random = SplitMix64(state: 99)
            for number in 0..<count {
                try v1.run("INSERT INTO todos(list_id, title, notes, position, created_at, completed_at, priority, due) VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                           ["v1 todo \(number)", number % 10 == 0 ? "note \(number)" : "", Int64.random(in: -1_000_000_000...1_000_000_000, using: &random),
                            Int64(1_600_000_000_000 + number), number % 3 == 0 ? Int64(1_650_000_000_000 + number * 7 % 1000) : nil,
                            number % 4, number % 5 == 0 ? "2025-01-0\(number % 9 + 1)" : nil])
            }
            try v1.execute("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 1")
        }
        // Version 1 order: by position, then id.
        let rows = try v1.query("SELECT title, completed_at IS NOT NULL FROM todos ORDER BY position, id") {
            (title: $0.string(at: 0), done: $0.int64(at: 1) != 0)
        }
        v1.close()
        return rows
    }

    @Test("a version 1 store with data upgrades in place: same todos, same order, counts, ranks and search working")
    func upgradesWithData() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let v1Order = try Self.makeVersion1(path, count: 2_500)
            let store = try openStore(path)
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            try expectIntact(store)
            #expect(store.count == 2_500)
            #expect(store.doneCount == v1Order.filter(\.done).count)
            // The flat order is version 1's order.
            #expect(try store.flatOrder().map(\.title) == v1Order.map(\.title))
            // The manual section shows the open ones in that order, then the done ones by completion.
            let section = SectionQuery(listID: TodoStore.inboxListID)
            let open = v1Order.filter { !$0.done }.map(\.title)
            #expect(try store.items(section, in: 0..<open.count).map(\.title) == open)
            #expect(try store.connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE kind = 0") >= 3)
            let middle = try store.items(section, in: 1_200..<1_201)[0]
            #expect(try store.index(of: middle.id, in: section) == 1_200)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "todo 1234")) == 1)
            #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "note")) == 250)
            #expect(!store.canUndo)
            // And it works as a version 2 store from now on.
            let added = try store.add(title: "after the upgrade", after: middle.id).value
            #expect(try store.index(of: added.id, in: section) == 1_201)
            #expect(try store.undo().value?.description == "add “after the upgrade”")
            try store.addList(named: "Work")
            store.close()
            let reopened = try openStore(path)
            #expect(reopened.count == 2_500)
            try expectIntact(reopened)
        }
    }

    @Test("an empty version 1 store upgrades too")
    func upgradesEmpty() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            _ = try Self.makeVersion1(path, count: 0)
            let store = try openStore(path)
            #expect(try store.lists().map(\.name) == ["Inbox"])
            try store.add(title: "first")
            try expectIntact(store)
        }
    }

    @Test("a read-only version 1 store is refused, not half migrated, and left unchanged")
    func readOnlyVersion1() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            _ = try Self.makeVersion1(path, count: 10)
            let checkpoint = try SQLiteConnection(path: path, mode: .readWrite)
            try checkpoint.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            checkpoint.close()
            let before = try fileBytes(path)
            #expect(throws: StoreError.readOnly(path: path)) { try openStore(path, readOnly: true) }
            #expect(try fileBytes(path) == before)
        }
    }
}

@Suite("Migration to version 3")
struct MigrationToVersion3Tests {
    @Test("A store upgraded to version 3 has the search index's automatic merging turned off")
    func automergeOff() throws {
        let scratch = try ScratchFolder("v3")
        let folder = scratch.url
        let store = try TodoStore(path: folder.appendingPathComponent("tick.db").path)
        defer { store.close() }
        #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try store.connection.scalarInt("SELECT v FROM todos_fts_config WHERE k = 'automerge'") == 0)
    }
}

@Suite("Migration to version 5")
struct MigrationFromVersion4Tests {
    @Test("A version 4 store upgrades in place: its todos keep their dates on export, and imports find duplicates among them")
    func fromVersion4() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let v4 = try SQLiteConnection(path: path, mode: .readWrite)
            try v4.execute("PRAGMA journal_mode = WAL")
            try v4.transaction {
                for step in 1...4 { try v4.execute(Schema.migrations[step]!) }
                try v4.run("INSERT INTO todos(list_id, title, position, created_at, due) VALUES (1, 'Pay rent', 65536, ?, '2026-12-01')",
                           [Int64(1_796_126_400_000)])
                try v4.execute("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 4")
            }
            v4.close()
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            var text = ""
            try TodoTxtFormat.export(store, zone: .utc) { text += $0 }
            #expect(text == "2026-12-01 Pay rent due:2026-12-01\n")
            let summary = try store.importItems([NewTodo(title: "Pay rent", due: "2026-12-01")], options: ImportOptions(skipsDuplicates: true))
            #expect(summary.duplicateCount == 1 && summary.imported.isEmpty)
            try expectIntact(store)
        }
    }
}
