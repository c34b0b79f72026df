import Foundation

/// A Radicale CalDAV server for the sync rows: on 127.0.0.1 at a free port, its storage in a folder the
/// caller chooses (so a prepared collection can be copied in first), stopped by `stop()`.
///
/// A compact equivalent of the tests' `Tests/CalDAVTests/Support/RadicaleServer.swift` (a test
/// support file cannot be linked into an executable): the same config (htpasswd with a plain-text
/// password, owner-only rights) and the same Python wrapper, which unblocks signals (a child
/// inherits its parent's mask, and SIGTERM must reach Radicale) and exits when its parent is gone, so
/// an interrupted benchmark leaves no server behind.
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
        port = try Self.freePort()
        try Self.writeConfig(folder: folder, storage: storage, port: port)
        let wrapper = """
            import os, signal, sys, threading, time
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            parent = os.getppid()
            def watch():
                while os.getppid() == parent:
                    time.sleep(0.2)
                os._exit(0)
            threading.Thread(target=watch, daemon=True).start()
            from radicale.__main__ import run
            sys.argv = ["radicale", "--config", sys.argv[1]]
            run()
            """
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", wrapper, folder + "/config"]
        guard FileManager.default.createFile(atPath: folder + "/log", contents: nil),
              let log = FileHandle(forWritingAtPath: folder + "/log") else { throw BenchError("cannot create \(folder)/log") }
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<400 {
            if Self.canConnect(port: port) { return }
            guard process.isRunning else { break }
            usleep(50_000)
        }
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
        let config = """
            [server]
            hosts = 127.0.0.1:\(port ?? 5232)
            [auth]
            type = htpasswd
            htpasswd_filename = \(folder)/users
            htpasswd_encryption = plain
            delay = 0
            [storage]
            filesystem_folder = \(storage)
            [rights]
            type = owner_only
            [web]
            type = none
            [logging]
            level = warning

            """
        try config.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    }

    /// Stops the server: SIGTERM, SIGKILL after 5 s. Safe to call twice.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        if process.isRunning {
            process.terminate()
            for _ in 0..<100 where process.isRunning { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
    }

    deinit { stop() }

    /// A TCP port nobody listens on now: bind port 0 and read what the kernel chose.
    private static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchError("socket() failed") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw BenchError("cannot bind a port on 127.0.0.1") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func canConnect(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
