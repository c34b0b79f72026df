/// The operations of one batch update as the caller described them.
///
/// Index semantics are UIKit's: deletes, reloads and reconfigures name rows and sections
/// before the update; inserts name them after; moves go from before to after.
struct BatchUpdate {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var reloadedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var reconfiguredRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    /// Runs of rows deleted (`deleteRows(in:section:)`, rows before the update): one entry however many rows.
    var deletedRowRuns: [RowRun] = []
    /// Runs of rows inserted (`insertRows(in:section:)`, rows after the update).
    var insertedRowRuns: [RowRun] = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && reconfiguredRows.isEmpty
            && movedRows.isEmpty && deletedRowRuns.isEmpty && insertedRowRuns.isEmpty
    }

    /// Whether only row contents change (reloads and reconfigures): every index path stays where it is.
    var changesContentsOnly: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty && deletedRowRuns.isEmpty && insertedRowRuns.isEmpty
    }

    /// Every row deleted, as runs: the single rows (each a run of one) and the runs.
    var allDeletedRuns: [RowRun] { deletedRows.map(RowRun.init) + deletedRowRuns }

    /// Every row inserted, as runs.
    var allInsertedRuns: [RowRun] { insertedRows.map(RowRun.init) + insertedRowRuns }
}

/// Consecutive rows of one section.
struct RowRun: Equatable {
    var section: Int
    var rows: Range<Int>

    init(section: Int, rows: Range<Int>) {
        self.section = section
        self.rows = rows
    }

    /// The run of one row.
    init(_ indexPath: IndexPath) {
        self.init(section: indexPath.section, rows: indexPath.row..<(indexPath.row + 1))
    }
}

/// A set of rows of one section kept as sorted runs, so that a run of 10,000 rows costs what one row
/// does: membership, counting the rows below a row, and finding a row's run are binary searches over the
/// runs, never over rows.
struct RowRuns {
    /// Sorted, disjoint and not touching (touching runs are merged).
    private(set) var runs: [Range<Int>] = []
    /// For each run, the rows of the runs before it.
    private(set) var rowsBefore: [Int] = []
    /// Every row.
    private(set) var count = 0

    init() {}

    /// The rows of `given`, which must not overlap (checked by the caller with `firstRepeatedRow`).
    init(_ given: [Range<Int>]) {
        for run in given.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = runs.last, run.lowerBound <= last.upperBound {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, run.upperBound)
            } else {
                runs.append(run)
            }
        }
        for run in runs {
            rowsBefore.append(count)
            count += run.count
        }
    }

    /// A row that two of `given` both hold, or nil when they do not overlap.
    static func firstRepeatedRow(in given: [Range<Int>]) -> Int? {
        var reach = Int.min
        for run in given.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if run.lowerBound < reach { return run.lowerBound }
            reach = max(reach, run.upperBound)
        }
        return nil
    }

    /// The index of the last run starting at or before `row`.
    private func lastRun(startingAtOrBefore row: Int) -> Int? {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].lowerBound <= row { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The run holding `row`, if any.
    func run(containing row: Int) -> Range<Int>? {
        guard let index = lastRun(startingAtOrBefore: row), runs[index].contains(row) else { return nil }
        return runs[index]
    }

    /// Whether `row` is one of the rows.
    func contains(_ row: Int) -> Bool { run(containing: row) != nil }

    /// How many of the rows are below `row`.
    func countLess(than row: Int) -> Int {
        guard let index = lastRun(startingAtOrBefore: row - 1) else { return 0 }
        return rowsBefore[index] + min(row, runs[index].upperBound) - runs[index].lowerBound
    }

    /// How many rows `added[j]` (the rows in order, j counting from 0) have `added[j] - j <= value`:
    /// within a run `added[j] - j` is the run's start less the rows before it, which never decreases
    /// from one run to the next, so this is a binary search over the runs.
    func countWithShiftedRow(atMost value: Int) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].lowerBound - rowsBefore[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low == runs.count ? count : rowsBefore[low]
    }
}

/// Row changes within one section that survives an update: which old rows leave, which new rows arrive.
struct SectionRowEdits {
    /// Old rows deleted or moved out.
    var removed = RowRuns()
    /// New rows inserted or moved in.
    var added = RowRuns()

    /// Where an old row that stays ends up. Survivors keep their order and fill the slots not taken by arrivals.
    func newRow(forOld row: Int) -> Int {
        let rank = row - removed.countLess(than: row)
        // The first j with added[j] - j > rank: that many arrivals come before the survivor.
        return rank + added.countWithShiftedRow(atMost: rank)
    }

    /// Whether an old row leaves the section.
    func isRemoved(_ row: Int) -> Bool { removed.contains(row) }
}
