import Testing
@testable import TermTable
import TickTesting

@Suite("Diffable data source")
struct DiffableDataSourceTests {
    typealias Snapshot = DiffableSnapshot<String, Int>

    /// A table driven by a diffable data source, each item drawn as its number.
    final class Fixture {
        let table: TableView
        let source: TableViewDiffableDataSource<String, Int>
        var canvas: Canvas
        var labels: [Int: String] = [:]

        init(height: Int = 60) {
            table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: height))
            table.showsVerticalScrollIndicator = false
            table.pinsSectionHeaders = false
            table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
            canvas = Canvas(width: 20, height: height)
            var labelsRef: (Int) -> String = { "\($0)" }
            source = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                cell.text = StyledText(labelsRef(item))
                return cell
            }
            source.sectionTitleProvider = { "# \($0)" }
            labelsRef = { [unowned self] in self.labels[$0] ?? "\($0)" }
        }

        /// The screen's lines, without trailing blank lines.
        func screen() -> [String] {
            canvas.clear()
            table.draw(in: &canvas)
            // Headers end in a rule; compare their titles.
            var lines = canvas.lines.map { line in
                line.hasPrefix("# ") ? String(line.prefix(3)) : line
            }
            while lines.last == "" { lines.removeLast() }
            return lines
        }

        /// What the screen must show for a snapshot.
        func expected(_ snapshot: Snapshot) -> [String] {
            snapshot.sectionIdentifiers.flatMap { section in
                ["# \(section)"] + snapshot.itemIdentifiers(inSection: section).map { labels[$0] ?? "\($0)" }
            }
        }
    }

    /// A random snapshot drawing sections from a small pool and items from a shared pool.
    static func randomSnapshot(_ rng: inout SplitMix64) -> Snapshot {
        var snapshot = Snapshot()
        let sections = ["A", "B", "C", "D", "E"].filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }.shuffled(using: &rng)
        snapshot.appendSections(sections)
        var items = Array(0..<30).shuffled(using: &rng)
        items.removeLast(Int.random(in: 0..<15, using: &rng))
        for item in items where !sections.isEmpty {
            snapshot.appendItems([item], toSection: sections.randomElement(using: &rng)!)
        }
        return snapshot
    }

    @Test("Applying random snapshot pairs passes the consistency check and shows the new snapshot", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomPairs(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let fixture = Fixture()
        var previous = Snapshot()
        for round in 0..<200 {
            let next = Self.randomSnapshot(&rng)
            try fixture.source.apply(next)
            #expect(fixture.screen() == fixture.expected(next), "seed \(seed) round \(round): from \(previous.itemIdentifiers) to \(next.itemIdentifiers)")
            previous = next
        }
    }

    @Test("Only items whose content changed are configured again, and the same cells are kept")
    func reloadsOnlyChangedItems() throws {
        let fixture = Fixture()
        var snapshot = Snapshot()
        snapshot.appendSections(["A"])
        snapshot.appendItems([1, 2, 3])
        try fixture.source.apply(snapshot)
        _ = fixture.screen()
        let cells = fixture.table.visibleCellsInOrder
        let dequeued = fixture.table.reuseStatistics.cellsDequeued
        fixture.labels[2] = "two"
        fixture.source.contentChanged = { $0 == 2 }
        try fixture.source.apply(snapshot)
        #expect(fixture.screen() == ["# A", "1", "two", "3"])
        #expect(fixture.table.reuseStatistics.cellsDequeued == dequeued + 1)
        #expect(zip(cells, fixture.table.visibleCellsInOrder).allSatisfy { $0 === $1 })
    }

    @Test("Swapping two neighbours is a single move")
    func minimalMoves() {
        var old = Snapshot()
        old.appendSections(["A"])
        old.appendItems([1, 2, 3, 4])
        var new = old
        new.moveItem(3, beforeItem: 2)
        let diff = SnapshotDiff(from: old, to: new)
        #expect(diff.movedRows.count == 1)
        #expect(diff.insertedRows.isEmpty && diff.deletedRows.isEmpty)
    }

    @Test("The longest increasing subsequence is found", arguments: [
        ([3, 1, 2, 5, 4], 3), ([], 0), ([1, 2, 3], 3), ([3, 2, 1], 1), ([2, 5, 3, 7, 11, 8, 10, 13, 6], 6),
    ])
    func longestIncreasingSubsequence(values: [Int], length: Int) {
        let result = SnapshotDiff<Int, Int>.longestIncreasingSubsequence(values)
        #expect(result.count == length)
        #expect(zip(result, result.dropFirst()).allSatisfy { $0 < $1 })
    }
}
