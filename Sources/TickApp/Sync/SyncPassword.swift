import CalDAV
import CProcessSupport
import Glibc

/// Where the sync password comes from, never the config file: the first line `sync password-command`
/// prints (run without a shell), else `TICK_SYNC_PASSWORD`, else the `~/.netrc` entry of the URL's host
/// (and the user, when one is configured). No message here ever contains the password.
public enum SyncPassword {
    /// Why no password could be had; its text names where Tick looked, never a secret.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        /// The message, for the terminal.
        public var description: String
    }

    /// Where `password-command`'s standard error goes.
    public enum ErrorOutput: Sendable {
        /// Tick's own standard error: `tick sync` on a terminal, where `pass` or `gpg` may say something.
        case inherited
        /// `/dev/null`: the open app, whose screen a stray line would draw over (a failure is still
        /// reported, by its exit status).
        case discarded
    }

    /// A password is held in a `Secret` from where it is read to libcurl, and wiped after the sync.
    public typealias Secret = CalDAV.Secret

    /// `~/.netrc` as read: its text and its permission bits.
    public struct NetrcFile: Sendable {
        /// The whole text.
        public var text: String
        /// `st_mode & 0o7777`.
        public var mode: mode_t

        /// A file of `text` with permissions `mode`.
        public init(text: String, mode: mode_t) {
            self.text = text
            self.mode = mode
        }
    }

    /// The password for `settings`, or nil when none of the three places has one (a server without
    /// login). `readFile` reads `~/.netrc` (nil when it is missing).
    ///
    /// From here on the process dumps no core (`ProcessSecrecy`): a core file would hold the password
    /// in clear, in the `Secret` and in libcurl's freed copy.
    public static func resolve(_ settings: SyncSettings, environment: [String: String], errorOutput: ErrorOutput = .inherited,
                               commandTimeoutSeconds: Double = SyncPassword.commandTimeoutSeconds,
                               readFile: (String) throws(Problem) -> NetrcFile? = SyncPassword.readFile) throws(Problem) -> Secret? {
        ProcessSecrecy.willHoldSecret()
        if let command = settings.passwordCommand {
            return try firstLine(ofOutputOf: command, environment: environment, errorOutput: errorOutput, timeoutSeconds: commandTimeoutSeconds)
        }
        if let password = environment["TICK_SYNC_PASSWORD"], !password.isEmpty { return Secret(password) }
        guard let home = environment["HOME"], !home.isEmpty, let url = settings.url,
              let file = try readFile(home + "/.netrc") else { return nil }
        guard let password = netrcPassword(in: file.text, host: host(of: url), user: settings.user) else { return nil }
        // As ftp does: a password in a file others can read is no secret; the file is refused until it is made private.
        if file.mode & 0o077 != 0 { throw netrcProblem(path: home + "/.netrc", mode: file.mode) }
        return Secret(password)
    }

    /// What `tick --check-config` says of `~/.netrc` for `settings`: the problem that would stop a
    /// sync taking its password from there (others can read it, it is not a regular file), nil when none
    /// or when the password comes from elsewhere.
    public static func netrcCheck(_ settings: SyncSettings, environment: [String: String]) -> String? {
        guard let url = settings.url, settings.passwordCommand == nil, (environment["TICK_SYNC_PASSWORD"] ?? "").isEmpty,
              let home = environment["HOME"], !home.isEmpty else { return nil }
        // The file holds passwords: this process is then one that held them.
        ProcessSecrecy.willHoldSecret()
        do {
            guard let file = try readFile(home + "/.netrc"), file.mode & 0o077 != 0,
                  netrcPassword(in: file.text, host: host(of: url), user: settings.user) != nil else { return nil }
            return netrcProblem(path: home + "/.netrc", mode: file.mode).description
        } catch {
            return error.description
        }
    }

    /// What is said of a `~/.netrc` that holds the password but that others may read or write.
    static func netrcProblem(path: String, mode: mode_t) -> Problem {
        Problem(description: "\(TodoTable.safe(path).text) holds the sync password but others can read or change it (mode \(octal(mode))); "
                + "it is not used until you run chmod 600 \(TodoTable.safe(path).text)")
    }

    /// `mode` as four octal digits (`0644`).
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The host of an http(s) URL, without port or user.
    static func host(of url: String) -> String {
        var afterScheme = url[...]
        if let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") { afterScheme = url[url.index(colon, offsetBy: 3)...] }
        var authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close]).lowercased()
        }
        return String(authority.prefix { $0 != ":" }).lowercased()
    }

    /// The password of the `machine` entry for `host` (and `login` `user`, when given) in netrc text,
    /// else of the `default` entry; `macdef` bodies are skipped as ftp does.
    static func netrcPassword(in text: String, host: String, user: String?) -> String? {
        var tokens: [String] = []
        var skippingMacro = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if skippingMacro {
                if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { skippingMacro = false }
                continue
            }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.first == "macdef" { skippingMacro = true; continue }
            tokens += words
        }
        struct Entry { var machine: String?; var login: String?; var password: String? }
        var entries: [Entry] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let value = index + 1 < tokens.count ? tokens[index + 1] : nil
            switch token {
            case "machine": entries.append(Entry(machine: value?.lowercased())); index += 2
            case "default": entries.append(Entry(machine: nil)); index += 1
            case "login" where !entries.isEmpty: entries[entries.count - 1].login = value; index += 2
            case "password" where !entries.isEmpty: entries[entries.count - 1].password = value; index += 2
            case "account": index += 2
            default: index += 1
            }
        }
        let fits = { (entry: Entry) in user == nil || entry.login == nil || entry.login == user }
        if let entry = entries.first(where: { $0.machine == host && fits($0) }) { return entry.password }
        return entries.first(where: { $0.machine == nil && fits($0) })?.password
    }

    /// The largest `~/.netrc` read (a bigger one is refused rather than read into memory whole).
    static let largestNetrcBytes = 1 << 20

    /// Reads `~/.netrc` with its permissions, nil when it does not exist; a file that exists but
    /// cannot be read is a problem, since reading it as empty would be a silent "no password". Only a
    /// regular file is read (a FIFO would hang the sync, `/dev/zero` would fill the memory).
    public static func readFile(_ path: String) throws(Problem) -> NetrcFile? {
        guard access(path, F_OK) == 0 else { return nil }
        let shown = TodoTable.safe(path).text
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw Problem(description: "\(shown) cannot be read") }
        let stream = FileStream(descriptor: descriptor, closesOnDeinit: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Problem(description: "\(shown) cannot be read") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Problem(description: "\(shown) is not a regular file, so it is not read") }
        guard info.st_size <= largestNetrcBytes else {
            throw Problem(description: "\(shown) is larger than \(largestNetrcBytes) bytes, so it is not read")
        }
        do {
            return NetrcFile(text: String(decoding: try stream.readToEnd(), as: UTF8.self), mode: info.st_mode & 0o7777)
        } catch {
            throw Problem(description: "\(shown) cannot be read: \(error)")
        }
    }

    /// How long `password-command` may take to print its password and end, in seconds; then it is killed.
    public static let commandTimeoutSeconds = 30.0
    /// The longest first line read from `password-command`, in bytes.
    static let longestCommandLine = 4096

    /// Runs `arguments` (program first, through `PATH`, no shell) with standard input on `/dev/null`
    /// and returns the first line it prints; standard error goes where `errorOutput` says. A failed
    /// start, a non-zero exit or no output is a problem naming the program.
    ///
    /// Bounded whatever the program does: only the first line is read, and at most
    /// `longestCommandLine` bytes of it (`yes` cannot fill the memory: once the line is in, the pipe is
    /// closed and a program still writing ends with SIGPIPE, which is then no failure); a program that
    /// has not printed its line and ended within `timeoutSeconds` is killed. It inherits none of Tick's
    /// descriptors but its standard streams, and not `TICK_SYNC_PASSWORD` either.
    static func firstLine(ofOutputOf arguments: [String], environment: [String: String],
                          errorOutput: ErrorOutput = .inherited, timeoutSeconds: Double = commandTimeoutSeconds) throws(Problem) -> Secret {
        let program = TodoTable.safe(arguments.first ?? "").text
        var pipeEnds: [Int32] = [0, 0]
        // Close-on-exec: a program another thread starts meanwhile (a Foundation `Process`) must not keep the
        // write end open (the read would never end) or the read end (`yes` would never get its SIGPIPE).
        guard cp_pipe_cloexec(&pipeEnds) == 0 else { throw Problem(description: "sync password-command \(program) could not be started: no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        if errorOutput == .discarded { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        // Everything else Tick has open (the store, its sockets, the terminal's other descriptors) stays here.
        cp_spawn_file_actions_addclosefrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Children of a process that blocked signals would inherit the mask; a password program gets the
        // defaults, SIGPIPE included, so one still writing after its first line ends when the pipe closes.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessSecrecy.withoutPassword(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard started == 0 else {
            close(pipeEnds[0])
            throw Problem(description: "sync password-command \(program) could not be started: \(String(cString: strerror(started)))")
        }
        let deadline = monotonicSeconds() + timeoutSeconds
        var reading = CommandOutput(descriptor: pipeEnds[0], limit: longestCommandLine)
        defer { reading.wipe() }
        let ending = reading.readFirstLine(until: deadline)
        close(pipeEnds[0])
        guard let status = waitForExit(of: pid, until: deadline) else {
            throw Problem(description: "sync password-command \(program) did not finish within \(Int(timeoutSeconds)) s, so it was stopped")
        }
        switch ending {
        case .timedOut:
            throw Problem(description: "sync password-command \(program) did not finish within \(Int(timeoutSeconds)) s, so it was stopped")
        case .tooLong:
            // Its end (a SIGPIPE when it wrote on) is Tick's doing: the line is what is wrong.
            throw Problem(description: "sync password-command \(program) printed more than \(longestCommandLine) bytes without a line break")
        case .line, .end:
            break
        }
        // WTERMSIG / WEXITSTATUS, macros Swift cannot import.
        let signal = status & 0x7F
        if signal != 0 {
            // Still writing when the pipe closed after its first line (`yes`): that is Tick's doing, no failure.
            guard signal == SIGPIPE && ending == .line else {
                throw Problem(description: "sync password-command \(program) was ended by signal \(signal)")
            }
        } else if status != 0 {
            throw Problem(description: "sync password-command \(program) failed (exit status \((status >> 8) & 0xFF))")
        }
        guard let password = reading.firstLine(), !password.isEmpty else {
            throw Problem(description: "sync password-command \(program) printed no password")
        }
        return password
    }

    /// The exit status of `pid` once it ends, waiting until `deadline` (then it is killed and nil returned).
    private static func waitForExit(of pid: pid_t, until deadline: Double) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return status }
            if result < 0 && errno != EINTR { return status }
            if monotonicSeconds() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return nil
            }
            usleep(5_000)
        }
    }

    /// Seconds on the monotonic clock.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// What a password command printed, read into a buffer that is wiped afterwards.
private struct CommandOutput {
    /// How the reading ended.
    enum Ending: Equatable {
        /// A line break arrived.
        case line
        /// The program closed its output (the line, if any, has no line break).
        case end
        /// More than the limit arrived without a line break.
        case tooLong
        /// The deadline passed first.
        case timedOut
    }

    let descriptor: Int32
    let limit: Int
    private var bytes: [UInt8]
    private var count = 0

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
        // Allocated once at its full size, so no growth leaves a copy of the password behind.
        bytes = [UInt8](repeating: 0, count: limit + 1)
    }

    /// Reads until a line break, the end of the output, `limit` bytes or `deadline`.
    mutating func readFirstLine(until deadline: Double) -> Ending {
        while true {
            if bytes[0..<count].contains(UInt8(ascii: "\n")) { return .line }
            if count > limit { return .tooLong }
            let remaining = deadline - SyncPassword.monotonicSeconds()
            guard remaining > 0 else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { return .end }
            guard ready > 0 else { continue }
            let got = bytes.withUnsafeMutableBufferPointer { buffer in
                read(descriptor, buffer.baseAddress! + count, limit + 1 - count)
            }
            if got < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard got > 0 else { return .end }
            count += got
        }
    }

    /// The first line (without its line break and a carriage return before it) as a `Secret`; nil when empty.
    func firstLine() -> SyncPassword.Secret? {
        var end = bytes[0..<count].firstIndex(of: UInt8(ascii: "\n")) ?? count
        if end > 0 && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end > 0 else { return nil }
        return SyncPassword.Secret(bytes: bytes[0..<end])
    }

    /// Zeroes the buffer.
    mutating func wipe() {
        bytes.withUnsafeMutableBytes { explicit_bzero($0.baseAddress!, $0.count) }
    }
}
