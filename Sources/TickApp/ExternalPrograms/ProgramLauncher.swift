import CProcessSupport
import Glibc

/// Starting another program without a shell (`posix_spawnp`: the program is looked up in `PATH`, its
/// arguments are passed as they are), either waiting for it (the editor) or leaving it running on its own
/// (the link opener).
public enum ProgramLauncher {
    /// How a program run by Tick ended, or why it never ran.
    public enum Outcome: Error, Equatable, Sendable {
        /// It ran and exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case killed(signal: Int32)
        /// It could not be started (`posix_spawnp`'s error, as `strerror` says it).
        case couldNotStart(String)
        /// It was started and left running (the opener).
        case started
    }

    /// Runs `arguments` (program first) with the terminal, and waits for it to end. While it runs, Tick
    /// ignores Ctrl-C and Ctrl-\ as git does around an editor: they are the editor's, and must not end
    /// Tick under it. Ctrl-Z stops Tick with the editor (the default action instead of Tick's own
    /// suspend), so the shell gets the terminal back and `fg` resumes both, as it does for git. The
    /// program gets the default signal handling and an empty signal mask.
    public static func runAndWait(_ arguments: [String], environment: [String: String]) -> Outcome {
        beginWaiting()
        defer { endWaiting() }
        let pid: pid_t
        switch spawn(arguments, environment: environment, detached: false) {
        case .success(let started): pid = started
        case .failure(let outcome): return outcome
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .couldNotStart("waiting for it failed: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros Swift cannot import.
        if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
        return .killed(signal: status & 0x7F)
    }

    /// Ctrl-C and Ctrl-\ ignored, Ctrl-Z at its default, while any program is waited for. Signal
    /// dispositions belong to the process, so two waits at once (the editor and a password command,
    /// or tests in parallel) share one change: the first saves and replaces them, the last puts them back.
    private static func beginWaiting() {
        signalsWhileWaiting.withLock { state in
            state.waits += 1
            guard state.waits == 1 else { return }
            // Signal numbers only: a Swift array of (signal, handler) tuples with C function pointers in it
            // was seen to iterate as empty here, which silently left Tick's handlers in place.
            for signal in [SIGINT, SIGQUIT, SIGTSTP] {
                var previous = sigaction()
                sigaction(signal, nil, &previous)
                let current = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
                // A Ctrl-Z the shell told us to ignore (no job control) stays ignored.
                if signal == SIGTSTP && current == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
                var replacement = sigaction()
                replacement.__sigaction_handler.sa_handler = signal == SIGTSTP ? SIG_DFL : SIG_IGN
                sigaction(signal, &replacement, nil)
                state.replaced.append((signal, previous))
            }
        }
    }

    /// Ends one wait of `beginWaiting`; the last puts the handlers back.
    private static func endWaiting() {
        signalsWhileWaiting.withLock { state in
            state.waits -= 1
            guard state.waits == 0 else { return }
            for (signal, previous) in state.replaced {
                var previous = previous
                sigaction(signal, &previous, nil)
            }
            state.replaced = []
        }
    }

    /// How many programs are being waited for, and the handlers the first wait replaced.
    private struct SignalsWhileWaiting {
        var waits = 0
        var replaced: [(Int32, sigaction)] = []
    }

    private static let signalsWhileWaiting = Locked(SignalsWhileWaiting())

    /// Starts `arguments` in a session of its own with standard input, output and error on `/dev/null`,
    /// so it can neither read Tick's keys nor write over its screen, and returns at once. The children
    /// it started before and that have ended since are reaped, so none is left a zombie for long.
    public static func startDetached(_ arguments: [String], environment: [String: String]) -> Outcome {
        reapFinishedChildren()
        switch spawn(arguments, environment: environment, detached: true) {
        case .success(let pid):
            detachedChildren.withLock { $0.append(pid) }
            return .started
        case .failure(let outcome):
            return outcome
        }
    }

    /// The detached children not yet reaped.
    private static let detachedChildren = Locked<[pid_t]>([])

    /// How many detached children have not been reaped yet (ended or not).
    static var unreapedChildCount: Int { detachedChildren.withLock { $0.count } }

    /// Collects the exit status of every detached child that has ended.
    public static func reapFinishedChildren() {
        detachedChildren.withLock { pids in
            pids.removeAll { pid in
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                return result == pid || (result < 0 && errno == ECHILD)
            }
        }
    }

    /// glibc's `POSIX_SPAWN_SETSID` (2.26 and later), which Swift does not see because the header
    /// declares it only under `_GNU_SOURCE`.
    private static let spawnSetsid: Int32 = 0x80

    private static func spawn(_ arguments: [String], environment: [String: String], detached: Bool) -> Result<pid_t, Outcome> {
        guard let program = arguments.first, !program.isEmpty else { return .failure(.couldNotStart("no program named")) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if detached {
            flags |= spawnSetsid
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Only the standard streams go to the program: not the store, a sync's sockets or the lock files.
        cp_spawn_file_actions_addclosefrom(&actions, 3)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        // Never the sync password, whoever built `environment`.
        let envp = ProcessSecrecy.withoutPassword(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else { return .failure(.couldNotStart(String(cString: strerror(result)))) }
        return .success(pid)
    }
}

/// A value behind a lock: the process-wide state here (the detached children, the signals while waiting).
private final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private var mutex = pthread_mutex_t()

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(&mutex, nil)
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body(&value)
    }
}
