import Foundation
import TestSupport
import TickTesting

/// A Radicale CalDAV server for the sync rows: on 127.0.0.1 at a free port, its storage in a folder the
/// caller chooses (so a prepared collection can be copied in first), stopped by `stop()`.
///
/// Config, start and wait are `TestSupport.RadicaleProcess`'s, as for the CalDAV tests and
/// `tick-stress sync`: the same Python wrapper exits Radicale when its parent is gone, so an
/// interrupted benchmark leaves no server behind.
final class RadicaleServer {
    /// The account every server has.
    static let user = "tick-bench"
    /// Its password (plain text in the htpasswd file; the server only listens on loopback).
    static let password = "bench-password"

    /// The port it listens on.
    let port: UInt16
    /// The folder holding config, users and log; storage is `storage` (may lie elsewhere).
    let folder: String
    /// Radicale's `filesystem_folder`: collections live under `collection-root/USER/`.
    let storage: String
    private let process: Process
    private var isRunning = true

    /// The user's calendar home, the URL a `sync url` line names.
    var homeURL: String { "http://127.0.0.1:\(port)/\(Self.user)/" }

    /// Where a collection named `name` of the user lives in the storage folder.
    static func collectionFolder(storage: String, name: String) -> String {
        "\(storage)/collection-root/\(user)/\(name)"
    }

    /// Starts Radicale from `python` (the venv's, with Radicale installed) with its storage in
    /// `storage`, keeping config and log in `folder`; returns once it accepts connections.
    init(python: String, folder: String, storage: String) throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw BenchError("Radicale is not installed at \(python): `make radicale` installs it (BENCH_SYNC=0 skips the sync rows)")
        }
        // Radicale reads relative paths in its config against the config's folder.
        let (folder, storage) = (Self.absolute(folder), Self.absolute(storage))
        self.folder = folder
        self.storage = storage
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: storage, withIntermediateDirectories: true)
        port = try RadicaleProcess.freePort()
        try Self.writeConfig(folder: folder, storage: storage, port: port)
        guard FileManager.default.createFile(atPath: folder + "/log", contents: nil),
              let log = FileHandle(forWritingAtPath: folder + "/log") else { throw BenchError("cannot create \(folder)/log") }
        process = try RadicaleProcess.start(python: python, configuration: folder + "/config", log: log)
        if RadicaleProcess.waitUntilListening(process, port: port) { return }
        let text = (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "(no log)"  // only quoted in the error
        stop()
        throw BenchError("Radicale did not start listening within 20 s; its log:\n\(text)")
    }

    /// Has Radicale read and check every item of `storage` once (`--verify-storage`, which skips
    /// fsync), filling its item cache: the first read of an item otherwise costs a parse and a
    /// synced cache write inside a request, many minutes for 100,000 items.
    static func fillCache(python: String, folder: String, storage: String) throws {
        let (folder, storage) = (absolute(folder), absolute(storage))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try writeConfig(folder: folder, storage: storage, port: nil)
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: python)
        verify.arguments = ["-m", "radicale", "--config", folder + "/config", "--verify-storage"]
        verify.standardOutput = FileHandle.nullDevice
        verify.standardError = FileHandle.nullDevice
        try verify.run()
        verify.waitUntilExit()
        guard verify.terminationStatus == 0 else { throw BenchError("radicale --verify-storage failed on \(storage)") }
    }

    /// `path` from the current folder when it is relative.
    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// Radicale's config and users file in `folder`; without a port, for a run that does not serve.
    private static func writeConfig(folder: String, storage: String, port: UInt16?) throws {
        try "\(user):\(password)\n".write(toFile: folder + "/users", atomically: true, encoding: .utf8)
        let config = RadicaleProcess.configuration(port: port ?? 5232, usersFile: folder + "/users", storage: storage)
        try config.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    }

    /// Stops the server: SIGTERM, SIGKILL after 5 s. Safe to call twice.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        RadicaleProcess.stop(process)
    }

    deinit { stop() }
}
