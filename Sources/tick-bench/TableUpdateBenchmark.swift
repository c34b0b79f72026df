import Foundation
import TermTable

/// UIKit's classic comparison, in process: changing one row of a 100-row table drawn on an 80×24
/// canvas by `reloadData()` versus by a batch update of that row, timed in the same run.
final class TableUpdateBenchmark: TableViewDataSource {
    /// Median nanoseconds per change for each way, and how many times cheaper the batch update is.
    struct Result {
        var reloadDataNanoseconds: Double
        var reloadRowsNanoseconds: Double
        var reconfigureRowsNanoseconds: Double
        /// A draw with nothing changed: the floor under all three.
        var drawOnlyNanoseconds: Double
        /// `reloadData` time over the cheaper of the two batch updates.
        var ratio: Double { reloadDataNanoseconds / min(reloadRowsNanoseconds, reconfigureRowsNanoseconds) }
        /// The same ratio after subtracting the cost of a draw in which nothing changed.
        var ratioAboveDraw: Double {
            (reloadDataNanoseconds - drawOnlyNanoseconds) / max(1, min(reloadRowsNanoseconds, reconfigureRowsNanoseconds) - drawOnlyNanoseconds)
        }
    }

    private var titles = (0..<100).map { "Row \($0): water the plants and call 买牛奶 about the appointment" }
    private let table = TableView(frame: Rect(x: 0, y: 0, width: 80, height: 24))
    private var canvas = Canvas(width: 80, height: 24)
    private var generation = 0

    /// A table of 100 rows with one plain cell class, drawn once.
    init() {
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        _ = table.moveSelection(by: 1)
        table.draw(in: &canvas)
    }

    /// Says the table has 100 rows.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }

    /// Configures a plain cell with the row's title.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: TermTable.IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = StyledText(titles[indexPath.row])
        return cell
    }

    /// Changes the data of a visible row, as a store mutation would.
    private func changeRow() -> TermTable.IndexPath {
        generation += 1
        let row = 5
        titles[row] = "Row \(row): changed \(generation) times"
        return TermTable.IndexPath(row: row, section: 0)
    }

    /// Nanoseconds per iteration of `body` (change one row, update the table, draw) over `count` iterations.
    private func time(_ count: Int, _ body: (TermTable.IndexPath) throws -> Void) rethrows -> Double {
        let start = Measure.now()
        for _ in 0..<count {
            try body(changeRow())
            table.draw(in: &canvas)
        }
        return Double(Measure.now() - start) / Double(count)
    }

    /// Interleaves rounds of the three ways so drift (frequency, cache) hits each alike; medians per way.
    func run(rounds: Int = 15, iterations: Int = 2_000) throws -> Result {
        var reload: [Double] = [], rows: [Double] = [], reconfigure: [Double] = [], draw: [Double] = []
        for _ in 0..<rounds {
            let start = Measure.now()
            for _ in 0..<iterations { table.draw(in: &canvas) }
            draw.append(Double(Measure.now() - start) / Double(iterations))
            reload.append(time(iterations) { _ in table.reloadData() })
            rows.append(try time(iterations) { path in try table.performBatchUpdates { try table.reloadRows(at: [path]) } })
            reconfigure.append(try time(iterations) { try table.reconfigureRows(at: [$0]) })
        }
        return Result(reloadDataNanoseconds: Measure.median(reload) ?? 0, reloadRowsNanoseconds: Measure.median(rows) ?? 0,
                      reconfigureRowsNanoseconds: Measure.median(reconfigure) ?? 0, drawOnlyNanoseconds: Measure.median(draw) ?? 0)
    }
}
