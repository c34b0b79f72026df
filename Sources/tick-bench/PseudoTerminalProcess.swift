import Foundation

/// A program running in its own pseudo-terminal, seen only from outside: the bytes it writes to the
/// terminal, the CPU time the kernel charged it, and its resource usage once it has exited.
final class PseudoTerminalProcess {
    /// What `readUntilQuiet` saw: the bytes and the arrival time of the last one (0 when none came).
    struct Output {
        var bytes: [UInt8] = []
        var lastByteTime: UInt64 = 0
        /// The arrival time of the first byte (0 when none came).
        var firstByteTime: UInt64 = 0
    }

    /// The child's process id.
    let pid: pid_t
    /// The monotonic time taken just before the child was spawned.
    let startTime: UInt64
    private let master: Int32
    private(set) var exited = false
    /// Set once the child has exited and been reaped.
    private(set) var usage = rusage()

    /// Starts `executable` with `arguments` and exactly `environment`, its standard input, output and
    /// error on a new pseudo-terminal of `columns`×`rows` that is its controlling terminal.
    init(executable: String, arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        let pty = try PseudoTerminalFunctions()
        master = pty.openMaster(O_RDWR | O_NOCTTY)
        guard master >= 0, pty.grant(master) == 0, pty.unlock(master) == 0 else { throw BenchError("cannot open a pseudo-terminal") }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        var name = [CChar](repeating: 0, count: 256)
        guard pty.slaveName(master, &name, name.count) == 0 else { close(master); throw BenchError("ptsname_r failed") }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (glibc runs SETSID before file actions), so it becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(PseudoTerminalFunctions.spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        startTime = Measure.now()
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { close(master); throw BenchError("cannot start \(executable): \(String(cString: strerror(result)))") }
        pid = child
    }

    deinit {
        if !exited { kill(pid, SIGKILL); reap() }
        close(master)
    }

    /// Sends `text` as the user's typing.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written <= 0 { if errno == EINTR || errno == EAGAIN { continue }; return }
            offset += written
        }
    }

    /// Reads until the output has been quiet for `quietMilliseconds` after `isComplete` holds for
    /// everything read so far; gives up waiting for a first byte after `firstByteTimeout` ms and for
    /// completion after `overallTimeout` ms. Returns early when the child closes the terminal.
    func readUntilQuiet(quietMilliseconds: Int = 30, firstByteTimeout: Int = 500, overallTimeout: Int = 10_000,
                        isComplete: ([UInt8]) -> Bool = { _ in true }, onFirstBytes: () -> Void = {}) -> Output {
        var output = Output()
        let begin = Measure.now()
        var complete = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let now = Measure.now()
            let elapsed = Int((now - begin) / 1_000_000)
            let wait: Int
            if output.bytes.isEmpty {
                wait = firstByteTimeout - elapsed
            } else if !complete {
                wait = overallTimeout - elapsed
            } else {
                wait = quietMilliseconds - Int((now - output.lastByteTime) / 1_000_000)
            }
            if wait <= 0 { return output }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(wait))
            if ready < 0 { if errno == EINTR { continue }; return output }
            if ready == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count <= 0 {
                if count < 0 && errno == EINTR { continue }
                return output  // EIO: the child closed the terminal
            }
            output.lastByteTime = Measure.now()
            if output.bytes.isEmpty {
                output.firstByteTime = output.lastByteTime
                onFirstBytes()
            }
            output.bytes.append(contentsOf: buffer[0..<count])
            if !complete { complete = isComplete(output.bytes) }
        }
    }

    /// CPU time charged to every thread of the child so far, in nanoseconds, from
    /// `/proc/<pid>/task/*/schedstat` (exact for a sleeping process, unlike clock ticks).
    /// Throws when the child's threads cannot be listed: 0 would read as a key that cost nothing.
    func cpuNanoseconds() throws -> UInt64 {
        guard let total = ProcessTreeCPU.threadNanoseconds(of: pid) else {
            throw BenchError("cannot read the CPU time of tick (pid \(pid)): its threads cannot be listed")
        }
        return total
    }

    /// CPU time charged to the child's main thread (the one that reads keys and draws), in
    /// nanoseconds, from `/proc/<pid>/task/<pid>/schedstat`: leaves out the background search's thread.
    func mainThreadCPUNanoseconds() throws -> UInt64 {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/schedstat", encoding: .utf8),
              let first = text.split(separator: " ").first, let nanoseconds = UInt64(first) else {
            throw BenchError("cannot read the CPU time of tick's main thread (pid \(pid))")
        }
        return nanoseconds
    }

    /// Sends `keys` (normally `q`), drains the terminal until the child closes it, and reaps the child;
    /// kills it when it has not exited within `timeout` ms. Returns everything it wrote meanwhile.
    @discardableResult
    func finish(sending keys: String = "q", timeout: Int = 10_000) -> [UInt8] {
        highWaterBytes = Self.highWaterMark(of: pid)
        send(keys)
        let output = readUntilQuiet(quietMilliseconds: timeout, firstByteTimeout: timeout, overallTimeout: timeout)
        let deadline = Measure.now() + UInt64(timeout) * 1_000_000
        while !exited {
            var status: Int32 = 0
            var ended = rusage()
            if wait4(pid, &status, WNOHANG, &ended) == pid {
                usage = ended
                exited = true
            } else if Measure.now() > deadline {
                kill(pid, SIGKILL)
                reap()
            } else {
                usleep(1_000)
            }
        }
        return output.bytes
    }

    /// Whether the child has exited (reaping it and keeping its resource usage if so).
    func hasExited() -> Bool {
        guard !exited else { return true }
        var status: Int32 = 0
        var ended = rusage()
        if wait4(pid, &status, WNOHANG, &ended) == pid {
            usage = ended
            exited = true
        }
        return exited
    }

    /// Peak resident memory in bytes, valid after `finish`: the child's `VmHWM` read just before it
    /// was asked to quit. Not `ru_maxrss`: posix_spawn runs the child in this process's address space
    /// until its exec, and Linux counts that space's peak, so `ru_maxrss` would report this
    /// benchmark's own memory whenever it is the larger.
    var peakResidentBytes: Int { highWaterBytes ?? usage.ru_maxrss * 1024 }
    private var highWaterBytes: Int?

    /// `VmHWM` of a running process, in bytes.
    static func highWaterMark(of pid: pid_t) -> Int? {
        // nil, "not measured", is what the caller shows for a process that already ended.
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first else { return nil }
        return kilobytes * 1024
    }

    private func reap() {
        var status: Int32 = 0
        var ended = rusage()
        if wait4(pid, &status, 0, &ended) == pid { usage = ended }
        exited = true
    }
}

/// The pseudo-terminal calls of glibc, looked up at run time: Swift's Glibc module hides them (they
/// need `_XOPEN_SOURCE`), and this target may not add a C shim.
struct PseudoTerminalFunctions {
    typealias OpenMaster = @convention(c) (Int32) -> Int32
    typealias OnMaster = @convention(c) (Int32) -> Int32
    typealias SlaveName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    /// `posix_openpt`.
    let openMaster: OpenMaster
    /// `grantpt`.
    let grant: OnMaster
    /// `unlockpt`.
    let unlock: OnMaster
    /// `ptsname_r`.
    let slaveName: SlaveName
    /// glibc's `POSIX_SPAWN_SETSID` (a macro under `_GNU_SOURCE`, so not imported).
    static let spawnSetSID: Int32 = 0x80

    /// Looks the functions up in the C library.
    init() throws {
        guard let libc = dlopen(nil, RTLD_NOW) else { throw BenchError("dlopen failed") }
        func find<T>(_ name: String, as type: T.Type) throws -> T {
            guard let symbol = dlsym(libc, name) else { throw BenchError("\(name) not found in the C library") }
            return unsafeBitCast(symbol, to: type)
        }
        openMaster = try find("posix_openpt", as: OpenMaster.self)
        grant = try find("grantpt", as: OnMaster.self)
        unlock = try find("unlockpt", as: OnMaster.self)
        slaveName = try find("ptsname_r", as: SlaveName.self)
    }
}

/// A benchmark failure with a message for the user.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
    init(_ description: String) { self.description = description }
}
