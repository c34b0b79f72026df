import Foundation
import Testing
@testable import TodoStore

/// A damaged store is read as far as it can be, and never written to once damage has shown.
@Suite("Damaged stores")
struct DamagedStoreTests {
    @Test("once a read meets a damaged page, every change is refused with a way to recover, though it would touch other pages")
    func changesRefusedAfterDamage() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: (0..<300).map { "todo number \($0) with some padding text to fill pages" })
            try damagePage(holding: "todo number 150 ", in: path)
            let store = try openStore(path)
            defer { store.close() }
            #expect(throws: StoreError.self) { try allTitles(store) }
            for (name, change) in [("add", { _ = try store.add(title: "more") }),
                                   ("addList", { _ = try store.addList(named: "Work") }),
                                   ("undo", { _ = try store.undo() })] as [(String, () throws -> Void)] {
                #expect("\(name) was not refused") { try change() } throws: { error in
                    guard case let StoreError.damaged(damagedPath, _) = error else { return false }
                    return damagedPath == path && "\(error)".contains("tick export") && !"\(error)".contains("\n")
                }
            }
            #expect(!store.tidySearchIndex())
        }
    }

    @Test("with checksFileBeforeFirstChange, the first change finds damage its own pages would not show")
    func firstChangeChecksTheFile() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try makeStore(path, titles: (0..<300).map { "todo number \($0) with some padding text to fill pages" })
            try damagePage(holding: "todo number 150 ", in: path)
            let before = try fileBytes(path)
            let store = try openStore(path)
            store.checksFileBeforeFirstChange = true
            #expect(throws: StoreError.self) { _ = try store.add(title: "more") }
            store.close()
            #expect(try fileBytes(path) == before)

            // Without the check the same change goes through: the damage is elsewhere.
            let unchecked = try openStore(path)
            defer { unchecked.close() }
            _ = try unchecked.add(title: "more")
        }
    }
}

/// Overwrites the header of the b-tree leaf page holding `marker` with garbage, as a failing disk
/// might: SQLite then finds that page malformed, and only that page.
func damagePage(holding marker: String, in path: String) throws {
    var bytes = try fileBytes(path)
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    let needle = Data(marker.utf8)
    let page = try #require(stride(from: pageSize, to: bytes.count, by: pageSize).first { start in
        bytes[start] == 0x0D && bytes[start..<(start + pageSize)].range(of: needle) != nil
    }, "no leaf page holds \(marker)")
    bytes.replaceSubrange((page + 1)..<(page + 201), with: Data(repeating: 0xFF, count: 200))
    try bytes.write(to: URL(fileURLWithPath: path))
}
