import CalDAV
import Foundation
import TickTesting
import TodoStore
import TodoSync

/// One sync (or a preparation) measured: wall time and HTTP requests.
struct SyncTransfer {
    /// Wall-clock seconds of `SyncEngine.sync()`.
    var seconds: Double
    /// Requests it sent (`SyncSummary.requests`).
    var requests: Int
    /// What it did, as `tick sync` prints it.
    var line: String
    /// CPU seconds this process (the sync engine: Tick's side) spent; the server is another process.
    var cpuSeconds: Double = 0

    /// Requests per second of wall time.
    var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
}

/// Making and timing the engine `tick sync` runs, against a bench Radicale.
enum SyncRun {
    /// An engine syncing `store` with the user's home on `server`, as `tick sync` makes it;
    /// `totalTimeout` is per request (Tick's default, 60 s, unless preparing).
    static func engine(store: TodoStore, server: RadicaleServer, totalTimeout: Duration = .seconds(600)) throws -> SyncEngine {
        let credentials = HTTPClient.Credentials(user: RadicaleServer.user, password: RadicaleServer.password)
        let client = try CalDAVClient(configuration: .init(credentials: credentials, totalTimeout: totalTimeout))
        return SyncEngine(store: store, client: client, home: try ServerURL(server.homeURL), zone: .fromEnvironment)
    }

    /// Runs one sync of `store` with `server` and times it.
    static func timed(store: TodoStore, server: RadicaleServer) throws -> (SyncTransfer, SyncSummary) {
        let engine = try engine(store: store, server: server, totalTimeout: .seconds(60))
        let start = Measure.now(), cpu = processCPU()
        let summary = try engine.sync()
        let seconds = Double(Measure.now() - start) / 1e9
        progress(String(format: "synced in %.2f s, %d requests: ", seconds, summary.requests) + summary.line)
        return (SyncTransfer(seconds: seconds, requests: summary.requests, line: summary.line, cpuSeconds: processCPU() - cpu), summary)
    }

    /// CPU seconds of this process so far.
    static func processCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The sync rows of issue 20: first syncs of 10,000 todos up and down, one change on 100,000 synced
/// todos, and what configuring sync costs the app's first frame and its idle time.
///
/// The syncs run in this process through `SyncEngine`, the code `tick sync` runs (wall time and the
/// requests it counts); the first frame and idle CPU are the real `tick` in a pseudo-terminal.
struct SyncBenchmark {
    /// Every figure measured.
    struct Result {
        var upload: SyncTransfer?
        var download: SyncTransfer?
        var localChange: SyncTransfer?
        var remoteChange: SyncTransfer?
        var firstFrameWithout = 0.0, firstFrameWith = 0.0
        var idleWithout = 0.0, idleWith = 0.0
        var idleSeconds = 0
        var uploadSize = 0, transferSize = 0, largeSize = 0
        /// Tick against vdirsyncer, downloading `firstDownloadSize` todos (issue 32).
        var firstDownload: FirstDownloadBenchmark.Result?
    }

    let probe: TickProbe
    let cache: StoreCache
    let schema: Int
    /// The venv's Python, with Radicale.
    let python: String
    /// Where servers keep their storage during the run (removed after).
    let scratch: String
    let firstFrameRuns: Int
    /// Todos uploaded to an empty server: Radicale reads its whole collection for every new item
    /// (a UID check), so an upload costs it O(n²) and 10,000 would take hours.
    var uploadSize = 1_000
    /// Todos downloaded into an empty store.
    var transferSize = 10_000
    /// Synced todos that one change is made on.
    var largeSize = 100_000
    /// Seconds of idle CPU measured with and without sync.
    var idleSeconds = 10
    /// Todos of the first-download rows, Tick against vdirsyncer (0 leaves them out).
    var firstDownloadSize = 2_000

    /// Runs every sync row.
    func run() throws -> Result {
        var result = Result(idleSeconds: idleSeconds, uploadSize: uploadSize, transferSize: transferSize, largeSize: largeSize)
        // The cached pairs first: a first run spends its minutes there, before any figure is taken.
        for size in [transferSize, largeSize] where size > 0 {
            progress("sync: \(size) synced todos on a server (the first run prepares and caches them: minutes)…")
            _ = try preparedPair(size: size)
        }
        // A size of 0 leaves its rows out (BENCH_SYNC_SIZES=0,0,100000: only the one-change rows).
        if uploadSize > 0 { try measureUpload(into: &result) }
        if transferSize > 0 { try measureDownload(into: &result) }
        if largeSize > 0 { try measureOneChange(into: &result) }
        if firstDownloadSize > 0 {
            result.firstDownload = try FirstDownloadBenchmark(cache: cache, schema: schema, python: python, scratch: scratch, size: firstDownloadSize).run()
        }
        return result
    }

    /// The first sync of a generated store to an empty server.
    private func measureUpload(into result: inout Result) throws {
        progress("sync: first sync of \(uploadSize) todos up to an empty Radicale…")
        let source = try cache.store(size: uploadSize, schema: schema).path
        let uploaded = try cache.scratchCopy(of: source, name: "sync-upload")
        defer { cache.removeStore(at: uploaded) }
        let server = try RadicaleServer(python: python, folder: scratch + "/radicale-upload", storage: scratch + "/radicale-upload/storage")
        defer { server.stop() }
        let store = try TodoStore(path: uploaded)
        defer { store.close() }
        let (transfer, summary) = try SyncRun.timed(store: store, server: server)
        guard summary.sentChanges == uploadSize else { throw BenchError("the upload sent \(summary.line), not \(uploadSize) todos") }
        result.upload = transfer
    }

    /// The first sync of an empty store from a server holding `transferSize` todos (a pristine copy of
    /// the cached pair's server), then the app's first frame and idle CPU on the pair's synced store
    /// with sync configured against that server.
    private func measureDownload(into result: inout Result) throws {
        let pair = try pristinePair(size: transferSize, name: "download-pair")
        defer { try? FileManager.default.removeItem(atPath: pair.folder) }  // scratch; the whole scratch folder goes at the end anyway
        let server = try RadicaleServer(python: python, folder: scratch + "/radicale-download", storage: pair.storage)
        defer { server.stop() }
        progress("sync: first sync of an empty store from a server holding \(transferSize)…")
        let downloaded = scratch + "/sync-download.db"
        defer { cache.removeStore(at: downloaded) }
        do {
            let store = try TodoStore(path: downloaded)
            defer { store.close() }
            let (transfer, summary) = try SyncRun.timed(store: store, server: server)
            guard summary.receivedNew == transferSize, store.count == transferSize else {
                throw BenchError("the download gave \(store.count) todos (\(summary.line)), not \(transferSize)")
            }
            result.download = transfer
        }
        progress("sync: first frame and idle CPU with sync configured…")
        try measureApp(database: pair.store, server: server, into: &result)
    }

    /// A scratch copy of the cached pair of `size` synced todos.
    private func pristinePair(size: Int, name: String) throws -> SyncedPair {
        try preparedPair(size: size).copy(to: scratch + "/" + name)
    }

    /// The cached pair of `size` synced todos, made first when missing.
    private func preparedPair(size: Int) throws -> SyncedPair {
        let source = try cache.store(size: size, schema: schema).path
        let cached = try SyncedPair.cached(size: size, schema: schema, source: source, in: cache.directory, python: python, scratch: scratch)
        if let seconds = cached.downloadSeconds {
            progress(String(format: "prepared %d synced todos: the download took %.1f s, %d requests", size, seconds, cached.downloadRequests ?? 0))
        }
        return cached
    }

    /// The first frame and idle CPU of `tick` on the synced store without a config and with a config
    /// whose `sync` lines name the running server: once the app syncs in the background, the second
    /// includes that work (CPU of tick and of any process it starts).
    private func measureApp(database: String, server: RadicaleServer, into result: inout Result) throws {
        let config = scratch + "/sync-config"
        try "sync url \(server.homeURL)\nsync user \(RadicaleServer.user)\n".write(toFile: config, atomically: true, encoding: .utf8)
        let password = ["TICK_SYNC_PASSWORD": RadicaleServer.password]
        // Interleaved, so that load elsewhere on the machine falls on both alike.
        var without: [Double] = [], with: [Double] = []
        for _ in 0..<firstFrameRuns {
            let (plain, plainMilliseconds) = try probe.launch(database: database)
            plain.finish()
            without.append(plainMilliseconds)
            let (synced, syncedMilliseconds) = try probe.launch(database: database, extraEnvironment: password, configPath: config)
            synced.finish()
            with.append(syncedMilliseconds)
        }
        result.firstFrameWithout = Measure.median(without) ?? 0
        result.firstFrameWith = Measure.median(with) ?? 0
        result.idleWithout = try idleCPU(database: database, environment: [:], config: nil)
        result.idleWith = try idleCPU(database: database, environment: password, config: config)
    }

    /// CPU milliseconds per second of a fresh `tick` left alone: measured over `idleSeconds` once its
    /// terminal has been quiet for a second (a start-up sync that shows its progress is over by then).
    private func idleCPU(database: String, environment: [String: String], config: String?) throws -> Double {
        let (process, _) = try probe.launch(database: database, extraEnvironment: environment, configPath: config)
        defer { process.finish() }
        for _ in 0..<60 where !Self.drain(process, milliseconds: 1_000).bytes.isEmpty {}
        let before = try ProcessTreeCPU.nanoseconds(of: process.pid), start = Measure.now()
        _ = Self.drain(process, milliseconds: idleSeconds * 1_000)
        let cpu = Measure.milliseconds(try ProcessTreeCPU.nanoseconds(of: process.pid) &- before)
        return cpu / (Measure.milliseconds(Measure.now() - start) / 1_000)
    }

    /// Reads whatever the process writes for exactly `milliseconds`.
    private static func drain(_ process: PseudoTerminalProcess, milliseconds: Int) -> PseudoTerminalProcess.Output {
        process.readUntilQuiet(quietMilliseconds: milliseconds, firstByteTimeout: milliseconds, overallTimeout: milliseconds,
                               isComplete: { _ in false })
    }

    /// One todo toggled here and synced, then one todo retitled on the server (as another device
    /// would) and synced, on a pristine copy of the cached pair of `largeSize` synced todos.
    private func measureOneChange(into result: inout Result) throws {
        let pair = try pristinePair(size: largeSize, name: "large-pair")
        defer { try? FileManager.default.removeItem(atPath: pair.folder) }  // scratch; the whole scratch folder goes at the end anyway
        let server = try RadicaleServer(python: python, folder: scratch + "/radicale-large", storage: pair.storage)
        defer { server.stop() }
        let store = try TodoStore(path: pair.store)
        defer { store.close() }

        progress("sync: one change here on \(largeSize) synced todos…")
        guard let todo = try store.item(id: Int64(largeSize / 2)) else { throw BenchError("the synced store has no todo \(largeSize / 2)") }
        _ = try store.setDone(todo.completedAt == nil, ids: [todo.id])
        let (local, sent) = try SyncRun.timed(store: store, server: server)
        guard sent.sentChanges == 1 else { throw BenchError("one change here synced as \(sent.line)") }
        result.localChange = local

        progress("sync: one change on the server on \(largeSize) synced todos…")
        guard let other = try store.item(id: Int64(largeSize / 3)), let synced = try store.syncedItem(todoID: other.id) else {
            throw BenchError("the synced store has no synced todo \(largeSize / 3)")
        }
        // Another device's edit: a client of its own, so the engine's request count leaves it out.
        let client = try CalDAVClient(configuration: .init(credentials: .init(user: RadicaleServer.user, password: RadicaleServer.password)))
        let url = try ServerURL(server.homeURL).resolving(synced.href)
        let current = try client.get(url)
        _ = try client.update(Self.retitled(current.calendarData, to: "changed on another device"), at: url, ifMatch: current.etag)
        let (remote, received) = try SyncRun.timed(store: store, server: server)
        guard received.receivedChanges == 1 else { throw BenchError("one change on the server synced as \(received.line)") }
        result.remoteChange = remote
    }

    /// `calendarData` with its SUMMARY (and the folded lines continuing it) replaced by `title`.
    static func retitled(_ calendarData: String, to title: String) -> String {
        var lines: [Substring] = []
        var replacing = false
        for line in calendarData.split(separator: "\r\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                if !replacing { lines.append(line) }
                continue
            }
            replacing = line.hasPrefix("SUMMARY")
            lines.append(replacing ? Substring("SUMMARY:" + title) : line)
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
