import CalDAV
import Foundation
import TodoStore
import TodoSync

/// The Xandikos rows of issue 32: a first upload of 2,000 todos to an empty Xandikos and a first
/// download of them into an empty store, by Tick (`SyncEngine`, as `tick sync` runs it) and by
/// vdirsyncer (when `make interop-clients` installed it; its rows are skipped and said so otherwise).
///
/// Xandikos keeps connections open (HTTP/1.1), so these rows also show what keep-alive gives: Tick's
/// connections are counted. The order is Tick's upload, then both downloads from the server it made,
/// then vdirsyncer's upload to a second empty server, from a vdir holding the same todos as items.
struct XandikosBenchmark {
    /// One client's first sync: wall time, the client's CPU, requests, and connections when known.
    struct Transfer {
        var seconds: Double
        var cpuSeconds: Double
        /// The requests the server answered (Xandikos's access log), for both clients alike.
        var requests: Int
        /// The connections the client opened, when it counts them (Tick does).
        var connections: Int?
        /// vdirsyncer's `discover` before its timed `sync`, in seconds.
        var discoverSeconds: Double?
    }

    /// Every figure measured.
    struct Result {
        var size = 0
        var tickUpload: Transfer?
        var tickDownload: Transfer?
        var vdirsyncerUpload: Transfer?
        var vdirsyncerDownload: Transfer?
        /// Why the vdirsyncer rows are missing, when they are.
        var vdirsyncerSkipped: String?
    }

    let cache: StoreCache
    let schema: Int
    /// The venv's Python: vdirsyncer is looked for next to it.
    let python: String
    let scratch: String
    /// Todos uploaded and downloaded (BENCH_XANDIKOS_SIZE, default 2,000).
    var size = 2_000

    /// Runs every Xandikos row.
    func run() throws -> Result {
        var result = Result(size: size)
        let vdirsyncer = VdirsyncerRun.program(inVenvOf: python)
        let hasVdirsyncer = FileManager.default.isExecutableFile(atPath: vdirsyncer)
        if !hasVdirsyncer { result.vdirsyncerSkipped = "vdirsyncer is not installed at \(vdirsyncer) (`make interop-clients` installs it)" }

        let source = try cache.store(size: size, schema: schema).path
        let server = try XandikosServer(folder: scratch + "/xandikos-tick")
        defer { server.stop() }

        progress("sync: Tick's first upload of \(size) todos to an empty Xandikos (minutes: it commits every item to git)…")
        let uploaded = try cache.scratchCopy(of: source, name: "xandikos-upload")
        defer { cache.removeStore(at: uploaded) }
        result.tickUpload = try tickSync(database: uploaded, server: server) { summary in
            guard summary.sentChanges == size else { throw BenchError("Tick's upload to Xandikos sent \(summary.line), not \(size) todos") }
        }

        progress("sync: Tick's first download of \(size) todos from Xandikos into an empty store…")
        let downloaded = scratch + "/xandikos-download.db"
        defer { cache.removeStore(at: downloaded) }
        result.tickDownload = try tickSync(database: downloaded, server: server) { summary in
            guard summary.receivedNew == size else { throw BenchError("Tick's download from Xandikos gave \(summary.line), not \(size) todos") }
        }

        guard hasVdirsyncer else { return result }
        progress("sync: vdirsyncer's first download of \(size) todos from Xandikos into an empty folder…")
        let download = try VdirsyncerRun(program: vdirsyncer, folder: scratch + "/vdirsyncer-download", vdir: scratch + "/vdirsyncer-download/vdir",
                                         homeURL: server.homeURL, direction: "from b")
        result.vdirsyncerDownload = try vdirsyncerSync(download, server: server)
        guard try download.itemCount() == size else { throw BenchError("vdirsyncer downloaded \(try download.itemCount()) items, not \(size)") }
        server.stop()

        progress("sync: vdirsyncer's first upload of \(size) todos to an empty Xandikos (minutes)…")
        let empty = try XandikosServer(folder: scratch + "/xandikos-vdirsyncer")
        defer { empty.stop() }
        let upload = try VdirsyncerRun(program: vdirsyncer, folder: scratch + "/vdirsyncer-upload", vdir: scratch + "/vdirsyncer-upload/vdir",
                                       homeURL: empty.homeURL, direction: "from a")
        guard try Self.writeItems(of: source, into: upload.vdir) == size else { throw BenchError("the vdir for vdirsyncer's upload is not \(size) items") }
        result.vdirsyncerUpload = try vdirsyncerSync(upload, server: empty)
        let stored = try empty.requests()["PUT", default: 0]
        guard stored == size else { throw BenchError("vdirsyncer's upload sent \(stored) PUTs, not \(size)") }
        return result
    }

    /// One first sync of the store at `database` with `server` by `SyncEngine`, checked by `check`.
    private func tickSync(database: String, server: XandikosServer, check: (SyncSummary) throws -> Void) throws -> Transfer {
        let store = try TodoStore(path: database)
        defer { store.close() }
        let client = try CalDAVClient(configuration: .init(totalTimeout: .seconds(60)))
        let engine = SyncEngine(store: store, client: client, home: try ServerURL(server.homeURL))
        let before = try server.requests().values.reduce(0, +)
        let start = Measure.now(), cpu = SyncRun.processCPU()
        let summary = try engine.sync()
        let seconds = Double(Measure.now() - start) / 1e9
        try check(summary)
        progress(String(format: "synced in %.1f s, %d requests over %d connections: ", seconds, summary.requests, client.http.connectionCount) + summary.line)
        return Transfer(seconds: seconds, cpuSeconds: SyncRun.processCPU() - cpu, requests: try server.requests().values.reduce(0, +) - before,
                        connections: client.http.connectionCount)
    }

    /// vdirsyncer's first sync with `server`: its `sync` timed, after `discover` (timed apart).
    private func vdirsyncerSync(_ run: VdirsyncerRun, server: XandikosServer) throws -> Transfer {
        let before = try server.requests().values.reduce(0, +)
        let first = try run.firstSync()
        let requests = try server.requests().values.reduce(0, +) - before
        progress(String(format: "vdirsyncer: discover %.2f s, sync %.1f s, %d requests", first.discoverSeconds, first.seconds, requests))
        return Transfer(seconds: first.seconds, cpuSeconds: first.cpuSeconds, requests: requests, discoverSeconds: first.discoverSeconds)
    }

    /// Writes every todo of the store at `source` as one item file in a folder per list under `vdir`,
    /// named as Tick names its items; returns the count.
    static func writeItems(of source: String, into vdir: String) throws -> Int {
        let store = try TodoStore(path: source, readOnly: true)
        defer { store.close() }
        var count = 0
        try ICalendarFile.export(store) { text in
            guard text.hasPrefix("BEGIN:VTODO") else { return }
            let item = ServerItem(vtodo: text)
            let folder = vdir + "/" + item.listName.lowercased()
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try item.text.write(toFile: folder + "/" + item.fileName, atomically: false, encoding: .utf8)
            count += 1
        }
        return count
    }
}
