import CalDAV
import Foundation
import TestSupport
import TickTesting

/// A Xandikos CalDAV server for the bench's Xandikos rows: on 127.0.0.1 at a free port, its
/// repositories in a folder of the scratch folder, an empty calendar home, no login; stopped by `stop()`.
///
/// Start and stop are `TestSupport.XandikosProcess`'s, as for the CalDAV tests. Xandikos logs every
/// request (aiohttp's access log) into `folder/log`, which ``requests()`` counts: the requests of a
/// client that does not count its own (vdirsyncer).
final class XandikosServer {
    /// The port it listens on.
    let port: UInt16
    /// The folder holding its repositories and its log.
    let folder: String
    private let process: Process
    private var isRunning = true

    /// The calendar home, the URL a `sync url` line names.
    var homeURL: String { "http://127.0.0.1:\(port)\(XandikosProcess.homePath)" }

    /// Starts Xandikos on `folder` (created) with an empty calendar home; returns once it accepts connections.
    init(folder: String) throws {
        guard XandikosProcess.isInstalled else {
            throw BenchError("Xandikos is not installed (Debian package xandikos; BENCH_XANDIKOS=0 leaves its rows out)")
        }
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = try RadicaleProcess.freePort()
        guard FileManager.default.createFile(atPath: folder + "/log", contents: nil),
              let log = FileHandle(forWritingAtPath: folder + "/log") else { throw BenchError("cannot create \(folder)/log") }
        process = try XandikosProcess.start(folder: folder + "/data", port: port, log: log)
        if RadicaleProcess.waitUntilListening(process, port: port) { return }
        stop()
        throw BenchError("Xandikos did not start listening within 20 s; see \(folder)/log")
    }

    /// The requests the server has answered so far, by method, from its access log.
    func requests() throws -> [String: Int] {
        let log = try String(contentsOfFile: folder + "/log", encoding: .utf8)
        var counts: [String: Int] = [:]
        // aiohttp.access: 127.0.0.1 [02/Dec/2026:03:21:45 +0000] "PUT /user/calendars/c/x.ics HTTP/1.1" 201 …
        for line in log.split(separator: "\n") where line.contains("aiohttp.access") {
            guard let quote = line.firstIndex(of: "\"") else { continue }
            let method = line[line.index(after: quote)...].prefix { $0 != " " }
            counts[String(method), default: 0] += 1
        }
        return counts
    }

    /// Stops the server: SIGTERM, SIGKILL after 5 s. Safe to call twice.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        RadicaleProcess.stop(process)
    }

    deinit { stop() }
}
