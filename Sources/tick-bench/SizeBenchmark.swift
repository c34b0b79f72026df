import Foundation

/// Every figure measured for one store size.
struct SizeResult {
    var size: Int
    var generationSeconds: Double?
    var firstFrameMilliseconds = 0.0
    var peakResidentBytes = 0.0
    /// Median CPU milliseconds per key, by key name; nil when the key does nothing yet.
    var keyCPU: [String: Double?] = [:]
    /// Median CPU milliseconds per write key with the default `synchronous` (fsync included).
    var keyCPUWithFsync: [String: Double?] = [:]
    /// Median bytes and their target, by "lines@80x24" style names.
    var bytes: [String: (measured: Double, limit: Double)] = [:]
    /// CPU milliseconds per second while idle (nobody pressing anything).
    var idleCPUMillisecondsPerSecond: Double?
    var cellsCreated: Int?
    var cellsCreatedSource = ""
    var visibleRows = 23
    /// Cells created over 10,000 `j` presses with titles wrapped (`WrappedTitlesBenchmark`).
    var cellsCreatedWrapped: Int?
    /// The search keystrokes (`SearchBenchmark`).
    var search = SearchBenchmark.Result()
    /// Cells created over 10,000 `j` presses in the agenda (`AgendaBenchmark`).
    var cellsCreatedAgenda: Int?
    /// The outline rows (issue 31), measured at the largest size only (`OutlineBenchmark`).
    var outline: OutlineBenchmark.Result?
}

/// Runs the pseudo-terminal measurements for one store.
struct SizeBenchmark {
    let probe: TickProbe
    let screens: ScriptScreens
    let repetitions: Int
    let firstFrameRuns: Int
    /// Whether the binary reads `TICK_SYNCHRONOUS` (judged from its strings).
    let supportsSynchronousOff: Bool

    /// The keys measured for CPU, in report order.
    static let readKeys = ["unbound F2", "scroll j", "page down", "jump end G", "jump start g", "search keystroke"]
    static let writeKeys = ["toggle x", "add a…⏎", "delete d"]

    /// Measures the store at `database` (a scratch copy; write keys change it) holding `size` todos.
    func run(size: Int, database: String, generationSeconds: Double?) throws -> SizeResult {
        var result = SizeResult(size: size, generationSeconds: generationSeconds)
        let frame = try probe.firstFrame(database: database, runs: firstFrameRuns)
        result.firstFrameMilliseconds = frame.milliseconds
        result.peakResidentBytes = frame.peakBytes

        // Every CPU figure is measured in two rounds, each in a fresh process, minutes apart (the read
        // keys before and after the write keys; the write keys without the fsync before and after the
        // round with it), and the median is taken over both: a passing burst of load elsewhere on the
        // machine then moves at most half the samples of a figure instead of all of them.
        var samples = try measureReadKeys(size: size, database: database, idleCPU: &result.idleCPUMillisecondsPerSecond)
        let off = supportsSynchronousOff ? ["TICK_SYNCHRONOUS": "OFF"] : [:]
        samples.merge(try measureWriteKeys(database: database, environment: off)) { $0 + $1 }
        if supportsSynchronousOff {
            result.keyCPUWithFsync = try measureWriteKeys(database: database, environment: [:]).mapValues(\.medianCPUMilliseconds)
            samples.merge(try measureWriteKeys(database: database, environment: off)) { $0 + $1 }
        }
        samples.merge(try measureReadKeys(size: size, database: database, idleCPU: &result.idleCPUMillisecondsPerSecond)) { $0 + $1 }
        result.keyCPU.merge(samples.mapValues(\.medianCPUMilliseconds)) { $1 }
        if size > 0 {
            for (columns, rows) in [(80, 24), (200, 60)] {
                try measureBytes(database: database, columns: columns, rows: rows, into: &result)
            }
        }
        try measureCellsCreated(database: database, into: &result)
        let wrapped = try WrappedTitlesBenchmark(probe: probe, repetitions: repetitions).run(database: database, listIsEmpty: size == 0)
        result.keyCPU.merge(wrapped.keyCPU) { $1 }
        result.cellsCreatedWrapped = wrapped.cellsCreated
        let agenda = try AgendaBenchmark(probe: probe, repetitions: repetitions).run(database: database, listIsEmpty: size == 0)
        result.keyCPU.merge(agenda.keyCPU) { $1 }
        result.cellsCreatedAgenda = agenda.cellsCreated
        result.search = try SearchBenchmark(probe: probe, repetitions: min(repetitions, 10)).run(database: database, size: size)
        // Last: it adds a list and a todo to the scratch copy.
        let editor = try LongTitleBenchmark(probe: probe, repetitions: repetitions).run(database: database)
        result.keyCPU[LongTitleBenchmark.key] = editor.medianCPUMilliseconds
        return result
    }

    /// One round of the read keys in a fresh process, `repetitions` presses each; idle CPU is measured
    /// first when `idleCPU` is still nil.
    private func measureReadKeys(size: Int, database: String, idleCPU: inout Double?) throws -> [String: [TickProbe.KeySample]] {
        let (process, _) = try probe.launch(database: database)
        defer { process.finish() }
        if idleCPU == nil { idleCPU = try probe.idleCPU(on: process) }
        var samples: [String: [TickProbe.KeySample]] = [:]
        samples["unbound F2"] = try probe.series(repetitions) { _ in try probe.press(TickProbe.Keys.unbound, on: process) }
        _ = try probe.press(String(repeating: "j", count: 24), on: process)
        samples["scroll j"] = try probe.scrollSeries("j", count: repetitions, on: process, listIsEmpty: size == 0)
        samples["page down"] = try probe.scrollSeries(TickProbe.Keys.pageDown, count: repetitions, on: process, listIsEmpty: size == 0)
        var ends: [TickProbe.KeySample] = [], starts: [TickProbe.KeySample] = []
        for _ in 0..<repetitions {
            ends.append(try probe.press("G", on: process))
            starts.append(try probe.press("g", on: process))
        }
        samples["jump end G"] = ends
        samples["jump start g"] = starts
        // Search: "/" must open something, else the letter after it would be another command ("e" edits).
        var search: [TickProbe.KeySample] = []
        for _ in 0..<repetitions {
            let slash = try probe.press("/", on: process)
            guard slash.bytes > 0, !String(decoding: slash.output, as: UTF8.self).contains("does nothing") else { break }
            search.append(try probe.press("e", on: process))
            _ = try probe.press(TickProbe.Keys.escape, on: process, firstByteTimeout: 200)
            _ = try probe.press(TickProbe.Keys.escape, on: process, firstByteTimeout: 200)
        }
        samples["search keystroke"] = search
        return samples
    }

    /// Add, toggle and delete `repetitions` times each (add first, so an empty store has rows to act on).
    private func measureWriteKeys(database: String, environment: [String: String]) throws -> [String: [TickProbe.KeySample]] {
        let (process, _) = try probe.launch(database: database, extraEnvironment: environment)
        defer { process.finish() }
        let adds = try probe.series(repetitions) { try probe.press("abench todo number \($0)\r", on: process) }
        _ = try probe.press("g", on: process)
        let toggles = try probe.series(repetitions) { _ in try probe.press("x", on: process) }
        let deletes = try probe.series(repetitions) { _ in try probe.press("d", on: process) }
        return ["add a…⏎": adds, "toggle x": toggles, "delete d": deletes]
    }

    /// Bytes per one-line scroll at the bottom edge and per page, with the targets from the plain-text screens.
    private func measureBytes(database: String, columns: Int, rows: Int, into result: inout SizeResult) throws {
        let (process, _) = try probe.launch(database: database, columns: columns, rows: rows)
        _ = try probe.press(String(repeating: "j", count: rows + 1), on: process)
        let lines = try probe.scrollSeries("j", count: repetitions, on: process, listIsEmpty: false)
        _ = try probe.press("g", on: process)
        let pages = try probe.scrollSeries(TickProbe.Keys.pageDown, count: repetitions, on: process, listIsEmpty: false)
        process.finish()

        // Targets from the screens Tick draws for the same keys, in script mode: for each measured press,
        // the screen that press produced (the rows at the edge differ from press to press).
        let listRows = rows - 1
        var lineLimits: [Double] = []
        for press in 0..<lines.count {
            let screen = ScriptScreens.lines(of: try screens.run(keys: String(repeating: "j", count: rows + 2 + press), database: database,
                                                                 columns: columns, rows: rows), rows: rows)
            // At the bottom edge the selection is on the last list row; the row above it is no longer selected.
            let twoRows = ScriptScreens.minimalRepaintBytes(of: screen[listRows - 2], row: listRows - 2)
                + ScriptScreens.minimalRepaintBytes(of: screen[listRows - 1], row: listRows - 1, selected: true)
            lineLimits.append(Double(twoRows + 40))
        }
        let paged = ScriptScreens.lines(of: try screens.run(keys: "<PageDown><PageDown>", database: database,
                                                             columns: columns, rows: rows), rows: rows)
        let visible = (0..<listRows).reduce(0) { $0 + ScriptScreens.minimalRepaintBytes(of: paged[$1], row: $1) }
        let name = "\(columns)x\(rows)"
        result.bytes["line@" + name] = (lines.medianBytes ?? 0, Measure.median(lineLimits) ?? 0)
        result.bytes["page@" + name] = (pages.medianBytes ?? 0, (Double(visible) * 1.1).rounded(.down))
        if columns == 80 { result.visibleRows = listRows }
    }

    /// Cells created after 10,000 `j` presses in bursts of 100: from interactive `--stats` when Tick
    /// prints it after quitting, else from the same keys in script mode.
    private func measureCellsCreated(database: String, into result: inout SizeResult) throws {
        var interactive = ""
        // Interactive --stats is preferred; when Tick cannot be launched so, script mode below gives the figure.
        if let process = try? probe.launch(database: database, extraArguments: ["--stats"]).process {
            for _ in 0..<100 { _ = try probe.press(String(repeating: "j", count: 100), on: process) }
            interactive = String(decoding: process.finish(), as: UTF8.self)
        }
        if let cells = ScriptScreens.cellsCreated(in: interactive) {
            result.cellsCreated = cells
            result.cellsCreatedSource = "interactive --stats"
            return
        }
        let printed = try screens.run(keys: String(repeating: "j", count: 10_000), database: database, columns: 80, rows: 24,
                                      statistics: true)
        result.cellsCreated = ScriptScreens.cellsCreated(in: printed)
        result.cellsCreatedSource = "script mode --stats (interactive --stats prints nothing)"
    }
}
