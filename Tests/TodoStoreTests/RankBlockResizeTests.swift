import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Schema 17 (issue 29): the rank blocks are split and merged by one trigger (`rank_blocks_resize`)
/// instead of three, with the same effect: the same blocks and the same layout generations, step for
/// step, and a schema 16 store upgrades.
@Suite("One rank block trigger")
struct RankBlockResizeTests {
    /// Takes a current store back to schema 16: version 2's three rank block triggers.
    static let backToVersion16SQL = """
        DROP TRIGGER rank_blocks_resize;
        \(Schema.rankBlockSplitMergeSQL)
        """

    /// Every rank block as "list kind lo_key lo_id size", then the layout generation.
    static func blocks(_ store: TodoStore) throws -> [String] {
        try store.connection.query("SELECT list_id, kind, lo_key, lo_id, size FROM rank_blocks ORDER BY list_id, kind, lo_key, lo_id") {
            "\($0.int64(at: 0)) \($0.int64(at: 1)) \($0.int64(at: 2)) \($0.int64(at: 3)) \($0.int64(at: 4))"
        } + ["generation \(try store.connection.scalarInt("SELECT generation FROM rank_meta WHERE id = 1"))"]
    }

    @Test("The one trigger splits and merges blocks exactly as the three did: the same blocks and generations after every step of adds, toggles, moves and deletes")
    func sameBlocksAsThreeTriggers() throws {
        let current = try TodoStore(inMemoryWith: fixedClock)
        let old = try TodoStore(inMemoryWith: fixedClock)
        try old.connection.execute(Self.backToVersion16SQL)
        var random = SplitMix64(seed: 17)
        let errands = try current.addList(named: "Errands").value.id
        try old.addList(named: "Errands")
        // Whether a step added blocks (a split) or took some away (a merge or an emptied block).
        var split = false, merged = false
        for step in 0..<60 {
            let ids = try current.flatOrder().map(\.id)
            let blocksBefore = try current.connection.scalarInt("SELECT count(*) FROM rank_blocks")
            for store in [current, old] {
                var same = random
                switch step % 5 {
                case 0, 1:
                    // Hundreds at once at a random place: blocks grow past 1,024 rows and split.
                    let count = Int(same.next() % 700) + 1
                    let after = ids.isEmpty || same.chance(0.3) ? nil : ids[Int(same.next() % UInt64(ids.count))]
                    let titles = (0..<count).map { NewTodo(title: "t\(step).\($0)") }
                    try store.add(titles, toList: TodoStore.inboxListID, after: after)
                case 2:
                    try store.setDone(same.chance(0.7), ids: Self.sample(ids, &same, upTo: 900))
                case 3:
                    try store.move(ids: Self.sample(ids, &same, upTo: 300), toList: same.chance(0.5) ? errands : TodoStore.inboxListID)
                default:
                    // Deleting runs of rows empties blocks and shrinks them until they merge.
                    try store.delete(ids: Self.sample(ids, &same, upTo: 1_200))
                }
                if store === old { random = same }
            }
            #expect(try Self.blocks(current) == Self.blocks(old), "step \(step)")
            let blocksAfter = try current.connection.scalarInt("SELECT count(*) FROM rank_blocks")
            split = split || blocksAfter > blocksBefore
            merged = merged || blocksAfter < blocksBefore
            #expect(try current.integrityProblems() == [], "step \(step)")
        }
        // Blocks were split and merged above, so the comparison compared what the triggers do.
        #expect(split && merged)
    }

    /// Up to `limit` ids of `ids`: a run in a row, or a scattering.
    static func sample(_ ids: [Int64], _ random: inout SplitMix64, upTo limit: Int) -> [Int64] {
        guard !ids.isEmpty else { return [] }
        let count = Int(random.next() % UInt64(min(limit, ids.count))) + 1
        if random.chance(0.5) {
            let start = Int(random.next() % UInt64(ids.count - count + 1))
            return Array(ids[start..<(start + count)])
        }
        return (0..<count).map { _ in ids[Int(random.next() % UInt64(ids.count))] }
    }

    @Test("A schema 16 store upgrades to one rank block trigger, and its blocks go on splitting and merging")
    func upgradesVersion16() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                try store.add((0..<1_500).map { NewTodo(title: "t\($0)") }, toList: TodoStore.inboxListID)
                try store.connection.execute(Self.backToVersion16SQL + "PRAGMA user_version = \(Schema.rankBlockResizeVersion - 1);")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let triggers = try store.connection.query("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'rank_blocks'") {
                $0.string(at: 0)
            }
            #expect(triggers == ["rank_blocks_resize"])
            let generation = try store.connection.scalarInt("SELECT generation FROM rank_meta WHERE id = 1")
            try store.add((0..<1_500).map { NewTodo(title: "u\($0)") }, toList: TodoStore.inboxListID)
            try store.delete(ids: Array(try store.flatOrder().map(\.id).prefix(2_000)))
            #expect(try store.connection.scalarInt("SELECT generation FROM rank_meta WHERE id = 1") > generation + 2)
            #expect(try store.integrityProblems() == [])
            try store.undo()
            try store.undo()
            #expect(try store.flatOrder().count == 1_500)
            #expect(try store.integrityProblems() == [])
        }
    }
}
