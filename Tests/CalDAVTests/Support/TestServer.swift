import CalDAV
import Foundation
import Testing
import TickTesting

/// A real CalDAV server for one test, Radicale or Xandikos (``CalDAVServerKind``): on 127.0.0.1 at a
/// free port, with a throwaway folder, stopped after the test.
///
/// Radicale comes from `.build/venv` (`make test` installs it from PyPI), with its own config and a
/// plain-text htpasswd user, so that a wrong password can be tried. Xandikos comes from Debian
/// (`make test` installs it); it has no login and ignores the credentials the tests send. Use
/// ``withServer(_:certificate:_:)`` (or ``withRadicale(certificate:_:)``): it stops the server when the
/// test ends, failed or not. Both servers also watch their parent and exit when the test process
/// dies, so a crashed run leaves no orphan.
final class TestServer {
    /// The account every Radicale has (sent to Xandikos too, which ignores it).
    static let user = "tick-user"
    /// Its password (plain text in the htpasswd file).
    static let password = "s3cret-Pa55word"

    /// A self-signed certificate and its key, for `[server] ssl = True` (Radicale only).
    struct Certificate {
        var certificateFile: String
        var keyFile: String
    }

    /// The package root, found from this file's path (Tests/CalDAVTests/Support/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The venv's Python, which has Radicale (and runs the tests' own Python servers).
    static let python = RadicaleProcess.python(inRepository: root)

    /// Which server this is.
    let kind: CalDAVServerKind
    /// The server's root URL (`http://127.0.0.1:PORT/`, or https with a certificate).
    let rootURL: ServerURL
    /// The port it listens on.
    let port: UInt16
    /// The folder holding config, users, storage and log; removed on stop.
    let folder: URL
    /// Whether Xandikos starts with its own default calendar ("calendar", for events and todos).
    private let xandikosDefaults: Bool
    private var process: Process
    private(set) var isRunning = true

    /// Credentials that Radicale accepts.
    static var credentials: HTTPClient.Credentials { .init(user: user, password: password) }

    /// The calendar home of the test user: `/tick-user/` on Radicale, `/user/calendars/` on Xandikos.
    var homeURL: ServerURL {
        switch kind {
        case .radicale: try! rootURL.resolving("/\(Self.user)/")
        case .xandikos: try! rootURL.resolving(XandikosProcess.homePath)
        }
    }

    /// Starts a server of `kind` and waits until it accepts connections. A certificate (https) is for
    /// Radicale only; `xandikosDefaults` gives Xandikos its own default calendar and address book.
    init(_ kind: CalDAVServerKind = .radicale, certificate: Certificate? = nil, xandikosDefaults: Bool = false) throws {
        self.kind = kind
        self.xandikosDefaults = xandikosDefaults
        switch kind {
        case .radicale:
            guard FileManager.default.isExecutableFile(atPath: Self.python) else {
                throw Failure("Radicale is not installed in .build/venv: `make test` (or `make radicale`) installs it")
            }
        case .xandikos:
            guard XandikosProcess.isInstalled else { throw Failure("Xandikos is not installed: `make test` (or apt-get install xandikos) installs it") }
            guard certificate == nil else { throw Failure("the tests run Xandikos over plain http only") }
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-\(kind.rawValue)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try RadicaleProcess.freePort()
        if kind == .radicale {
            try "\(Self.user):\(Self.password)\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
            let tls = certificate.map { "ssl = True\ncertificate = \($0.certificateFile)\nkey = \($0.keyFile)\n" } ?? ""
            let config = RadicaleProcess.configuration(port: port, usersFile: "\(folder.path)/users",
                                                       storage: "\(folder.path)/collections", serverLines: tls)
            try config.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        }
        rootURL = try ServerURL("\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)/")
        process = try Self.start(kind, folder: folder, port: port, xandikosDefaults: xandikosDefaults)
        try waitUntilListening()
    }

    /// Runs the server on `folder`'s storage, its output going to the folder's `log` (appended to).
    private static func start(_ kind: CalDAVServerKind, folder: URL, port: UInt16, xandikosDefaults: Bool) throws -> Process {
        let log = folder.appendingPathComponent("log")
        if !FileManager.default.fileExists(atPath: log.path) { _ = try createdFile(log) }
        let output = try FileHandle(forWritingTo: log)
        output.seekToEndOfFile()
        switch kind {
        case .radicale:
            return try RadicaleProcess.start(python: python, configuration: folder.appendingPathComponent("config").path, log: output)
        case .xandikos:
            return try XandikosProcess.start(folder: folder.appendingPathComponent("data").path, port: port, defaults: xandikosDefaults, log: output)
        }
    }

    /// Starts the server again on the same port and storage after its process ended (killed by a
    /// test, say): what it had stored is still there, as after a crash and a restart.
    func restart() throws {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        process = try Self.start(kind, folder: folder, port: port, xandikosDefaults: xandikosDefaults)
        try waitUntilListening()
    }

    private func waitUntilListening() throws {
        if RadicaleProcess.waitUntilListening(process, port: port) { return }
        let log = (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? "(no log)"
        stop()
        throw Failure("\(kind) did not start listening within 20 s; its log:\n\(log)")
    }

    /// The process id, for checks that it is gone.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its folder; safe to call twice.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        RadicaleProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)  // A leftover temporary folder is harmless.
    }

    deinit {
        stop()
    }

    /// A unique collection URL in the user's calendar home (not created).
    func newCollectionURL(_ name: String = "list") -> ServerURL {
        try! homeURL.resolving("\(name)-\(UUID().uuidString.prefix(8).lowercased())/")
    }

    /// A client with the right credentials and short timeouts.
    func client(credentials: HTTPClient.Credentials? = TestServer.credentials, caFile: String? = nil) throws -> CalDAVClient {
        try CalDAVClient(configuration: .init(credentials: credentials, connectTimeout: .seconds(5), totalTimeout: .seconds(20), caFile: caFile))
    }
}

/// The name the tests that run against Radicale alone (a login, TLS, todoman) use for their server:
/// a ``TestServer`` of kind `.radicale`, as ``withRadicale(certificate:_:)`` gives.
typealias RadicaleServer = TestServer

/// Runs `body` with a fresh server of `kind`, stopped when `body` returns or throws.
func withServer<Result>(_ kind: CalDAVServerKind, certificate: TestServer.Certificate? = nil, _ body: (TestServer) throws -> Result) throws -> Result {
    let server = try TestServer(kind, certificate: certificate)
    defer { server.stop() }
    return try body(server)
}

/// Runs `body` with a fresh Radicale (for what only Radicale has: a login, TLS), stopped when `body`
/// returns or throws.
func withRadicale<Result>(certificate: TestServer.Certificate? = nil, _ body: (TestServer) throws -> Result) throws -> Result {
    try withServer(.radicale, certificate: certificate, body)
}

/// A test set-up failure with a readable message.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

private func createdFile(_ url: URL) throws -> URL {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw Failure("cannot create \(url.path)") }
    return url
}

/// A TCP port nobody listens on now.
func freePort() throws -> UInt16 { try RadicaleProcess.freePort() }

/// A socket listening on 127.0.0.1:`port` (0: any free port), with the port it got.
func listeningSocket(port: UInt16) throws -> (descriptor: Int32, port: UInt16) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure("socket() failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0 && getsockname(descriptor, pointer, &length) == 0
        }
    }
    guard bound else {
        close(descriptor)
        throw Failure("cannot listen on 127.0.0.1:\(port)")
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
}

