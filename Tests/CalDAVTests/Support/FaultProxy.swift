import CalDAV
import Foundation

/// `fault_proxy.py` (next to this file) in front of a ``TestServer``: requests pass through to
/// the real server unless a fault is queued with ``inject(_:)`` (a status, a reset, a slow answer,
/// an answer without ETag). Stopped when the test ends; it also exits if the test process dies.
/// `withoutSyncCollection` makes the server one that does not offer `sync-collection` (see
/// fault_proxy.py), so the client lists by `calendar-query` against the server's real one. The proxy
/// logs every request (``syncCollectionRequests()`` reads the sync-collection REPORTs).
final class FaultProxy {
    /// The proxy's root URL (`http://127.0.0.1:PORT/`).
    let rootURL: ServerURL
    private let process: Process
    private let controlFile: URL
    private let requestLog: URL

    /// Starts a proxy to `server` and waits for its port.
    init(to server: TestServer, withoutSyncCollection: Bool = false) throws {
        controlFile = server.folder.appendingPathComponent("faults")
        try Data().write(to: controlFile)
        requestLog = server.folder.appendingPathComponent("requests")
        try Data().write(to: requestLog)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fault_proxy.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: TestServer.python)
        process.arguments = [script.path] + (withoutSyncCollection ? ["--without-sync-collection"] : []) + [String(server.port), controlFile.path, requestLog.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line is the port; reading blocks until the proxy listens (or exits).
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard let port = UInt16(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw Failure("the fault proxy did not start")
        }
        rootURL = try ServerURL("http://127.0.0.1:\(port)/")
    }

    /// Queues `faults` (lines of fault_proxy.py's language: "status 503 7", "reset", "slow 3",
    /// "strip-etag", "forward-reset", "on PUT status 507"…), one per coming request.
    func inject(_ faults: String...) throws {
        try inject(contentsOf: faults)
    }

    /// Queues `faults` as `inject(_:)` does; an empty line lets its request through, so a fault can
    /// wait for the request it should hit, and an empty array clears the queue.
    func inject(contentsOf faults: [String]) throws {
        try (faults.map { $0 + "\n" }.joined()).write(to: controlFile, atomically: true, encoding: .utf8)
    }

    /// One sync-collection REPORT as the proxy logged it: the collection's path, and the sync token
    /// the client sent (nil: none, asking for everything).
    struct SyncCollectionRequest: Hashable, CustomStringConvertible {
        var path: String
        var token: String?

        var description: String { "\(path) since \(token ?? "(no token)")" }
    }

    /// The sync-collection REPORTs that reached the proxy so far, in order.
    func syncCollectionRequests() throws -> [SyncCollectionRequest] {
        var paths: [Substring: Substring] = [:]
        var requests: [SyncCollectionRequest] = []
        for line in try String(contentsOf: requestLog, encoding: .utf8).split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: line.hasPrefix("begin ") ? 3 : 2)
            if words.count == 4, words[0] == "begin", words[2] == "REPORT" { paths[words[1]] = words[3] }
            if words.count >= 2, words[0] == "sync-token", let path = paths[words[1]] {
                requests.append(SyncCollectionRequest(path: String(path), token: words.count > 2 ? String(words[2]) : nil))
            }
        }
        return requests
    }

    /// Whether every queued fault has been taken by a request (a test waiting for the proxy to
    /// hold a request polls this).
    func isQueueEmpty() throws -> Bool {
        try String(contentsOf: controlFile, encoding: .utf8).isEmpty
    }

    /// The same address on the proxy as `url` on the server.
    func proxied(_ url: ServerURL) -> ServerURL {
        try! rootURL.resolving(url.path)
    }

    /// Stops the proxy; safe to call twice.
    func stop() {
        if process.isRunning {
            process.terminate()
            for _ in 0..<100 where process.isRunning { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}
