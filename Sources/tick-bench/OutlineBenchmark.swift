import Foundation
import TodoStore

/// Subtasks on screen (issue 31), at a generated store of `size` todos made into an outline: a first
/// list holding one parent of 10,000 subtasks, and the largest generated list made a tree 10 levels
/// deep (its todos in manual order in chains of ten, each the subtask of the one above). Measured from
/// outside as the other rows are: CPU per key of collapsing (`z`) and expanding (`z`) the parent, each
/// one batch of 10,000 row deletions or insertions, and of scrolling (`j`) the tree; and the cells the
/// table created over 200 collapses and expansions, which must stay at the screen's rows plus 2.
struct OutlineBenchmark {
    let probe: TickProbe
    let screens: ScriptScreens
    let repetitions: Int

    /// Subtasks of the one parent collapsed and expanded.
    static let subtasks = 10_000
    /// Levels of the tree scrolled.
    static let depth = 10

    /// Medians in CPU milliseconds per key, and the cells against their bound.
    struct Result {
        var collapse: Double?
        var expand: Double?
        var scroll: Double?
        /// Cells created over 200 `z` on the parent.
        var cellsCreated: Int?
        /// Cells configured (dequeued) per `z`, on average over 200.
        var cellsConfiguredPerFold: Double?
        /// Rows measured per `z`, on average over 200.
        var rowsMeasuredPerFold: Double?
        /// Cells created over 10,000 `j` down the tree.
        var scrollCellsCreated: Int?
        var cellLimit: Int
    }

    /// Rows on screen in the measurements (the terminal's 24 less the status line).
    static let visibleRows = 23
    /// Keys of the cell counts: `z` presses, and `j` presses down the tree.
    static let folds = 200
    static let treeLines = 10_000

    /// Makes the copy of a generated store at `database` into the outline described above.
    static func prepare(database: String) throws {
        let store = try TodoStore(path: database, historyDepth: 0)
        defer { store.close() }
        let treeList = try store.integerForTools("SELECT list_id FROM todos GROUP BY list_id ORDER BY count(*) DESC, list_id LIMIT 1")
        let list = try store.addList(named: "Outline", at: 0).value
        let parent = try store.add(title: "Parent of \(subtasks) subtasks", listID: list.id).value
        let children = (1...subtasks).map { NewTodo(title: "Subtask \($0)", listName: list.name) }
        _ = try store.add(children, toList: list.id, after: parent.id)
        try store.executeForTools("UPDATE todos SET parent_uid = '\(parent.uid)' WHERE list_id = \(list.id) AND id != \(parent.id)")
        if treeList > 0 {
            try store.moveList(id: treeList, to: 1)
            // Row n of the list (manual order) is the subtask of row n − 1, except every tenth: chains ten deep.
            try store.executeForTools("""
                CREATE TEMP TABLE chain AS SELECT id, uid, row_number() OVER (ORDER BY position, id) - 1 AS n FROM todos WHERE list_id = \(treeList);
                CREATE INDEX temp.chain_by_n ON chain(n);
                UPDATE todos SET parent_uid = p.uid FROM chain c JOIN chain p ON p.n = c.n - 1
                WHERE todos.id = c.id AND c.n % \(depth) != 0;
                DROP TABLE temp.chain;
                """)
        }
        try store.clearHistory()
    }

    func run(database: String, size: Int) throws -> Result {
        var result = Result(cellLimit: Self.visibleRows + 2)
        let (process, _) = try probe.launch(database: database)
        defer { process.finish() }
        // The selection starts on the parent, the first row.
        var collapses: [Double] = [], expansions: [Double] = []
        for _ in 0..<repetitions {
            collapses.append(Measure.milliseconds(try probe.press("z", on: process).cpuNanoseconds))
            expansions.append(Measure.milliseconds(try probe.press("z", on: process).cpuNanoseconds))
        }
        result.collapse = Measure.median(collapses)
        result.expand = Measure.median(expansions)
        if size > 0 {
            _ = try probe.press("\t", on: process)
            _ = try probe.press(String(repeating: "j", count: 24), on: process)
            let samples = try probe.scrollSeries("j", count: repetitions, on: process, listIsEmpty: false)
            result.scroll = Measure.median(samples.map { Measure.milliseconds($0.cpuNanoseconds) })
        }
        // The counters of a script that only opens the store, less those of one that also presses z 200 times.
        let opened = try screens.run(keys: "", database: database, columns: 80, rows: 24, statistics: true)
        let folded = try screens.run(keys: String(repeating: "z", count: Self.folds), database: database, columns: 80, rows: 24, statistics: true)
        result.cellsCreated = ScriptScreens.cellsCreated(in: folded)
        func perFold(_ name: String) -> Double? {
            guard let before = ScriptScreens.statistic(name, in: opened), let after = ScriptScreens.statistic(name, in: folded) else { return nil }
            return Double(after - before) / Double(Self.folds)
        }
        result.cellsConfiguredPerFold = perFold("dequeued")
        result.rowsMeasuredPerFold = perFold("rows measured")
        if size > 0 {
            let scrolled = try screens.run(keys: "<Tab>" + String(repeating: "j", count: Self.treeLines), database: database,
                                           columns: 80, rows: 24, statistics: true)
            result.scrollCellsCreated = ScriptScreens.cellsCreated(in: scrolled)
        }
        return result
    }

    /// The rows as lines of text, with their targets (CPU per key < 1 ms, cells ≤ visible rows + 2).
    static func lines(_ result: Result, size: Int) -> [String] {
        rows(result).map { "\(size) todos, \($0.measure): \($0.cell) (target \($0.target)) \($0.met.map { $0 ? "✓" : "✗" } ?? "")" }
    }

    /// One figure: what it measures, its value, its target and whether it is met.
    struct Figure {
        var measure: String
        var cell: String
        var target: String
        var met: Bool?
    }

    /// The figures of `result`, in the order of the benchmark's table.
    static func rows(_ result: Result) -> [Figure] {
        func cpu(_ measure: String, _ value: Double?) -> Figure {
            Figure(measure: measure, cell: value.map { String(format: "%.3f", $0) } ?? "n/a", target: "< 1 ms", met: value.map { $0 < 1 })
        }
        func cells(_ measure: String, _ value: Int?) -> Figure {
            Figure(measure: measure, cell: value.map { "\($0) / \(result.cellLimit)" } ?? "n/a", target: "≤ visible rows + 2",
                   met: value.map { $0 <= result.cellLimit })
        }
        func perKey(_ measure: String, _ value: Double?) -> Figure {
            Figure(measure: measure, cell: value.map { String(format: "%.1f", $0) } ?? "n/a", target: "≤ visible rows + 2",
                   met: value.map { $0 <= Double(result.cellLimit) })
        }
        let parent = "a parent of \(subtasks.formatted(.number.locale(Locale(identifier: "en_US")))) subtasks"
        return [
            cpu("CPU per key: collapse z, \(parent), ms", result.collapse),
            cpu("CPU per key: expand z, \(parent), ms", result.expand),
            perKey("cells configured per z, \(parent)", result.cellsConfiguredPerFold),
            perKey("rows measured per z, \(parent)", result.rowsMeasuredPerFold),
            cells("cells created, \(folds) z on \(parent)", result.cellsCreated),
            cpu("CPU per key: scroll j, a tree \(depth) levels deep, ms", result.scroll),
            cells("cells created, \(treeLines.formatted(.number.locale(Locale(identifier: "en_US")))) rows scrolled in a tree \(depth) levels deep",
                  result.scrollCellsCreated),
        ]
    }
}
