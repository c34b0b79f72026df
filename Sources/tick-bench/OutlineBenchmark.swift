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

    /// Medians in CPU milliseconds per key, and the cells created against their bound.
    struct Result {
        var collapse: Double?
        var expand: Double?
        var scroll: Double?
        var cellsCreated: Int?
        var cellLimit: Int
    }

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
        var result = Result(cellLimit: 24 + 2)
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
        let printed = try screens.run(keys: String(repeating: "z", count: 200), database: database, columns: 80, rows: 24, statistics: true)
        result.cellsCreated = ScriptScreens.cellsCreated(in: printed)
        return result
    }

    /// The rows as lines of text, with their targets (CPU per key < 1 ms, cells ≤ visible rows + 2).
    static func lines(_ result: Result, size: Int) -> [String] {
        func cpu(_ value: Double?) -> String {
            guard let value else { return "n/a" }
            return String(format: "%.3f ms %@", value, value < 1 ? "✓" : "✗")
        }
        let cells = result.cellsCreated.map { "\($0) / \(result.cellLimit) \($0 <= result.cellLimit ? "✓" : "✗")" } ?? "n/a"
        return [
            "\(size) todos, collapse z (a parent of \(subtasks) subtasks): CPU per key \(cpu(result.collapse)) (target < 1 ms)",
            "\(size) todos, expand z (a parent of \(subtasks) subtasks): CPU per key \(cpu(result.expand)) (target < 1 ms); "
                + "cells created over 200 z \(cells) (≤ visible rows + 2)",
            "\(size) todos, scroll j (a tree \(depth) levels deep): CPU per key \(cpu(result.scroll)) (target < 1 ms)",
        ]
    }
}
