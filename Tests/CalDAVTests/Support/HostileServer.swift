import CalDAV
import Foundation
import TickTesting

/// `hostile_server.py` (next to this file): a small CalDAV server on 127.0.0.1 that plays what a
/// hostile server or a shared calendar can send (huge or invalid answers, deep nesting, addresses on
/// other hosts or outside their collection, endless truncation, dripping answers). It serves the
/// calendar home `/dav/` with the collections of its setup; ``misbehave(_:)`` sets what it does
/// wrong from the next request on. Its second port stands for another server and only logs.
/// Stopped when the test ends (use ``withHostileServer(collections:items:nested:_:)``); it also
/// exits when the test process dies.
final class HostileServer {
    /// The server's root (`http://127.0.0.1:PORT/`).
    let rootURL: ServerURL
    /// The same host on another port: another origin, which must never get a request.
    let elsewhereURL: ServerURL
    /// The calendar home.
    var homeURL: ServerURL { try! rootURL.resolving("/dav/") }
    private let process: Process
    private let folder: URL

    /// A request the server saw: on which port, what, where, whether credentials came with it, and who sent it.
    struct Request: Equatable {
        var port: UInt16
        var method: String
        var path: String
        var hadCredentials: Bool
        /// Its `User-Agent` (spaces as underscores), nil without one.
        var userAgent: String?
    }

    /// Starts a server whose home holds `collections` (path → display name) and `items` (path →
    /// iCalendar text, anywhere), plus an item of `nested.depth` nested VTODOs at `nested.path`.
    init(collections: [String: String], items: [String: String] = [:], nested: (path: String, depth: Int)? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var setup: [String: Any] = ["collections": collections, "items": items]
        if let nested { setup["nested"] = ["path": nested.path, "depth": nested.depth] }
        try JSONSerialization.data(withJSONObject: setup).write(to: folder.appendingPathComponent("setup.json"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("control.json"))
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("hostile_server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: TestServer.python)
        process.arguments = [script.path, folder.appendingPathComponent("setup.json").path, folder.appendingPathComponent("control.json").path,
                             folder.appendingPathComponent("requests.log").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line is "PORT OTHER_PORT"; reading blocks until the server listens (or exits).
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        let ports = String(decoding: line, as: UTF8.self).split(separator: " ").compactMap { UInt16($0) }
        guard ports.count == 2 else {
            process.terminate()
            throw Failure("the hostile server did not start")
        }
        rootURL = try ServerURL("http://127.0.0.1:\(ports[0])/")
        elsewhereURL = try ServerURL("http://127.0.0.1:\(ports[1])/")
    }

    /// Sets the misbehaviours (hostile_server.py's CONTROL_FILE keys) for the requests from now on;
    /// an empty dictionary makes the server behave.
    func misbehave(_ settings: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: settings)
        let file = folder.appendingPathComponent("control.json")
        try data.write(to: file, options: .atomic)
    }

    /// Every request so far, in order.
    func requests() throws -> [Request] {
        let file = folder.appendingPathComponent("requests.log")
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
            let words = line.split(separator: " ").map(String.init)
            return Request(port: UInt16(words[0]) ?? 0, method: words[1], path: words[2], hadCredentials: words[3] == "yes",
                           userAgent: words.count > 4 && words[4] != "-" ? words[4] : nil)
        }
    }

    /// The requests that went to the other origin.
    func requestsElsewhere() throws -> [Request] {
        try requests().filter { $0.port != UInt16(rootURL.port) }
    }

    /// A client with credentials, short timeouts and the default answer limit.
    func client(totalTimeout: Duration = .seconds(20), maximumResponseBytes: Int = HTTPClient.Configuration.defaultMaximumResponseBytes,
                stallTimeout: Duration = .seconds(30)) throws -> CalDAVClient {
        try CalDAVClient(configuration: .init(credentials: TestServer.credentials, connectTimeout: .seconds(5), stallTimeout: stallTimeout,
                                              totalTimeout: totalTimeout, maximumResponseBytes: maximumResponseBytes))
    }

    /// Stops the server and removes its folder; safe to call twice.
    func stop() {
        RadicaleProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)  // A leftover temporary folder is harmless.
    }

    deinit {
        stop()
    }
}

/// Runs `body` with a fresh hostile server, stopped when `body` returns or throws.
func withHostileServer<Result>(collections: [String: String], items: [String: String] = [:], nested: (path: String, depth: Int)? = nil,
                               _ body: (HostileServer) throws -> Result) throws -> Result {
    let server = try HostileServer(collections: collections, items: items, nested: nested)
    defer { server.stop() }
    return try body(server)
}
