import Foundation
import Glibc

/// One command running in a detached tmux pane of a fixed size, on a tmux server of its own:
/// the real-terminal harness for end-to-end tests.
///
/// Each session has its own socket (never the user's server), a clean environment
/// (`TERM=xterm-256color`, `LANG=C.UTF-8`, no `TMUX`), no config file, and keeps the pane after the
/// command exits so its last screen and exit status can be read. It needs no terminal of its own,
/// so it runs under CI (`CI=true`, standard input closed). Every tmux call has a time limit.
public final class TmuxSession {
    /// A tmux command failed or a wait ran out; the message includes the screen when there is one.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        /// A failure that says `description`.
        public init(description: String) { self.description = description }
    }

    /// The `tmux` executable, if one is installed.
    public static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { "\($0)/tmux" } + ["/usr/bin/tmux", "/usr/local/bin/tmux"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether tmux is installed, for `.enabled(if:)` on tests that need it.
    public static var isAvailable: Bool { executable != nil }

    /// The socket of this session's private tmux server.
    public let socketPath: String
    /// The pane's current width in columns.
    public private(set) var width: Int
    /// The pane's current height in lines.
    public private(set) var height: Int
    private var killed = false
    private static let target = "main"

    /// Starts `command` (run by `sh -c` inside tmux) in a `width`×`height` pane; `environment`
    /// adds to or overrides the defaults for the command.
    public init(command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        guard Self.executable != nil else { throw Failure(description: "tmux is not installed") }
        self.width = width
        self.height = height
        socketPath = Self.uniqueSocketPath()
        var variables = [
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            // A crashing Swift program must not wait 30 s for a key in the pane.
            "SWIFT_BACKTRACE": "interactive=no",
        ]
        variables.merge(environment) { _, new in new }
        var arguments = [
            "start-server", ";",
            "set-option", "-g", "default-terminal", variables["TERM"] ?? "xterm-256color", ";",
            "set-option", "-g", "remain-on-exit", "on", ";",
            "new-session", "-d", "-s", Self.target, "-x", String(width), "-y", String(height),
        ]
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments.append(command)
        do {
            try run(arguments, environment: variables)
        } catch {
            kill()  // the server may have started before the failure
            throw error
        }
    }

    deinit { kill() }

    /// Types keys: tmux key names (`"Enter"`, `"C-c"`, `"Up"`, `"BTab"`) or, with `literal`, text as is.
    public func sendKeys(_ keys: String..., literal: Bool = false) throws {
        try run(["send-keys", "-t", Self.target] + (literal ? ["-l", "--"] : []) + keys)
    }

    /// Sends raw bytes to the pane, such as a mouse report the terminal would send.
    public func sendBytes(_ bytes: [UInt8]) throws {
        try run(["send-keys", "-t", Self.target, "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Pastes `text` as a terminal does: through a tmux paste buffer (`load-buffer`), wrapped in the
    /// bracketed-paste markers when the program turned that mode on (`paste-buffer -p`). tmux sends
    /// line feeds as carriage returns, as terminals do.
    public func paste(_ text: String) throws {
        let file = (FileManager.default.temporaryDirectory.path as NSString)
            .appendingPathComponent("tick-e2e-paste-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try run(["load-buffer", "-b", "tick-paste", file])
        try run(["paste-buffer", "-p", "-d", "-b", "tick-paste", "-t", Self.target])
    }

    /// The pane's lines as shown now (trailing spaces trimmed); with `escapes`, including SGR codes.
    /// After the command exits, the screen it left (not tmux's "Pane is dead" line).
    public func capture(escapes: Bool = false) throws -> [String] {
        // tmux announces a dead pane with a line feed on the last line, scrolling the final screen
        // up by one line: capture from one line into the history instead.
        let dead = (try? query("#{pane_dead}")) == "1"
        // The announcement is written a moment after the pane is marked dead: wait for it (at most five
        // seconds, for a loaded machine), or the range below would start one line too early.
        if dead {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline,
                  !(try run(["capture-pane", "-p", "-t", Self.target]).components(separatedBy: "\n").contains { $0.hasPrefix("Pane is dead") }) {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        let range = dead ? ["-S", "-1", "-E", String(height - 2)] : []
        let text = try run(["capture-pane", "-p", "-t", Self.target] + range + (escapes ? ["-e"] : []))
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the screen until some line contains `text`; returns the screen, or throws with it on timeout.
    @discardableResult
    public func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor("\"\(text)\"", timeout: timeout) { screen in screen.contains { $0.contains(text) } }
    }

    /// Polls the screen until `isReady` accepts it; returns the screen, or throws with it (and
    /// `description` of what was awaited) on timeout.
    @discardableResult
    public func waitFor(_ description: String, timeout: TimeInterval = 10, until isReady: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        repeat {
            screen = try capture()
            if isReady(screen) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        throw Failure(description: "timed out after \(timeout) s waiting for \(description); screen:\n" + screen.joined(separator: "\n"))
    }

    /// Changes the pane's size, as a user resizing the terminal window would.
    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", Self.target, "-x", String(width), "-y", String(height)])
        self.width = width
        self.height = height
    }

    /// Whether the command is still running.
    public var isRunning: Bool {
        guard !killed, let dead = try? query("#{pane_dead}") else { return false }
        return dead == "0"
    }

    /// The command's exit status once it has exited (128+n after signal n), nil while it runs.
    public var exitStatus: Int32? {
        guard !killed, (try? query("#{pane_dead}")) == "1" else { return nil }
        if let status = recordedExitStatus() { return status }
        // tmux 3.3a sometimes misses the SIGCHLD of a command that exits at once and never reaps
        // it (measured: 2–5 in 20 starts); another SIGCHLD makes it collect the status.
        if let server = try? query("#{pid}"), let pid = pid_t(server) {
            Glibc.kill(pid, SIGCHLD)
            Thread.sleep(forTimeInterval: 0.02)
        }
        return recordedExitStatus()
    }

    private func recordedExitStatus() -> Int32? {
        if let status = try? query("#{pane_dead_status}"), let code = Int32(status) { return code }
        // tmux reports a death by signal separately.
        if let signal = try? query("#{pane_dead_signal}"), let number = Int32(signal) { return 128 + number }
        return nil
    }

    /// Waits for the command to exit and returns its exit status.
    @discardableResult
    public func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let status = exitStatus { return status }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        let screen = (try? capture()) ?? []
        let state = (try? query("dead=#{pane_dead} status=#{pane_dead_status} signal=#{pane_dead_signal} pid=#{pane_pid}")) ?? "unknown"
        throw Failure(description: "command still running after \(timeout) s (\(state)); screen:\n" + screen.joined(separator: "\n"))
    }

    /// Evaluates a tmux format (`#{cursor_flag}`, `#{alternate_on}`, `#{mouse_sgr_flag}`…) for the pane.
    public func query(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", Self.target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the server and the command with it; safe to call more than once.
    public func kill() {
        guard !killed else { return }
        killed = true
        _ = try? run(["kill-server"], allowFailure: true)
        try? FileManager.default.removeItem(atPath: socketPath)
    }

    // MARK: - Running tmux

    private static func uniqueSocketPath() -> String {
        let directory = FileManager.default.temporaryDirectory.path
        let name = "tick-e2e-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// Runs one tmux client command with a time limit and returns its standard output.
    @discardableResult
    private func run(_ arguments: [String], environment: [String: String] = [:], allowFailure: Bool = false, timeout: TimeInterval = 10) throws -> String {
        var variables = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "USER", "TMPDIR"].contains($0.key) }
        variables.merge(environment) { _, new in new }  // never TMUX/TMUX_PANE: the test may itself run inside tmux
        let output = try TemporaryFile()
        let errors = try TemporaryFile()
        let command = [Self.executable!, "-S", socketPath, "-f", "/dev/null"] + arguments
        let status = try ChildProcess.run(command, environment: variables, output: output.path, errors: errors.path, timeout: timeout)
        if status != 0 && !allowFailure {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(errors.contents())")
        }
        return output.contents()
    }
}

/// Runs a program to completion with posix_spawn and waitpid.
///
/// Not Foundation's `Process`: on Linux it reports the tmux client as running until the tmux
/// server it started (a daemon) exits. Descriptors above 2 are closed in the child so the
/// long-lived server cannot hold the test runner's pipes open.
public enum ChildProcess {
    /// Runs `command` with standard input from /dev/null and output to files; returns the exit status.
    public static func run(_ command: [String], environment: [String: String], output: String, errors: String, timeout: TimeInterval) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_TRUNC, 0o600)
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        // Test runner threads block signals; a tmux server inheriting that mask never reaps its
        // panes (no exit status) and the program under test would never see Ctrl-C.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw TmuxSession.Failure(description: "cannot start \(command[0]): \(String(cString: strerror(spawned)))")
        }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { throw TmuxSession.Failure(description: "waitpid failed: \(errno)") }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw TmuxSession.Failure(description: "\(command.joined(separator: " ")) did not finish in \(timeout) s")
            }
            usleep(2000)
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// This process's open descriptors (glibc's closefrom action is not visible to Swift).
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        // The listing's own descriptor is closed again by now: keep only those still open.
        return names.compactMap { Int32($0) }.filter { fcntl($0, F_GETFD) != -1 }
    }
}

/// A file that collects a child process's output and deletes itself.
private final class TemporaryFile {
    let path: String
    let handle: FileHandle

    init() throws {
        path = (FileManager.default.temporaryDirectory.path as NSString)
            .appendingPathComponent("tick-e2e-\(UUID().uuidString).out")
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw TmuxSession.Failure(description: "cannot create \(path)")
        }
        self.handle = handle
    }

    func contents() -> String {
        try? handle.synchronize()
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: path)
    }
}
