import Foundation

/// Opening the agenda (`A`, issue 19) and scrolling in it: the groups are counted from the per-day
/// counts and the first rows read from the due-day index, so opening costs what it costs at 1,000
/// todos, at a million with hundreds of thousands overdue too. Measured on 80×24.
struct AgendaBenchmark {
    /// Keys of the rows in `SizeResult.keyCPU`, in report order.
    static let openKey = "open agenda A (to its first frame)"
    static let scrollKey = "scroll j in the agenda"

    let probe: TickProbe
    let repetitions: Int

    /// The figures for one store: median CPU of `A` to the agenda's first frame and of `j` in it (nil
    /// when this Tick has no agenda), and the cells created over 10,000 `j` presses in it.
    struct Result {
        var keyCPU: [String: Double?] = [:]
        var cellsCreated: Int?
    }

    /// Measures `database` (a scratch copy; nothing is changed: the agenda is not remembered).
    func run(database: String, listIsEmpty: Bool) throws -> Result {
        var result = Result()
        let (process, _) = try probe.launch(database: database)
        var opens: [TickProbe.KeySample] = []
        for _ in 0..<repetitions {
            let open = try probe.press("A", on: process)
            guard String(decoding: open.output, as: UTF8.self).contains("Agenda") else { break }
            opens.append(open)
            _ = try probe.press("A", on: process)
        }
        guard !opens.isEmpty else {
            process.finish()
            for key in [Self.openKey, Self.scrollKey] { result.keyCPU[key] = .some(nil) }
            return result
        }
        _ = try probe.press("A", on: process)
        _ = try probe.press(String(repeating: "j", count: 24), on: process)
        let lines = try probe.scrollSeries("j", count: repetitions, on: process, listIsEmpty: listIsEmpty)
        process.finish()
        result.keyCPU[Self.openKey] = opens.medianCPUMilliseconds
        result.keyCPU[Self.scrollKey] = lines.medianCPUMilliseconds

        // Interactive --stats only: when Tick cannot be launched so, the figure is n/a.
        if let counted = try? probe.launch(database: database, extraArguments: ["--stats"]).process {
            _ = try probe.press("A", on: counted)
            for _ in 0..<100 { _ = try probe.press(String(repeating: "j", count: 100), on: counted) }
            result.cellsCreated = ScriptScreens.cellsCreated(in: String(decoding: counted.finish(), as: UTF8.self))
        }
        return result
    }
}
