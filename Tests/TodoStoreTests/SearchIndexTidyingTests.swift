import Foundation
import Testing
@testable import TodoStore

@Suite("Search index tidying")
struct SearchIndexTidyingTests {
    @Test("Changes leave the search index in pieces; tidying merges them while idle and search stays exact")
    func tidying() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-tidy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try TodoStore(path: folder.appendingPathComponent("tick.db").path, durability: .noSync)
        defer { store.close() }
        for index in 0..<120 { try store.add(title: "milk run \(index)") }
        let query = SectionQuery(listID: TodoStore.inboxListID, search: "milk")
        #expect(try store.count(query) == 120)
        var rounds = 0
        while store.tidySearchIndex(pages: 8) { rounds += 1; if rounds > 1_000 { break } }
        #expect(rounds > 0)       // there was work to do
        #expect(!store.tidySearchIndex())  // and now there is none
        let deleted = try store.items(query, in: 0..<10).map(\.id)
        try store.delete(ids: deleted)
        #expect(try store.count(SectionQuery(listID: TodoStore.inboxListID, search: "milk")) == 110)
        #expect(store.integrityCheck() == "ok")
    }
}
