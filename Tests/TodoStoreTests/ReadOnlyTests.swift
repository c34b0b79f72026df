import Foundation
import Testing
@testable import TodoStore

/// The tests run as root, where chmod does not stop writes; the store therefore also judges by
/// mode bits, which is what makes these tests meaningful here.
@Suite("Read-only stores")
struct ReadOnlyTests {
    enum Setup: String, CaseIterable, CustomTestStringConvertible {
        case requested, fileWithoutWriteBits, folderWithoutWriteBits
        var testDescription: String { rawValue }
    }

    @Test("a read-only store refuses every mutation with .readOnly, still reads, and leaves the file unchanged",
          arguments: Setup.allCases)
    func refusesMutations(setup: Setup) throws {
        try withTemporaryFolder { folder in
            let storeFolder = folder + "/store"
            let path = storeFolder + "/tick.db"
            try makeStore(path, titles: ["read me", "and me"])
            switch setup {
            case .requested: break
            case .fileWithoutWriteBits: #expect(chmod(path, 0o444) == 0)
            case .folderWithoutWriteBits: #expect(chmod(storeFolder, 0o555) == 0)
            }
            let before = try fileBytes(path)
            #expect(TodoStore.shouldOpenReadOnly(path: path) == (setup != .requested))

            let store = try openStore(path, readOnly: setup == .requested)
            #expect(store.isReadOnly)
            #expect(try allTitles(store) == ["read me", "and me"])
            #expect(store.count == 2)
            let inbox = SectionQuery(listID: TodoStore.inboxListID)
            let first = try #require(try store.items(inbox, in: 0..<1).first)
            #expect(try store.index(of: first.id, in: inbox) == 0)

            let refused: [(String, () throws -> Void)] = [
                ("add", { try store.add(title: "no") }),
                ("setDone", { try store.setDone(true, ids: [first.id]) }),
                ("delete", { try store.delete(ids: [first.id]) }),
                ("move", { try store.move(id: first.id, toList: TodoStore.inboxListID, after: nil).value }),
                ("setTitle", { try store.update(id: first.id, title: "no") }),
                ("update", { try store.update(id: first.id, isFlagged: true) }),
                ("addList", { try store.addList(named: "Work") }),
                ("renameList", { try store.renameList(id: TodoStore.inboxListID, to: "In") }),
                ("setCollapsed", { try store.setCollapsed(true, listID: TodoStore.inboxListID).value }),
                ("importItems", { try store.importItems([NewTodo(title: "no")]) }),
                ("undo", { try store.undo() }),
                ("redo", { try store.redo() }),
            ]
            for (name, mutation) in refused {
                #expect(throws: StoreError.readOnly(path: path), "\(name) was not refused") { try mutation() }
            }
            #expect(StoreError.readOnly(path: path).description.contains(path))
            store.close()
            #expect(try fileBytes(path) == before)
        }
    }

    @Test("a missing file cannot be opened read-only, and nothing is created")
    func missingFile() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/nothing/tick.db"
            #expect { try openStore(path, readOnly: true) } throws: { error in
                guard case StoreError.io = error else { return false }
                return "\(error)".contains(path)
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/nothing"))
        }
    }

    @Test("an immutable connection reads a WAL store, the fallback for folders nobody may write")
    func immutableReads() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: ["a", "b", "c"])
            let connection = try SQLiteConnection(path: path, mode: .immutable)
            #expect(try connection.scalarInt("SELECT count(*) FROM todos") == 3)
            #expect(throws: StoreError.readOnly(path: path)) { try connection.execute("DELETE FROM todos") }
        }
    }
}

@Suite("Reads that cannot fail quietly")
struct QuietReadTests {
    @Test("count, canUndo and the other conveniences stop the program on an unreadable store rather than answer 0 or false")
    func conveniencesStop() async {
        await #expect(processExitsWith: .failure) {
            try withTemporaryFolder { folder in
                let store = try openStore(folder + "/tick.db")
                store.close()
                _ = store.count
            }
        }
        await #expect(processExitsWith: .failure) {
            try withTemporaryFolder { folder in
                let store = try openStore(folder + "/tick.db")
                store.close()
                _ = store.canUndo
            }
        }
    }

    @Test("A failed look for other processes' changes counts as a change, so the caller's reload meets the failure")
    func failedCheckIsAChange() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            #expect(!store.hasExternalChanges())
            store.close()
            #expect(store.hasExternalChanges())
        }
    }
}
