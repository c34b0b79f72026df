import Foundation
import Testing
@testable import TodoStore

/// `:memory:` is a throwaway store: key scripts run on it unless the user names a store.
@Suite("An in-memory store")
struct InMemoryStoreTests {
    @Test("\":memory:\" opens a working store and leaves no file behind in the current folder")
    func opensWithoutAFile() throws {
        // Tests run in parallel, so the current folder is only looked at, never changed.
        let stray = FileManager.default.currentDirectoryPath + "/" + TodoStore.inMemoryPath
        #expect(!FileManager.default.fileExists(atPath: stray))
        do {
            let store = try openStore(TodoStore.inMemoryPath)
            #expect(!store.isReadOnly)
            let milk = try store.add(title: "milk", at: 0)
            _ = try store.add(title: "bread", at: 1)
            try store.setDone(true, id: milk.id)
            _ = try store.undo()
            #expect(try allTitles(store) == ["milk", "bread"])
            #expect(try store.item(id: milk.id)?.isDone == false)
            store.close()
        }
        #expect(!FileManager.default.fileExists(atPath: stray))
    }

    @Test("two in-memory stores are independent and each starts empty")
    func independent() throws {
        let first = try openStore(TodoStore.inMemoryPath)
        _ = try first.add(title: "only in the first", at: 0)
        let second = try openStore(TodoStore.inMemoryPath)
        #expect(try allTitles(second) == [])
        #expect(try allTitles(first) == ["only in the first"])
    }
}
