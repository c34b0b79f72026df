import Foundation

/// Scrolling with wrapped titles (`W`, issue 19): rows grow to up to three lines and are measured as
/// they come on screen, with estimates for the rest, so `j` and page down must cost what they cost
/// with one-line rows, and the cells stay bounded by the screen. Measured on a 40×24 terminal, where
/// the generated titles (20–80 columns) take one to three lines.
struct WrappedTitlesBenchmark {
    /// Keys of the rows in `SizeResult.keyCPU`, in report order.
    static let keys = ["scroll j, titles wrapped 40×24", "page down, titles wrapped 40×24"]
    /// The terminal the rows are measured on.
    static let columns = 40, rows = 24

    let probe: TickProbe
    let repetitions: Int

    /// The figures for one store: median CPU per key (nil when this Tick has no `W`), and the cells
    /// created over 10,000 `j` presses with `--stats` (nil when it prints none).
    struct Result {
        var keyCPU: [String: Double?] = [:]
        var cellsCreated: Int?
    }

    /// Measures `database` (a scratch copy). `W` is remembered in the store, so every process that
    /// turns it on turns it off again before quitting: the measurements after this one see one-line rows.
    func run(database: String, listIsEmpty: Bool) throws -> Result {
        var result = Result()
        let (process, _) = try probe.launch(database: database, columns: Self.columns, rows: Self.rows)
        guard try wrap(on: process) else {
            process.finish()
            for key in Self.keys { result.keyCPU[key] = .some(nil) }
            return result
        }
        _ = try probe.press(String(repeating: "j", count: Self.rows), on: process)
        let lines = try probe.scrollSeries("j", count: repetitions, on: process, listIsEmpty: listIsEmpty)
        let pages = try probe.scrollSeries(TickProbe.Keys.pageDown, count: repetitions, on: process, listIsEmpty: listIsEmpty)
        _ = try probe.press("W", on: process)
        process.finish()
        result.keyCPU[Self.keys[0]] = lines.medianCPUMilliseconds
        result.keyCPU[Self.keys[1]] = pages.medianCPUMilliseconds

        // Interactive --stats only: when Tick cannot be launched so, the figure is n/a.
        if let counted = try? probe.launch(database: database, columns: Self.columns, rows: Self.rows, extraArguments: ["--stats"]).process {
            if try wrap(on: counted) {
                for _ in 0..<100 { _ = try probe.press(String(repeating: "j", count: 100), on: counted) }
                _ = try probe.press("W", on: counted)
            }
            result.cellsCreated = ScriptScreens.cellsCreated(in: String(decoding: counted.finish(), as: UTF8.self))
        }
        return result
    }

    /// Presses `W`; true when Tick answered that it wraps titles now.
    private func wrap(on process: PseudoTerminalProcess) throws -> Bool {
        let answer = try probe.press("W", on: process)
        return String(decoding: answer.output, as: UTF8.self).contains("Wrapping")
    }
}
