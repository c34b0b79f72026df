import Foundation
import Testing
@testable import TodoStore

/// Every refused open must name the file and leave it byte-for-byte as it was.
@Suite("Opening refuses what is not ours, without changing it")
struct OpeningSafetyTests {
    /// Opens `path`, expects an error matching `matches`, and checks the file did not change.
    private func expectRefusal(_ path: String, sourceLocation: SourceLocation = #_sourceLocation,
                               _ matches: (StoreError) -> Bool) throws {
        let before = try fileBytes(path)
        do {
            _ = try openStore(path)
            Issue.record("opening \(path) succeeded", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            #expect(matches(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(path), sourceLocation: sourceLocation)
            #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
        }
        #expect(try fileBytes(path) == before, "the file changed", sourceLocation: sourceLocation)
    }

    @Test("garbage bytes are reported as not an SQLite database", arguments: [
        Data("hello".utf8),
        Data("just some notes\n".utf8) + Data(repeating: 0x41, count: 200),
        Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
    ])
    func garbage(bytes: Data) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try bytes.write(to: URL(fileURLWithPath: path))
            try expectRefusal(path) { error in
                guard case let .corrupt(_, detail) = error else { return false }
                return detail.contains("is not an SQLite database")
            }
        }
    }

    @Test("a truncated store is reported as corrupt", arguments: [0.5, 0.9, 0.0005])
    func truncated(fraction: Double) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: (0..<200).map { "todo \($0) " + String(repeating: "filler ", count: 60) })
            let whole = try fileBytes(path)
            try whole.prefix(Int(Double(whole.count) * fraction)).write(to: URL(fileURLWithPath: path))
            try expectRefusal(path) { error in
                guard case .corrupt = error else { return false }
                return true
            }
        }
    }

    @Test("another application's SQLite database is refused", arguments: [Int32(0), Int32(0x0F0F_0F0F)])
    func otherApplication(applicationID: Int32) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let other = try SQLiteConnection(path: path, mode: .readWrite)
            try other.execute("""
                PRAGMA application_id = \(applicationID);
                CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES ('Ann');
                """)
            other.close()
            try expectRefusal(path) { error in
                guard case let .notATickStore(_, reason) = error else { return false }
                return reason.contains("another application")
            }
        }
    }

    @Test("a store from a newer Tick is refused, not migrated down")
    func newerSchema() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: ["from the future"])
            let writer = try SQLiteConnection(path: path, mode: .readWrite)
            try writer.execute("PRAGMA user_version = 7")
            writer.close()
            try expectRefusal(path) { $0 == .newerSchema(path: path, found: 7, supported: Schema.currentVersion) }
        }
    }

    @Test("an empty file and a blank SQLite database are turned into a store", arguments: [false, true])
    func blankFilesAreInitialised(sqliteBlank: Bool) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            if sqliteBlank {
                let blank = try SQLiteConnection(path: path, mode: .readWrite)
                try blank.execute("PRAGMA user_version = 3; VACUUM")
                blank.close()
                #expect(try fileBytes(path).count > 0)
            }
            let store = try openStore(path)
            try store.add(title: "works", at: 0)
            #expect(try store.connection.scalarInt("PRAGMA application_id") == 0x5449_434B)
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try store.connection.queryFirst("PRAGMA journal_mode") { $0.string(at: 0) } == "wal")
            #expect(try store.connection.scalarInt("SELECT count(*) FROM lists WHERE id = 1 AND name = 'Inbox'") == 1)
        }
    }

    @Test("a Tick store missing its tables is reported as damaged")
    func missingTables() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: ["x"])
            let writer = try SQLiteConnection(path: path, mode: .readWrite)
            try writer.execute("DROP TABLE counts")
            writer.close()
            try expectRefusal(path) { error in
                guard case .corrupt = error else { return false }
                return true
            }
        }
    }
}
