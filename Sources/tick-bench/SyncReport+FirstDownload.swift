/// The first-download rows of issue 32: Tick against vdirsyncer on the same server in the same run,
/// and Tick's CPU per downloaded todo.
extension SyncReport {
    /// Tick's CPU per downloaded todo must stay under this many milliseconds.
    static let cpuPerTodoLimit = 0.1

    /// The rows of `first`: Tick's download (target: vdirsyncer's `sync`), vdirsyncer's (or why it was
    /// skipped), and Tick's CPU per todo.
    func firstDownloadRows(_ first: FirstDownloadBenchmark.Result) -> [Row] {
        let size = count(first.size), runs = "median of \(first.runs)"
        var rows: [Row] = []
        let tickTarget = first.vdirsyncer.map { "≤ vdirsyncer's sync (\(format($0.seconds, 2)) s)" } ?? "≤ vdirsyncer's sync (not measured)"
        if let tick = first.tick {
            let met = first.vdirsyncer.map { tick.seconds <= $0.seconds }
            rows.append(Row(measure: "first download of \(size) todos into an empty store, Tick (\(runs))",
                            figure: format(tick.seconds, 2) + " s (Tick's CPU " + format(tick.cpuSeconds, 2) + " s)",
                            requests: tick.requests.map { count($0) } ?? "", target: tickTarget, met: met))
        }
        if let vdirsyncer = first.vdirsyncer {
            rows.append(Row(measure: "first download of \(size) todos, \(first.vdirsyncerVersion) sync after discover (\(runs))",
                            figure: format(vdirsyncer.seconds, 2) + " s (its CPU " + format(vdirsyncer.cpuSeconds, 2) + " s; discover "
                                + format(vdirsyncer.discoverSeconds ?? 0, 2) + " s)",
                            requests: "", target: "reported only", met: nil))
        } else {
            rows.append(Row(measure: "first download of \(size) todos, vdirsyncer", figure: "skipped", requests: "",
                            target: first.vdirsyncerSkipped ?? "not measured", met: nil))
        }
        if let perTodo = first.tickCPUPerTodo {
            // The engine in this process, items without a place in the manual order: reported; the figure judged
            // is the first-sync comparison's, on `tick sync` itself (`cpuPerTodoRows`).
            rows.append(Row(measure: "Tick's CPU per downloaded todo (\(size), \(runs); the sync engine in tick-bench, whole download ÷ \(size))",
                            figure: format(perTodo, 3) + " ms", requests: "", target: "reported only", met: nil))
        }
        return rows
    }

    /// Tick's CPU per downloaded todo in a first-sync comparison, measured on `tick sync` (the release
    /// binary, a process of its own, into an empty store; the server's CPU is another process's): the
    /// marginal figure, judged against the target, is (its CPU downloading N todos − its CPU
    /// downloading the same collections empty) ÷ N; the raw figure (the whole process's CPU ÷ N, which
    /// spreads the start, discovery and the store's creation over the todos) is reported beside it.
    func cpuPerTodoRows(_ result: FirstSyncComparison.Result) -> [Row] {
        let size = count(result.size), title = result.kind.title
        let runs = result.downloadRuns > 1 ? "medians of \(result.downloadRuns)" : "one run"
        var rows: [Row] = []
        if let marginal = result.marginalCPUPerTodo, let full = result.commandDownload, let empty = result.commandEmptyDownload {
            rows.append(Row(measure: "\(title): Tick's CPU per downloaded todo, marginal: (tick sync's CPU at \(size) − at 0) ÷ \(size)",
                            figure: format(marginal, 3) + " ms (CPU " + format(full.cpuSeconds, 3) + " s − " + format(empty.cpuSeconds, 3)
                                + " s; \(runs))",
                            requests: "", target: "< \(format(Self.cpuPerTodoLimit, 1)) ms", met: marginal < Self.cpuPerTodoLimit))
        }
        if let raw = result.rawCPUPerTodo {
            rows.append(Row(measure: "\(title): Tick's CPU per downloaded todo, raw: tick sync's CPU at \(size) ÷ \(size)",
                            figure: format(raw, 3) + " ms", requests: "", target: "reported only", met: nil))
        }
        return rows
    }
}
