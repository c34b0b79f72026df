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
        var tickDownload: Transfer?
        var vdirsyncerUpload: Transfer?
        var vdirsyncerDownload: Transfer?
        /// Why the vdirsyncer rows are missing, when they are.
        var vdirsyncerSkipped: String?
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

        progress("sync: Tick's first download of \(size) todos from \(kind.title) into an empty store…")
        let downloaded = scratch + "/\(kind.rawValue)-download.db"
        defer { cache.removeStore(at: downloaded) }
        result.tickDownload = try tickSync(database: downloaded, server: server, parallelRequests: parallelUploads) { summary in
            guard summary.receivedNew == size else { throw BenchError("Tick's download gave \(summary.line), not \(size) todos") }
        }

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

    /// One first sync of the store at `database` with `server` by `SyncEngine`, sending up to
    /// `parallelRequests` uploads at once, checked by `check`.
    private func tickSync(database: String, server: any ComparedServer, parallelRequests: Int,
                          check: (SyncSummary) throws -> Void) throws -> Transfer {
        let store = try TodoStore(path: database)
        defer { store.close() }
        let credentials = server.login.map { HTTPClient.Credentials(user: $0.user, password: $0.password) }
        let client = try CalDAVClient(configuration: .init(credentials: credentials, totalTimeout: .seconds(60), parallelRequests: parallelRequests))
        let engine = SyncEngine(store: store, client: client, home: try ServerURL(server.homeURL))
        let before = try server.requestCount()
        let start = Measure.now(), cpu = SyncRun.processCPU()
        let summary = try engine.sync()
        let seconds = Double(Measure.now() - start) / 1e9
        try check(summary)
        progress(String(format: "synced in %.1f s, %d requests over %d connections: ", seconds, summary.requests, client.http.connectionCount) + summary.line)
        let logged = try server.requestCount().flatMap { after in before.map { after - $0 } }
        return Transfer(seconds: seconds, cpuSeconds: SyncRun.processCPU() - cpu, requests: logged ?? summary.requests,
                        connections: client.http.connectionCount)
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
