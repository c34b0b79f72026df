import Foundation
import Glibc

/// Radicale (the venv's, which `make radicale` installs in `.build/venv`) as a child process on
/// 127.0.0.1: its config, the start, and the wait until it listens. Shared by the CalDAV tests'
/// `RadicaleServer`, `tick-stress sync` and the bench's sync rows, which differ only in where they
/// keep things.
public enum RadicaleProcess {
    /// The Python of the venv under the repository `root`, which has Radicale installed.
    public static func python(inRepository root: URL) -> String {
        root.appendingPathComponent(".build/venv/bin/python").path
    }

    /// A config for one htpasswd user (the plain-text `usersFile`), owner-only rights, collections in
    /// `storage`, no web pages, warnings only, and no wait after a failed login (a wrong-password test
    /// needs none); `serverLines` go into `[server]` (TLS).
    public static func configuration(port: UInt16, usersFile: String, storage: String, serverLines: String = "") -> String {
        """
        [server]
        hosts = 127.0.0.1:\(port)
        \(serverLines)[auth]
        type = htpasswd
        htpasswd_filename = \(usersFile)
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
    }

    /// The first lines of a Python wrapper that runs a server as a test's child: it unblocks the
    /// signals the test process blocks (a child inherits the mask), and a thread exits the process
    /// once its parent is gone. Radicale's wrapper starts with it, and so do other servers' (Xandikos).
    public static let childPreamble = """
        import os, signal, sys, threading, time
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        parent = os.getppid()
        def watch():
            while os.getppid() == parent:
                time.sleep(0.2)
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()

        """

    /// Starts Radicale with the config file `configuration`, its output going to `log`.
    ///
    /// A thin Python wrapper comes first: a child inherits its parent's signal mask, and a test
    /// process blocks most signals in the thread that spawns, so without unblocking them SIGTERM
    /// would never reach Radicale; and a thread exits Radicale once its parent is gone, so a run
    /// that ends badly leaves no server behind.
    public static func start(python: String, configuration: String, log: FileHandle) throws -> Process {
        let wrapper = childPreamble + """
            from radicale.__main__ import run
            sys.argv = ["radicale", "--config", sys.argv[1]]
            run()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", wrapper, configuration]
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Stops a Radicale `start` gave: SIGTERM, then SIGKILL if it is still running after 5 s.
    public static func stop(_ process: Process) {
        if process.isRunning {
            process.terminate()
            for _ in 0..<100 where process.isRunning { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
    }

    /// Whether `process` accepts connections on `port` within `seconds` (false when it ended first).
    public static func waitUntilListening(_ process: Process, port: UInt16, seconds: Double = 20) -> Bool {
        for _ in 0..<Int(seconds * 20) {
            if canConnect(port: port) { return true }
            guard process.isRunning else { return false }
            usleep(50_000)
        }
        return false
    }

    /// A TCP port on 127.0.0.1 nobody listens on now: port 0 bound, and what the kernel chose read back.
    public static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "cannot bind a port on 127.0.0.1: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether something accepts a TCP connection on 127.0.0.1 at `port`.
    public static func canConnect(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Why a port could not be had.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, with the system's reason.
        public var description: String
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
