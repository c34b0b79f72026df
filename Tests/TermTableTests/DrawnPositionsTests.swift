import Testing
import TickTesting
@testable import TermTable

/// `ScrollTracking.recordDraw` finds where each item it draws again was drawn through
/// `DrawnPositions`, a table of its own in place of a `Dictionary`: it must answer as one would.
@Suite("Drawn positions")
struct DrawnPositionsTests {
    /// A random item: the refresh control, a header, a footer or a row, of a few sections.
    static func randomItem(using random: inout SplitMix64, rows: Int) -> LayoutItem {
        let section = Int.random(in: 0..<4, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .refreshControl
        case 1: return .header(section)
        case 2: return .footer(section)
        default: return .row(IndexPath(row: Int.random(in: 0..<rows, using: &random), section: section))
        }
    }

    @Test("over random draws, one table rebuilt for each finds every drawn item at the line a dictionary keeps for it (the last), and no other")
    func answersAsADictionary() {
        var random = SplitMix64(seed: 36)
        var positions = DrawnPositions()
        #expect(positions.y(of: .header(0), in: []) == nil)
        for round in 0..<400 {
            // Small and large draws, few rows (many repeats, many collisions) and many.
            let count = round % 7 == 0 ? Int.random(in: 100...300, using: &random) : Int.random(in: 0...40, using: &random)
            let rows = round % 3 == 0 ? 8 : 100_000
            let items = (0..<count).map { _ in
                VisibleItem(item: Self.randomItem(using: &random, rows: rows), y: Int.random(in: -3...200, using: &random), height: 1)
            }
            var expected: [LayoutItem: Int] = [:]
            for drawn in items { expected[drawn.item] = drawn.y }
            positions.index(items)
            for drawn in items { #expect(positions.y(of: drawn.item, in: items) == expected[drawn.item]) }
            for _ in 0..<50 {
                let item = Self.randomItem(using: &random, rows: rows)
                #expect(positions.y(of: item, in: items) == expected[item], "round \(round), \(item)")
            }
        }
    }
}
