import Foundation
import TickTesting
import TodoStore

/// Issue 32's first download: an empty store filled from a server holding 2,000 todos, by Tick and,
/// when it is installed in the venv, by vdirsyncer on the same Radicale in the same run, so the two
/// are compared under the same load. Runs alternate (Tick, vdirsyncer, Tick…) and the medians count.
struct FirstDownloadBenchmark {
    /// What one client's download took.
    struct Download {
        /// Wall-clock seconds of the download (vdirsyncer: its `sync`, after `discover`).
        var seconds: Double
        /// CPU seconds the client spent (Tick: this process; vdirsyncer: its process).
        var cpuSeconds: Double
        /// Requests (Tick only; vdirsyncer does not say).
        var requests: Int?
        /// vdirsyncer's `discover` before its `sync`, in seconds.
        var discoverSeconds: Double?
    }

    /// Every figure measured.
    struct Result {
        var size: Int
        var runs: Int
        /// Tick's median run (by wall time), and the median of its CPU.
        var tick: Download?
        /// vdirsyncer's median run, or nil with `vdirsyncerSkipped` saying why.
        var vdirsyncer: Download?
        var vdirsyncerSkipped: String?
        /// `vdirsyncer --version`, as it prints it.
        var vdirsyncerVersion = "vdirsyncer"

        /// Tick's CPU per downloaded todo, in milliseconds.
        var tickCPUPerTodo: Double? { tick.map { $0.cpuSeconds * 1_000 / Double(max(1, size)) } }
    }

    let cache: StoreCache
    let schema: Int
    /// The venv's Python, with Radicale; vdirsyncer is looked for beside it.
    let python: String
    let scratch: String
    /// Todos on the server.
    var size = 2_000
    /// Downloads per client.
    var runs = 3

    /// The venv's vdirsyncer, beside its Python.
    var vdirsyncer: String { VdirsyncerRun.program(inVenvOf: python) }

    /// Prepares the server (cached), then downloads it `runs` times with each client.
    func run() throws -> Result {
        var result = Result(size: size, runs: runs)
        progress("sync: \(size) synced todos on a server for the first-download rows (the first run prepares and caches them)…")
        let source = try cache.store(size: size, schema: schema).path
        let prepared = try SyncedPair.cached(size: size, schema: schema, source: source, in: cache.directory, python: python, scratch: scratch)
        let pair = try prepared.copy(to: scratch + "/first-download-pair")
        defer { try? FileManager.default.removeItem(atPath: pair.folder) }  // scratch; the whole scratch folder goes at the end anyway
        let server = try RadicaleServer(python: python, folder: scratch + "/radicale-first-download", storage: pair.storage)
        defer { server.stop() }
        let hasVdirsyncer = FileManager.default.isExecutableFile(atPath: vdirsyncer)
        if hasVdirsyncer {
            let probe = try VdirsyncerRun(program: vdirsyncer, folder: scratch + "/vdirsyncer-version", vdir: scratch + "/vdirsyncer-version/vdir",
                                          homeURL: server.homeURL, direction: "from b")
            result.vdirsyncerVersion = try probe.version()
        } else {
            result.vdirsyncerSkipped = "vdirsyncer is not installed in \(URL(fileURLWithPath: vdirsyncer).deletingLastPathComponent().path) "
                + "(`make interop-clients` installs it)"
            progress("sync: " + result.vdirsyncerSkipped! + "; its rows are skipped")
        }
        var tickRuns: [Download] = [], vdirsyncerRuns: [Download] = []
        for run in 1...max(1, runs) {
            progress("sync: first download of \(size) todos by Tick, run \(run) of \(runs)…")
            tickRuns.append(try downloadWithTick(from: server, run: run))
            if hasVdirsyncer {
                progress("sync: first download of \(size) todos by vdirsyncer, run \(run) of \(runs)…")
                vdirsyncerRuns.append(try downloadWithVdirsyncer(from: server, run: run))
            }
        }
        result.tick = Self.median(tickRuns)
        result.vdirsyncer = Self.median(vdirsyncerRuns)
        return result
    }

    /// The run of median wall time, with the median CPU of all runs.
    static func median(_ runs: [Download]) -> Download? {
        guard !runs.isEmpty else { return nil }
        var middle = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
        middle.cpuSeconds = Measure.median(runs.map(\.cpuSeconds)) ?? middle.cpuSeconds
        return middle
    }

    /// `tick sync`'s engine, in this process, into a new empty store.
    private func downloadWithTick(from server: RadicaleServer, run: Int) throws -> Download {
        let path = scratch + "/first-download-\(run).db"
        defer { cache.removeStore(at: path) }
        let store = try TodoStore(path: path)
        defer { store.close() }
        let (transfer, summary) = try SyncRun.timed(store: store, server: server)
        guard summary.receivedNew == size, store.count == size, summary.sentChanges == 0 else {
            throw BenchError("Tick's first download gave \(store.count) todos (\(summary.line)), not \(size)")
        }
        return Download(seconds: transfer.seconds, cpuSeconds: transfer.cpuSeconds, requests: transfer.requests)
    }

    /// `vdirsyncer discover` then `vdirsyncer sync` (timed apart) into a new empty folder.
    private func downloadWithVdirsyncer(from server: RadicaleServer, run: Int) throws -> Download {
        let folder = scratch + "/vdirsyncer-\(run)"
        try? FileManager.default.removeItem(atPath: folder)  // a leftover of an earlier run; creating it again says if it is stuck
        defer { try? FileManager.default.removeItem(atPath: folder) }  // scratch; the whole scratch folder goes at the end anyway
        let sync = try VdirsyncerRun(program: vdirsyncer, folder: folder, vdir: folder + "/vdir", homeURL: server.homeURL, direction: "from b",
                                     credentials: (RadicaleServer.user, RadicaleServer.password))
        let first = try sync.firstSync()
        let items = try sync.itemCount()
        guard items == size else { throw BenchError("vdirsyncer's first download gave \(items) items, not \(size)") }
        progress(String(format: "vdirsyncer: discover %.2f s, sync %.2f s (CPU %.2f s)", first.discoverSeconds, first.seconds, first.cpuSeconds))
        return Download(seconds: first.seconds, cpuSeconds: first.cpuSeconds, discoverSeconds: first.discoverSeconds)
    }
}
