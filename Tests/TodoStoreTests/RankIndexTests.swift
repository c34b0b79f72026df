import Foundation
import Testing
@testable import TodoStore

@Suite("Rank index")
struct RankIndexTests {
    @Test("prefix sums find the block of a row, skipping empty blocks, and the block of a key")
    func prefixSums() {
        let key = { (k: Int64) in RankKey(key: k, id: 0) }
        var blocks = RankBlocks(blocks: [(RankKey.minimum, 0), (key(10), 3), (key(20), 0), (key(30), 2)])
        #expect(blocks.total == 5)
        #expect((0..<5).map { blocks.block(containingRow: $0) } == [1, 1, 1, 3, 3])
        #expect([key(-5), key(10), key(15), key(25), key(99)].map { blocks.block(containing: $0) } == [0, 1, 1, 2, 3])
        blocks.adjust(by: 1, at: key(5))
        #expect(blocks.starts == [0, 1, 4, 4] && blocks.total == 6)
        #expect(blocks.block(containingRow: 0) == 0)
    }

    @Test("blocks split past 1,024 rows and merge as rows go, in every order the rows arrive", arguments: ["top", "end", "middle"])
    func splitAndMerge(where placement: String) throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db", historyDepth: 5)
            var ids: [Int64] = []
            var anchor: Int64?
            for number in 0..<2_200 {
                let after: Int64? = placement == "top" ? nil : placement == "end" ? ids.last : anchor
                let item = try store.add(title: "t\(number)", after: after).value
                if number == 10 { anchor = item.id }
                ids.append(item.id)
            }
            let blocks = try store.connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE list_id = 1 AND kind = 0")
            #expect(blocks >= 3)
            try expectIntact(store)
            try store.setDone(true, ids: Array(ids.prefix(1_500)))
            #expect(try store.connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE list_id = 1 AND kind = 1") >= 2)
            try expectIntact(store)
            let section = SectionQuery(listID: TodoStore.inboxListID)
            let all = try store.items(section, in: 0..<3_000).map(\.id)
            for row in stride(from: 0, to: all.count, by: 97) {
                #expect(try store.index(of: all[row], in: section) == row)
                #expect(try store.items(section, in: row..<(row + 1)).map(\.id) == [all[row]])
            }
            try store.delete(ids: Array(ids.shuffled().prefix(2_150)))
            #expect(try store.connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE list_id = 1") <= 4)
            try expectIntact(store)
        }
    }

    @Test("Every row of a list held in one last block is ranked right: near its end, near its start and in the middle",
          arguments: [40, 300, 900])
    func lastBlockRanks(count: Int) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let ids = try store.importItems((0..<count).map { NewTodo(title: "t\($0)") }).map(\.id)
            // Every tenth done, so the done part (completion order) is a last block too.
            try store.setDone(true, ids: stride(from: 0, to: ids.count, by: 10).map { ids[$0] })
            #expect(try store.connection.scalarInt("SELECT count(*) FROM rank_blocks WHERE list_id = 1") == 2)
            let section = SectionQuery(listID: TodoStore.inboxListID)
            let shown = try store.items(section, in: 0..<count).map(\.id)
            #expect(shown.count == count)
            for (row, id) in shown.enumerated() {
                #expect(try store.index(of: id, in: section) == row)
            }
        }
    }

    @Test("another connection's writes, splits included, are seen at the next read")
    func externalWrites() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let mine = try openStore(path)
            let theirs = try openStore(path)
            let section = SectionQuery(listID: TodoStore.inboxListID)
            try mine.add(title: "mine")
            #expect(try mine.count(section) == 1)
            _ = try mine.items(section, in: 0..<10)  // fills the caches
            let imported = try theirs.importItems((0..<2_100).map { NewTodo(title: "theirs \($0)") })
            #expect(try mine.count(section) == 2_101)
            #expect(try mine.items(section, in: 2_000..<2_002).map(\.title) == ["theirs 1999", "theirs 2000"])
            #expect(try mine.index(of: imported[1_500].id, in: section) == 1_501)
            try theirs.setDone(true, ids: [imported[0].id])
            #expect(try mine.index(of: imported[0].id, in: section) == 2_100)
            #expect(try mine.index(of: imported[0].id, in: SectionQuery(listID: 1, includesCompleted: false)) == nil)
        }
    }

    @Test("Rows below a key are counted from the nearer end of its block: every row, and every key between two rows, over several blocks")
    func rowsBeforeFromEitherEnd() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            _ = try store.importItems((0..<3_000).map { NewTodo(title: "t\($0)") })
            let set = RankSet(listID: TodoStore.inboxListID, kind: .open)
            let blocks = try store.rankIndex.blocks(set)
            #expect(blocks.lowerBounds.count >= 3)
            let keys = try store.connection.query(
                "SELECT position, id FROM todos WHERE list_id = ? AND completed_at IS NULL ORDER BY position, id",
                [TodoStore.inboxListID]) { RankKey(key: $0.int64(at: 0), id: $0.int64(at: 1)) }
            #expect(keys.count == 3_000)
            // Every seventh row: both halves of every block, a few thousand counts in all.
            for (row, key) in keys.enumerated() where row % 7 == 0 || row + 1 == keys.count {
                #expect(try store.rankIndex.rowsBefore(key, in: set, blocks: blocks) == row)
                // A key just past a row's (no row has it, the next row's is above it): that row is below it too.
                let between = RankKey(key: key.key, id: key.id + 1)
                if row + 1 == keys.count || between < keys[row + 1] {
                    #expect(try store.rankIndex.rowsBefore(between, in: set, blocks: blocks) == row + 1)
                }
            }
        }
    }
}
