import Foundation

/// Hiding and showing the todos still waiting for their start day (`R`, issue 31), at a generated
/// store given start dates as `StartDateBenchmark` gives them (half of them still waiting). Measured
/// from outside as the other rows are, on 80×24 in the lists view: CPU of the first `R` (which reads
/// each list's waiting todos in all from `list_start_counts` and counts them in the rank blocks the
/// screen needs, schema 15), of `R` showing them again and of `R` hiding them once counted, and of
/// scrolling (`j`) with them hidden.
struct WaitingToggleBenchmark {
    let probe: TickProbe
    let repetitions: Int

    /// Medians in CPU milliseconds per key (the first `R` is one sample).
    struct Result {
        var firstHide: Double?
        var show: Double?
        var hide: Double?
        var scroll: Double?
    }

    /// Measures `database` (a scratch copy: `R` is remembered in its view state).
    func run(database: String, listIsEmpty: Bool) throws -> Result {
        var result = Result()
        let (process, _) = try probe.launch(database: database)
        defer { process.finish() }
        result.firstHide = Measure.milliseconds(try probe.press("R", on: process).cpuNanoseconds)
        var shows: [Double] = [], hides: [Double] = []
        for _ in 0..<repetitions {
            shows.append(Measure.milliseconds(try probe.press("R", on: process).cpuNanoseconds))
            hides.append(Measure.milliseconds(try probe.press("R", on: process).cpuNanoseconds))
        }
        result.show = Measure.median(shows)
        result.hide = Measure.median(hides)
        // Waiting todos are hidden now: scroll with them left out of every list.
        _ = try probe.press(String(repeating: "j", count: 24), on: process)
        let lines = try probe.scrollSeries("j", count: repetitions, on: process, listIsEmpty: listIsEmpty)
        result.scroll = lines.medianCPUMilliseconds
        return result
    }

    /// The rows as lines of text, with their target (CPU per key < 1 ms).
    static func lines(_ result: Result, size: Int, starts: Int) -> [String] {
        func cpu(_ value: Double?) -> String {
            guard let value else { return "n/a" }
            return String(format: "%.3f ms %@", value, value < 1 ? "✓" : "✗")
        }
        let store = "\(size) todos (\(starts) with start dates)"
        return [
            "\(store), first R hiding waiting todos (counts them): \(cpu(result.firstHide))",
            "\(store), R showing waiting todos again: \(cpu(result.show))",
            "\(store), R hiding waiting todos (counted): \(cpu(result.hide))",
            "\(store), scroll j with waiting todos hidden: \(cpu(result.scroll))",
        ]
    }
}
