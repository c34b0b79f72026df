import Testing
@testable import TickApp

@Suite("Outline folds: rows on screen against the store's rows")
struct OutlineFoldsTests {
    /// Store rows 0…11; parent 1 hides 2…4, parent 7 hides 8…9; parent 3 (inside 1's run) adds nothing.
    let folds = OutlineFolds([
        .init(parentID: 70, rank: 7, hidden: 2),
        .init(parentID: 10, rank: 1, hidden: 3),
        .init(parentID: 30, rank: 3, hidden: 1),
        .init(parentID: 50, rank: 5, hidden: 0),
    ])

    @Test("Rows map to the store's rows past every hidden run, and back; hidden rows have no row")
    func mapping() {
        let shown = [0, 1, 5, 6, 7, 10, 11]
        #expect(folds.hiddenTotal == 5)
        #expect(folds.folds.map(\.parentID) == [10, 70])
        #expect((0..<shown.count).map(folds.rank(forRow:)) == shown)
        #expect(shown.map(folds.row(forRank:)) == Array(0..<shown.count))
        #expect([2, 3, 4, 8, 9].allSatisfy { folds.row(forRank: $0) == nil })
        #expect([2, 3, 4, 8, 9].map(folds.parentHiding(rank:)) == [10, 10, 10, 70, 70])
        #expect(folds.parentHiding(rank: 5) == nil)
    }

    @Test("Without folds a row is its store row", arguments: [0, 1, 999_999])
    func noFolds(row: Int) {
        #expect(OutlineFolds.none.rank(forRow: row) == row)
        #expect(OutlineFolds.none.row(forRank: row) == row)
    }
}
