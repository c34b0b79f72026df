import CalDAV
import Foundation
import TodoStore
import TodoSync

/// A CalDAV server the first-sync comparison runs against: the bench's Radicale or Xandikos.
protocol ComparedServer: AnyObject {
    /// The calendar home, the URL a `sync url` line names.
    var homeURL: String { get }
    /// The login every client uses, nil for none.
    var login: (user: String, password: String)? { get }
    /// The requests answered so far, when the server logs them (Xandikos does; the bench's
    /// Radicale logs warnings only).
    func requestCount() throws -> Int?
    /// Stops the server; safe to call twice.
    func stop()
}

extension XandikosServer: ComparedServer {
    var login: (user: String, password: String)? { nil }
    func requestCount() throws -> Int? { try requests().values.reduce(0, +) }
}

extension RadicaleServer: ComparedServer {
    var login: (user: String, password: String)? { (Self.user, Self.password) }
    func requestCount() throws -> Int? { nil }
}

/// Issue 32's first uploads and downloads, Tick against vdirsyncer, on one server kind (Xandikos
/// 0.2.8 or Radicale 3.9) in one run: a generated store uploaded by Tick to an empty server one
/// request at a time and then `parallelUploads` at once (each to a server of its own), downloaded
/// by Tick into an empty store and by vdirsyncer (when `make interop-clients` installed it; its
/// rows are skipped and said so otherwise) into an empty folder from the second; then the same
/// todos uploaded by vdirsyncer to a third empty server, from a vdir holding them as items.
struct FirstSyncComparison {
    /// The server kinds compared.
    enum Kind: String, CaseIterable {
        case xandikos, radicale

        /// The server and version, as the rows name it.
        var title: String { self == .xandikos ? "Xandikos 0.2.8" : "Radicale 3.9.0" }
    }

    /// One client's first sync: wall time, the client's CPU, requests, and connections when known.
    struct Transfer {
        var seconds: Double
        var cpuSeconds: Double
        /// The requests the server answered (Xandikos's access log, for both clients alike; Tick's
        /// own count on Radicale, which logs none), nil when unknown.
        var requests: Int?
        /// The connections the client opened, when it counts them (Tick does).
        var connections: Int?
        /// vdirsyncer's `discover` before its timed `sync`, in seconds.
        var discoverSeconds: Double?
    }

    /// Every figure measured.
    struct Result {
        var kind = Kind.xandikos
        var size = 0
        var parallelUploads = 1
        /// Tick's upload one request at a time, and `parallelUploads` at once.
        var tickSerialUpload: Transfer?
        var tickUpload: Transfer?
        /// Tick's first download of the `size` todos by `SyncEngine` in this process: its wall time,
        /// requests and connections (its CPU is this process's, so it is not the per-todo figure).
        var tickDownload: Transfer?
        /// `tick sync` (the release binary, a process of its own) downloading the `size` todos into
        /// an empty store: its CPU is Tick's own, start to exit (`TickSyncProcess`).
        var commandDownload: Transfer?
        /// `tick sync` downloading the same collections holding no todo (a server of its own): what
        /// a first download costs whatever the todos (the process's start, the store's creation,
        /// discovery, the reports, the store's lists).
        var commandEmptyDownload: Transfer?
        /// Downloads of each kind (the medians count), runs alternating (`downloadRuns`).
        var downloadRuns = 1
        /// Whether the server was filled by Tick's uploads (else straight into its storage: `seedsServer`).
        var uploaded = true
        var vdirsyncerUpload: Transfer?
        var vdirsyncerDownload: Transfer?
        /// Why the vdirsyncer rows are missing, when they are.
        var vdirsyncerSkipped: String?

        /// `tick sync`'s CPU over the whole download of `size` todos divided by `size`, in
        /// milliseconds: it counts what any first download costs (the process's start, the store's
        /// creation, discovery, the reports, the store's lists) as if each todo caused a share of it.
        var rawCPUPerTodo: Double? { commandDownload.map { $0.cpuSeconds * 1_000 / Double(max(1, size)) } }

        /// Tick's CPU per downloaded todo: (CPU of `tick sync` downloading `size` todos − CPU of
        /// `tick sync` downloading the same collections empty) ÷ `size`, in milliseconds; what one
        /// more todo costs Tick's own process, the server's CPU left out.
        var marginalCPUPerTodo: Double? {
            guard let full = commandDownload, let empty = commandEmptyDownload else { return nil }
            return (full.cpuSeconds - empty.cpuSeconds) * 1_000 / Double(max(1, size))
        }
    }

    let kind: Kind
    let cache: StoreCache
    let schema: Int
    /// The venv's Python (Radicale's): vdirsyncer is looked for next to it.
    let python: String
    let scratch: String
    /// Todos uploaded and downloaded (BENCH_XANDIKOS_SIZE, default 2,000).
    var size = 2_000
    /// Requests Tick's second upload sends at once (BENCH_PARALLEL_UPLOADS; Tick's default).
    var parallelUploads = HTTPClient.Configuration.defaultParallelRequests
    /// Tick's downloads of the todos and of the empty collections, each (BENCH_COMPARE_DOWNLOADS,
    /// default 3): the medians of their CPU count.
    var downloadRuns = 3
    /// The release `tick` whose `tick sync` gives Tick's CPU per downloaded todo; nil leaves those rows out.
    var tickSyncProcess: TickSyncProcess?
    /// Whether Tick uploads the todos first (the upload rows, minutes at 2,000 on Xandikos, which
    /// commits every item to git). False (BENCH_COMPARE_UPLOADS=0, Xandikos only) fills the server
    /// straight into its git repositories with the items as Tick's upload writes them
    /// (`XandikosSeeding`) and measures the downloads alone; vdirsyncer's rows are left out too.
    var measuresUploads = true

    /// A fresh, empty server of the kind, its files under `name` in the scratch folder.
    private func server(_ name: String) throws -> any ComparedServer {
        let folder = scratch + "/\(kind.rawValue)-\(name)"
        switch kind {
        case .xandikos: return try XandikosServer(folder: folder)
        case .radicale: return try RadicaleServer(python: python, folder: folder, storage: folder + "/storage")
        }
    }

    /// Runs every row of the kind.
    func run() throws -> Result {
        var result = Result(kind: kind, size: size, parallelUploads: parallelUploads)
        let vdirsyncer = VdirsyncerRun.program(inVenvOf: python)
        let hasVdirsyncer = FileManager.default.isExecutableFile(atPath: vdirsyncer)
        if !hasVdirsyncer { result.vdirsyncerSkipped = "vdirsyncer is not installed at \(vdirsyncer) (`make interop-clients` installs it)" }
        let source = try cache.store(size: size, schema: schema).path
        result.uploaded = measuresUploads || kind != .xandikos
        if !result.uploaded {
            progress("sync: \(size) todos written straight into an empty \(kind.title)'s repositories, as Tick's upload writes them…")
            let server = try XandikosSeeding.server(holdingTodosOf: source, folder: scratch + "/\(kind.rawValue)-seeded")
            defer { server.stop() }
            try downloads(from: server, into: &result)
            return result
        }

        progress("sync: Tick's first upload of \(size) todos to an empty \(kind.title), one request at a time…")
        do {
            let serial = try server("tick-serial")
            defer { serial.stop() }
            let uploaded = try cache.scratchCopy(of: source, name: "\(kind.rawValue)-upload-serial")
            defer { cache.removeStore(at: uploaded) }
            result.tickSerialUpload = try tickSync(database: uploaded, server: serial, parallelRequests: 1) { summary in
                guard summary.sentChanges == size else { throw BenchError("Tick's upload sent \(summary.line), not \(size) todos") }
            }
        }

        progress("sync: Tick's first upload of \(size) todos to an empty \(kind.title), \(parallelUploads) at once…")
        let server = try server("tick")
        defer { server.stop() }
        let uploaded = try cache.scratchCopy(of: source, name: "\(kind.rawValue)-upload")
        defer { cache.removeStore(at: uploaded) }
        result.tickUpload = try tickSync(database: uploaded, server: server, parallelRequests: parallelUploads) { summary in
            guard summary.sentChanges == size else { throw BenchError("Tick's upload sent \(summary.line), not \(size) todos") }
        }

        try downloads(from: server, into: &result)

        guard hasVdirsyncer else { return result }
        progress("sync: vdirsyncer's first download of \(size) todos from \(kind.title) into an empty folder…")
        let download = try VdirsyncerRun(program: vdirsyncer, folder: scratch + "/\(kind.rawValue)-vdirsyncer-download",
                                         vdir: scratch + "/\(kind.rawValue)-vdirsyncer-download/vdir", homeURL: server.homeURL,
                                         direction: "from b", credentials: server.login)
        result.vdirsyncerDownload = try vdirsyncerSync(download, server: server)
        guard try download.itemCount() == size else { throw BenchError("vdirsyncer downloaded \(try download.itemCount()) items, not \(size)") }
        server.stop()

        progress("sync: vdirsyncer's first upload of \(size) todos to an empty \(kind.title)…")
        let empty = try self.server("vdirsyncer")
        defer { empty.stop() }
        let upload = try VdirsyncerRun(program: vdirsyncer, folder: scratch + "/\(kind.rawValue)-vdirsyncer-upload",
                                       vdir: scratch + "/\(kind.rawValue)-vdirsyncer-upload/vdir", homeURL: empty.homeURL,
                                       direction: "from a", credentials: empty.login)
        guard try Self.writeItems(of: source, into: upload.vdir) == size else { throw BenchError("the vdir for vdirsyncer's upload is not \(size) items") }
        result.vdirsyncerUpload = try vdirsyncerSync(upload, server: empty)
        let check = try CalDAVClient(configuration: .init(credentials: empty.login.map { .init(user: $0.user, password: $0.password) }))
        let stored = try check.discoverCalendars(at: ServerURL(empty.homeURL)).filter(\.supportsTodos)
            .reduce(0) { $0 + (try check.listItems(in: $1.url).count) }
        guard stored == size else { throw BenchError("vdirsyncer's upload left \(stored) items on the server, not \(size)") }
        return result
    }

    /// Tick's first downloads from `server` into empty stores, `downloadRuns` of each kind, alternating:
    /// by the engine in this process (wall time, requests, connections), by `tick sync` (its CPU),
    /// and by `tick sync` from the same collections empty on a server of their own (the CPU any
    /// first download costs, for the marginal figure).
    private func downloads(from server: any ComparedServer, into result: inout Result) throws {
        let emptyServer = try self.server("tick-empty")
        defer { emptyServer.stop() }
        try Self.makeCollections(like: server, on: emptyServer)
        result.downloadRuns = max(1, downloadRuns)
        var inProcess: [Transfer] = [], full: [Transfer] = [], none: [Transfer] = []
        for run in 1...result.downloadRuns {
            progress("sync: Tick's first download of \(size) todos from \(kind.title) into an empty store, run \(run) of \(result.downloadRuns)…")
            let downloaded = scratch + "/\(kind.rawValue)-download-\(run).db"
            defer { cache.removeStore(at: downloaded) }
            inProcess.append(try tickSync(database: downloaded, server: server, parallelRequests: parallelUploads) { summary in
                guard summary.receivedNew == size else { throw BenchError("Tick's download gave \(summary.line), not \(size) todos") }
            })
            guard let tickSyncProcess else { continue }
            progress("sync: tick sync's first download of \(size) todos, run \(run) of \(result.downloadRuns)…")
            full.append(try commandSync(tickSyncProcess, from: server, name: "command-download-\(run)", expecting: size))
            progress("sync: tick sync's first download of the same collections empty, run \(run) of \(result.downloadRuns)…")
            none.append(try commandSync(tickSyncProcess, from: emptyServer, name: "command-download-empty-\(run)", expecting: 0))
        }
        result.tickDownload = Self.median(inProcess)
        result.commandDownload = Self.median(full)
        result.commandEmptyDownload = Self.median(none)
    }

    /// `tick sync` into a new empty store from `server`, checked to have received `expecting` new todos.
    private func commandSync(_ process: TickSyncProcess, from server: any ComparedServer, name: String, expecting: Int) throws -> Transfer {
        let folder = scratch + "/\(kind.rawValue)-\(name)"
        defer { try? FileManager.default.removeItem(atPath: folder) }  // scratch; the whole scratch folder goes at the end anyway
        let before = try server.requestCount()
        let run = try process.run(database: folder + "/tick.db", homeURL: server.homeURL, login: server.login, folder: folder)
        guard run.output.contains("↓ \(expecting) new,"), run.output.contains("↑ 0 changed") else {
            throw BenchError("tick sync's download gave \(run.output.debugDescription), not \(expecting) new todos")
        }
        progress(String(format: "tick sync: %.2f s, CPU %.3f s: ", run.seconds, run.cpuSeconds) + run.output.trimmingCharacters(in: .newlines))
        let logged = try server.requestCount().flatMap { after in before.map { after - $0 } }
        return Transfer(seconds: run.seconds, cpuSeconds: run.cpuSeconds, requests: logged)
    }

    /// One first sync of the store at `database` with `server` by `SyncEngine`, sending up to
    /// `parallelRequests` uploads at once, checked by `check`.
    private func tickSync(database: String, server: any ComparedServer, parallelRequests: Int,
                          check: (SyncSummary) throws -> Void) throws -> Transfer {
        let store = try TodoStore(path: database)
        defer { store.close() }
        let credentials = server.login.map { HTTPClient.Credentials(user: $0.user, password: $0.password) }
        let client = try CalDAVClient(configuration: .init(credentials: credentials, totalTimeout: .seconds(60), parallelRequests: parallelRequests))
        let engine = SyncEngine(store: store, client: client, home: try ServerURL(server.homeURL), zone: .fromEnvironment)
        let before = try server.requestCount()
        let start = Measure.now(), cpu = SyncRun.processCPU()
        let summary = try engine.sync()
        let seconds = Double(Measure.now() - start) / 1e9
        // Taken before reading the server's log below: counting its lines (one per todo an upload sent)
        // is the bench's work, not Tick's.
        let cpuSeconds = SyncRun.processCPU() - cpu
        try check(summary)
        progress(String(format: "synced in %.1f s (CPU %.3f s), %d requests over %d connections: ", seconds, cpuSeconds, summary.requests,
                        client.http.connectionCount) + summary.line)
        let counting = SyncRun.processCPU()
        let logged = try server.requestCount().flatMap { after in before.map { after - $0 } }
        progress(String(format: "counting the server's requests in its log took %.3f s of the bench's CPU", SyncRun.processCPU() - counting))
        return Transfer(seconds: seconds, cpuSeconds: cpuSeconds, requests: logged ?? summary.requests,
                        connections: client.http.connectionCount)
    }

    /// The run of median wall time, with the median CPU of all runs.
    static func median(_ runs: [Transfer]) -> Transfer? {
        guard !runs.isEmpty else { return nil }
        var middle = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
        middle.cpuSeconds = Measure.median(runs.map(\.cpuSeconds)) ?? middle.cpuSeconds
        return middle
    }

    /// Makes on `empty` a collection for todos for each of `source`'s, with the same display name.
    static func makeCollections(like source: any ComparedServer, on empty: any ComparedServer) throws {
        func client(_ server: any ComparedServer) throws -> CalDAVClient {
            try CalDAVClient(configuration: .init(credentials: server.login.map { .init(user: $0.user, password: $0.password) }))
        }
        let (reader, writer) = (try client(source), try client(empty))
        let home = try ServerURL(empty.homeURL)
        for calendar in try reader.discoverCalendars(at: ServerURL(source.homeURL)).filter(\.supportsTodos) {
            try writer.makeCalendar(at: home.resolving(ServerItem.pathSegment(calendar.listName) + "/"), displayName: calendar.listName)
        }
    }

    /// vdirsyncer's first sync with `server`: its `sync` timed, after `discover` (timed apart).
    private func vdirsyncerSync(_ run: VdirsyncerRun, server: any ComparedServer) throws -> Transfer {
        let before = try server.requestCount()
        let first = try run.firstSync()
        let requests = try server.requestCount().flatMap { after in before.map { after - $0 } }
        progress(String(format: "vdirsyncer: discover %.2f s, sync %.1f s, ", first.discoverSeconds, first.seconds)
                 + (requests.map { "\($0) requests" } ?? "requests not logged"))
        return Transfer(seconds: first.seconds, cpuSeconds: first.cpuSeconds, requests: requests, discoverSeconds: first.discoverSeconds)
    }

    /// Writes every todo of the store at `source` as one item file in a folder per list under `vdir`,
    /// named as Tick names its items; returns the count.
    static func writeItems(of source: String, into vdir: String) throws -> Int {
        let store = try TodoStore(path: source, readOnly: true)
        defer { store.close() }
        var count = 0
        try ICalendarFile.export(store, zone: .fromEnvironment) { text in
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
