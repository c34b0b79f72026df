import Foundation
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
    var vdirsyncer: String { URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("vdirsyncer").path }

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
            result.vdirsyncerVersion = (try? Self.output(of: vdirsyncer, ["--version"], environment: [:]))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "vdirsyncer"
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

    /// `vdirsyncer discover` then `vdirsyncer sync` (timed) into a new empty folder, with a config
    /// in the scratch folder naming the server on loopback.
    private func downloadWithVdirsyncer(from server: RadicaleServer, run: Int) throws -> Download {
        let folder = scratch + "/vdirsyncer-\(run)"
        try? FileManager.default.removeItem(atPath: folder)  // a leftover of an earlier run; creating it again says if it is stuck
        try FileManager.default.createDirectory(atPath: folder + "/vdir", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }  // scratch; the whole scratch folder goes at the end anyway
        let config = folder + "/config"
        try """
            [general]
            status_path = "\(folder)/status/"
            [pair bench]
            a = "bench_local"
            b = "bench_remote"
            collections = ["from b"]
            [storage bench_local]
            type = "filesystem"
            path = "\(folder)/vdir/"
            fileext = ".ics"
            [storage bench_remote]
            type = "caldav"
            url = "\(server.homeURL)"
            username = "\(RadicaleServer.user)"
            password = "\(RadicaleServer.password)"
            item_types = ["VTODO"]

            """.write(toFile: config, atomically: true, encoding: .utf8)
        // Nothing of the person running the bench: their config, cache and home stay out of it.
        let environment = ["HOME": folder, "XDG_CONFIG_HOME": folder, "XDG_CACHE_HOME": folder, "XDG_DATA_HOME": folder,
                           "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        var start = Measure.now()
        _ = try Self.output(of: vdirsyncer, ["-c", config, "discover"], environment: environment, input: String(repeating: "y\n", count: 20))
        let discoverSeconds = Double(Measure.now() - start) / 1e9
        let cpuBefore = Self.childrenCPU()
        start = Measure.now()
        _ = try Self.output(of: vdirsyncer, ["-c", config, "sync"], environment: environment)
        let seconds = Double(Measure.now() - start) / 1e9
        let cpu = Self.childrenCPU() - cpuBefore
        let items = try Self.countFiles(in: folder + "/vdir", withExtension: ".ics")
        guard items == size else { throw BenchError("vdirsyncer's first download gave \(items) items, not \(size)") }
        progress(String(format: "vdirsyncer: discover %.2f s, sync %.2f s (CPU %.2f s)", discoverSeconds, seconds, cpu))
        return Download(seconds: seconds, cpuSeconds: cpu, discoverSeconds: discoverSeconds)
    }

    /// CPU seconds of this process's children that have been waited for.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Files ending in `suffix` anywhere under `folder`.
    static func countFiles(in folder: String, withExtension suffix: String) throws -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { throw BenchError("cannot read \(folder)") }
        var count = 0
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(suffix) { count += 1 }
        }
        return count
    }

    /// Runs `program` with `arguments`, `input` on its standard input; its standard output, or an
    /// error with its standard error when it fails.
    static func output(of program: String, _ arguments: [String], environment: [String: String], input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = environment }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Standard error on a thread of its own: a chatty program must not block on a full pipe.
        let errors = ErrorCollector(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorText = errors.wait()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                             + String(decoding: errorText + output, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Reads a pipe to its end on a thread of its own.
    private final class ErrorCollector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}
