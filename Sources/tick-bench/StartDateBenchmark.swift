import Foundation
import TodoStore

/// Opening the agenda with start dates (issue 31 part 2), at a generated store of `size` todos of
/// which every tenth dated todo has a start date: half of them still waiting (left out of the agenda
/// by subtracting `due_start_counts` from the per-day counts), half started. Measured as the agenda
/// rows are (`AgendaBenchmark`): CPU of `A` to the agenda's first frame and of `j` in it, and the
/// cells created over 10,000 `j` presses, which must stay at the screen's rows plus 2.
struct StartDateBenchmark {
    let agenda: AgendaBenchmark

    /// Gives every tenth open dated todo a start date: the even ones a week after today (waiting),
    /// the odd ones a week before (started), keeping any due time's form (RFC 5545's same value type).
    static func prepare(database: String, today: String) throws -> Int {
        let store = try TodoStore(path: database, historyDepth: 0)
        defer { store.close() }
        try store.executeForTools("""
            UPDATE todos SET start = CASE WHEN id % 20 = 0 THEN date('\(today)', '+7 days') ELSE date('\(today)', '-7 days') END
            WHERE completed_at IS NULL AND due IS NOT NULL AND id % 10 = 0;
            """)
        try store.clearHistory()
        return Int(try store.integerForTools("SELECT count(*) FROM todos WHERE start IS NOT NULL"))
    }

    /// The rows as lines of text, with their targets (CPU per key < 1 ms, cells ≤ visible rows + 2).
    static func lines(_ result: AgendaBenchmark.Result, size: Int, starts: Int) -> [String] {
        func cpu(_ value: Double??) -> String {
            guard let value = value ?? nil else { return "n/a" }
            return String(format: "%.3f ms %@", value, value < 1 ? "✓" : "✗")
        }
        let cells = result.cellsCreated.map { "\($0) \($0 <= 24 + 2 ? "✓" : "✗")" } ?? "n/a"
        return [
            "\(size) todos (\(starts) with start dates), opening the agenda with start dates (A): \(cpu(result.keyCPU[AgendaBenchmark.openKey]))",
            "\(size) todos (\(starts) with start dates), scroll j in that agenda: \(cpu(result.keyCPU[AgendaBenchmark.scrollKey]))",
            "\(size) todos (\(starts) with start dates), cells created over 10,000 j in that agenda (≤ 24 + 2): \(cells)",
        ]
    }
}
