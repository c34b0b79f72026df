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
            try writer.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
            writer.close()
            try expectRefusal(path) { $0 == .newerSchema(path: path, found: Schema.currentVersion + 1, supported: Schema.currentVersion) }
        }
    }

    /// How a file that Tick did not create, and that is not a store, can look.
    enum Stranger: String, CaseIterable, CustomTestStringConvertible {
        case emptyFile, linkToEmptyFile, blankDatabase, blankDatabaseWithUserVersion
        var testDescription: String { rawValue }
    }

    @Test("only a missing file becomes a new store: anything else that is not a Tick store is refused untouched",
          arguments: Stranger.allCases)
    func strangersAreRefused(stranger: Stranger) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let target = stranger == .linkToEmptyFile ? folder + "/target" : path
            #expect(FileManager.default.createFile(atPath: target, contents: nil))
            #expect(chmod(target, 0o644) == 0)
            if stranger == .linkToEmptyFile { #expect(symlink(target, path) == 0) }
            if stranger == .blankDatabase || stranger == .blankDatabaseWithUserVersion {
                let blank = try SQLiteConnection(path: target, mode: .readWrite)
                try blank.execute(stranger == .blankDatabase ? "VACUUM" : "PRAGMA user_version = 3; VACUUM")
                blank.close()
                #expect(try fileBytes(target).count > 0)
            }
            try expectRefusal(path) { error in
                guard case let .notATickStore(_, reason) = error else { return false }
                return reason.contains("which Tick did not create")
            }
            #expect(mode(of: target) == 0o644)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(names == (stranger == .linkToEmptyFile ? ["target", "tick.db"] : ["tick.db"]))
        }
    }

    /// Files that are not regular files, each made in the test's folder.
    enum SpecialFile: String, CaseIterable, CustomTestStringConvertible {
        case fifo, characterDevice, linkToDevNull, socket
        var testDescription: String { rawValue }
    }

    @Test("a FIFO, a device or a socket is refused at once, without waiting and without a file beside it",
          arguments: SpecialFile.allCases)
    func specialFilesAreRefused(kind: SpecialFile) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            switch kind {
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .characterDevice:
                // mknod needs root; elsewhere a link to /dev/null stands in for it.
                if mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) != 0 { #expect(symlink("/dev/null", path) == 0) }
            case .linkToDevNull: #expect(symlink("/dev/null", path) == 0)
            case .socket:
                let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                defer { close(socket) }
                var address = sockaddr_un()
                address.sun_family = sa_family_t(AF_UNIX)
                withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                    for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
                }
                let bound = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
                }
                #expect(bound == 0)
            }
            #expect { try openStore(path) } throws: { error in
                guard case let StoreError.notATickStore(_, reason) = error else { return false }
                return "\(error)".contains(path) && reason.contains("not a regular file")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(names == ["tick.db"])
        }
    }

    @Test("a symbolic link to a missing file is refused, and nothing is created at its target")
    func danglingLink() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            #expect(symlink(folder + "/elsewhere.db", path) == 0)
            #expect { try openStore(path) } throws: { error in
                guard case let StoreError.notATickStore(_, reason) = error else { return false }
                return reason.contains("symbolic link to a missing file")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(names == ["tick.db"])
        }
    }

    @Test("a link to a Tick store opens that store")
    func linkToStore() throws {
        try withTemporaryFolder { folder in
            try makeStore(folder + "/real.db", titles: ["through the link"])
            #expect(symlink(folder + "/real.db", folder + "/tick.db") == 0)
            let store = try openStore(folder + "/tick.db")
            defer { store.close() }
            #expect(try allTitles(store) == ["through the link"])
        }
    }

    @Test("a header whose page size is not a power of two from 512 to 65536 is refused as damaged", arguments: [3000, 256, 0])
    func damagedPageSize(pageSize: Int) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: ["x"])
            var bytes = try fileBytes(path)
            bytes[16] = UInt8(pageSize >> 8)
            bytes[17] = UInt8(pageSize & 0xFF)
            try bytes.write(to: URL(fileURLWithPath: path))
            try expectRefusal(path) { $0 == .corrupt(path: path, detail: "has a damaged header (page size \(pageSize))") }
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
