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

    /// The password for `settings`, or nil when none of the three places has one (a server without
    /// login). `readFile` reads `~/.netrc` (nil when it is missing).
    public static func resolve(_ settings: SyncSettings, environment: [String: String], errorOutput: ErrorOutput = .inherited,
                               readFile: (String) throws(Problem) -> String? = SyncPassword.readFile) throws(Problem) -> String? {
        if let command = settings.passwordCommand {
            return try firstLine(ofOutputOf: command, environment: environment, errorOutput: errorOutput)
        }
        if let password = environment["TICK_SYNC_PASSWORD"], !password.isEmpty { return password }
        guard let home = environment["HOME"], !home.isEmpty, let url = settings.url,
              let text = try readFile(home + "/.netrc") else { return nil }
        return netrcPassword(in: text, host: host(of: url), user: settings.user)
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

    /// Reads a whole file, nil when it does not exist; a file that exists but cannot be read is a
    /// problem, since reading it as empty would be a silent "no password".
    public static func readFile(_ path: String) throws(Problem) -> String? {
        guard access(path, F_OK) == 0 else { return nil }
        guard let stream = FileStream.reading(path) else { throw Problem(description: "\(TodoTable.safe(path).text) cannot be read") }
        return String(decoding: stream.readToEnd(), as: UTF8.self)
    }

    /// Runs `arguments` (program first, through `PATH`, no shell) with standard input on `/dev/null`
    /// and returns the first line it prints; standard error goes where `errorOutput` says. A failed
    /// start, a non-zero exit or no output is a problem naming the program.
    static func firstLine(ofOutputOf arguments: [String], environment: [String: String],
                          errorOutput: ErrorOutput = .inherited) throws(Problem) -> String {
        let program = TodoTable.safe(arguments.first ?? "").text
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Problem(description: "sync password-command \(program) could not be started: no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        if errorOutput == .discarded { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Children of a process that blocked signals would inherit the mask; a password program gets the defaults.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard started == 0 else {
            close(pipeEnds[0])
            throw Problem(description: "sync password-command \(program) could not be started: \(String(cString: strerror(started)))")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count > 0 { output += buffer[0..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7F != 0 { throw Problem(description: "sync password-command \(program) was ended by signal \(status & 0x7F)") }
        guard status == 0 else {
            throw Problem(description: "sync password-command \(program) failed (exit status \((status >> 8) & 0xFF))")
        }
        let line = output.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        let password = String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...], as: UTF8.self)
        guard !password.isEmpty else { throw Problem(description: "sync password-command \(program) printed no password") }
        return password
    }
}
