import Foundation
import Testing
@testable import TodoStore

/// `TodoStore.inMemoryPath` is for scripts and tests that must never touch a file.
@Suite("In-memory stores")
struct InMemoryStoreTests {
    @Test("the in-memory path opens a working store of its own and creates no file")
    func worksWithoutAFile() throws {
        let leftover = FileManager.default.currentDirectoryPath + "/" + TodoStore.inMemoryPath
        let existedBefore = FileManager.default.fileExists(atPath: leftover)
        defer { if !existedBefore { try? FileManager.default.removeItem(atPath: leftover) } }

        let first = try TodoStore(path: TodoStore.inMemoryPath, clock: fixedClock)
        let second = try TodoStore(inMemoryWith: fixedClock)
        #expect(first.isInMemory && second.isInMemory && !first.isReadOnly)
        try first.add(title: "only here")
        try first.addList(named: "Work")
        try first.undo()
        #expect(try allTitles(first) == ["only here"])
        #expect(try allTitles(second).isEmpty)
        #expect(first.integrityCheck() == "ok")
        first.close()
        second.close()
        #expect(FileManager.default.fileExists(atPath: leftover) == existedBefore)
    }
}
